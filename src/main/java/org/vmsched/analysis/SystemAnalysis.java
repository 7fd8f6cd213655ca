package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Analyses a validated scenario (THEORY.md §2–§4, §8 for EDF inside a VM): tasks inside each VM,
 * each VM's exact good periods at its bandwidth, the hypervisor test per core, and the system
 * verdict (undecided when a VM's EDF test reached a limit and nothing fails). That is the analysis
 * of the budgeted periodic servers (EDF, RM, FP); a policy with an analysis of its own provides it
 * as a {@link PolicyAnalysis} on its definition, and one with neither is undecided. Stateless.
 */
public final class SystemAnalysis {

    private SystemAnalysis() {
    }

    /** Analysis with the default minimum period (T1/1000) of each VM. */
    public static AnalysisResult analyze(Scenario scenario) {
        HypervisorPolicy policy = scenario.hypervisor().policy();
        if (policy.definition() instanceof PolicyAnalysis own) {
            // global EDF's vCPUs (§15.11); CBS/FP, FP/FP, Credit, proportional share (§11): the policy's own
            return own.analyze(scenario);
        }
        if (!policy.periodicServers()) {
            return AnalysisResult.undecided(scenario, policy.title() + " has no analysis: simulate it");
        }
        List<CoreVerdict> cores = new ArrayList<>();
        Verdict all = Verdict.SCHEDULABLE;
        for (int c = 0; c < scenario.hypervisor().cores(); c++) {
            CoreVerdict cv = analyzeCore(scenario, c);
            cores.add(cv);
            all = all.and(cv.verdict());
        }
        List<VmVerdict> vms = new ArrayList<>();
        for (VirtualMachine vm : scenario.vms()) {
            VmVerdict v = analyzeVm(scenario, vm, Double.NaN,
                    vm.core() < cores.size() ? cores.get(vm.core()) : null);
            vms.add(v);
            all = all.and(v.verdict());
        }
        return new AnalysisResult(all, cores, vms);
    }

    /** One VM alone on its core (the thesis's setting): see {@link #analyzeVm(Scenario, VirtualMachine, double)}. */
    public static VmVerdict analyzeVm(VirtualMachine vm, double minPeriod) {
        return analyzeVm(Scenario.of("", List.of(vm.withCore(0))), vm.withCore(0), minPeriod);
    }

    /**
     * One VM among its scenario's neighbours: its tasks with the supply {@link VmSupply} gives it,
     * and its good periods at its bandwidth ({@code minPeriod} NaN = default). Not schedulable when
     * its core fails the hypervisor test, whatever its tasks do: its budget is then not guaranteed.
     */
    public static VmVerdict analyzeVm(Scenario scenario, VirtualMachine vm, double minPeriod) {
        boolean placed = scenario.vms().contains(vm) && vm.core() < scenario.hypervisor().cores();
        return analyzeVm(scenario, vm, minPeriod, placed ? analyzeCore(scenario, vm.core()) : null);
    }

    /** As above with its core's verdict already known ({@code core} null: not placed on one). */
    private static VmVerdict analyzeVm(Scenario scenario, VirtualMachine vm, double minPeriod, CoreVerdict core) {
        Supply supply = VmSupply.of(scenario, vm);
        List<TaskVerdict> tasks = new ArrayList<>();
        Verdict ok;
        EdfResult edf = null;
        String rmUndecided = null;
        if (vm.scheduler() == GuestScheduler.EDF) {
            // THEORY.md §8: one verdict for the VM, the same for every task in it.
            edf = EdfDemand.test(supply, vm.tasks());
            ok = edf.verdict();
            for (Task t : vm.tasks()) {
                tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), null, ok));
            }
        } else {
            RmOutcome rm = responseTimes(supply, vm, tasks);
            ok = rm.verdict();
            rmUndecided = rm.undecided();
        }
        Region region = region(scenario, vm, minPeriod);
        String note = region.note();
        if (rmUndecided != null) {
            note = note == null ? rmUndecided : rmUndecided + "; " + note;
        }
        String coreNote = null;
        if (core != null && core.verdict() == Verdict.UNDECIDED) {
            coreNote = "core " + vm.core() + "'s hypervisor test is " + Verdicts.labelled(Verdict.UNDECIDED, "the budget is not proven");
            ok = ok.and(Verdict.UNDECIDED);
        } else if (core != null && !core.schedulable()) {
            coreNote = "core " + vm.core() + " fails its hypervisor test: the budget is not guaranteed";
            ok = Verdict.NOT_SCHEDULABLE;
        }
        return new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidthAsWritten(), ok, region.tmax(),
                region.periods(), region.min(), tasks, note, supply, coreNote, edf, region.exact(), null,
                rmUndecided != null ? Verdict.UNDECIDED : null);
    }

    /** The VM's verdict from its tasks' response times, and why it is undecided (null: it is not). */
    private record RmOutcome(Verdict verdict, String undecided) {
    }

    /** Each task's response time under a fixed-priority VM, added to {@code tasks} as its verdict. */
    private static RmOutcome responseTimes(Supply supply, VirtualMachine vm, List<TaskVerdict> tasks) {
        String rmUndecided = null;
        double[] r;
        try {
            r = ResponseTimeAnalysis.responseTimes(supply, vm.tasks(), 1.0);
        } catch (AnalysisLimitException e) {
            r = null; // past the work budget: undecided, with the reason, rather than running away
            rmUndecided = Verdicts.labelled(Verdict.UNDECIDED, e.getMessage());
        }
        boolean all = true;
        for (int i = 0; i < vm.tasks().size(); i++) {
            Task t = vm.tasks().get(i);
            if (r == null) {
                tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), null, Verdict.UNDECIDED));
                continue;
            }
            boolean met = Double.isFinite(r[i]);
            all &= met;
            tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), met ? r[i] : null, met));
        }
        return new RmOutcome(r == null ? (all ? Verdict.UNDECIDED : Verdict.NOT_SCHEDULABLE) : Verdict.of(all), rmUndecided);
    }

    /**
     * The VM's good periods at its bandwidth, exact and as doubles, their Tmax and the least period
     * searched; {@code note} says why they are missing (null when they are not).
     */
    private record Region(List<Interval> periods, List<ExactInterval> exact, double tmax, double min, String note) {
    }

    /** The VM's good periods among its neighbours from {@code minPeriod} (NaN: the default). */
    private static Region region(Scenario scenario, VirtualMachine vm, double minPeriod) {
        List<Interval> periods = List.of();
        List<ExactInterval> exact = List.of();
        double tmax = Double.NaN;
        double min = minPeriod;
        String note = null;
        try {
            GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
            min = Double.isNaN(minPeriod) ? gp.defaultMinPeriod() : minPeriod;
            BigFraction alpha = ExactDecimal.fraction(vm.budget()).divide(ExactDecimal.fraction(vm.period()));
            exact = VmSupply.exactGoodPeriods(scenario, vm, gp, alpha, min);
            periods = exact.stream().map(ExactInterval::approx).toList();
            tmax = GoodPeriods.tmaxOf(periods);
        } catch (AnalysisLimitException e) {
            note = "good periods not computed: " + e.getMessage();
        }
        return new Region(periods, exact, tmax, min, note);
    }

    /** The hypervisor test of one core (THEORY.md §4, §6.2): see {@link HypervisorTest}. */
    public static CoreVerdict analyzeCore(Scenario scenario, int core) {
        return HypervisorTest.analyzeCore(scenario, core);
    }
}

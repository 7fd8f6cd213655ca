package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Analyses a validated scenario (THEORY.md §2–§4, §8 for EDF inside a VM): tasks inside each VM,
 * each VM's exact good periods at its bandwidth, the hypervisor test per core, and the system
 * verdict (undecided when a VM's EDF test reached a limit and nothing fails). Stateless.
 */
public final class SystemAnalysis {

    private SystemAnalysis() {
    }

    /** Analysis with the default minimum period (T1/1000) of each VM. */
    public static AnalysisResult analyze(Scenario scenario) {
        List<VmVerdict> vms = new ArrayList<>();
        Verdict all = Verdict.SCHEDULABLE;
        for (VirtualMachine vm : scenario.vms()) {
            VmVerdict v = analyzeVm(vm, Double.NaN);
            vms.add(v);
            all = all.and(v.verdict());
        }
        List<CoreVerdict> cores = new ArrayList<>();
        for (int c = 0; c < scenario.hypervisor().cores(); c++) {
            CoreVerdict cv = analyzeCore(scenario, c);
            cores.add(cv);
            all = all.and(Verdict.of(cv.schedulable()));
        }
        return new AnalysisResult(all, cores, vms);
    }

    /** One VM: tasks at its own server, and its good periods ({@code minPeriod} NaN = default). */
    public static VmVerdict analyzeVm(VirtualMachine vm, double minPeriod) {
        Supply supply = new Supply(vm.period(), vm.budget(), vm.overhead());
        List<TaskVerdict> tasks = new ArrayList<>();
        Verdict ok;
        EdfResult edf = null;
        if (vm.scheduler() == GuestScheduler.EDF) {
            // THEORY.md §8: one verdict for the VM, which every task shares.
            edf = EdfDemand.test(supply, vm.tasks());
            ok = edf.verdict();
            for (Task t : vm.tasks()) {
                tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), null, ok));
            }
        } else {
            double[] r = ResponseTimeAnalysis.responseTimes(supply, vm.tasks(), 1.0);
            boolean all = true;
            for (int i = 0; i < r.length; i++) {
                Task t = vm.tasks().get(i);
                boolean met = Double.isFinite(r[i]);
                all &= met;
                tasks.add(new TaskVerdict(t.name(), t.wcet(), t.period(), t.deadline(), met ? r[i] : null, met));
            }
            ok = Verdict.of(all);
        }
        List<Interval> periods = List.of();
        double tmax = Double.NaN;
        double min = minPeriod;
        String note = null;
        try {
            GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
            min = Double.isNaN(minPeriod) ? gp.defaultMinPeriod() : minPeriod;
            periods = gp.intervals(vm.bandwidth(), vm.overhead(), min);
            tmax = GoodPeriods.tmaxOf(periods);
        } catch (AnalysisLimitException e) {
            note = "good periods not computed: " + e.getMessage();
        }
        return new VmVerdict(vm.name(), vm.period(), vm.budget(), vm.overhead(), vm.bandwidth(), ok, tmax, periods,
                min, tasks, note, edf);
    }

    /** The hypervisor test of one core (THEORY.md §4). */
    public static CoreVerdict analyzeCore(Scenario scenario, int core) {
        HypervisorPolicy policy = scenario.hypervisor().policy();
        List<VirtualMachine> onCore = new ArrayList<>();
        for (VirtualMachine vm : scenario.vms()) {
            if (vm.core() == core) {
                onCore.add(vm);
            }
        }
        double u = 0;
        List<String> names = new ArrayList<>();
        for (VirtualMachine vm : onCore) {
            u += vm.bandwidth();
            names.add(vm.name());
        }
        if (policy == HypervisorPolicy.EDF) {
            return new CoreVerdict(core, policy, u, Tolerance.le(u, 1), names, List.of());
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < onCore.size(); i++) {
            order.add(i);
        }
        Comparator<Integer> byPriority = policy == HypervisorPolicy.RM
                ? Comparator.comparingDouble(i -> onCore.get(i).period())
                : Comparator.comparingInt(i -> onCore.get(i).priority() == null ? Integer.MAX_VALUE : onCore.get(i).priority());
        order.sort(byPriority.thenComparingInt(i -> i));
        double[] c = new double[order.size()];
        double[] t = new double[order.size()];
        for (int p = 0; p < order.size(); p++) {
            c[p] = onCore.get(order.get(p)).budget();
            t[p] = onCore.get(order.get(p)).period();
        }
        Double[] r = new Double[order.size()];
        boolean ok = true;
        for (int p = 0; p < order.size(); p++) {
            double resp = ResponseTimeAnalysis.responseTime(Supply.dedicated(), c, t, p, t[p], null);
            boolean met = Double.isFinite(resp);
            ok &= met;
            r[order.get(p)] = met ? resp : null;
        }
        return new CoreVerdict(core, policy, u, ok, names, java.util.Arrays.asList(r));
    }
}

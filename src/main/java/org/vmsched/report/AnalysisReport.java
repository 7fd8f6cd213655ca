package org.vmsched.report;

import org.vmsched.text.Format;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmSupply;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.mpr.DeferrableVcpus;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.BudgetDeadline;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.analysis.mpr.ScheduleSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * The analysis of one scenario as every reader sees it: the window (verdict table, status line,
 * Explain, charts) and every command ({@code analyze}, {@code tmax}, {@code budget},
 * {@code simulate}, {@code compare}) take their verdicts, supplies, Tmax curves and explanations
 * from here, so that they cannot drift apart (issue 17). The verdicts are computed once, when the
 * report is first asked for them; a Tmax curve or an explanation is computed when asked for (the
 * window asks for the selected VM's only). Thread-safe (each {@link TmaxSweep} is its caller's).
 */
public final class AnalysisReport {

    private final Scenario scenario;
    private AnalysisResult result;
    private List<BudgetDeadline> deadlines;
    private HostSchedule.Times times;
    private List<ScheduleSupply.Built> tables;

    private AnalysisReport(Scenario scenario) {
        this.scenario = scenario;
    }

    /** The report of a validated scenario (THEORY.md §2–§11); its verdicts are computed once, on first use. */
    public static AnalysisReport of(Scenario scenario) {
        return new AnalysisReport(scenario);
    }

    /** The scenario analysed. */
    public Scenario scenario() {
        return scenario;
    }

    /** Every verdict: system, cores, VMs (file order) and their tasks. */
    public synchronized AnalysisResult result() {
        if (result == null) {
            result = SystemAnalysis.analyze(scenario);
        }
        return result;
    }

    /** The system's verdict. */
    public Verdict verdict() {
        return result().verdict();
    }

    /** VM {@code index}'s verdict (file order). */
    public VmVerdict vm(int index) {
        return result().vms().get(index);
    }

    /**
     * Why the policy has no good periods, Tmax or supply charts (a version-2 policy, THEORY.md §11),
     * or null when it has them.
     */
    public String noCurvesReason() {
        return scenario.hypervisor().policy().noAnalysisReason();
    }

    /**
     * Why VM {@code index} has no one-server answer (a Tmax curve, a least budget, a simulated
     * Tmax: each of one virtual CPU, THEORY.md §3-§6), or null when it has one: a VM of several
     * virtual CPUs is analysed by the MPR test instead (§15), and answering it as one server would
     * read as "cannot be scheduled".
     */
    public String oneServerRefusal(int index) {
        VirtualMachine vm = scenario.vms().get(index);
        if (vm.vcpus() <= 1) {
            return null;
        }
        return vm.name() + " has " + vm.vcpus() + " virtual CPUs; a Tmax curve, a least budget and a simulated Tmax"
                + " are of one virtual CPU (one server). For this VM, analyze gives the MPR test under "
                + scenario.hypervisor().policy().title() + " and design its interface of least bandwidth"
                + " (docs/THEORY.md §15)";
    }

    /**
     * For a VM of one virtual CPU under a global policy, what a one-server answer (a Tmax curve,
     * a least budget, an analytic Tmax beside a simulated one) leaves out: the VM has no core of
     * its own, and those answers are of its supply alone on a core, without the other virtual CPUs'
     * preemptions and the migration cost that the analysis counts (THEORY.md §15.11); null otherwise.
     */
    public String aloneCaveat(int index) {
        VirtualMachine vm = scenario.vms().get(index);
        if (!scenario.hypervisor().policy().global() || vm.vcpus() > 1) {
            return null;
        }
        double m = MigrationCost.of(scenario);
        return "under " + scenario.hypervisor().policy().title() + " " + vm.name() + " has no core of its own: the values"
                + " here are of the VM alone on a core, without the other virtual CPUs' preemptions"
                + (m > 0 ? " and the migration cost " + Format.exact(m) : "") + " that analyze counts (docs/THEORY.md §15.11)";
    }

    /** The supply VM {@code index} gets among its core mates (THEORY.md §6). */
    public Supply supply(int index) {
        return VmSupply.of(scenario, scenario.vms().get(index));
    }

    /**
     * The MPR interface VM {@code index}'s tasks are analysed on under a global policy with periodic
     * servers (THEORY.md §15.2, the values the analysis's "hierarchy" sentence names), with the vCPUs'
     * budget deadline Δ and its source (§15.17, §15.18), or null: under a partitioned policy, and for
     * deferrable virtual CPUs with a switch overhead or a migration cost, whose supply is not derived
     * (THEORY.md §15.14; without them it is the periodic one).
     */
    public MprInterface mpr(int index) {
        if (!scenario.hypervisor().policy().global()) {
            return null;
        }
        VirtualMachine vm = scenario.vms().get(index);
        if (scenario.simulation().serverPolicy() == ServerPolicy.DEFERRABLE
                && DeferrableVcpus.notCovered(
                        GlobalAnalysis.dispatchOverhead(scenario, vm)) != null) {
            return null;
        }
        // the supply the analysis reads (its "hierarchy" sentence names the same Π, Θ, m′, P and Δ)
        BudgetDeadline d = budgetDeadlines().get(index);
        MprSupply m = GlobalAnalysis.mprSupply(scenario, vm, d.delta());
        return new MprInterface(vm.period(), m.budget().doubleValue(), m.concurrency(),
                GlobalAnalysis.vcpuSupply(scenario, vm).preemptions(), ExactDecimal.nearest(d.delta()), d.source());
    }

    /** Δ per VM as the analysis reads it, with the host's own schedule (§15.18), computed once. */
    private synchronized List<BudgetDeadline> budgetDeadlines() {
        if (deadlines == null) {
            HostSchedule.Times known = hostTimes();
            deadlines = GlobalAnalysis.budgetDeadlines(scenario, s -> known);
        }
        return deadlines;
    }

    /** The host's own schedule as the analysis reads it (§15.18, §15.19), computed once. */
    private synchronized HostSchedule.Times hostTimes() {
        if (times == null) {
            times = GlobalAnalysis.hostTimes(scenario, VcpuResponseTimes.EXACT);
        }
        return times;
    }

    /**
     * The supplies VM {@code index}'s tasks were analysed on under a global policy (its supply chart:
     * THEORY.md §15.17, §15.19), or null where {@link #mpr} is null (a partitioned policy, deferrable
     * vCPUs with a switch overhead or a migration cost).
     */
    public GlobalSupplies globalSupplies(int index) {
        MprInterface m = mpr(index);
        if (m == null) {
            return null;
        }
        VirtualMachine vm = scenario.vms().get(index);
        MprSupply edp = GlobalAnalysis.mprSupply(scenario, vm, budgetDeadlines().get(index).delta());
        ScheduleSupply.Built table = tables().get(index);
        return new GlobalSupplies(edp, table == null ? null : table.supply());
    }

    /** Each VM's table of the host's own schedule (§15.19) as the analysis builds it, computed once. */
    private synchronized List<ScheduleSupply.Built> tables() {
        if (tables == null) {
            tables = GlobalAnalysis.scheduleSupplies(scenario, hostTimes());
        }
        return tables;
    }

    /**
     * The Tmax curve of VM {@code index} in {@code setting}, with overhead {@code overhead} (NaN:
     * the VM's) from {@code minPeriod} up (NaN: T1/1000). Only for the periodic servers
     * ({@link #noCurvesReason()} null): under a policy without them, a VM has no curve among its
     * core mates and the sweep is {@link TmaxSetting#ALONE} (its {@link TmaxSweep#setting()} says so).
     */
    public TmaxSweep tmax(int index, TmaxSetting setting, double overhead, double minPeriod) {
        requireOneServer(index);
        if (noCurvesReason() != null) {
            setting = TmaxSetting.ALONE;
        }
        VirtualMachine vm = scenario.vms().get(index);
        if (!Double.isNaN(overhead) && overhead != vm.overhead()) {
            vm = vm.withServer(vm.period(), vm.budget(), overhead);
        }
        Scenario in = setting == TmaxSetting.ALONE ? scenario : scenario.withVms(replace(scenario.vms(), index, vm));
        return new TmaxSweep(in, vm, setting, minPeriod);
    }

    /**
     * The least budget of VM {@code index} at {@code period} ({@link org.vmsched.analysis.BudgetSearch}),
     * alone on a core with the thesis's supply; NaN when even the whole period is not enough.
     */
    public double minBudget(int index, double period) {
        requireOneServer(index);
        return BudgetSearch.minBudget(scenario.vms().get(index), period);
    }

    private void requireOneServer(int index) {
        String why = oneServerRefusal(index);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
    }

    /** The Explain text of task {@code task} of VM {@code index}, with the supply among its core mates. */
    public String explanation(int index, int task) {
        VirtualMachine vm = scenario.vms().get(index);
        String text = Explanation.of(vm, task, supply(index));
        VmVerdict v = vm(index);
        TaskVerdict t = v.tasks().get(task);
        if (t.conditional()) {
            text += "\nBut " + v.coreNote() + ": the task is " + Verdicts.of(t, Verdicts.Audience.GUI)
                    + ", and everything above holds only if the VM gets its budget.\n";
        }
        return text;
    }

    private static List<VirtualMachine> replace(List<VirtualMachine> vms, int index, VirtualMachine vm) {
        List<VirtualMachine> out = new ArrayList<>(vms);
        out.set(index, vm);
        return out;
    }
}

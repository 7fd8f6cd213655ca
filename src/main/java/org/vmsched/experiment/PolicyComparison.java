package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.SimulationReport;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.VmStats;

/**
 * The teaching comparison of issue 10: one scenario (VMs with budget C every period T) run under
 * every hypervisor the simulator knows, bandwidths matched: the budgeted servers and CBS keep
 * each VM's (C, T); FP/FP ranks the VMs by period (RM) with no budgets; Credit gives each VM the
 * weight 1000·C/T (Xen's defaults otherwise, in the scenario's time unit taken as ms); ESXi and
 * Hyper-V give it the relative weight 1000·C/T with their quanta, no reservation and no limit — the same
 * long-run share as the reservation, without its guarantee. Stateless.
 */
public final class PolicyComparison {

    /** A hypervisor configuration of the comparison. */
    public record Variant(String label, Scenario scenario, SimulationOptions options) {
    }

    /** One VM's outcome under one variant. */
    public record VmOutcome(String vm, long jobs, long missed, double worstResponseOverDeadline) {
    }

    /** One variant's outcome. */
    public record Row(String label, List<VmOutcome> vms) {

        public long missed() {
            return vms.stream().mapToLong(VmOutcome::missed).sum();
        }
    }

    private PolicyComparison() {
    }

    /**
     * Whether the scenario has a global side to compare (issue 21): a VM of several vCPUs or a global
     * host policy; then {@link #variants} begins with {@link #global} and the partitioned rows follow.
     */
    public static boolean hasGlobalSide(Scenario s) {
        return s.hypervisor().policy().global() || s.vms().stream().anyMatch(VirtualMachine::multiVcpu);
    }

    /** The scenario's vCPUs under global EDF (Xen RTDS), servers of policy {@code p}. */
    public static Variant global(Scenario s, SimulationOptions base, ServerPolicy p) {
        return new Variant("Global EDF (Xen RTDS), " + servers(p), plain(s).withHypervisor(platform(s, HypervisorPolicy.GLOBAL_EDF, null)),
                base.withServerPolicy(p));
    }

    /** The same vCPUs partitioned ({@link #partitioned}), EDF on each core, servers of policy {@code p}. */
    public static Variant partitionedEdf(Scenario s, SimulationOptions base, ServerPolicy p) {
        return new Variant("EDF, " + servers(p), plain(partitioned(s)).withHypervisor(platform(s, HypervisorPolicy.EDF, null)),
                base.withServerPolicy(p));
    }

    private static String servers(ServerPolicy p) {
        return p == ServerPolicy.DEFERRABLE ? "deferrable servers" : "periodic servers";
    }

    /** The scenario under each hypervisor, bandwidths matched (see the class comment). */
    public static List<Variant> variants(Scenario s, SimulationOptions base) {
        List<Variant> out = new ArrayList<>();
        if (hasGlobalSide(s)) { // issue 21: the vCPUs under global EDF first, then the same vCPUs partitioned
            out.add(global(s, base, ServerPolicy.PERIODIC));
            out.add(global(s, base, ServerPolicy.DEFERRABLE));
        }
        Scenario servers = plain(partitioned(s));
        out.add(partitionedEdf(s, base, ServerPolicy.PERIODIC));
        out.add(partitionedEdf(s, base, ServerPolicy.DEFERRABLE));
        out.add(new Variant("RM, periodic servers", servers.withHypervisor(platform(s, HypervisorPolicy.RM, null)),
                base.withServerPolicy(ServerPolicy.PERIODIC)));
        out.add(new Variant("CBS (SCHED_DEADLINE)", servers.withHypervisor(platform(s, HypervisorPolicy.CBS, null)), base));
        out.add(new Variant("FP/FP, no budgets (RM order)", rmPriorities(servers)
                .withHypervisor(platform(s, HypervisorPolicy.FP_NO_BUDGET, null)), base));
        out.add(new Variant("Xen Credit, weights = C/T", withParams(servers, vm -> CreditPolicy.vm(weight(vm), 0))
                .withHypervisor(platform(s, HypervisorPolicy.CREDIT, CreditPolicy.xen())), base));
        out.add(new Variant("ESXi " + ProportionalSharePolicy.Preset.ESXI.weightsWord() + " = C/T, 50 ms quantum", withParams(servers,
                vm -> ProportionalSharePolicy.vm(weight(vm), 0, 100))
                .withHypervisor(platform(s, HypervisorPolicy.PROPORTIONAL_SHARE, ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.ESXI))), base));
        out.add(new Variant("Hyper-V " + ProportionalSharePolicy.Preset.HYPERV.weightsWord() + " = C/T, 10 ms quantum", withParams(servers,
                vm -> ProportionalSharePolicy.vm(weight(vm), 0, 100))
                .withHypervisor(platform(s, HypervisorPolicy.PROPORTIONAL_SHARE, ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.HYPERV))), base));
        return out;
    }

    /** Runs every variant (each within the simulator's work budget). */
    public static List<Row> run(Scenario s, SimulationOptions base) {
        List<Row> out = new ArrayList<>();
        for (Variant v : variants(s, base)) {
            // per VM of s, split into its vCPUs or not
            out.add(row(v.label(), s, SimulationReport.of(v.scenario(), v.options().withTrace(false)).result()));
        }
        return out;
    }

    /**
     * One variant's run as {@link #run} makes it (the whole horizon, no trace), reporting to
     * {@code progress}; throws when {@code cancel} stops it (a cut run's numbers would mislead).
     */
    public static SimulationReport simulate(Variant v, Progress progress, Cancellation cancel) throws CancelledException {
        SimulationReport r = SimulationReport.of(AnalysisReport.of(v.scenario()), v.options().withTrace(false), progress, cancel);
        cancel.check();
        return r;
    }

    /**
     * The time each variant's Gantt chart shows, from 0: {@code asked} (null: twice the longest task
     * period), at most the horizon of {@code o} when it has one.
     */
    public static double ganttWindow(Scenario s, SimulationOptions o, Double asked) {
        double longest = 0;
        for (VirtualMachine vm : s.vms()) {
            for (Task t : vm.tasks()) {
                longest = Math.max(longest, t.period());
            }
        }
        double want = asked != null ? asked : 2 * longest;
        return o.horizon() != null && o.horizon() > 0 ? Math.min(want, o.horizon()) : want;
    }

    /** One variant's run over [0, {@code shown}] with its trace, for its Gantt chart. */
    public static SimulationReport traced(Variant v, double shown, Progress progress, Cancellation cancel)
            throws CancelledException {
        SimulationReport r = SimulationReport.of(AnalysisReport.of(v.scenario()), v.options().withHorizon(shown).withTrace(true),
                progress, cancel);
        cancel.check();
        return r;
    }

    /** The outcome of {@code s}'s VMs (split into vCPUs or not) in {@code r}, as a row labelled {@code label}. */
    public static Row row(String label, Scenario s, SimulationResult r) {
        List<VmOutcome> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            long jobs = 0;
            long missed = 0;
            double worst = 0;
            for (Task t : vm.tasks()) {
                TaskStats ts = taskStats(r, vm, t.name());
                jobs += ts.jobs();
                missed += ts.missed();
                if (ts.completed() > 0) {
                    worst = Math.max(worst, ts.maxResponseTime() / t.deadline());
                }
                if (ts.completed() < ts.jobs()) {
                    worst = Double.POSITIVE_INFINITY; // a job never finished within the run
                }
            }
            vms.add(new VmOutcome(vm.name(), jobs, missed, worst));
        }
        return new Row(label, vms);
    }

    /** A task's outcome in {@code vm}, or in the vCPU VM of the partitioned placement that holds it. */
    public static TaskStats taskStats(SimulationResult r, VirtualMachine vm, String task) {
        for (VmStats st : r.vms()) {
            if (st.name().equals(vm.name()) || (vm.multiVcpu() && st.name().startsWith(vm.name() + VCPU_MARK))) {
                for (TaskStats ts : st.tasks()) {
                    if (ts.name().equals(task)) {
                        return ts;
                    }
                }
            }
        }
        throw new IllegalStateException("task " + task + " of " + vm.name() + " not simulated");
    }

    /** Between a VM's name and its vCPU's index in the partitioned placement ("control/v1"). */
    public static final String VCPU_MARK = "/v";

    /**
     * The partitioned placement of a scenario's vCPUs (issue 21): each vCPU of a VM with several
     * becomes a VM of one vCPU ("control/v0") with the VM's period, budget and overhead, RM or EDF
     * inside, holding a fixed share of the tasks (worst fit by utilisation, largest first, so no
     * vCPU is loaded while another has room), pinned to the least-loaded core (by bandwidth); a
     * VM of one vCPU stays as it is. A scenario without several vCPUs is returned unchanged.
     */
    public static Scenario partitioned(Scenario s) {
        if (s.vms().stream().noneMatch(VirtualMachine::multiVcpu)) {
            return s;
        }
        double[] coreLoad = new double[s.hypervisor().cores()];
        List<VirtualMachine> out = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            int k = vm.vcpus();
            List<List<Task>> share = new ArrayList<>();
            double[] load = new double[k];
            for (int i = 0; i < k; i++) {
                share.add(new ArrayList<>());
            }
            List<Task> bySize = new ArrayList<>(vm.tasks());
            bySize.sort(Comparator.comparingDouble((Task t) -> -t.wcet() / t.period()));
            for (Task t : bySize) {
                int least = 0;
                for (int i = 1; i < k; i++) {
                    least = load[i] < load[least] ? i : least;
                }
                share.get(least).add(t);
                load[least] += t.wcet() / t.period();
            }
            GuestScheduler guest = vm.scheduler().byDeadline()
                    ? GuestScheduler.EDF : GuestScheduler.RM;
            for (int i = 0; i < k; i++) {
                int core = 0;
                for (int c = 1; c < coreLoad.length; c++) {
                    core = coreLoad[c] < coreLoad[core] ? c : core;
                }
                coreLoad[core] += vm.bandwidth();
                if (share.get(i).isEmpty()) {
                    continue; // a vCPU with no task: nothing to pin
                }
                List<Task> mine = new ArrayList<>(share.get(i));
                mine.sort(Comparator.comparingInt(vm.tasks()::indexOf));
                out.add(new VirtualMachine(k == 1 ? vm.name() : vm.name() + VCPU_MARK + i, vm.period(), vm.budget(),
                        vm.overhead(), k == 1 ? vm.core() : core, vm.offset(), k == 1 ? vm.scheduler() : guest,
                        vm.priority(), mine, null, 1));
            }
        }
        return s.withVms(out);
    }

    private static Platform platform(Scenario s, HypervisorPolicy p, HypervisorParams params) {
        return new Platform(p, s.hypervisor().cores(), params);
    }

    /** The scenario's VMs without version-2 parameters. */
    private static Scenario plain(Scenario s) {
        return withParams(s, vm -> null);
    }

    private static Scenario withParams(Scenario s, Function<VirtualMachine, VmParams> f) {
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            vms.add(vm.withParams(f.apply(vm)));
        }
        return s.withVms(vms);
    }

    /** Priorities 1, 2, … by VM period (shorter first; ties by list order). */
    private static Scenario rmPriorities(Scenario s) {
        List<VirtualMachine> sorted = new ArrayList<>(s.vms());
        sorted.sort(Comparator.comparingDouble(VirtualMachine::period));
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            vms.add(vm.withPriority(sorted.indexOf(vm) + 1));
        }
        return s.withVms(vms);
    }

    private static int weight(VirtualMachine vm) {
        return (int) Math.max(1, Math.min(65535, Math.round(1000 * vm.bandwidth())));
    }
}

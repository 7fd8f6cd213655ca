package org.vmsched.sim.global;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.globaledf.GlobalEdfPolicy;

/**
 * Random global EDF systems as jqwik generators, so that a failing property shrinks to a small
 * system: the same shape as {@link GlobalSoundnessAgainstSimulationProperties#system} (2–8 cores,
 * 1–4 VMs of 1–4 vCPUs, light vCPUs and light tasks, overheads, some constrained deadlines and
 * offsets, a migration cost in about a third), drawn from genes that each shrink toward the
 * simplest system: fewer cores, VMs and tasks, the first period of each list, no overhead, no
 * offset, implicit deadlines, no migration cost. {@code system(Random)} stays for the recorded
 * digests of {@code GlobalScheduleRegressionTest} and the seeded long run.
 */
public final class GlobalSystems {

    private static final double[] VM_PERIODS = {4, 5, 5, 10};
    private static final double[] TASK_PERIODS = {20, 40, 60, 120};
    private static final double[] OVERHEADS = {0, 0, 0.01, 0.02, 0.05};
    private static final double[] MIGRATION_COSTS = {0.01, 0.02, 0.05, 0.1};

    private GlobalSystems() {
    }

    /** A task's genes: its period's index, a constrained deadline (choice 4 of 0–4) and where in [0.6, 1] of the period, its offset. */
    record TaskGene(int period, int deadlineChoice, double deadlineAt, int offset) {
    }

    /** A VM's genes: vCPUs (at most the cores, 4), period index, bandwidth and task load factors, overhead index, guest EDF or RM, offset choice (20–29: one), tasks. */
    record VmGene(int vcpus, int period, double bandwidth, int overhead, boolean edf, double taskLoad, int offset, List<TaskGene> tasks) {
    }

    /** A system's genes: cores, host load factor, VMs, migration choice (8–11: a cost). */
    record SystemGene(int cores, double hostLoad, List<VmGene> vms, int migration) {
    }

    /** Uniform draws as {@code Random}'s were (jqwik's default leans toward the ends), shrinking toward the minimum. */
    private static Arbitrary<Double> factor() {
        return Arbitraries.doubles().between(0, 1).ofScale(3).withDistribution(RandomDistribution.uniform());
    }

    private static Arbitrary<Integer> uniform(int min, int max) {
        return Arbitraries.integers().between(min, max).withDistribution(RandomDistribution.uniform());
    }

    private static Arbitrary<TaskGene> tasks() {
        return Combinators.combine(uniform(0, 3), uniform(0, 4), factor(),
                uniform(0, 19)).as(TaskGene::new);
    }

    private static Arbitrary<VmGene> vms() {
        return Combinators.combine(uniform(1, 4), uniform(0, 3), factor(),
                uniform(0, 4), Arbitraries.of(true, false), factor(), uniform(0, 29),
                tasks().list().ofMinSize(1).ofMaxSize(4).withSizeDistribution(RandomDistribution.uniform())).as(VmGene::new);
    }

    /** Random systems as {@link GlobalSoundnessAgainstSimulationProperties#system} draws them, shrinkable. */
    public static Arbitrary<Scenario> systems() {
        return Combinators.combine(uniform(2, 8), factor(), vms().list().ofMinSize(1).ofMaxSize(4).withSizeDistribution(RandomDistribution.uniform()),
                uniform(0, 11)).as(SystemGene::new).map(GlobalSystems::build);
    }

    /** The system of genes {@code g}, computed as {@code system(Random)} computes it from its draws. */
    static Scenario build(SystemGene g) {
        int cores = g.cores();
        double hostLoad = cores * (0.15 + 0.3 * g.hostLoad());
        int total = 0;
        for (VmGene vm : g.vms()) {
            total += vcpus(vm, cores);
        }
        List<VirtualMachine> vms = new ArrayList<>();
        for (int v = 0; v < g.vms().size(); v++) {
            vms.add(vm(v, g.vms().get(v), cores, hostLoad, total));
        }
        double migration = g.migration() >= 8 ? MIGRATION_COSTS[g.migration() - 8] : 0;
        return new Scenario(2, "random", "", new Platform(HypervisorPolicy.GLOBAL_EDF, cores,
                migration > 0 ? GlobalEdfPolicy.hypervisor(migration) : null), vms, SimulationSettings.DEFAULT);
    }

    private static int vcpus(VmGene vm, int cores) {
        return Math.min(vm.vcpus(), Math.min(4, cores));
    }

    private static VirtualMachine vm(int v, VmGene vm, int cores, double hostLoad, int total) {
        double period = VM_PERIODS[vm.period()];
        double alpha = Math.min(0.9, Math.max(0.1, hostLoad / total * (0.7 + 0.6 * vm.bandwidth())));
        double budget = Math.max(1, Math.round(alpha * period * 10) / 10.0);
        double overhead = OVERHEADS[vm.overhead()];
        int k = vcpus(vm, cores);
        GuestScheduler g = k > 1 ? (vm.edf() ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                : (vm.edf() ? GuestScheduler.EDF : GuestScheduler.RM);
        double taskLoad = k * (budget - 2 * overhead) / period * (0.05 + 0.25 * vm.taskLoad());
        int n = vm.tasks().size();
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TaskGene t = vm.tasks().get(i);
            double tp = TASK_PERIODS[t.period()];
            double wcet = Math.max(0.1, Math.round(taskLoad / n * tp * 100) / 100.0);
            wcet = Math.min(wcet, tp / 2);
            double deadline = t.deadlineChoice() == 4 ? Math.max(wcet, Math.round(tp * (0.6 + 0.4 * t.deadlineAt()))) : tp;
            tasks.add(new Task("t" + i, wcet, tp, deadline, t.offset() % (tp > 20 ? 20 : 10)));
        }
        int offset = vm.offset() >= 20 ? (vm.offset() - 20) % (int) period : 0;
        return new VirtualMachine("vm" + v, period, budget, overhead, 0, offset, g, null, tasks, null, k);
    }
}

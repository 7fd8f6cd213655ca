package org.vmsched.sim.global;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.globaledf.GlobalEdfPolicy;

/**
 * Random global EDF systems (2–8 cores, 1–4 VMs of 1–4 vCPUs, light vCPUs and light tasks, most
 * proved schedulable and some near the tests' edge, overheads, some constrained deadlines and
 * offsets, a migration cost in about a third), written once against a source of {@link Draws} and
 * drawn two ways: from a seeded {@link Random} ({@link #system(Random)}, the calls it always made,
 * for the recorded digests of {@code GlobalScheduleRegressionTest}) and from jqwik's choices
 * ({@link #systems()}), which shrink a failing property's system toward the simplest: fewer cores,
 * VMs, vCPUs and tasks, lower loads, the first period of each list, no overhead, no offset,
 * implicit deadlines, no migration cost.
 */
public final class GlobalSystems {

    /** The most VMs of a system, and tasks of a VM, the generator draws. */
    private static final int MOST_VMS = 4;
    private static final int MOST_TASKS = 4;
    /** The draws of a system's own (cores, host load, migration cost: 2), a VM's and a task's; counts are no draws of a tree. */
    private static final int SYSTEM_DRAWS = 4;
    private static final int VM_DRAWS = 8;
    private static final int TASK_DRAWS = 4;

    private GlobalSystems() {
    }

    /** The system of seeded draws: one call of {@code rnd} per draw, in the order this generator has always made them. */
    public static Scenario system(Random rnd) {
        return system(Draws.of(rnd));
    }

    /** Random systems that shrink, each drawn by {@link #system(Draws)} from a tree of jqwik's choices. */
    public static Arbitrary<Scenario> systems() {
        return choices().map(c -> system(c.draws()));
    }

    /** Trees with the choices a system draws: its own, and 1–4 VMs' of 1–4 tasks each. */
    static Arbitrary<Choices> choices() {
        return Choices.trees(SYSTEM_DRAWS, Choices.trees(VM_DRAWS, Choices.trees(TASK_DRAWS, null, 0), MOST_TASKS), MOST_VMS);
    }

    /** A random system: most proved schedulable (light vCPUs, light tasks), some near the tests' edge. */
    static Scenario system(Draws d) {
        int cores = 2 + d.below(7);
        int nVm = d.count(MOST_VMS);
        double[] vmPeriods = {4, 5, 5, 10};
        double hostLoad = cores * (0.15 + 0.3 * d.unit());
        List<VirtualMachine> vms = new ArrayList<>();
        int[] vcpus = new int[nVm];
        int total = 0;
        for (int v = 0; v < nVm; v++) {
            vcpus[v] = 1 + d.part(v).below(Math.min(4, cores));
            total += vcpus[v];
        }
        for (int v = 0; v < nVm; v++) {
            Draws vm = d.part(v);
            double period = vmPeriods[vm.below(vmPeriods.length)];
            double alpha = Math.min(0.9, Math.max(0.1, hostLoad / total * (0.7 + 0.6 * vm.unit())));
            double budget = Math.max(1, Math.round(alpha * period * 10) / 10.0);
            double overhead = new double[] {0, 0, 0.01, 0.02, 0.05}[vm.below(5)];
            int k = vcpus[v];
            boolean edf = vm.coin();
            GuestScheduler g = k > 1 ? (edf ? GuestScheduler.GLOBAL_EDF : GuestScheduler.GLOBAL_RM)
                    : (edf ? GuestScheduler.EDF : GuestScheduler.RM);
            double taskLoad = k * (budget - 2 * overhead) / period * (0.05 + 0.25 * vm.unit());
            List<Task> tasks = tasks(vm, taskLoad);
            vms.add(new VirtualMachine("vm" + v, period, budget, overhead, 0, vm.oneIn(3) ? vm.below((int) period) : 0, g, null, tasks,
                    null, k));
        }
        // a third of the systems set a migration cost (drawn last: the VMs are those of the seed without it)
        double migration = d.oneIn(3) ? new double[] {0.01, 0.02, 0.05, 0.1}[d.below(4)] : 0;
        return new Scenario(2, "random", "", new Platform(HypervisorPolicy.GLOBAL_EDF, cores,
                migration > 0 ? GlobalEdfPolicy.hypervisor(migration) : null), vms, SimulationSettings.DEFAULT);
    }

    /** 1–4 tasks sharing {@code load}, each of the task periods' list, a fifth with a constrained deadline. */
    private static List<Task> tasks(Draws vm, double load) {
        double[] taskPeriods = {20, 40, 60, 120};
        int n = vm.count(MOST_TASKS);
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Draws t = vm.part(i);
            double tp = taskPeriods[t.below(taskPeriods.length)];
            double wcet = Math.max(0.1, Math.round(load / n * tp * 100) / 100.0);
            wcet = Math.min(wcet, tp / 2);
            double deadline = t.oneIn(5) ? Math.max(wcet, Math.round(tp * (0.6 + 0.4 * t.unit()))) : tp;
            tasks.add(new Task("t" + i, wcet, tp, deadline, t.below(tp > 20 ? 20 : 10)));
        }
        return tasks;
    }
}

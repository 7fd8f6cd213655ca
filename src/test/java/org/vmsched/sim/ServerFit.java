package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * How the soundness properties fit a VM's server to its tasks, so that most drawn scenarios have
 * a schedulable VM to judge (issue 17): a bandwidth a tenth above the tasks' utilization, within
 * the generator's range; a period below the shortest deadline; and each core's servers within its
 * capacity. Shared by {@link MultiVmSoundnessProperties} and {@link HierarchySoundnessProperties}.
 * Stateless.
 */
final class ServerFit {

    private ServerFit() {
    }

    /**
     * The least bandwidth, in percent, to draw for {@code tasks}: ten points above their
     * utilization, and within [{@code floor}, {@code ceiling}].
     */
    static int lowestBandwidth(List<Task> tasks, int floor, int ceiling) {
        double u = tasks.stream().mapToDouble(t -> t.wcet() / t.period()).sum();
        return Math.min(ceiling, Math.max(floor, (int) Math.ceil(100 * u) + 10));
    }

    /** The shortest deadline of {@code tasks}, rounded down to a whole time unit. */
    static int shortestDeadline(List<Task> tasks) {
        return (int) tasks.stream().mapToDouble(Task::deadline).min().orElseThrow();
    }

    /** The VMs whose servers (budget and overhead per period) fit their core, or the other core; the first always. */
    static List<VirtualMachine> withinCapacity(List<VirtualMachine> vms, int cores) {
        double[] load = new double[cores];
        List<VirtualMachine> kept = new ArrayList<>();
        for (VirtualMachine v : vms) {
            double share = (v.budget() + v.overhead()) / v.period();
            for (int k = 0; k < cores; k++) {
                int core = (Math.min(v.core(), cores - 1) + k) % cores;
                if (kept.isEmpty() || load[core] + share <= 1) {
                    load[core] += share;
                    kept.add(v.withCore(core));
                    break;
                }
            }
        }
        return kept;
    }
}

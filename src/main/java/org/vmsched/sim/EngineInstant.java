package org.vmsched.sim;

/**
 * A read-only view of the engine at one instant, handed to a {@link ScheduleObserver}. Indices:
 * lanes {@code 0 ≤ c < lanes()} (a core; in worst-case mode one lane per virtual CPU: as many as
 * VMs only when each has one, so a lane index is never a VM index), VMs in scenario
 * order, tasks by global index (VM by VM, in list order). Times and budgets in ticks; convert
 * with {@link #units}. Valid only during {@link ScheduleObserver#instant}; not thread-safe.
 */
public interface EngineInstant {

    /** The instant, in ticks. */
    long tick();

    /** Ticks to time units. */
    double units(long ticks);

    int lanes();

    /** The core a lane stands for. */
    int laneCore(int lane);

    /** The VM holding the lane from now on, or −1 when it idles. */
    int runningVm(int lane);

    /** The task (global index) the running VM runs, or −1 (overhead first, or no ready task). */
    int runningTask(int lane);

    /** Switch overhead the running VM still pays before its task runs, in ticks. */
    long overheadLeft(int lane);

    /** The virtual CPU of the running VM on the lane (0 … vcpus − 1; 0 when idle or with one). */
    default int runningVcpu(int lane) {
        return 0;
    }

    /** True when virtual CPUs move between cores (a global scheduler, THEORY.md §15.12). */
    default boolean global() {
        return false;
    }

    /**
     * In worst-case mode, where each lane runs one VM's virtual CPU alone: that VM, idle or not;
     * −1 when the lane is a core the VMs share.
     */
    default int laneVm(int lane) {
        return -1;
    }

    /** In worst-case mode: which of {@link #laneVm}'s virtual CPUs the lane runs (0 … vcpus − 1); else 0. */
    default int laneVcpu(int lane) {
        return 0;
    }

    int vms();

    /** The VM's number of virtual CPUs. */
    default int vcpus(int vm) {
        return 1;
    }

    String vmName(int vm);

    /** The lane a VM runs on (with several virtual CPUs: its first one's, as for the budget and the deadline). */
    int vmLane(int vm);

    /** Budget left in the VM's current period, in ticks. */
    long budgetLeft(int vm);

    /** End of the VM's current period (its deadline under EDF), in ticks; 0 before its first replenishment. */
    long vmDeadline(int vm);

    long vmPeriod(int vm);

    /** The VM's budget C per period (each of its virtual CPUs'), in ticks. */
    long vmBudget(int vm);

    /**
     * When the VM's budget is next given back, in ticks (possibly past the horizon): the end of
     * its period, or later where the server rule shifts it (worst-case mode, a CBS with D &lt; P);
     * {@link Long#MAX_VALUE} when the policy sets no such time (Credit, proportional share).
     */
    long nextReplenishment(int vm);

    /** The VM's fixed priority (1 highest), {@link Integer#MAX_VALUE} when none is set. */
    int vmPriority(int vm);

    int tasks();

    /** The VM of a task. */
    int taskVm(int task);

    String taskName(int task);

    long taskPeriod(int task);

    /** Jobs of the task released so far. */
    long released(int task);

    /** Jobs of the task completed so far. */
    long completed(int task);

    /** Jobs of the task that missed their deadline so far. */
    long missed(int task);

    /** Jobs of the task released and not yet completed or dropped. */
    int pending(int task);

    /** Release time of the task's oldest pending job, in ticks (only when {@code pending > 0}). */
    long oldestRelease(int task);

    /** Absolute deadline of the task's oldest pending job, in ticks (only when {@code pending > 0}). */
    long oldestDeadline(int task);
}

package org.vmsched.sim;

import java.util.List;

/**
 * One VM's outcome, in time units: {@code supply} is all the time it held its core (overhead,
 * task execution and idle burn); {@code overheadTime}/{@code overheadCount} the switch overheads
 * paid (the count is of switches that charged an overhead, so 0 when X = 0); {@code execution} the time its tasks ran; {@code idleBurn} budget burnt with no ready task
 * (periodic servers only). Tasks are in the scenario's order. Under global EDF (issue 21)
 * {@code vcpuMigrations} counts dispatches of one of the VM's virtual CPUs on another core than the
 * one it last ran on, and {@code jobMigrations} resumptions of a job on another virtual CPU than
 * the one it last ran on; both are 0 for a VM pinned to its core. Immutable.
 */
public record VmStats(String name, int core, double supply, double overheadTime, long overheadCount,
                      double execution, double idleBurn, List<TaskStats> tasks, long vcpuMigrations,
                      long jobMigrations) {

    public VmStats {
        tasks = List.copyOf(tasks);
    }

    /** A VM pinned to its core: no migrations. */
    public VmStats(String name, int core, double supply, double overheadTime, long overheadCount,
                   double execution, double idleBurn, List<TaskStats> tasks) {
        this(name, core, supply, overheadTime, overheadCount, execution, idleBurn, tasks, 0, 0);
    }
}

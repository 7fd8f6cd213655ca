package org.vmsched.sim;

import java.util.List;

/**
 * One VM's outcome, in time units: {@code supply} is all the time it held its core (overhead,
 * task execution and idle burn); {@code overheadTime}/{@code overheadCount} the switch overheads
 * paid (the count is of switches that charged an overhead, so 0 when X = 0); {@code execution} the time its tasks ran; {@code idleBurn} budget burnt with no ready task
 * (periodic servers only). Tasks are in the scenario's order. Immutable.
 */
public record VmStats(String name, int core, double supply, double overheadTime, long overheadCount,
                      double execution, double idleBurn, List<TaskStats> tasks) {

    public VmStats {
        tasks = List.copyOf(tasks);
    }
}

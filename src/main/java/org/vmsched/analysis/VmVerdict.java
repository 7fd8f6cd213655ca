package org.vmsched.analysis;

import java.util.List;

/**
 * One VM's analytic result: its own verdict at (T_VM, C_VM, X), and for its bandwidth and
 * overhead the exact good periods from {@code minPeriod} up and their top {@code tmax}.
 */
public record VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                        boolean schedulable, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                        List<TaskVerdict> tasks) {

    public VmVerdict {
        feasiblePeriods = List.copyOf(feasiblePeriods);
        tasks = List.copyOf(tasks);
    }
}

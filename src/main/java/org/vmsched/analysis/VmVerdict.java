package org.vmsched.analysis;

import java.util.List;

/**
 * One VM's analytic result: its own verdict at (T_VM, C_VM, X), and for its bandwidth and
 * overhead the exact good periods from {@code minPeriod} up and their top {@code tmax}. When the
 * good periods could not be computed (an {@link AnalysisLimitException}), {@code tmax} is NaN,
 * the list is empty and {@code note} says why; otherwise {@code note} is null. {@code supply}
 * is the supply the tasks were analysed with (THEORY.md §6): its preemption bound P and useful
 * budget per period. A VM whose core fails its hypervisor test is not schedulable: its budget is
 * not guaranteed ({@code coreNote} says so; null otherwise).
 */
public record VmVerdict(String name, double period, double budget, double overhead, double bandwidth,
                        boolean schedulable, double tmax, List<Interval> feasiblePeriods, double minPeriod,
                        List<TaskVerdict> tasks, String note, Supply supply, String coreNote) {

    public VmVerdict {
        feasiblePeriods = List.copyOf(feasiblePeriods);
        tasks = List.copyOf(tasks);
    }
}

package org.vmsched.chart;

import java.util.List;

/**
 * Simulated response times per task for the CDF chart: each task's observed response times
 * sorted ascending, and its analytic worst-case response time Ri (null when there is none, e.g.
 * under EDF or when the task is not schedulable). Immutable by contract: do not change the arrays.
 */
public record CdfData(List<TaskSamples> tasks) {

    /** One task: "VM1/t1", its sorted samples and its analytic Ri or null. */
    public record TaskSamples(String name, double[] sortedResponseTimes, Double analyticR) {
    }

    public CdfData {
        tasks = List.copyOf(tasks);
    }
}

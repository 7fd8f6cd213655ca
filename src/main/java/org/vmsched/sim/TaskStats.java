package org.vmsched.sim;

/**
 * One task's outcome: jobs released, completed (on time or late), missed (late, dropped, or
 * unfinished past a deadline within the horizon), the largest and the mean response time of the
 * completed jobs (time units; NaN when none completed), and their distribution. Immutable.
 */
public record TaskStats(String name, long jobs, long completed, long missed, double maxResponseTime,
                        double meanResponseTime, ResponseTimeDistribution responseTimes) {
}

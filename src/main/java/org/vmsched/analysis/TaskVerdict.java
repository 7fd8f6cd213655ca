package org.vmsched.analysis;

/**
 * One task's analytic verdict inside its VM. {@code responseTime} is the worst-case response
 * time, or null when it exceeds the deadline (and always null under EDF inside the VM, whose
 * exact test is the demand bound, not a per-task response time).
 */
public record TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                          boolean schedulable) {
}

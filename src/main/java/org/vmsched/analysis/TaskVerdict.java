package org.vmsched.analysis;

/**
 * One task's analytic verdict inside its VM. {@code responseTime} is the worst-case response
 * time, or null when it exceeds the deadline (and always null under EDF inside the VM, whose
 * exact test is the demand bound, not a per-task response time: there each task carries the
 * VM's verdict, possibly {@link Verdict#UNDECIDED}). Immutable.
 */
public record TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                          Verdict verdict) {

    /** A decided verdict: schedulable or not. */
    public TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                       boolean schedulable) {
        this(name, wcet, period, deadline, responseTime, Verdict.of(schedulable));
    }

    /** Whether the task is proven to meet its deadline (false when not, and when undecided). */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }
}

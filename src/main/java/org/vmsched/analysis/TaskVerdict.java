package org.vmsched.analysis;

/**
 * One task's analytic verdict inside its VM. {@code responseTime} is the worst-case response
 * time, or null when it exceeds the deadline (and always null under EDF inside the VM, whose
 * exact test is the demand bound, not a per-task response time: there each task carries the
 * VM's verdict, possibly {@link Verdict#UNDECIDED}). {@code conditional} is true when that answer
 * assumed a supply the VM is not guaranteed: its core fails (or did not decide) the hypervisor
 * test, so the task is never schedulable then: a task that met its deadline under the assumed
 * supply is {@link Verdict#NOT_SCHEDULABLE} ("not guaranteed", {@link #notGuaranteed()}) or
 * {@link Verdict#UNDECIDED}, and its R holds only if the VM gets its budget. Immutable.
 */
public record TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                          Verdict verdict, boolean conditional) {

    /** An answer under a guaranteed supply. */
    public TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                       Verdict verdict) {
        this(name, wcet, period, deadline, responseTime, verdict, false);
    }

    /** A decided verdict: schedulable or not. */
    public TaskVerdict(String name, double wcet, double period, double deadline, Double responseTime,
                       boolean schedulable) {
        this(name, wcet, period, deadline, responseTime, Verdict.of(schedulable));
    }

    /** Whether the task is proven to meet its deadline (false when not, and when undecided). */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }

    /**
     * Whether the task met its deadline only under a supply its VM is not guaranteed (its core
     * fails the hypervisor test): not a proven miss, not a guarantee either.
     */
    public boolean notGuaranteed() {
        return conditional && verdict == Verdict.NOT_SCHEDULABLE;
    }

    /**
     * This answer in a VM whose supply is {@code vmVerdict} short of guaranteed (not schedulable
     * or undecided): a task that met its deadline becomes conditional with that verdict; a miss
     * or an undecided task stays what it was.
     */
    public TaskVerdict withoutGuarantee(Verdict vmVerdict) {
        if (verdict != Verdict.SCHEDULABLE || vmVerdict == Verdict.SCHEDULABLE) {
            return this;
        }
        return new TaskVerdict(name, wcet, period, deadline, responseTime, vmVerdict, true);
    }
}

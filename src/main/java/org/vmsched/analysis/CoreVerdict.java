package org.vmsched.analysis;

import java.util.List;
import org.vmsched.model.HypervisorPolicy;

/**
 * The hypervisor-level test of one core (THEORY.md §4): each VM is a task (C_VM, T_VM).
 * {@code vmResponseTimes} (same order as {@code vms}) is filled under RM/FP, null entries when a
 * VM misses (or was not decided); under EDF it is empty (see {@link HypervisorTest}).
 * {@code note}, or null, says why a test could not be completed. {@code verdict} is
 * {@link Verdict#UNDECIDED} when the test reached its work budget (THEORY.md §10). Immutable.
 */
public record CoreVerdict(int core, HypervisorPolicy policy, double utilization, List<String> vms,
                          List<Double> vmResponseTimes, String note, Verdict verdict) {

    /** A decided verdict. */
    public CoreVerdict(int core, HypervisorPolicy policy, double utilization, boolean schedulable,
                       List<String> vms, List<Double> vmResponseTimes, String note) {
        this(core, policy, utilization, vms, vmResponseTimes, note, Verdict.of(schedulable));
    }

    /** Whether the core is proven to pass its test: exactly when the verdict is {@link Verdict#SCHEDULABLE}. */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }
}

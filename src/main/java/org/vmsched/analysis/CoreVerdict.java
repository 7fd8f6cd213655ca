package org.vmsched.analysis;

import java.util.List;
import org.vmsched.model.HypervisorPolicy;

/**
 * The hypervisor-level test of one core (THEORY.md §4): each VM is a task (C_VM, T_VM).
 * {@code vmResponseTimes} (same order as {@code vms}) is filled under RM/FP, null entries when a
 * VM misses; under EDF it is empty (see {@link HypervisorTest}). {@code note}, or null, says why
 * a test could not be completed.
 */
public record CoreVerdict(int core, HypervisorPolicy policy, double utilization, boolean schedulable,
                          List<String> vms, List<Double> vmResponseTimes, String note) {
}

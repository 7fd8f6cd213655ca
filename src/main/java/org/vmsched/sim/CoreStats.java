package org.vmsched.sim;

/**
 * Time a core was held by some VM ({@code busy}, overhead and idle burn included) and held by
 * none ({@code idle}), in time units. In worst-case mode every VM runs alone on a lane of its own:
 * then {@code vm} names that VM and {@code core} is the core the VM is bound to; otherwise
 * {@code vm} is null. Immutable.
 */
public record CoreStats(int core, String vm, double busy, double idle) {
}

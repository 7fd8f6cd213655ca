package org.vmsched.sim;

/**
 * Time a lane was held by some VM ({@code busy}, overhead and idle burn included) and held by
 * none ({@code idle}), in time units. A lane is a core, whose {@code core} is its number and
 * {@code vm} null; in worst-case mode every VM runs alone, one lane per virtual CPU: then {@code vm}
 * names that VM, {@code vcpu} the virtual CPU, and {@code core} the core the VM is bound to, or
 * −1 under a global policy (its virtual CPUs have no core of their own). {@code vcpu} is −1 on a
 * core's lane. Immutable.
 */
public record CoreStats(int core, String vm, int vcpu, double busy, double idle) {

    /** A core's lane: held by the VMs of that core. */
    public static CoreStats core(int core, double busy, double idle) {
        return new CoreStats(core, null, -1, busy, idle);
    }
}

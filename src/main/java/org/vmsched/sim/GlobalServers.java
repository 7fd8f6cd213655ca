package org.vmsched.sim;

/**
 * A hypervisor policy whose decisions are global EDF's over virtual CPUs as THEORY.md §15.12
 * states them (the {@code cores} eligible servers of earliest deadline run, ties to the VM listed
 * first, then to one running, then to the lower server; a running one keeps its core, a dispatched
 * one takes its last core when free, else the lowest free one; periodic or deferrable servers
 * replenished at the VM's offset and every period), made by a {@link GlobalEdfPlanner}. The
 * kernel's {@code GlobalLoop} then keeps a planner of its own instead of asking
 * {@link HypervisorScheduler#decide} per core (an optimisation held to the general path by
 * {@code GlobalLoopEquivalenceProperties}).
 */
public interface GlobalServers {

    /**
     * Per server what a dispatch on another core than its last costs (its VM's X plus the
     * scenario's migration cost, in ticks), 0 where migrations cost nothing more than X; read
     * only, valid after {@code start}.
     */
    long[] migrationChargeView();
}

package org.vmsched.sim;

/**
 * A hypervisor policy whose decision on a core is "the eligible VM of least rank, the running VM
 * kept on a tie, else the VM listed first", with eligibility read from budgets (and readiness)
 * alone: the budgeted-server policies EDF, RM and FP. The kernel's single-core loop makes that
 * decision itself from {@link #rankView()} instead of asking {@link HypervisorScheduler#decide}
 * (an optimisation held to the reference path by {@code FastPathEquivalenceProperties}).
 */
public interface RankedServers {

    /** Per VM its rank (the least runs), kept current by the scheduler; read only, valid after {@code start}. */
    long[] rankView();

    /** Whether a VM needs a ready task besides budget left to be eligible (the deferrable server). */
    boolean eligibleOnlyWhenReady();
}

package org.vmsched.sim;

import org.vmsched.model.HypervisorPolicy;

/**
 * The registry of hypervisor policies: which {@link HypervisorScheduler} simulates each (EDF, RM
 * and FP: budgeted servers, {@code sim.hypervisor}).
 * Adding a policy: one {@link HypervisorScheduler} class, one enum constant, one line below.
 */
public final class HypervisorSchedulers {

    private HypervisorSchedulers() {
    }

    /** A fresh scheduler for one run under the policy. */
    public static HypervisorScheduler forPolicy(HypervisorPolicy p) {
        return switch (p) {
            case EDF -> new org.vmsched.sim.hypervisor.EarliestDeadlineFirst();
            case RM -> new org.vmsched.sim.hypervisor.RateMonotonic();
            case FP -> new org.vmsched.sim.hypervisor.FixedPriority();
            case CBS -> new CbsScheduler();
            case FP_NO_BUDGET -> new FixedPriorityNoBudget();
            case CREDIT -> new CreditScheduler();
            case PROPORTIONAL_SHARE -> new ProportionalShareScheduler();
        };
    }
}

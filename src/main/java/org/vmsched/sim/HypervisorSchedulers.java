package org.vmsched.sim;

import org.vmsched.model.HypervisorPolicy;

/**
 * The registry of hypervisor policies: which {@link HypervisorScheduler} simulates each. EDF, RM
 * and FP over budgeted servers run on the engine's inlined fast path (a {@link HypervisorStrategy}
 * rank and the periodic or deferrable server rule), so they have no scheduler object here.
 * Adding a policy: one {@link HypervisorScheduler} class, one enum constant, one line below.
 */
public final class HypervisorSchedulers {

    private HypervisorSchedulers() {
    }

    /** A fresh scheduler for one run under the policy, or null for the fast path (EDF, RM, FP). */
    public static HypervisorScheduler forPolicy(HypervisorPolicy p) {
        return switch (p) {
            case EDF, RM, FP -> null;
            case CBS -> new CbsScheduler();
            case FP_NO_BUDGET -> new FixedPriorityNoBudget();
            case CREDIT -> new CreditScheduler();
            case PROPORTIONAL_SHARE -> new ProportionalShareScheduler();
        };
    }
}

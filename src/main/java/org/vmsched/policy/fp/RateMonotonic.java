package org.vmsched.policy.fp;

import org.vmsched.sim.BudgetedServerScheduler;

/** RM over budgeted servers: the shortest VM period first. Not thread-safe. */
public final class RateMonotonic extends BudgetedServerScheduler {

    @Override
    protected long[] ranks() {
        return period;
    }
}

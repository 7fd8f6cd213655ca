package org.vmsched.sim;

/** RM over budgeted servers: the shortest VM period first. Not thread-safe. */
public final class RateMonotonic extends BudgetedServerScheduler {

    @Override
    protected long[] ranks() {
        return period;
    }
}

package org.vmsched.sim;

/** EDF over budgeted servers: the earliest VM deadline (end of its current period) first. Not thread-safe. */
public final class EarliestDeadlineFirst extends BudgetedServerScheduler {

    @Override
    protected long[] ranks() {
        return deadline;
    }
}

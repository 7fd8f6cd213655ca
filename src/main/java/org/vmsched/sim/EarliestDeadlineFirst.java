package org.vmsched.sim;

/**
 * EDF over budgeted servers: the earliest VM deadline (end of its current period) first. The EDF
 * policy's scheduler, and the simulator's own for worst-case mode under a global policy (each
 * virtual CPU alone on a lane), which is why it lives here and not in {@code policy.edf}. Not
 * thread-safe.
 */
public final class EarliestDeadlineFirst extends BudgetedServerScheduler {

    @Override
    protected long[] ranks() {
        return deadline;
    }
}

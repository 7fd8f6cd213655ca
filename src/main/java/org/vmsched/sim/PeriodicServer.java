package org.vmsched.sim;


/**
 * The periodic server: VM k is replenished at O + m·T to budget C and may run while it has
 * budget, burning it idle when none of its tasks is ready. A full-bandwidth server alone on its
 * core (C = T, a dedicated processor) would run out exactly at each replenishment, where it keeps
 * the core and pays nothing (THEORY.md §9.1): it gets one budget that never runs out instead.
 * One instance per run; not thread-safe.
 */
public class PeriodicServer implements ServerRule {

    /** The run, from {@link #start}. */
    protected SchedulerContext ctx;
    /** Per server (VM k's virtual CPU; with one each, VM k) its budget C and period T, in ticks. */
    protected long[] budget;
    protected long[] period;
    /** Per server: a full-bandwidth server alone on its core (partitioned servers stay on their cores). */
    private boolean[] dedicated;

    @Override
    public void start(SchedulerContext c) {
        readServers(c);
        for (int v = 0; v < c.serverCount(); v++) {
            c.replenishAt(c.ticks(c.vm(c.vmOf(v)).offset()), v);
        }
    }

    /** Keeps the run and reads each server's budget and period (its VM's) in ticks. */
    protected final void readServers(SchedulerContext c) {
        ctx = c;
        int n = c.serverCount();
        budget = new long[n];
        period = new long[n];
        for (int v = 0; v < n; v++) {
            budget[v] = c.ticks(c.vm(c.vmOf(v)).budget());
            period[v] = c.ticks(c.vm(c.vmOf(v)).period());
        }
        dedicated = new boolean[n];
        for (int v = 0; v < n; v++) {
            dedicated[v] = budget[v] == period[v] && c.vmsOn(c.lane(v)).length == 1;
        }
    }

    @Override
    public boolean eligible(int v) {
        return ctx.budget(v) > 0;
    }

    @Override
    public long replenish(int v, long t) {
        if (dedicated[v]) {
            ctx.setBudget(v, SchedulerContext.UNLIMITED);
            return Long.MAX_VALUE;
        }
        ctx.setBudget(v, budget[v]);
        return t + period[v];
    }

    @Override
    public boolean dispatchesWhileBudgetLeft() {
        return true;
    }
}

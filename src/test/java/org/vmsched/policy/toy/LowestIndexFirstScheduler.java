package org.vmsched.policy.toy;

import org.vmsched.sim.PartitionedScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * The toy policy's scheduler: every VM is a server with its budget C every period T (given back
 * at each period's start, as a periodic server's but with no idle burn), and on each core the
 * ready VM with budget left that comes first in the scenario runs. Written against the
 * simulator's seam only ({@link PartitionedScheduler}, {@link SchedulerContext}). One run at a
 * time; not thread-safe.
 */
final class LowestIndexFirstScheduler implements PartitionedScheduler {

    private SchedulerContext ctx;
    private long[] budget;
    private long[] period;

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        budget = new long[c.vmCount()];
        period = new long[c.vmCount()];
        for (int v = 0; v < c.vmCount(); v++) {
            budget[v] = c.ticks(c.vm(v).budget());
            period[v] = c.ticks(c.vm(v).period());
            c.setBudget(v, budget[v]);
            c.replenishAt(period[v], v);
        }
    }

    @Override
    public long onReplenish(int v, long t) {
        ctx.setBudget(v, budget[v]);
        ctx.reschedule(ctx.lane(v));
        return t + period[v];
    }

    @Override
    public void onActivation(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBlock(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBudgetExhausted(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public int pick(int lane, long t) {
        for (int v : ctx.vmsOn(lane)) {
            if (ctx.ready(v) && ctx.budget(v) > 0) {
                return v;
            }
        }
        return -1;
    }

    @Override
    public long nextReplenishment(int v) {
        return Long.MAX_VALUE;
    }
}

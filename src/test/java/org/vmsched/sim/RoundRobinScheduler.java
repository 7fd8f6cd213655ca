package org.vmsched.sim;

import java.util.function.ToDoubleFunction;
import java.util.function.ToIntBiFunction;

/**
 * A strict round robin over the ready VMs of each core, written in the tests only (issue 10's
 * seam check, issue 17's toy policy): each VM runs {@code turns} slices in its turn, in scenario
 * order, and a VM with nothing ready is skipped. Where the slice (scenario time units) and each
 * VM's turns come from is the caller's: fixed in {@code ToyRoundRobinTest}, the scenario's
 * schema values in {@code ToyPolicyTest}. One run at a time; not thread-safe.
 */
public final class RoundRobinScheduler implements PartitionedScheduler {

    private final ToDoubleFunction<SchedulerContext> sliceUnits;
    private final ToIntBiFunction<SchedulerContext, Integer> turnsOf;
    private SchedulerContext ctx;
    private long slice;
    private int[] next;
    private int[] turns;

    /**
     * @param sliceUnits the slice of a run, in scenario time units
     * @param turnsOf    how many slices VM {@code v} runs in its turn (at least 1)
     */
    public RoundRobinScheduler(ToDoubleFunction<SchedulerContext> sliceUnits, ToIntBiFunction<SchedulerContext, Integer> turnsOf) {
        this.sliceUnits = sliceUnits;
        this.turnsOf = turnsOf;
    }

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        slice = c.ticks(sliceUnits.applyAsDouble(c));
        next = new int[c.laneCount()];
        turns = new int[c.vmCount()];
        for (int v = 0; v < c.vmCount(); v++) {
            turns[v] = turnsOf.applyAsInt(c, v);
            c.setBudget(v, slice * turns[v]);
        }
    }

    @Override
    public void onActivation(int v, long t) {
        if (ctx.running(ctx.lane(v)) < 0) {
            ctx.reschedule(ctx.lane(v));
        }
    }

    @Override
    public void onBlock(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBudgetExhausted(int v, long t) {
        ctx.setBudget(v, 0);
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public int pick(int lane, long t) {
        int cur = ctx.running(lane);
        if (cur >= 0 && ctx.ready(cur) && ctx.budget(cur) > 0) {
            return cur;
        }
        int[] vs = ctx.vmsOn(lane);
        for (int k = 0; k < vs.length; k++) {
            int v = vs[(next[lane] + k) % vs.length];
            if (ctx.ready(v)) {
                next[lane] = (next[lane] + k + 1) % vs.length;
                ctx.setBudget(v, slice * turns[v]);
                return v;
            }
        }
        return -1;
    }
}

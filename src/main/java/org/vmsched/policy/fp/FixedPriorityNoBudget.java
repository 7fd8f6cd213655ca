package org.vmsched.policy.fp;

import org.vmsched.sim.PartitionedScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * FP/FP: VMs at fixed priorities ({@code priority}, 1 highest) with no budget at all: on each
 * core the ready VM of best priority runs, preemptively; a running VM keeps the core on a tie,
 * else the VM listed first wins. A VM with no ready job does not run (no idle burn).
 */
final class FixedPriorityNoBudget implements PartitionedScheduler {

    private SchedulerContext ctx;
    private int[] priority;

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        priority = new int[c.vmCount()];
        for (int v = 0; v < c.vmCount(); v++) {
            Integer p = c.vm(v).priority();
            priority[v] = p == null ? Integer.MAX_VALUE : p;
            c.setBudget(v, SchedulerContext.UNLIMITED);
        }
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
    public int pick(int lane, long t) {
        int cur = ctx.running(lane);
        int best = cur >= 0 && ctx.ready(cur) ? cur : -1;
        for (int v : ctx.vmsOn(lane)) {
            if (ctx.ready(v) && (best < 0 || priority[v] < priority[best])) {
                best = v;
            }
        }
        return best;
    }
}

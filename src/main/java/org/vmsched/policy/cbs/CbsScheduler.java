package org.vmsched.policy.cbs;

import java.math.BigInteger;
import java.util.function.Function;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.PartitionedScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * CBS hard reservations with the rules of Linux SCHED_DEADLINE: each VM a server with runtime Q
 * (its {@code budget}), period P and relative deadline D (as CBS's module reads it, default P),
 * scheduled by EDF of the servers' absolute deadlines d (ties: the running VM, then list order).
 *
 * <ul>
 *   <li>The first activation starts a period: d = t + D, q = Q.</li>
 *   <li>Wake-up (a job ready after none): if d ≤ t, or the budget left q would exceed the
 *       server's density before d (q·D &gt; Q·(d − t)), a new period starts there: d = t + D,
 *       q = Q — replenished relative to the wake-up, not on a fixed grid. Constrained deadline
 *       (D &lt; P): woken after d but before the next period (d − D + P), it stays throttled until
 *       then; woken before d with too much budget, it keeps d with q = ⌊Q·(d − t)/D⌋ (the revised
 *       wake-up rule), throttled until d − D + P when that is 0.</li>
 *   <li>Throttling (hard reservation): when q reaches 0 the VM may not run until d − D + P,
 *       when d += P and q = Q (d = t + D if that is already past).</li>
 *   <li>A VM that blocks keeps d and q; with no ready job it does not run.</li>
 * </ul>
 */
final class CbsScheduler implements PartitionedScheduler {

    private final Function<VirtualMachine, Double> deadline;
    private SchedulerContext ctx;
    private long[] q;
    private long[] p;
    private long[] rd;
    private long[] dl;
    private boolean[] throttled;
    /** Not yet activated: the first activation starts a period, as SCHED_DEADLINE's setup does. */
    private boolean[] fresh;
    private long[] replenishAt;

    /** A scheduler that reads a VM's relative deadline through {@code deadline} (null: its period). */
    CbsScheduler(Function<VirtualMachine, Double> deadline) {
        this.deadline = deadline;
    }

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        int n = c.vmCount();
        q = new long[n];
        p = new long[n];
        rd = new long[n];
        dl = new long[n];
        throttled = new boolean[n];
        fresh = new boolean[n];
        replenishAt = new long[n];
        for (int v = 0; v < n; v++) {
            q[v] = c.ticks(c.vm(v).budget());
            p[v] = c.ticks(c.vm(v).period());
            Double d = deadline.apply(c.vm(v));
            rd[v] = d == null ? p[v] : c.ticks(d);
            fresh[v] = true;
            c.setBudget(v, 0);
        }
    }

    @Override
    public void onActivation(int v, long t) {
        if (throttled[v]) {
            return;
        }
        long left = ctx.budget(v);
        if (fresh[v]) {
            fresh[v] = false;
            newPeriod(v, t);
        } else if (dl[v] <= t) {
            if (rd[v] < p[v] && t < dl[v] - rd[v] + p[v]) {
                throttle(v, dl[v] - rd[v] + p[v]);
                return;
            }
            newPeriod(v, t);
        } else if (overflows(left, dl[v] - t, v)) {
            if (rd[v] < p[v]) {
                // revised wake-up rule: keep d, cut the budget to the density Q/D over d − t
                long cut = BigInteger.valueOf(q[v]).multiply(BigInteger.valueOf(dl[v] - t))
                        .divide(BigInteger.valueOf(rd[v])).longValueExact();
                if (cut == 0) {
                    // nothing to run with: throttled until the next period, as SCHED_DEADLINE throttles
                    // an entity whose runtime is not positive (a VM left at q = 0 with no timer never ran again)
                    throttle(v, dl[v] - rd[v] + p[v]);
                    return;
                }
                ctx.setBudget(v, cut);
            } else {
                newPeriod(v, t);
            }
        }
        ctx.reschedule(ctx.lane(v));
    }

    /** q·D &gt; Q·(d − t), in exact arithmetic. */
    private boolean overflows(long left, long laxity, int v) {
        return BigInteger.valueOf(left).multiply(BigInteger.valueOf(rd[v]))
                .compareTo(BigInteger.valueOf(q[v]).multiply(BigInteger.valueOf(laxity))) > 0;
    }

    private void newPeriod(int v, long t) {
        dl[v] = t + rd[v];
        ctx.setBudget(v, q[v]);
    }

    private void throttle(int v, long until) {
        throttled[v] = true;
        replenishAt[v] = until;
        ctx.setBudget(v, 0);
        ctx.timer(until, v);
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBlock(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBudgetExhausted(int v, long t) {
        long next = dl[v] - rd[v] + p[v];
        if (next > t) {
            throttle(v, next);
        } else {
            replenish(v, t);
        }
    }

    @Override
    public void onTimer(int v, long t) {
        if (throttled[v] && replenishAt[v] == t) {
            throttled[v] = false;
            replenish(v, t);
        }
    }

    private void replenish(int v, long t) {
        dl[v] += p[v];
        if (dl[v] <= t) {
            dl[v] = t + rd[v];
        }
        ctx.setBudget(v, q[v]);
        ctx.reschedule(ctx.lane(v));
    }

    /** The VM's current absolute scheduling deadline (ticks); for tests. */
    long deadline(int v) {
        return dl[v];
    }

    @Override
    public long serverDeadline(int v) {
        return fresh[v] ? 0 : dl[v];
    }

    /** The end of the current period, d − D + P (THEORY.md §9.2): later than d when D &lt; P. */
    @Override
    public long nextReplenishment(int v) {
        if (fresh[v]) {
            return Long.MAX_VALUE;
        }
        return throttled[v] ? replenishAt[v] : dl[v] - rd[v] + p[v];
    }

    @Override
    public int pick(int lane, long t) {
        int cur = ctx.running(lane);
        int best = eligible(cur) ? cur : -1;
        for (int v : ctx.vmsOn(lane)) {
            if (eligible(v) && (best < 0 || dl[v] < dl[best])) {
                best = v;
            }
        }
        return best;
    }

    private boolean eligible(int v) {
        return v >= 0 && !throttled[v] && ctx.ready(v) && ctx.budget(v) > 0;
    }
}

package org.vmsched.policy.credit;

import java.util.function.Function;
import org.vmsched.model.Scenario;
import org.vmsched.sim.PartitionedScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * Xen's Credit scheduler (credit1), one vCPU per VM, per core:
 *
 * <ul>
 *   <li>Credits are processor time (ticks). Every {@code accountingPeriod} (first at 0) each VM
 *       of a core is given its share of that period, accountingPeriod·weight/Σweight, at most
 *       cap % of it when capped; a VM's credit stays below max(timeSlice, its share) and, when not
 *       capped, above minus that (a capped VM keeps its whole debt, so the cap holds in the long
 *       run). The running VM's credit is debited by the time it runs (exactly; Xen debits
 *       by time stamps), and every {@code tick} the priorities are brought up to date.</li>
 *   <li>Priorities: BOOST (boost on: woken with credit left; lost at the first tick it runs
 *       through), UNDER (credit &gt; 0), OVER. A capped VM left without credit at an accounting is
 *       parked (may not run) until an accounting gives it credit. When a core chooses, the ready
 *       VM of best priority runs; round robin within a priority (a VM goes to the tail of its
 *       priority when it wakes up, is preempted, or ends its slice).</li>
 *   <li>A VM keeps the core for its {@code timeSlice} (priorities changed by ticks and
 *       accounting are looked at when the slice ends), unless it blocks, is parked, or a VM of
 *       strictly better priority wakes up: that one preempts it, but not before it has run
 *       {@code ratelimit} since it got the core.</li>
 * </ul>
 * Work conserving (no idle burn: a VM with no ready job does not run). THEORY.md has the
 * derivations of the latency it gives a periodic task. Its parameters come from Credit's policy
 * module as a {@link Settings} (the simulator reads no policy's parameters by name).
 */
public final class CreditScheduler implements PartitionedScheduler {

    /**
     * What the scheduler reads, in scenario time units: the hypervisor-wide tick, accounting
     * period, time slice, ratelimit and boost, and each VM's weight and cap (% of one CPU, 0 =
     * none), indexed as the scenario's VMs. Built by Credit's policy module from its schema values.
     *
     * @param weights the VMs' weights (copied)
     * @param caps    the VMs' caps (copied)
     */
    public record Settings(double tick, double accountingPeriod, double timeSlice, double ratelimit, boolean boost,
            int[] weights, double[] caps) {

        public Settings {
            weights = weights.clone();
            caps = caps.clone();
        }
    }

    static final int BOOST = 0;
    static final int UNDER = 1;
    static final int OVER = 2;
    private static final int TICK = 0;
    private static final int ACCOUNT = 1;

    private final Function<Scenario, Settings> settings;
    private SchedulerContext ctx;
    private long tick;
    private long period;
    private long slice;
    private long ratelimit;
    private boolean boostOn;
    private int[] weight;
    private double[] cap;
    private long[] credit;
    private long[] lastSupplied;
    private int[] prio;
    private long[] stamp;
    private boolean[] parked;
    private long seq;
    private long[] sliceEnd;
    private long[] stintStart;
    /** A VM of strictly better priority than the running one woke up on the lane. */
    private boolean[] tickled;

    /** A scheduler that reads its {@link Settings} from the scenario of each run through {@code settings}. */
    CreditScheduler(Function<Scenario, Settings> settings) {
        this.settings = settings;
    }

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        Settings hp = settings.apply(c.scenario());
        tick = c.ticks(hp.tick());
        period = c.ticks(hp.accountingPeriod());
        slice = c.ticks(hp.timeSlice());
        ratelimit = c.ticks(hp.ratelimit());
        boostOn = hp.boost();
        int n = c.vmCount();
        weight = new int[n];
        cap = new double[n];
        credit = new long[n];
        lastSupplied = new long[n];
        prio = new int[n];
        stamp = new long[n];
        parked = new boolean[n];
        for (int v = 0; v < n; v++) {
            weight[v] = hp.weights()[v];
            cap[v] = hp.caps()[v];
            stamp[v] = seq++;
            c.setBudget(v, slice);
        }
        sliceEnd = new long[c.laneCount()];
        stintStart = new long[c.laneCount()];
        tickled = new boolean[c.laneCount()];
        account(0);
        c.timer(tick, TICK);
        c.timer(period, ACCOUNT);
    }

    /** Debits every VM of the lane by what it received since the last debit, and reclassifies it. */
    private void debit(int lane) {
        for (int v : ctx.vmsOn(lane)) {
            long s = ctx.supplied(v);
            credit[v] -= s - lastSupplied[v];
            lastSupplied[v] = s;
            classify(v);
        }
    }

    private void classify(int v) {
        if (credit[v] <= 0) {
            prio[v] = OVER;
        } else if (prio[v] != BOOST) {
            prio[v] = UNDER;
        }
    }

    private void account(long t) {
        for (int lane = 0; lane < ctx.laneCount(); lane++) {
            debit(lane);
            long total = 0;
            for (int v : ctx.vmsOn(lane)) {
                total += weight[v];
            }
            for (int v : ctx.vmsOn(lane)) {
                long share = period * weight[v] / total;
                if (cap[v] > 0) {
                    share = Math.min(share, (long) Math.floor(period * cap[v] / 100));
                }
                long bound = Math.max(slice, share);
                // a capped VM keeps its debt (else the cap would forgive what it overran), others are bounded
                long low = cap[v] > 0 ? Long.MIN_VALUE / 4 : -bound;
                credit[v] = Math.max(low, Math.min(bound, credit[v] + share));
                parked[v] = cap[v] > 0 && credit[v] <= 0;
                classify(v);
            }
            ctx.reschedule(lane);
        }
    }

    @Override
    public void onTimer(int id, long t) {
        if (id == ACCOUNT) {
            account(t);
            ctx.timer(t + period, ACCOUNT);
        } else {
            for (int lane = 0; lane < ctx.laneCount(); lane++) {
                int cur = ctx.running(lane);
                if (cur >= 0 && prio[cur] == BOOST) {
                    prio[cur] = UNDER;
                }
                debit(lane);
            }
            ctx.timer(t + tick, TICK);
        }
    }

    @Override
    public void onActivation(int v, long t) {
        debit(ctx.lane(v));
        if (boostOn && prio[v] == UNDER) {
            prio[v] = BOOST;
        }
        stamp[v] = seq++;
        int lane = ctx.lane(v);
        int cur = ctx.running(lane);
        if (cur < 0 || prio[v] < prio[cur]) {
            tickled[lane] = true;
            ctx.reschedule(lane);
        }
    }

    @Override
    public void onBlock(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBudgetExhausted(int v, long t) {
        int lane = ctx.lane(v);
        if (t >= sliceEnd[lane]) {
            // the slice is over: to the tail of its priority
            debit(lane);
            stamp[v] = seq++;
            sliceEnd[lane] = t;
        }
        ctx.reschedule(lane);
    }

    private boolean eligible(int v) {
        return ctx.ready(v) && !parked[v];
    }

    private boolean before(int a, int b) {
        return prio[a] < prio[b] || (prio[a] == prio[b] && stamp[a] < stamp[b]);
    }

    @Override
    public int pick(int lane, long t) {
        debit(lane);
        int cur = ctx.running(lane);
        boolean stint = cur >= 0 && eligible(cur) && t < sliceEnd[lane];
        int best = -1;
        for (int v : ctx.vmsOn(lane)) {
            if (eligible(v) && !(stint && v == cur) && (best < 0 || before(v, best))) {
                best = v;
            }
        }
        if (stint) {
            if (!tickled[lane] || best < 0 || prio[best] >= prio[cur]) {
                tickled[lane] = false;
                ctx.setBudget(cur, sliceEnd[lane] - t);
                return cur;
            }
            long ran = t - stintStart[lane];
            if (ran < ratelimit) {
                ctx.setBudget(cur, Math.min(sliceEnd[lane], stintStart[lane] + ratelimit) - t);
                return cur;
            }
            stamp[cur] = seq++;
        }
        tickled[lane] = false;
        if (best >= 0) {
            sliceEnd[lane] = t + slice;
            stintStart[lane] = t;
            ctx.setBudget(best, slice);
        }
        return best;
    }

    /** VM v's credit (ticks) as of the last debit; for tests. */
    long credit(int v) {
        return credit[v];
    }

    /** VM v's priority (BOOST, UNDER, OVER); for tests. */
    int priority(int v) {
        return prio[v];
    }
}

package org.vmsched.policy.share;

import java.util.function.Function;
import org.vmsched.model.Scenario;
import org.vmsched.sim.PartitionedScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * Proportional share with reservation, limit and shares (VMware ESXi's and Hyper-V's settings;
 * the two differ here only in their presets: shares 1000 and a 50 ms quantum, relative weight 100
 * and a 10 ms quantum). Per core:
 *
 * <ul>
 *   <li>Each VM's virtual time grows by the processor time it receives divided by its shares; the
 *       ready VM of least virtual time runs (ties: the running VM, then list order), for at most
 *       one {@code quantum} before the choice is made again. A VM that wakes up gets at least the
 *       least virtual time of the VMs ready on its core (no credit banked while asleep). A new
 *       arrival does not preempt before the quantum ends, except as below.</li>
 *   <li>Reservation and limit are percentages of one CPU enforced per window of ten quanta
 *       (a modelling choice: the products do not document theirs): a ready VM that has received
 *       less than its reservation in the window runs before every VM that has not (preempting at
 *       once); a VM that has received its limit does not run again until the next window.</li>
 * </ul>
 * Work conserving below the limits (no idle burn). Its parameters come from the policy's module
 * as a {@link Settings} (the simulator reads no policy's parameters by name).
 */
public final class ProportionalShareScheduler implements PartitionedScheduler {

    /**
     * What the scheduler reads, in scenario time units: the quantum, and each VM's shares,
     * reservation and limit (% of one CPU), indexed as the scenario's VMs. Built by the
     * proportional-share policy module from its schema values.
     *
     * @param shares       the VMs' shares (copied)
     * @param reservations the VMs' reservations (copied)
     * @param limits       the VMs' limits (copied)
     */
    public record Settings(double quantum, int[] shares, double[] reservations, double[] limits) {

        public Settings {
            shares = shares.clone();
            reservations = reservations.clone();
            limits = limits.clone();
        }
    }

    /** The window over which reservation and limit are enforced, in quanta. */
    public static final int WINDOW_QUANTA = 10;

    private final Function<Scenario, Settings> settings;
    private SchedulerContext ctx;
    private long quantum;
    private long window;
    private int[] shares;
    private long[] reserve;
    private long[] limit;
    /** Processor time received in the run, and the catch-up added at wake-ups (ticks). */
    private long[] received;
    private double[] lag;
    private long[] used;
    private long[] lastSupplied;
    private long[] stintEnd;

    /** A scheduler that reads its {@link Settings} from the scenario of each run through {@code settings}. */
    ProportionalShareScheduler(Function<Scenario, Settings> settings) {
        this.settings = settings;
    }

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        Settings hp = settings.apply(c.scenario());
        quantum = c.ticks(hp.quantum());
        window = quantum * WINDOW_QUANTA;
        int n = c.vmCount();
        shares = new int[n];
        reserve = new long[n];
        limit = new long[n];
        received = new long[n];
        lag = new double[n];
        used = new long[n];
        lastSupplied = new long[n];
        for (int v = 0; v < n; v++) {
            shares[v] = hp.shares()[v];
            reserve[v] = (long) Math.floor(window * hp.reservations()[v] / 100);
            limit[v] = (long) Math.floor(window * hp.limits()[v] / 100);
            c.setBudget(v, quantum);
        }
        stintEnd = new long[c.laneCount()];
        c.timer(window, 0);
    }

    private void account(int lane) {
        for (int v : ctx.vmsOn(lane)) {
            long s = ctx.supplied(v);
            long d = s - lastSupplied[v];
            lastSupplied[v] = s;
            used[v] += d;
            received[v] += d;
        }
    }

    @Override
    public void onTimer(int id, long t) {
        for (int lane = 0; lane < ctx.laneCount(); lane++) {
            account(lane);
            for (int v : ctx.vmsOn(lane)) {
                used[v] = 0;
            }
            ctx.reschedule(lane);
        }
        ctx.timer(t + window, 0);
    }

    @Override
    public void onActivation(int v, long t) {
        int lane = ctx.lane(v);
        account(lane);
        double least = Double.POSITIVE_INFINITY;
        for (int u : ctx.vmsOn(lane)) {
            if (u != v && ctx.ready(u)) {
                least = Math.min(least, vtime(u));
            }
        }
        if (least != Double.POSITIVE_INFINITY && vtime(v) < least) {
            lag[v] = least * shares[v] - received[v];
        }
        ctx.reschedule(lane);
    }

    @Override
    public void onBlock(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    @Override
    public void onBudgetExhausted(int v, long t) {
        ctx.reschedule(ctx.lane(v));
    }

    private boolean eligible(int v) {
        return ctx.ready(v) && used[v] < limit[v];
    }

    private boolean reserved(int v) {
        return used[v] < reserve[v];
    }

    private boolean before(int a, int b) {
        boolean ra = reserved(a);
        boolean rb = reserved(b);
        return ra != rb ? ra : vtime(a) < vtime(b);
    }

    /** Virtual time: processor time received (plus the wake-up catch-up) per share. */
    private double vtime(int v) {
        return (received[v] + lag[v]) / shares[v];
    }

    @Override
    public int pick(int lane, long t) {
        account(lane);
        int cur = ctx.running(lane);
        boolean stint = cur >= 0 && eligible(cur) && t < stintEnd[lane];
        int best = cur >= 0 && eligible(cur) ? cur : -1;
        for (int v : ctx.vmsOn(lane)) {
            if (v != cur && eligible(v) && (best < 0 || before(v, best))) {
                best = v;
            }
        }
        if (stint && best != cur && !(reserved(best) && !reserved(cur))) {
            best = cur; // the quantum runs on unless a VM under its reservation waits
        }
        if (best < 0) {
            return -1;
        }
        if (best != cur || !stint) {
            stintEnd[lane] = t + quantum;
        }
        long b = Math.min(stintEnd[lane] - t, limit[best] - used[best]);
        if (reserved(best)) {
            b = Math.min(b, reserve[best] - used[best]);
        }
        ctx.setBudget(best, Math.max(1, b));
        return best;
    }
}

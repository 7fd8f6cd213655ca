package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.MigrationCost;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.analysis.mpr.ScheduleSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;

/**
 * Worst-case mode (THEORY.md §2, §6.3): each VM, on a lane of its own, gets the supply the
 * analysis gives it under the server policy being simulated, in its worst pattern, and its tasks
 * are all released where that supply's worst window starts. Periodic: a first chunk [0, C] whose
 * useful part ends at C − P·X (P·X of overhead still owed after it), then chunks as late as
 * possible, [kT − C, kT], each opening with (1 + P)·X of overhead. Undelayed deferrable: first
 * chunk useful up to C − X, then X of overhead; then chunks as early as possible, [kT, kT + C].
 * Delayable deferrable: tasks at 0, the first period gives nothing, then as periodic. Under global
 * EDF each virtual CPU, on a lane of its own, replays the periodic pattern of the supply its VM's
 * MPR analysis reads ({@link org.vmsched.analysis.mpr.GlobalAnalysis#vcpuSupply}, THEORY.md §15.12),
 * each dispatch paying X plus the scenario's migration cost as that supply counts it, and each later
 * chunk as late as the vCPUs' budget deadline Δ allows ({@link org.vmsched.analysis.mpr.GlobalAnalysis#vcpuDeadline},
 * [kT + Δ − C, kT + Δ]; Δ = T but where the host bounds the vCPUs' response times or its own schedule gives them, §15.17, §15.18).
 * Deferrable vCPUs (X = M = 0) replay the same periodic pattern with the Δ their analysis reads: T, or
 * C with a core each ([kT, kT + C], §15.14 and its addendum). One instance per run; not thread-safe.
 */
public final class WorstCaseServer extends PeriodicServer {

    /** Per VM: the overhead opening a later chunk, the overhead owed at the end of the first, its switch count P. */
    private long[] head;
    private long[] tail;
    private long[] preemptions;
    private long[] second;
    private boolean[] noFirst;
    private long[] overhead;
    /** Per server replaying the host's own schedule (§15.19): s₀, P, then its usable intervals' starts and ends; else null. */
    private long[][] exact;

    @Override
    public void start(SchedulerContext c) {
        readServers(c);
        int n = c.serverCount();
        head = new long[n];
        tail = new long[n];
        preemptions = new long[n];
        second = new long[n];
        noFirst = new boolean[n];
        overhead = new long[n];
        Scenario s = c.scenario();
        // the vCPUs' budget deadlines Δ per VM as the analysis of the server policy simulated reads them
        // (§15.17; the host's own schedule read once, §15.18, and its least supply, §15.19; deferrable vCPUs:
        // T, or C with a core each, §15.14)
        Scenario as = s.withSimulation(s.simulation().withServerPolicy(c.options().serverPolicy()));
        HostSchedule.Times times = !s.hypervisor().policy().global() ? null : GlobalAnalysis.hostTimes(as, VcpuResponseTimes.EXACT);
        List<BigFraction> deltas = times == null ? null : GlobalAnalysis.vcpuDeadlines(as, x -> times);
        List<ScheduleSupply.Built> tables = times == null ? null : GlobalAnalysis.scheduleSupplies(as, times);
        exact = new long[n][];
        int[] vcpuNumber = new int[n];
        for (int v = 0; v < n; v++) {
            overhead[v] = c.ticks(c.vm(c.vmOf(v)).overhead());
            VirtualMachine vm = c.vm(c.vmOf(v));
            Supply supply = supplyOf(s, vm, c.options().serverPolicy());
            if (s.hypervisor().policy().global()) {
                overhead[v] += c.ticks(MigrationCost.of(s)); // every dispatch as a migration (§15.2)
            }
            long release = pattern(v, supply);
            if (s.hypervisor().policy().global() && supply.kind() == Supply.Kind.PERIODIC) {
                // each later chunk as late as the vCPUs' budget deadline Δ allows, [kT + Δ − C, kT + Δ] (§15.17)
                long delta = c.timeBase().ticksDown(deltas.get(c.vmOf(v)).doubleValue());
                second[v] = period[v] + Math.max(budget[v], Math.min(period[v], delta)) - budget[v];
            }
            vcpuNumber[v] = v > 0 && c.vmOf(v - 1) == c.vmOf(v) ? vcpuNumber[v - 1] + 1 : 0;
            ScheduleSupply.Built table = tables == null ? null : tables.get(c.vmOf(v));
            if (table != null && table.supply() != null && supply.kind() == Supply.Kind.PERIODIC
                    && replayExactly(v, times.usable().get(c.vmOf(v)), vcpuNumber[v])) {
                continue; // the host's own schedule (§15.19), its tasks released by replayExactly
            }
            c.releaseTasksAt(c.vmOf(v), release);
            c.replenishAt(0, v);
        }
    }

    /**
     * Server v (vCPU q of its VM) replays its usable intervals in the host's own schedule, the supply
     * the analysis reads where it reads §15.19's table: each interval a budget of its length, paid no
     * overhead (its overhead is outside the usable intervals), the VM's tasks released together where a
     * window as long as their longest deadline gets the least supply. False (and nothing set) when the
     * schedule's clock is not a divisor of the run's.
     */
    private boolean replayExactly(int v, HostSchedule.Usable u, int q) {
        double runPerUnit = ctx.timeBase().ticksPerUnit();
        long factor = (long) (runPerUnit / u.ticksPerUnit());
        if (factor < 1 || factor * (double) u.ticksPerUnit() != runPerUnit) {
            return false;
        }
        List<long[]> own = new ArrayList<>();
        for (long[] iv : u.perVcpu().get(q)) { // split at s₀: the part from s₀ on repeats, the part before does not
            if (iv[0] < u.steadyStart() && iv[1] > u.steadyStart()) {
                own.add(new long[] {iv[0], u.steadyStart()});
                own.add(new long[] {u.steadyStart(), iv[1]});
            } else {
                own.add(iv);
            }
        }
        exact[v] = new long[2 * own.size() + 2];
        exact[v][0] = u.steadyStart() * factor;
        exact[v][1] = u.period() * factor;
        for (int i = 0; i < own.size(); i++) {
            exact[v][2 + 2 * i] = own.get(i)[0] * factor;
            exact[v][3 + 2 * i] = own.get(i)[1] * factor;
        }
        VirtualMachine vm = ctx.vm(ctx.vmOf(v));
        long longest = 0;
        double lowest = Double.MAX_VALUE;
        for (var t : vm.tasks()) {
            longest = Math.max(longest, ctx.ticks(t.deadline()) / factor);
            lowest = Math.min(lowest, t.offset());
        }
        long from = (long) Math.floor(lowest * u.ticksPerUnit());
        ctx.releaseTasksAt(ctx.vmOf(v), ScheduleSupply.worstStart(u, from, longest) * factor);
        long first = next(v, 0);
        if (first < Long.MAX_VALUE) {
            ctx.replenishAt(first, v);
        }
        return true;
    }

    /** The start of server v's first usable interval at or after t (its own, then their images a period P apart). */
    private long next(int v, long t) {
        long[] e = exact[v];
        long s0 = e[0];
        long p = e[1];
        long best = Long.MAX_VALUE;
        for (int i = 2; i < e.length; i += 2) {
            long a = e[i];
            if (a >= t) {
                best = Math.min(best, a);
            } else if (a >= s0) {
                long j = (t - a + p - 1) / p;
                best = Math.min(best, a + j * p);
            }
        }
        return best;
    }

    /** The length of server v's usable interval starting at t. */
    private long lengthAt(int v, long t) {
        long[] e = exact[v];
        for (int i = 2; i < e.length; i += 2) {
            if (e[i] == t || e[i] >= e[0] && t > e[i] && (t - e[i]) % e[1] == 0) {
                return e[i + 1] - e[i];
            }
        }
        throw new IllegalStateException("no usable interval of server " + v + " starts at " + t);
    }

    /**
     * The analytic supply whose worst pattern VM {@code vm} replays in worst-case mode under
     * {@code serverPolicy}: its server's, or under a global policy one virtual CPU's share of its
     * MPR supply.
     */
    public static Supply supplyOf(Scenario s, VirtualMachine vm, ServerPolicy serverPolicy) {
        if (s.hypervisor().policy().global()) {
            return GlobalAnalysis.vcpuSupply(s, vm);
        }
        return VmSupply.of(s.withSimulation(s.simulation().withServerPolicy(serverPolicy)), vm);
    }

    /** Sets VM v's pattern from its analytic supply; returns when its tasks are released. */
    private long pattern(int v, Supply supply) {
        long c = budget[v];
        long x = overhead[v];
        long p = supply.preemptions();
        long t = period[v];
        switch (supply.kind()) {
            case PERIODIC -> {
                head[v] = Math.min(c, (1 + p) * x);
                preemptions[v] = p;
                tail[v] = Math.max(0, Math.min(p * x, c - x));
                second[v] = 2 * t - c;
                return c - tail[v];
            }
            case DEFERRABLE_UNDELAYED -> {
                head[v] = Math.min(c, x);
                // at most X left when the window starts, even when C < 2X (then the first switch is cut short)
                tail[v] = Math.min(x, c);
                second[v] = t;
                return c - tail[v];
            }
            default -> {
                head[v] = Math.min(c, (1 + p) * x);
                preemptions[v] = p;
                noFirst[v] = true;
                second[v] = 2 * t - c;
                return 0;
            }
        }
    }

    /** The overhead X, or (1 + P)·X at a later chunk, is paid at the start of every chunk. */
    @Override
    public long replenish(int v, long t) {
        if (exact[v] != null) {
            ctx.setBudget(v, lengthAt(v, t));
            ctx.chargeOverhead(v, 0, 0);
            ctx.oweOverheadAtBudget(v, 0, 0);
            return next(v, t + 1);
        }
        long x = overhead[v];
        if (t == 0) {
            long first = Math.min(x, budget[v] - tail[v]);
            ctx.setBudget(v, noFirst[v] ? 0 : budget[v]);
            ctx.chargeOverhead(v, first, 1);
            ctx.oweOverheadAtBudget(v, tail[v], Math.max(1, preemptions[v]));
            return second[v];
        }
        ctx.setBudget(v, budget[v]);
        ctx.chargeOverhead(v, head[v], head[v] > x ? 1 + preemptions[v] : 1);
        ctx.oweOverheadAtBudget(v, 0, 0);
        return t + period[v];
    }

    @Override
    public boolean dispatchesWhileBudgetLeft() {
        return false;
    }
}

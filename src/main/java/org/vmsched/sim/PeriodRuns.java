package org.vmsched.sim;

import java.util.List;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.text.Format;

/**
 * The runs {@link SimulatedTmax} makes of one VM at one period after another, sharing what does
 * not depend on the period, and how long each must be for "no miss" to be a proof (the class
 * comment of {@link SimulatedTmax}; THEORY.md §7). Not thread-safe.
 */
final class PeriodRuns {

    /** With task offsets, how many boundary phases are tried before the run falls back to the cap. */
    private static final int MAX_PHASES = 4;

    /** What the runs at one period found: a miss, or none up to {@code horizon} ticks, proven for ever or not. */
    record Verdict(boolean missed, boolean conclusive, long horizon) {
    }

    private final VirtualMachine base;
    private final VirtualMachine vm;
    private final SimulationOptions o;
    private final TimeBase tb;
    private final Cancellation cancel;
    private final long[] periods;
    private final long taskLcm;
    private final long maxOffset;
    private final long maxDeadline;
    private final Long userCap;
    private final double worstCaseBase;

    PeriodRuns(VirtualMachine base, VirtualMachine vm, SimulationOptions o, TimeBase tb, Cancellation cancel) {
        this.base = base;
        this.vm = vm;
        this.o = o;
        this.tb = tb;
        this.cancel = cancel;
        List<Task> tasks = vm.tasks();
        periods = new long[tasks.size()];
        long lcm = 1;
        long off = 0;
        long dl = 0;
        for (int i = 0; i < tasks.size(); i++) {
            periods[i] = Math.max(1, tb.ticks(tasks.get(i).period()));
            lcm = TimeBase.lcm(lcm, periods[i]);
            off = Math.max(off, tb.ticks(tasks.get(i).offset()));
            dl = Math.max(dl, tb.ticks(tasks.get(i).deadline()));
        }
        taskLcm = lcm;
        maxOffset = off;
        maxDeadline = dl;
        if (o.horizon() != null) {
            long c = tb.ticksDown(o.horizon());
            if (c < 1 || c > Simulator.MAX_HORIZON_TICKS) {
                throw new SimulationInputException("horizon " + Format.exact(o.horizon()) + " is " + c + " ticks at "
                        + Simulator.perUnit(tb) + "; it must be 1 to " + Simulator.MAX_HORIZON_TICKS);
            }
            userCap = c;
        } else {
            userCap = null;
        }
        worstCaseBase = o.horizon() != null ? o.horizon() : taskHyperperiod(tasks, tb.ticksPerUnit());
    }

    /** The longest synchronous run at this period, in ticks. */
    private long cap(long tTicks) {
        if (userCap != null) {
            return userCap;
        }
        double rate = 1.0 / tTicks;
        for (long p : periods) {
            rate += 1.0 / p;
        }
        return (long) Math.max(1, Math.min(Simulator.MAX_HORIZON_TICKS, SimulatedTmax.runBudget(o) / rate));
    }

    /**
     * Synchronous mode (THEORY.md §7): no miss up to a boundary where the schedule repeats is
     * a proof; only when the cap comes first is the answer "no miss up to the cap".
     */
    Verdict synchronous(long tTicks, long cTicks) throws CancelledException {
        long cap = cap(tTicks);
        long h = TimeBase.lcm(taskLcm, tTicks);
        long overhead = tb.ticks(vm.overhead());
        // the core's state at a boundary (VM still on it or not) matters only through the overhead;
        // a periodic server with C < T has always left the core before its next replenishment
        boolean coreMatters = overhead > 0 && (o.serverPolicy() == ServerPolicy.DEFERRABLE || cTicks == tTicks);
        int needed = coreMatters ? 3 : 2;
        if (maxOffset == 0) {
            // every boundary k·H with no miss before it has no job pending: boundary 0 counts
            long end = h < 0 ? -1 : multiply(h, needed - 1);
            if (end < 0 || end > cap) {
                return new Verdict(run(tTicks, cTicks, cap).missed, false, cap);
            }
            return new Verdict(run(tTicks, cTicks, end).missed, true, end);
        }
        // With offsets a boundary b must lie after every offset, and the runs must see no job
        // pending at b and at b + H (and b + 2H when the core's state matters). A periodic
        // server's state at time t ≥ X depends only on t mod T (alone on its core it runs
        // from each replenishment until its budget is spent), so b may be any such instant:
        // the end of a budget, when a job is least likely to wait. A deferrable server's
        // budget depends on what ran, so b is a replenishment instant (budget full).
        boolean periodic = o.serverPolicy() != ServerPolicy.DEFERRABLE;
        int boundaries = periodic ? 2 : needed;
        long after = periodic ? Math.max(maxOffset, overhead) : maxOffset;
        long first = periodic ? ceilTo(after - cTicks, tTicks) + cTicks : ceilTo(after, tTicks);
        int longRuns = 0;
        for (int j = 0; j < MAX_PHASES && h > 0 && longRuns < MAX_PHASES / 2; j++) {
            long b = first + j * tTicks;
            if (b > cap) {
                break;
            }
            Outcome r = run(tTicks, cTicks, b);
            if (r.missed) {
                return new Verdict(true, true, b);
            }
            if (!r.empty) {
                continue;
            }
            boolean repeats = true;
            for (int k = 1; k < boundaries && repeats; k++) {
                long bk = b + multiply(h, k);
                if (bk < b || bk > cap) {
                    repeats = false;
                    break;
                }
                longRuns++;
                Outcome rk = run(tTicks, cTicks, bk);
                if (rk.missed) {
                    return new Verdict(true, true, bk);
                }
                repeats = rk.empty;
                if (repeats && k == boundaries - 1) {
                    return new Verdict(false, true, bk);
                }
            }
        }
        Outcome r = run(tTicks, cTicks, cap);
        return new Verdict(r.missed, false, cap);
    }

    /** The smallest multiple of {@code step} that is at least {@code x} (x ≥ −step). */
    private static long ceilTo(long x, long step) {
        return x <= 0 ? 0 : (x + step - 1) / step * step;
    }

    /** Worst-case mode: the run covers the critical instant's jobs (see the class comment). */
    Verdict worstCase(long tTicks, long cTicks) throws CancelledException {
        double period = tb.units(tTicks);
        long end = Math.min(Simulator.MAX_HORIZON_TICKS, tb.ticks(worstCaseBase + 2 * period));
        // every task is released where the worst window starts, at or before the end of the
        // first chunk, C (THEORY.md §6.3)
        long needed = cTicks + maxDeadline;
        if (vm.scheduler() == GuestScheduler.EDF) {
            // the supply the engine's worst-case pattern realises for this server policy (§6.3)
            Scenario s = scenario(tTicks, cTicks);
            Supply supply = VmSupply.of(s.withSimulation(s.simulation().withServerPolicy(o.serverPolicy())),
                    s.vms().get(0));
            double l = EdfDemand.horizon(supply, vm.tasks());
            long lTicks = Double.isFinite(l) && l * tb.ticksPerUnit() < Simulator.MAX_HORIZON_TICKS
                    ? cTicks + (long) Math.ceil(l * tb.ticksPerUnit()) : -1;
            needed = lTicks < 0 ? Long.MAX_VALUE : Math.max(needed, lTicks);
            if (userCap == null && needed != Long.MAX_VALUE && needed <= cap(tTicks)) {
                end = Math.max(end, needed);
            }
        }
        Outcome r = run(tTicks, cTicks, end);
        return new Verdict(r.missed, r.missed || end >= needed, end);
    }

    private Scenario scenario(long tTicks, long cTicks) {
        VirtualMachine v = base.withServer(tb.units(tTicks), tb.units(cTicks), vm.overhead());
        return Scenario.of("simtmax", List.of(v)).withHypervisor(Platform.DEFAULT);
    }

    private Outcome run(long tTicks, long cTicks, long horizon) throws CancelledException {
        Engine e = new Engine(scenario(tTicks, cTicks), tb, o, horizon, null, cancel,
                EngineOptions.NONE.withStopAtFirstMiss(true));
        long end = e.run();
        SimulationResult r = e.result(o.mode(), end, List.of());
        if (r.cancelled()) {
            throw new CancelledException();
        }
        boolean empty = true;
        for (TaskStats t : r.vms().get(0).tasks()) {
            empty &= t.completed() == t.jobs();
        }
        return new Outcome(r.deadlineMisses() > 0, empty);
    }

    /** One run: whether a job missed, and whether every job released had completed at its end. */
    private record Outcome(boolean missed, boolean empty) {
    }

    /** a · k, or -1 on overflow. */
    private static long multiply(long a, long k) {
        try {
            return Math.multiplyExact(a, k);
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** Hyperperiod of the task periods in time units, at most 10^7 of the longest period. */
    private static double taskHyperperiod(List<Task> tasks, double res) {
        long lcm = 1;
        long longest = 1;
        for (Task t : tasks) {
            long p = Math.max(1, Math.round(t.period() * res));
            longest = Math.max(longest, p);
            lcm = TimeBase.lcm(lcm, p);
            if (lcm < 0) {
                break;
            }
        }
        long cap = Math.min(Simulator.DEFAULT_HORIZON_CAP_TICKS / 10, longest * 10_000_000L);
        if (lcm < 0 || lcm > cap) {
            lcm = Math.max(cap, longest * 10);
        }
        return lcm / res;
    }
}

package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.text.Format;

/**
 * The exact response times of a scenario's periodic virtual CPUs under global EDF (THEORY.md
 * §15.18): the servers alone are run by the kernel's own global loop (the one global EDF decision,
 * {@link GlobalEdfPlanner}) until their schedule is found periodic (§15.13's steady window W from
 * a steady start s), and for every period of every vCPU released before s + W the time from its
 * replenishment to the instant it has held a core for its whole budget C is read off the trace.
 * Every later period repeats one of those, so the largest is the largest of the whole (infinite)
 * run, at the VMs' offsets as written. Bounded: the run may simulate at most
 * {@value #MAX_PERIODS} vCPU periods (and the steady search's own limits); past them, or with
 * deferrable servers (whose schedule depends on the jobs) or values no exact clock holds, there is
 * no answer and the reason says why; where a period of a vCPU gets less than its budget, the earliest
 * such period in time (ties to the VM listed first, then the lower vCPU) is the answer's shortfall
 * (the host fails at these offsets, §15.18 Claim 5). Stateless.
 */
public final class VcpuResponseTimes {

    /** The most vCPU periods (replenishments) the run of the servers alone may simulate. */
    public static final long MAX_PERIODS = 200_000;

    /** The exact times, as the analysis reads them ({@link org.vmsched.analysis.mpr.GlobalAnalysis}). */
    public static final HostSchedule EXACT = VcpuResponseTimes::of;

    private VcpuResponseTimes() {
    }

    /**
     * {@code s}'s vCPUs' largest times from a replenishment to their whole budget, per VM; or why not. Where a
     * vCPU is short of its budget, the earliest such period in time (ties to the VM listed first), with every VM's usable intervals still read (THEORY.md
     * §15.22). Long because the run, its periodicity and the reading of every VM's periods share one trace,
     * layout and clock, which named steps would each take as six arguments.
     */
    public static HostSchedule.Times of(Scenario s) {
        if (!s.hypervisor().policy().global()) {
            return HostSchedule.Times.none("not a global policy");
        }
        if (s.simulation().serverPolicy() != ServerPolicy.PERIODIC) {
            return HostSchedule.Times.none("deferrable servers' schedule depends on the jobs");
        }
        TimeBase tb;
        try {
            tb = TimeBase.choose(TimeBase.values(s), null);
        } catch (SimulationInputException e) {
            return HostSchedule.Times.none("the scenario's values fit no clock: " + e.getMessage());
        }
        long perUnit = (long) tb.ticksPerUnit();
        if (!tb.exact() || perUnit != tb.ticksPerUnit()) {
            return HostSchedule.Times.none("no exact clock holds the scenario's values");
        }
        double rate = 0; // vCPU periods per tick
        for (VirtualMachine vm : s.vms()) {
            rate += vm.vcpus() / (double) tb.ticks(vm.period());
        }
        long maxEnd = (long) Math.min(Long.MAX_VALUE / 4.0, MAX_PERIODS / rate);
        GlobalReplay.Steady st = GlobalReplay.steady(s, tb, SimulationOptions.DEFAULT.withTrace(true), new Cancellation(), maxEnd, 2);
        if (st == null) {
            return HostSchedule.Times.none("the host's schedule was not found periodic within " + MAX_PERIODS
                    + " vCPU periods (4 windows of up to 4 hyperperiods after the last VM offset)");
        }
        Layout l = st.seen().l;
        TraceRecorder t = st.seen().trace;
        long end = st.seen().horizon;
        long until = st.start() + st.w(); // every later period repeats one released before
        List<BigFraction> out = new ArrayList<>();
        List<HostSchedule.Usable> usable = new ArrayList<>();
        Slices slices = Slices.of(t, l, until);
        HostSchedule.Times short0 = null; // the earliest shortfall in time, ties to the VM listed first
        long shortAt = Long.MAX_VALUE;
        String runTooShort = null; // the first VM a period of which ended past the run
        for (int v = 0; v < l.nVm; v++) {
            VirtualMachine vm = s.vms().get(v);
            long period = l.vPeriod[v];
            long budget = tb.ticks(vm.budget());
            long offset = tb.ticks(vm.offset());
            long worst = 0;
            List<List<long[]>> perVcpu = new ArrayList<>();
            for (int q = 0; q < l.vmVcpus[v]; q++) {
                List<long[]> held = slices.held(v, q);
                perVcpu.add(slices.usable(v, q));
                long w = worstTime(held, offset, period, budget, until, end);
                if (w == RUN_TOO_SHORT) { // a shortfall found elsewhere still stands, without the usable intervals
                    runTooShort = runTooShort != null ? runTooShort : vm.name();
                    continue;
                }
                if (w < 0 && -w - 1 < shortAt) { // the host fails at these offsets (§15.18 Claim 5): this period, in every run
                    shortAt = -w - 1;
                    short0 = failing(vm, v, q, held, shortAt, period, perUnit, tb);
                }
                if (w < 0) {
                    continue;
                }
                worst = Math.max(worst, w);
            }
            out.add(new BigFraction(worst).divide(perUnit));
            usable.add(new HostSchedule.Usable(perUnit, st.start(), st.w(), perVcpu));
        }
        if (short0 != null) {
            return runTooShort != null ? short0 : new HostSchedule.Times(null, short0.reason(), short0.shortfall(), usable);
        }
        if (runTooShort != null) {
            return HostSchedule.Times.none("the run of the servers alone ended before a period of VM " + runTooShort);
        }
        return HostSchedule.Times.withUsable(out, null, usable);
    }

    /** {@link #worstTime}'s answer when the run ends before a period does. */
    private static final long RUN_TOO_SHORT = Long.MIN_VALUE;

    /**
     * The largest time from a replenishment at {@code offset + j·period < until} to the instant the
     * intervals {@code held} (in order) have given {@code budget} ticks within that period; {@code
     * -r - 1} when the period released at r gets less, {@link #RUN_TOO_SHORT} when a period ends past
     * the run's {@code end}.
     */
    private static long worstTime(List<long[]> held, long offset, long period, long budget, long until, long end) {
        long worst = 0;
        int i = 0;
        for (long r = offset; r < until; r += period) {
            if (r + period > end) {
                return RUN_TOO_SHORT;
            }
            while (i < held.size() && held.get(i)[1] <= r) {
                i++;
            }
            long got = 0;
            long done = -1;
            for (int j = i; j < held.size() && held.get(j)[0] < r + period && done < 0; j++) {
                long a = Math.max(r, held.get(j)[0]);
                long b = Math.min(r + period, held.get(j)[1]);
                if (got + (b - a) >= budget) {
                    done = a + (budget - got);
                }
                got += b - a;
            }
            if (done < 0) {
                return -r - 1;
            }
            worst = Math.max(worst, done - r);
        }
        return worst;
    }

    /** The host fails: vCPU q of VM v (index) held a core for less than its budget in its period released at tick {@code r}. */
    private static HostSchedule.Times failing(VirtualMachine vm, int v, int q, List<long[]> held, long r, long period, long perUnit,
                                              TimeBase tb) {
        HostSchedule.Shortfall f = new HostSchedule.Shortfall(v, q, new BigFraction(r).divide(perUnit),
                new BigFraction(heldIn(held, r, r + period)).divide(perUnit));
        return HostSchedule.Times.failing("vCPU " + vm.name() + "#" + q + " holds a core for less than its budget in its"
                + " period from " + Format.exact(tb.units(r)) + " (a budget is short)", f);
    }

    /** How long the intervals {@code held} (in order) cover of {@code [from, to)}, in ticks. */
    private static long heldIn(List<long[]> held, long from, long to) {
        long got = 0;
        for (long[] h : held) {
            got += Math.max(0, Math.min(to, h[1]) - Math.max(from, h[0]));
        }
        return got;
    }

    /**
     * Per VM v and vCPU q, read in one pass over the trace: the intervals {@code [start, end)} (ticks)
     * in which it holds a core ({@link #held}), and those before {@code until} in which it holds one past
     * its overhead (it burns its budget idle: the servers run alone; {@link #usable}, THEORY.md §15.19).
     */
    private record Slices(List<List<List<long[]>>> holding, List<List<List<long[]>>> pastOverhead) {

        static Slices of(TraceRecorder t, Layout l, long until) {
            List<List<List<long[]>>> holding = new ArrayList<>();
            List<List<List<long[]>>> pastOverhead = new ArrayList<>();
            for (int v = 0; v < l.nVm; v++) {
                holding.add(new ArrayList<>());
                pastOverhead.add(new ArrayList<>());
                for (int q = 0; q < l.vmVcpus[v]; q++) {
                    holding.get(v).add(new ArrayList<>());
                    pastOverhead.get(v).add(new ArrayList<>());
                }
            }
            for (int i = 0; i < t.size(); i++) {
                int v = t.vm(i);
                if (v < 0 || v >= l.nVm || t.vcpu(i) < 0 || t.vcpu(i) >= l.vmVcpus[v]) {
                    continue; // an idle core's slice
                }
                if (t.kind(i) != Kernel.IDLE && t.start(i) < t.end(i)) {
                    holding.get(v).get(t.vcpu(i)).add(new long[] {t.start(i), t.end(i)});
                }
                long to = Math.min(until, t.end(i));
                if ((t.kind(i) == Kernel.IDLE_BURN || t.kind(i) == Kernel.EXEC) && t.start(i) < to) {
                    pastOverhead.get(v).get(t.vcpu(i)).add(new long[] {t.start(i), to});
                }
            }
            return new Slices(holding, pastOverhead);
        }

        /** The intervals in which VM v's vCPU q holds a core, in order. */
        List<long[]> held(int v, int q) {
            List<long[]> out = holding.get(v).get(q);
            out.sort((a, b) -> Long.compare(a[0], b[0]));
            return out;
        }

        /** The intervals before {@code until} in which VM v's vCPU q holds a core past its overhead, in order, touching ones merged. */
        List<long[]> usable(int v, int q) {
            List<long[]> out = pastOverhead.get(v).get(q);
            out.sort((a, b) -> Long.compare(a[0], b[0]));
            List<long[]> merged = new ArrayList<>();
            for (long[] iv : out) {
                long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
                if (last != null && last[1] >= iv[0]) {
                    last[1] = Math.max(last[1], iv[1]);
                } else {
                    merged.add(iv.clone());
                }
            }
            return merged;
        }
    }
}

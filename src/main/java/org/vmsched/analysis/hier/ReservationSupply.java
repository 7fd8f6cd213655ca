package org.vmsched.analysis.hier;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.FixedPoint;

/**
 * A guaranteed supply in ticks of the shape every server analysis of VMSched uses (THEORY.md
 * §2, §6.1, §11): nothing for a blackout B, then a chunk Θ of useful time per period P, each
 * chunk as late as it may come. sbf(t) = 0 for t ≤ B, else k·Θ + min(t − B − k·P, Θ) with
 * k = ⌊(t − B)/P⌋. A chunk Θ ≤ 0 supplies nothing. Exact: all arithmetic in {@code long} with
 * overflow checks (an overflow throws {@link ArithmeticException}, never a wrong verdict).
 * Immutable.
 */
public record ReservationSupply(long period, long chunk, long blackout) {

    public ReservationSupply {
        if (period <= 0) {
            throw new IllegalArgumentException("period must be > 0, got " + period);
        }
        if (blackout < 0) {
            throw new IllegalArgumentException("blackout must be >= 0, got " + blackout);
        }
        if (chunk > period) {
            throw new IllegalArgumentException("chunk " + chunk + " exceeds the period " + period);
        }
    }

    /** A whole dedicated processor (sbf(t) = t). */
    public static ReservationSupply dedicated() {
        return new ReservationSupply(1, 1, 0);
    }

    /** Least useful supply in any window of length t (of the windows this supply is claimed for). */
    public long sbf(long t) {
        if (chunk <= 0 || t <= blackout) {
            return 0;
        }
        long k = Math.floorDiv(t - blackout, period);
        return Math.addExact(Math.multiplyExact(k, chunk), Math.min(t - blackout - k * period, chunk));
    }

    /** The latest time by which w &gt; 0 units have surely come: B + w + (⌈w/Θ⌉ − 1)(P − Θ); MAX_VALUE when Θ ≤ 0. */
    public long finv(long w) {
        if (chunk <= 0) {
            return Long.MAX_VALUE;
        }
        return Math.addExact(Math.addExact(blackout, w), Math.multiplyExact(ceilDiv(w, chunk) - 1, period - chunk));
    }

    /** The times in (0, limit] at which sbf changes slope: B + kP (starts of chunks) and B + kP + Θ (ends). */
    public long[] slopeChanges(long limit) {
        if (chunk <= 0) {
            return new long[0];
        }
        List<Long> out = new ArrayList<>();
        for (long s = blackout; s <= limit; s = Math.addExact(s, period)) {
            if (s > 0) {
                out.add(s);
            }
            if (chunk < period && s + chunk <= limit) {
                out.add(s + chunk);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Fixed-priority response times of {@code tasks} (index 0 highest priority) on this supply,
     * from the synchronous release of all of them: R = finv(Ci + Σ_{j&lt;i} ⌈R/Tj⌉·Cj). A task whose
     * response exceeds its deadline gets −1. The iteration is {@link FixedPoint}'s: exact, fast,
     * and within its work budget for all the tasks together (past it: {@link
     * org.vmsched.analysis.AnalysisLimitException}, "undecided").
     */
    public long[] responseTimes(List<TickTask> tasks) {
        int n = tasks.size();
        long[] c = new long[n];
        long[] t = new long[n];
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            c[i] = tasks.get(i).wcet();
            t[i] = tasks.get(i).period();
            d[i] = tasks.get(i).deadline();
        }
        return FixedPoint.responseTimes(blackout, chunk, period, c, t, d, new FixedPoint.Work());
    }

    /** The response time of task i (see {@link #responseTimes}), −1 when above its deadline. */
    public long responseTime(List<TickTask> tasks, int i) {
        long[] c = new long[i];
        long[] t = new long[i];
        for (int j = 0; j < i; j++) {
            c[j] = tasks.get(j).wcet();
            t[j] = tasks.get(j).period();
        }
        TickTask ti = tasks.get(i);
        return FixedPoint.responseTime(blackout, chunk, period, ti.wcet(), c, t, ti.deadline(), new FixedPoint.Work());
    }

    /** Whether every task meets its deadline on this supply. */
    public boolean schedulable(List<TickTask> tasks) {
        for (long r : responseTimes(tasks)) {
            if (r < 0) {
                return false;
            }
        }
        return true;
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}

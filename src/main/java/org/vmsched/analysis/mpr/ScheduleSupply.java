package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * A VM's least supply read off the host's own schedule of its periodic vCPUs (THEORY.md §15.19):
 * n(x), the number of its vCPUs that hold a core past their overhead at x, is known exactly (the
 * job-free schedule, §15.13), and periodic with period P from a steady start s₀. For windows that
 * start at or after L (no job of the VM is released before L), sbf(t) = min over s ≥ L of the
 * supply ∫ n over [s, s + t), which is attained at s = L, at an s where n drops, or at an s where n
 * rises at s + t (§15.19 Claim A); sbf is concave between the lengths e − d (e a rise, d a drop or
 * L), so it is computed exactly at those in [0, T₀ + P] (T₀ = max(0, s₀ − L)) and read as the chord
 * between them (a lower bound: the chord of a concave piece lies below it), and past T₀ + P as
 * sbf(t + P) = sbf(t) + S (S the supply of one period P; Claim B). Built only within a bound on
 * work ({@link #of}). Times in the schedule's ticks inside, the scenario's unit outside. Immutable
 * and thread-safe.
 */
public final class ScheduleSupply implements GuestSupply {

    /** Evaluations of one window's supply (window starts × lengths) allowed in building a table. */
    public static final long MAX_WORK = 2_000_000;

    /** Why there is no table when the steady schedule gives the VM no usable time. */
    public static final String NO_SUPPLY = "the VM's vCPUs get no usable time in the host's steady schedule";

    private final long unit;
    private final int vcpus;
    private final long period;
    private final long supplyPerPeriod;
    private final long steadyFrom;
    /** The lengths at which sbf is exact (0, T₀, T₀ + P and the corners between), in order, and sbf there. */
    private final long[] points;
    private final long[] values;
    private final BigFraction linearBlackout;

    private ScheduleSupply(long unit, int vcpus, long period, long supplyPerPeriod, long steadyFrom, long[] points,
                           long[] values) {
        this.unit = unit;
        this.vcpus = vcpus;
        this.period = period;
        this.supplyPerPeriod = supplyPerPeriod;
        this.steadyFrom = steadyFrom;
        this.points = points;
        this.values = values;
        BigFraction b = BigFraction.ZERO;
        if (supplyPerPeriod > 0) {
            for (int i = 0; i < points.length; i++) {
                // t − sbf(t)/ρ is linear between the points and repeats past T₀ + P: its largest value is at one
                BigFraction x = new BigFraction(points[i]).subtract(new BigFraction(values[i] * period, supplyPerPeriod));
                b = x.compareTo(b) > 0 ? x : b;
            }
        }
        this.linearBlackout = b.divide(unit);
    }

    /** A table, or why there is none. Immutable. */
    public record Built(ScheduleSupply supply, String reason) {
    }

    /**
     * The table of a VM of {@code vcpus} vCPUs from its usable intervals {@code u}, for windows
     * starting at or after {@code lowestStart} ticks; none when the work would pass
     * {@value #MAX_WORK} window evaluations or {@code u} has no supply in its steady period.
     */
    public static Built of(HostSchedule.Usable u, int vcpus, long lowestStart) {
        Levels n = new Levels(u);
        if (n.supplyPerPeriod == 0) {
            return new Built(null, NO_SUPPLY);
        }
        long lo = Math.max(0, lowestStart);
        long base = Math.max(lo, n.s0);
        long t0 = Math.max(0, n.s0 - lo);
        long top = t0 + n.p;
        // window starts that can be least (Claim A): L, the drops at or after L (one steady period of them)
        List<Long> starts = new ArrayList<>();
        starts.add(lo);
        n.changes(lo, base + n.p, false, x -> {
            if (x > lo) {
                starts.add(x);
            }
        });
        long risesPerRange = n.changes(lo, base + n.p + top, true, null);
        long work = (long) starts.size() * n.changes(0, top + 1, true, null);
        if (work > MAX_WORK || (long) starts.size() * risesPerRange > MAX_WORK) {
            return new Built(null, "the table would need more than " + MAX_WORK + " window evaluations");
        }
        // the lengths where sbf's slope may rise (Claim A): e − d for a rise e after a start d, up to T₀ + P
        TreeSet<Long> corners = new TreeSet<>(List.of(0L, t0, top));
        for (long d : starts) {
            n.changes(d + 1, d + top + 1, true, e -> corners.add(e - d));
        }
        long evaluations = (long) corners.size() * (starts.size() + risesPerRange);
        if (evaluations > MAX_WORK) {
            return new Built(null, "the table would need " + evaluations + " window evaluations, more than " + MAX_WORK);
        }
        long[] pts = corners.stream().mapToLong(Long::longValue).toArray();
        long[] vals = new long[pts.length];
        for (int i = 0; i < pts.length; i++) {
            vals[i] = n.least(pts[i], starts, lo, base);
        }
        return new Built(new ScheduleSupply(u.ticksPerUnit(), vcpus, n.p, n.supplyPerPeriod, t0, pts, vals), null);
    }

    /**
     * The intervals [a, b) (ticks, over [0, s₀ + P)) where at least {@code level} of the VM's vCPUs
     * hold a core past their overhead at once, as the usable intervals of one processor (THEORY.md
     * §15.20): periodic from s₀ like {@code u}.
     */
    public static HostSchedule.Usable atLeast(HostSchedule.Usable u, int level) {
        Levels n = new Levels(u);
        List<long[]> out = new ArrayList<>();
        long end = n.s0 + n.p;
        for (int i = 0; i < n.at.length; i++) {
            long next = i + 1 < n.at.length ? n.at[i + 1] : end;
            if (n.level[i] < level) {
                continue;
            }
            if (!out.isEmpty() && out.get(out.size() - 1)[1] == n.at[i]) {
                out.get(out.size() - 1)[1] = next;
            } else {
                out.add(new long[] {n.at[i], next});
            }
        }
        return new HostSchedule.Usable(u.ticksPerUnit(), u.steadyStart(), u.period(), List.of(out));
    }

    /**
     * The least window length t with sbf(t) ≥ {@code c} (exact), or null when sbf stays below it:
     * sbf is linear between whole ticks of the schedule's clock, so t is read off the first tick that
     * reaches c and the one before.
     */
    public BigFraction reach(BigFraction c) {
        BigFraction v = c.multiply(unit);
        if (v.compareTo(BigFraction.ZERO) <= 0) {
            return BigFraction.ZERO;
        }
        if (supplyPerPeriod == 0 && new BigFraction(values[values.length - 1]).compareTo(v) < 0) {
            return null;
        }
        long lo = 0;
        long hi = points[points.length - 1] + period;
        while (atTick(hi).compareTo(v) < 0) {
            hi = Math.multiplyExact(hi, 2);
        }
        while (hi - lo > 1) { // sbf(lo) < v ≤ sbf(hi)
            long mid = lo + (hi - lo) / 2;
            if (atTick(mid).compareTo(v) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        BigFraction a = atTick(lo);
        BigFraction b = atTick(hi);
        return new BigFraction(lo).add(v.subtract(a).divide(b.subtract(a))).divide(unit);
    }

    private BigFraction atTick(long x) {
        return sbf(new BigFraction(x, unit)).multiply(unit);
    }

    /** The exact least supply (ticks) of a window of {@code t} ticks starting at or after {@code lowestStart}, by brute force over every start. */
    static long bruteForce(HostSchedule.Usable u, long lowestStart, long t) {
        Levels n = new Levels(u);
        long best = Long.MAX_VALUE;
        for (long s = Math.max(0, lowestStart); s < Math.max(lowestStart, n.s0) + n.p; s++) {
            best = Math.min(best, n.cumulative(s + t) - n.cumulative(s));
        }
        return best;
    }

    /**
     * The start (ticks, at or after the lowest start) of a window of {@code t} ticks with the least
     * supply: where worst-case mode releases the VM's tasks when it replays this schedule.
     */
    public static long worstStart(HostSchedule.Usable u, long lowestStart, long t) {
        Levels n = new Levels(u);
        long lo = Math.max(0, lowestStart);
        long base = Math.max(lo, n.s0);
        long[] best = {Long.MAX_VALUE, lo};
        n.changes(lo, base + n.p, false, x -> consider(n, best, x, t));
        n.changes(lo + t, base + n.p + t, true, e -> consider(n, best, e - t, t));
        consider(n, best, lo, t);
        return best[1];
    }

    private static void consider(Levels n, long[] best, long s, long t) {
        long v = n.cumulative(s + t) - n.cumulative(s);
        if (v < best[0] || v == best[0] && s < best[1]) {
            best[0] = v;
            best[1] = s;
        }
    }

    @Override
    public int concurrency() {
        return vcpus;
    }

    @Override
    public BigFraction rate() {
        return new BigFraction(supplyPerPeriod, period);
    }

    @Override
    public BigFraction linearBlackout() {
        return linearBlackout;
    }

    /** The steady period P of the schedule, in the scenario's unit. */
    public BigFraction period() {
        return new BigFraction(period, unit);
    }

    @Override
    public BigFraction sbf(BigFraction t) {
        BigFraction x = t.multiply(unit);
        long top = points[points.length - 1];
        long j = 0;
        if (x.compareTo(new BigFraction(top)) > 0) {
            j = Exact.ceil(x.subtract(top).divide(period)).longValueExact();
            x = x.subtract(new BigFraction(j * period));
        }
        int i = Arrays.binarySearch(points, Exact.floor(x).longValueExact());
        i = i >= 0 ? i : -i - 2;
        BigFraction v;
        if (i >= points.length - 1) {
            v = new BigFraction(values[points.length - 1]);
        } else {
            BigFraction slope = new BigFraction(values[i + 1] - values[i], points[i + 1] - points[i]);
            v = new BigFraction(values[i]).add(slope.multiply(x.subtract(points[i])));
        }
        return v.add(new BigFraction(j * supplyPerPeriod)).divide(unit);
    }

    /**
     * The window lengths in [0, {@code hi}] at which the table is exact, in order: sbf is the straight
     * line between two neighbours (the chord, §15.19), so they draw it exactly.
     */
    public List<BigFraction> points(BigFraction hi) {
        List<BigFraction> out = new ArrayList<>();
        long top = points[points.length - 1];
        for (long j = 0; ; j++) {
            for (long p : points) {
                if (j > 0 && p <= top - period) {
                    continue; // past T₀ + P the table repeats its last period, P later each time
                }
                BigFraction x = new BigFraction(p + j * period, unit);
                if (x.compareTo(hi) > 0) {
                    return out;
                }
                out.add(x);
            }
        }
    }

    @Override
    public List<BigFraction> grid() {
        return List.of(new BigFraction(1, unit));
    }

    @Override
    public List<BigFraction> corners(BigFraction lo, BigFraction hi) {
        BigInteger scale = BigInteger.valueOf(unit);
        Scaled s = inTicks(scale);
        List<BigFraction> out = new ArrayList<>();
        s.corners(Exact.ceil(lo.multiply(unit)).longValueExact(), Exact.floor(hi.multiply(unit)).longValueExact(),
                t -> out.add(new BigFraction(t, unit)));
        return out;
    }

    @Override
    public long cornerCount(BigFraction lo, BigFraction hi) {
        // counted in the schedule's own ticks, where the table repeats with its period: none listed
        long from = Exact.ceil(lo.multiply(unit)).max(BigInteger.ZERO).longValueExact();
        long to = Exact.floor(hi.multiply(unit)).longValueExact();
        return to < from ? 0 : inTicks(BigInteger.valueOf(unit)).corners(from, to, null);
    }

    @Override
    public Scaled inTicks(BigInteger scale) {
        BigInteger[] qr = scale.divideAndRemainder(BigInteger.valueOf(unit));
        if (qr[1].signum() != 0) {
            throw new IllegalArgumentException("the scale " + scale + " is no multiple of the schedule's clock " + unit);
        }
        long f = qr[0].longValueExact();
        long[] pts = new long[points.length];
        long[] vals = new long[points.length];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = Math.multiplyExact(points[i], f);
            vals[i] = Math.multiplyExact(values[i], f);
        }
        long p = Math.multiplyExact(period, f);
        long sp = Math.multiplyExact(supplyPerPeriod, f);
        long from = Math.multiplyExact(steadyFrom, f);
        if (pts[pts.length - 1] > Exact.LIMIT) {
            throw new ArithmeticException("the table passes 2^60 ticks");
        }
        return new Scaled() {
            @Override
            public long sbf(long t) {
                long top = pts[pts.length - 1];
                long j = t > top ? Math.floorDiv(t - top + p - 1, p) : 0;
                long x = t - j * p;
                int i = Arrays.binarySearch(pts, x);
                i = i >= 0 ? i : -i - 2;
                long v = i >= pts.length - 1 ? vals[pts.length - 1]
                        : vals[i] + Math.floorDiv(Math.multiplyExact(vals[i + 1] - vals[i], x - pts[i]), pts[i + 1] - pts[i]);
                return Math.addExact(v, Math.multiplyExact(j, sp));
            }

            @Override
            public long corners(long lo, long hi, LongConsumer f) {
                long count = 0;
                for (long t : pts) { // the lengths up to T₀ + P
                    if (t >= lo && t <= hi) {
                        count++;
                        if (f != null) {
                            f.accept(t);
                        }
                    }
                }
                for (long t : pts) { // their images a period or more later, those past T₀
                    if (t <= from) {
                        continue;
                    }
                    long first = t + p * Math.max(1, Math.floorDiv(lo - t + p - 1, p));
                    if (first > hi) {
                        continue;
                    }
                    count += (hi - first) / p + 1;
                    for (long x = first; f != null && x <= hi; x += p) {
                        f.accept(x);
                    }
                }
                return count;
            }
        };
    }

    /** n(x) of the class comment as steps over [0, s₀ + P), periodic from s₀, and its integral. */
    private static final class Levels {

        final long s0;
        final long p;
        final long[] at;
        final int[] level;
        final long[] cum;
        final long supplyPerPeriod;
        final long[] transientRises;
        final long[] transientDrops;
        final long[] steadyRises;
        final long[] steadyDrops;

        Levels(HostSchedule.Usable u) {
            s0 = u.steadyStart();
            p = u.period();
            long end = s0 + p;
            TreeSet<Long> cuts = new TreeSet<>(List.of(0L, end));
            for (long[] iv : u.intervals()) {
                cuts.add(Math.min(end, Math.max(0, iv[0])));
                cuts.add(Math.min(end, Math.max(0, iv[1])));
            }
            at = cuts.stream().mapToLong(Long::longValue).filter(x -> x < end).toArray();
            int[] delta = new int[at.length + 1];
            for (long[] iv : u.intervals()) {
                long a = Math.min(end, Math.max(0, iv[0]));
                long b = Math.min(end, Math.max(0, iv[1]));
                if (a < b) {
                    delta[Arrays.binarySearch(at, a)]++;
                    int bi = Arrays.binarySearch(at, b);
                    delta[bi < 0 ? at.length : bi]--;
                }
            }
            level = new int[at.length];
            cum = new long[at.length + 1];
            int lv = 0;
            for (int i = 0; i < at.length; i++) {
                lv += delta[i];
                level[i] = lv;
                long next = i + 1 < at.length ? at[i + 1] : end;
                cum[i + 1] = cum[i] + lv * (next - at[i]);
            }
            supplyPerPeriod = cum[at.length] - cumulativeBelowEnd(s0);
            transientRises = changesIn(false, true);
            transientDrops = changesIn(false, false);
            steadyRises = changesIn(true, true);
            steadyDrops = changesIn(true, false);
        }

        private long cumulativeBelowEnd(long x) {
            int i = Arrays.binarySearch(at, x);
            i = i >= 0 ? i : -i - 2;
            return cum[i] + level[i] * (x - at[i]);
        }

        /** ∫ n over [0, x). */
        long cumulative(long x) {
            if (x < s0 + p) {
                return cumulativeBelowEnd(x);
            }
            long j = (x - s0) / p;
            return Math.addExact(cumulativeBelowEnd(x - j * p), Math.multiplyExact(j, supplyPerPeriod));
        }

        /** n on [x, x + 1). */
        int levelAt(long x) {
            if (x >= s0 + p) {
                x = s0 + (x - s0) % p;
            }
            int i = Arrays.binarySearch(at, x);
            return level[i >= 0 ? i : -i - 2];
        }

        /**
         * Gives {@code f} every x in [a, b) with x &gt; 0 where n rises ({@code rise}) or drops, in order;
         * returns how many (with {@code f} null only counts).
         */
        long changes(long a, long b, boolean rise, LongConsumer f) {
            long count = 0;
            for (long x : rise ? transientRises : transientDrops) {
                if (x >= a && x < b) {
                    count++;
                    if (f != null) {
                        f.accept(x);
                    }
                }
            }
            long[] steady = rise ? steadyRises : steadyDrops;
            if (steady.length == 0) {
                return count;
            }
            long j = Math.max(0, Math.floorDiv(a - (s0 + p), p));
            for (long shift = j * p; s0 + shift < b; shift += p) {
                for (long x : steady) {
                    long y = x + shift;
                    if (y >= a && y < b) {
                        count++;
                        if (f != null) {
                            f.accept(y);
                        }
                    }
                }
            }
            return count;
        }

        /** The changes of n at x in (0, s₀] (the transient's own) or in (s₀, s₀ + P] (the steady ones, repeating). */
        private long[] changesIn(boolean steady, boolean rise) {
            List<Long> out = new ArrayList<>();
            for (long x : at) {
                if (x > 0 && (steady ? x > s0 : x <= s0) && changes(x, rise)) {
                    out.add(x);
                }
            }
            if (steady && changes(s0 + p, rise)) {
                out.add(s0 + p);
            }
            return out.stream().mapToLong(Long::longValue).toArray();
        }

        private boolean changes(long x, boolean rise) {
            int before = levelAt(x - 1);
            int after = levelAt(x);
            return rise ? after > before : after < before;
        }

        /** The least supply of a window of t ticks starting at or after {@code lo}: over the starts given and the rises' windows (Claim A). */
        long least(long t, List<Long> starts, long lo, long base) {
            if (t == 0) {
                return 0;
            }
            long[] best = {Long.MAX_VALUE};
            for (long s : starts) {
                best[0] = Math.min(best[0], cumulative(s + t) - cumulative(s));
            }
            changes(lo + t, base + p + t, true, e -> best[0] = Math.min(best[0], cumulative(e) - cumulative(e - t)));
            return best[0];
        }
    }
}

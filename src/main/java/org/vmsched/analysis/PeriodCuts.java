package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Where the period axis of a VM among neighbours is cut into segments (THEORY.md §6.5): at
 * multiples of the neighbours' periods ({@code everies}), where the VM's P or kind can change.
 * Any set of cuts is safe (each segment is searched with the supply at its top); the more of them
 * fall where good periods are, the fewer good periods are lost. {@code examined} counts the
 * multiples looked at, the work of choosing them. Immutable.
 *
 * @param cuts     the chosen cuts in (lo, hi], ascending, each the double of an exact multiple
 * @param exact    the exact multiple each cut stands for (the least, when several round to it)
 * @param examined multiples of neighbours' periods computed to choose them
 */
public record PeriodCuts(double[] cuts, BigDecimal[] exact, long examined) {

    /**
     * At most {@code segments} cuts in (lo, hi] among the multiples of {@code everies}: every
     * multiple when there are at most that many, every n-th of them in order when there are at
     * most {@link #ENUMERATED} per segment, else {@link #chosen} ones, with work independent of
     * their number.
     */
    public static PeriodCuts of(List<Double> everies, double lo, double hi, int segments) {
        double count = 0;
        for (double e : everies) {
            count += Math.floor(hi / e) - Math.floor(lo / e) + 1;
        }
        if (count > (double) ENUMERATED * segments) {
            return chosen(everies, lo, hi, segments);
        }
        TreeMap<Double, BigDecimal> all = new TreeMap<>();
        long examined = 0;
        for (double e : everies) {
            BigDecimal exact = ExactDecimal.of(e);
            for (double m = Math.max(1, Math.floor(lo / e)); m * e <= hi * (1 + Tolerance.REL); m++) {
                examined++;
                keep(all, exact.multiply(BigDecimal.valueOf((long) m)), lo, hi);
            }
        }
        int every = (int) Math.max(1, (all.size() + segments - 1) / segments);
        TreeMap<Double, BigDecimal> kept = new TreeMap<>();
        int i = 0;
        for (var cut : all.entrySet()) {
            if (++i % every == 0) {
                kept.put(cut.getKey(), cut.getValue());
            }
        }
        return of(kept, examined);
    }

    /** Multiples of neighbours' periods per segment up to which all are listed and thinned in order. */
    public static final int ENUMERATED = 32;

    /**
     * Cuts among too many multiples to list: for each of {@code segments} targets in (lo, hi], the
     * largest multiple at or below it. Half the targets are spread evenly over the axis, half
     * geometrically from the least multiple, so that short periods, where good periods lie when
     * the search reaches far (a VM filling its core), still get fine segments.
     */
    static PeriodCuts chosen(List<Double> everies, double lo, double hi, int segments) {
        List<BigDecimal> exact = new ArrayList<>();
        double least = Double.POSITIVE_INFINITY;
        for (double e : everies) {
            exact.add(ExactDecimal.of(e));
            least = Math.min(least, exact.get(exact.size() - 1)
                    .multiply(BigDecimal.valueOf(Math.max(1, (long) Math.floor(lo / e) + 1))).doubleValue());
        }
        TreeMap<Double, BigDecimal> set = new TreeMap<>();
        long examined = 0;
        int geometric = segments / 2;
        int even = segments - geometric;
        for (int i = 0; i < segments; i++) {
            double target = i < geometric
                    ? least * Math.pow(hi / least, (double) i / geometric)
                    : lo + (hi - lo) * (i - geometric + 1) / even;
            BigDecimal best = null;
            BigDecimal t = ExactDecimal.of(Math.min(target, hi));
            for (BigDecimal e : exact) {
                examined++;
                BigDecimal cut = e.multiply(t.divide(e, 0, RoundingMode.FLOOR));
                if (best == null || cut.compareTo(best) > 0) {
                    best = cut;
                }
            }
            keep(set, best, lo, hi);
        }
        return of(set, examined);
    }

    /**
     * Adds the exact multiple m when its double lies in (lo, hi], keeping the least exact value per
     * double. The cut is the multiple of the decimal the period was written as, then its nearest
     * double: 3 × 0.012 is 0.036000000000000004 in doubles, and a segment cut there would be
     * searched with the supply just past the multiple (one more preemption), losing good periods
     * only in some units (THEORY.md §6.6).
     */
    private static void keep(TreeMap<Double, BigDecimal> cuts, BigDecimal m, double lo, double hi) {
        double cut = m.doubleValue();
        if (cut > lo && cut <= hi) {
            cuts.merge(cut, m, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
    }

    private static PeriodCuts of(TreeMap<Double, BigDecimal> cuts, long examined) {
        return new PeriodCuts(cuts.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
                cuts.values().toArray(new BigDecimal[0]), examined);
    }
}

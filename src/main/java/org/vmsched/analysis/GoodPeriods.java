package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.text.Format;

/**
 * The exact set of good VM periods and Tmax of one task set (THEORY.md §3), for any bandwidth α
 * and overhead X. Under RM the scheduling points and demands do not depend on α, so they are
 * computed once here and reused for every α of a curve. Under EDF each absolute deadline up to
 * the demand-bound horizon is one requirement. Immutable and thread-safe.
 */
public final class GoodPeriods {

    /** Under EDF, a region needing more absolute deadlines than this is reported empty. */
    public static final int MAX_REGION_DEADLINES = 200_000;

    /** The minimum period searched is at least this fraction of the shortest task period. */
    public static final double MIN_PERIOD_FACTOR = 1e-9;

    private final List<Task> tasks;
    private final GuestScheduler scheduler;
    /** RM: per task in priority order, its non-dominated scheduling points as {t, w}. */
    private final List<double[][]> rmPoints;
    private final double firstPeriod;

    private GoodPeriods(List<Task> tasks, GuestScheduler scheduler) {
        this.tasks = List.copyOf(tasks);
        this.scheduler = scheduler;
        this.rmPoints = scheduler == GuestScheduler.RM ? rateMonotonicPoints(tasks) : null;
        double t1 = Double.POSITIVE_INFINITY;
        for (Task t : tasks) {
            t1 = Math.min(t1, t.period());
        }
        this.firstPeriod = t1;
    }

    /**
     * Why {@code minPeriod} is below the least period the search takes for tasks whose shortest
     * period is {@code firstPeriod}, or null when it is not: "must be at least 0.000000016 (1e-9
     * times the shortest task period 16), got 1e-9" (the caller names what it is the minimum of).
     */
    public static String minPeriodProblem(double firstPeriod, double minPeriod) {
        if (!(minPeriod < firstPeriod * MIN_PERIOD_FACTOR)) {
            return null;
        }
        return "the minimum period must be at least " + Format.significant(firstPeriod * MIN_PERIOD_FACTOR, 6)
                + " (1e-9 times the shortest task period " + Format.exact(firstPeriod) + "), got "
                + Format.exact(minPeriod).replace('E', 'e');
    }

    /** For a task set under the given scheduler inside the VM. */
    public static GoodPeriods of(List<Task> tasks, GuestScheduler scheduler) {
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException("a VM needs at least one task");
        }
        if (scheduler == GuestScheduler.RM) {
            checkPointCount(tasks);
        }
        return new GoodPeriods(tasks, scheduler);
    }

    /** Most scheduling points (Σ over tasks of Σ_{j<i} ⌊Di/Tj⌋) the exact search enumerates. */
    public static final long MAX_POINTS = 500_000;

    /** Refuses, with the reason, a task set whose periods are too far apart for the exact search. */
    private static void checkPointCount(List<Task> tasks) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        double count = 0;
        for (int p = 0; p < order.length; p++) {
            for (int q = 0; q < p; q++) {
                count += Math.floor(tasks.get(order[p]).deadline() / tasks.get(order[q]).period());
            }
        }
        if (count > MAX_POINTS) {
            Task shortest = tasks.get(order[0]);
            Task longest = tasks.get(order[order.length - 1]);
            throw new AnalysisLimitException(String.format(Locale.ROOT,
                    "the exact good-period search would need %s scheduling points (at most %d): task periods range"
                    + " from %s (%s) to %s (%s); use fewer or closer periods, e.g. another time unit for the slow tasks",
                    Format.rough(count), MAX_POINTS, shortest.period(), shortest.name(), longest.period(), longest.name()));
        }
    }

    /**
     * The requirements one region search checks: the RM scheduling points, or 0 under EDF (whose
     * deadlines depend on α and are bounded by {@link #MAX_REGION_DEADLINES} per search).
     */
    public long pointCount() {
        long n = 0;
        if (rmPoints != null) {
            for (double[][] p : rmPoints) {
                n += p.length;
            }
        }
        return n;
    }

    /**
     * The default lower end of the search, T1/1000 (T1 the shortest task period), as the decimal
     * T1 was written as moved three places: 0.0008/1000 in doubles is 8.000000000000001e-7, an end
     * that would not scale with the unit (THEORY.md §6.6).
     */
    public double defaultMinPeriod() {
        return ExactDecimal.of(firstPeriod).movePointLeft(3).doubleValue();
    }

    /** Tmax(α): the largest good period, 0 when none ≥ minPeriod; +∞ possible at α = 1. */
    public double tmax(double alpha, double overhead, double minPeriod) {
        PeriodRegion r = region(alpha, new Supply(1, alpha, overhead), minPeriod);
        return r == null ? 0 : r.tmax();
    }

    /**
     * Whether some period in [minPeriod, maxPeriod] is good for a server of {@code shape}'s kind at
     * bandwidth α: the top-down walk of {@link PeriodRegion} from maxPeriod, stopped at its first
     * interval's top, without the bottoms of every interval below (a design's bisection on α asks
     * only this, THEORY.md §12).
     */
    public boolean anyGood(double alpha, Supply shape, double minPeriod, double maxPeriod) {
        return anyGood(alpha, shape, minPeriod, maxPeriod, 0);
    }

    /**
     * As {@link #anyGood(double, Supply, double, double)}, on the multiples of {@code grid} when it
     * is positive (the multiple as the decimal grid·m): the intervals from the top down, stopped at
     * the first that holds one.
     */
    public boolean anyGood(double alpha, Supply shape, double minPeriod, double maxPeriod, double grid) {
        PeriodRegion r = region(alpha, shape, minPeriod);
        if (r == null) {
            return false;
        }
        double cursor = maxPeriod;
        while (true) {
            Interval iv = r.highestAtOrBelow(cursor);
            if (iv == null || iv.hi() < minPeriod) {
                return false;
            }
            if (!(grid > 0)) {
                return true;
            }
            double a = Math.max(iv.lo(), minPeriod);
            double b = Math.min(iv.hi(), maxPeriod);
            long m = (long) Math.floor(b / grid * (1 + 1e-12));
            if (m >= 1 && BigDecimal.valueOf(grid).multiply(BigDecimal.valueOf(m)).doubleValue() >= a) {
                return true;
            }
            if (iv.lo() <= minPeriod) {
                return false;
            }
            cursor = PeriodRegion.below(iv);
        }
    }

    /** Tmax from the good intervals of {@link #intervals}: the top of the highest, 0 when none. */
    public static double tmaxOf(List<Interval> intervals) {
        return intervals.isEmpty() ? 0 : intervals.get(intervals.size() - 1).hi();
    }

    /** Every maximal interval of good periods in increasing order, isolated points included. */
    public List<Interval> intervals(double alpha, double overhead, double minPeriod) {
        return intervals(alpha, new Supply(1, alpha, overhead), minPeriod);
    }

    /**
     * As {@link #intervals(double, double, double)} for a server of {@code shape}'s kind,
     * preemption bound P and overhead (its period and budget are ignored; the budget is α·T).
     */
    public List<Interval> intervals(double alpha, Supply shape, double minPeriod) {
        PeriodRegion r = region(alpha, shape, minPeriod);
        if (r == null) {
            return List.of();
        }
        List<Interval> out = new ArrayList<>(r.intervals());
        Collections.reverse(out);
        return out;
    }

    /**
     * As {@link #intervals(double, Supply, double)}, only the intervals that meet [from, to]
     * (unclipped): the top-down walk started at {@code to}, not at the top of the axis.
     */
    public List<Interval> intervals(double alpha, Supply shape, double minPeriod, double from, double to) {
        return intervals(alpha, shape, minPeriod, from, to, Integer.MAX_VALUE);
    }

    /**
     * As {@link #intervals(double, Supply, double, double, double)}, only the {@code limit} highest
     * intervals (the walk stops there); {@code to} = +∞ walks the whole axis, as
     * {@link #intervals(double, Supply, double)} does.
     */
    public List<Interval> intervals(double alpha, Supply shape, double minPeriod, double from, double to, int limit) {
        PeriodRegion r = region(alpha, shape, minPeriod);
        if (r == null) {
            return List.of();
        }
        List<Interval> out = new ArrayList<>(r.intervals(to, from, limit));
        Collections.reverse(out);
        return out;
    }

    /**
     * As {@link #intervals(double, Supply, double)} with exact ends (THEORY.md §6.6), at the exact
     * bandwidth α (the VM's C/T as fractions of its decimals).
     */
    public List<ExactInterval> exactIntervals(BigFraction alpha, Supply shape, double minPeriod) {
        PeriodRegion r = region(alpha.doubleValue(), shape, minPeriod);
        return r == null ? List.of() : exactIntervals(alpha, shape, minPeriod, r, r.intervals());
    }

    /**
     * As {@link #exactIntervals(BigFraction, Supply, double)}, only the intervals whose double
     * ends meet [from, to] (unclipped): a VM among neighbours refines exactly only its segment's
     * stretch of the axis, not every interval of the axis once per segment.
     */
    public List<ExactInterval> exactIntervals(BigFraction alpha, Supply shape, double minPeriod, double from, double to) {
        PeriodRegion r = region(alpha.doubleValue(), shape, minPeriod);
        if (r == null) {
            return List.of();
        }
        // the whole walk, whose tops are the region's own (a walk started at `to` would end an
        // interval there, and the exact refinement looks for a real end near each top)
        List<Interval> meeting = new ArrayList<>();
        for (Interval iv : r.intervals()) {
            if (iv.hi() >= from && iv.lo() <= to) {
                meeting.add(iv);
            }
        }
        return exactIntervals(alpha, shape, minPeriod, r, meeting);
    }

    private List<ExactInterval> exactIntervals(BigFraction alpha, Supply shape, double minPeriod, PeriodRegion r,
                                               List<Interval> found) {
        List<Interval> out = new ArrayList<>(found);
        Collections.reverse(out);
        List<SchedulingPoint[]> reqs = r.requirements();
        SupplyForm.Exact form = SupplyForm.exact(shape, alpha);
        // a search bound, not a result: its 15 leading digits (T1/1000 of 16e-6 is 1.5999999999999999e-8 in doubles)
        BigFraction min = ExactDecimal.fraction(BigDecimal.valueOf(minPeriod).round(new MathContext(15, RoundingMode.HALF_UP)));
        if (scheduler == GuestScheduler.EDF && r.minPeriod() > minPeriod) {
            // the region starts 1 % above X/(α − U) (see region): that bound, exactly
            BigFraction u = BigFraction.ZERO;
            for (Task t : tasks) {
                u = u.add(ExactDecimal.fraction(t.wcet()).divide(ExactDecimal.fraction(t.period())));
            }
            BigFraction lowest = form.xc().divide(alpha.subtract(u)).multiply(new BigFraction(101, 100));
            min = lowest.compareTo(min) > 0 ? lowest : min;
        }
        ExactRegion exact = new ExactRegion(reqs,
                i -> {
                    if (scheduler != GuestScheduler.RM) {
                        return exactDeadlines(reqs.get(i)[0].t);
                    }
                    List<ExactRegion.Point> pts = exactRmPoints(i);
                    return pts == null ? null : List.of(pts);
                },
                alpha, form, min);
        return exact.refine(out);
    }

    /** A task with more exact scheduling points than this keeps the decimal of its double ends. */
    static final int MAX_EXACT_POINTS = 20_000;

    /** Exact scheduling points per task in RM order, computed when first needed. */
    private final ConcurrentHashMap<Integer, List<ExactRegion.Point>> exactRm = new ConcurrentHashMap<>();

    /**
     * The scheduling points of the p-th task in RM order in exact decimals (THEORY.md §2): its
     * deadline and every multiple of a higher-priority period up to it, with their exact demand;
     * of points with equal demand only the latest is kept. Empty (so no end is re-solved: see
     * {@link ExactRegion}) past {@link #MAX_EXACT_POINTS}.
     */
    private List<ExactRegion.Point> exactRmPoints(int p) {
        return exactRm.computeIfAbsent(p, k -> {
            int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
            Task ti = tasks.get(order[k]);
            BigDecimal d = ExactDecimal.of(ti.deadline());
            TreeSet<BigDecimal> ts = new TreeSet<>();
            ts.add(d);
            for (int q = 0; q < k; q++) {
                BigDecimal tq = ExactDecimal.of(tasks.get(order[q]).period());
                for (BigDecimal m = tq; m.compareTo(d) <= 0; m = m.add(tq)) {
                    ts.add(m);
                    if (ts.size() > MAX_EXACT_POINTS) {
                        return null;
                    }
                }
            }
            TreeMap<BigDecimal, BigDecimal> byW = new TreeMap<>();
            for (BigDecimal t : ts) {
                BigDecimal w = ExactDecimal.of(ti.wcet());
                for (int q = 0; q < k; q++) {
                    Task tj = tasks.get(order[q]);
                    BigDecimal n = t.divide(ExactDecimal.of(tj.period()), 0, RoundingMode.CEILING);
                    w = w.add(n.multiply(ExactDecimal.of(tj.wcet())));
                }
                byW.merge(w, t, BigDecimal::max);
            }
            List<ExactRegion.Point> out = new ArrayList<>();
            for (var e : byW.entrySet()) {
                out.add(new ExactRegion.Point(ExactDecimal.fraction(e.getValue()), ExactDecimal.fraction(e.getKey())));
            }
            return out;
        });
    }

    /**
     * Under EDF, the exact absolute deadlines the double deadline d stands for (several may round
     * to one double, or have been merged by the demand-point list), each a requirement of its own
     * with its exact demand Σj max(0, ⌊(t − Dj)/Tj⌋ + 1)·Cj.
     */
    private List<List<ExactRegion.Point>> exactDeadlines(double d) {
        TreeSet<BigDecimal> near = new TreeSet<>();
        for (Task tj : tasks) {
            double k = Math.rint((d - tj.deadline()) / tj.period());
            for (double kk = Math.max(0, k - 1); kk <= k + 1; kk++) {
                BigDecimal t = ExactDecimal.of(tj.deadline()).add(BigDecimal.valueOf((long) kk)
                        .multiply(ExactDecimal.of(tj.period())));
                if (Math.abs(t.doubleValue() - d) <= 1e-8 * d) {
                    near.add(t);
                }
            }
        }
        List<List<ExactRegion.Point>> out = new ArrayList<>();
        for (BigDecimal t : near) {
            BigDecimal w = BigDecimal.ZERO;
            for (Task tj : tasks) {
                BigDecimal n = t.subtract(ExactDecimal.of(tj.deadline()))
                        .divide(ExactDecimal.of(tj.period()), 0, RoundingMode.FLOOR).add(BigDecimal.ONE);
                if (n.signum() > 0) {
                    w = w.add(n.multiply(ExactDecimal.of(tj.wcet())));
                }
            }
            out.add(List.of(new ExactRegion.Point(ExactDecimal.fraction(t), ExactDecimal.fraction(w))));
        }
        return out;
    }

    /** How many requirements (under EDF, absolute deadlines) the region at α lists, 0 when it is empty: its work, for tests. */
    int regionRequirements(double alpha, Supply shape, double minPeriod) {
        PeriodRegion r = region(alpha, shape, minPeriod);
        return r == null ? 0 : r.requirements().size();
    }

    private PeriodRegion region(double alpha, Supply shape, double minPeriod) {
        double overhead = shape.overhead();
        SupplyForm form = SupplyForm.of(shape, alpha);
        if (minPeriod < firstPeriod * MIN_PERIOD_FACTOR) {
            throw new AnalysisLimitException(minPeriodProblem(firstPeriod, minPeriod));
        }
        if (!(alpha > 0 && alpha <= 1) || !(minPeriod > 0) || !(overhead >= 0)) {
            throw new IllegalArgumentException("need 0 < alpha <= 1, overhead >= 0, minPeriod > 0; got alpha="
                    + alpha + ", overhead=" + overhead + ", minPeriod=" + minPeriod);
        }
        List<SchedulingPoint[]> reqs = new ArrayList<>();
        if (scheduler == GuestScheduler.RM) {
            for (double[][] pts : rmPoints) {
                reqs.add(toPoints(pts, alpha, form, minPeriod));
            }
            return new PeriodRegion(reqs, minPeriod);
        }
        return EdfRegion.of(tasks, alpha, shape, form, minPeriod);
    }

    private static SchedulingPoint[] toPoints(double[][] pts, double alpha, SupplyForm form, double minPeriod) {
        SchedulingPoint[] out = new SchedulingPoint[pts.length];
        for (int i = 0; i < pts.length; i++) {
            out[i] = new SchedulingPoint(pts[i][0], pts[i][1], alpha, form, minPeriod);
        }
        return out;
    }

    /**
     * Scheduling points of each task under RM (THEORY.md §2): Pi = {Di} ∪ {m·Tj ≤ Di : j < i}
     * with Wi(t) = Ci + Σ_{j<i} ⌈t/Tj⌉·Cj. Wi is non-decreasing, so of points with the same
     * demand only the latest matters (its sbf is at least as large).
     */
    static List<double[][]> rateMonotonicPoints(List<Task> tasks) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        List<double[][]> out = new ArrayList<>();
        for (int p = 0; p < order.length; p++) {
            Task ti = tasks.get(order[p]);
            TreeMap<Double, Double> byT = new TreeMap<>();
            byT.put(ti.deadline(), 0.0);
            for (int q = 0; q < p; q++) {
                double tj = tasks.get(order[q]).period();
                for (long m = 1; m * tj <= ti.deadline() * (1 + Tolerance.REL); m++) {
                    byT.put(Math.min(m * tj, ti.deadline()), 0.0);
                }
            }
            TreeMap<Double, Double> byW = new TreeMap<>();
            for (double t : byT.keySet()) {
                double w = ti.wcet();
                for (int q = 0; q < p; q++) {
                    Task tj = tasks.get(order[q]);
                    w += Tolerance.ceil(t / tj.period()) * tj.wcet();
                }
                byW.merge(w, t, Math::max);
            }
            double[][] pts = new double[byW.size()][];
            int i = 0;
            for (var e : byW.entrySet()) {
                pts[i++] = new double[] {e.getValue(), e.getKey()};
            }
            out.add(pts);
        }
        return out;
    }

    /**
     * The search's cap on the period of a VM that fills its core (no blackout bounds it): 10^6
     * times the largest deadline, scaled as a decimal so the cap of a system written in other
     * units is the same cap scaled (8 × 10^-7 × 10^6 in doubles is 0.7999999999999999, which cut
     * the good periods below 0.8 at that scale only; UnitFreeProperties).
     */
    static double wideCap(double maxD) {
        return BigDecimal.valueOf(maxD).scaleByPowerOfTen(6).doubleValue();
    }
}

package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

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
            throw new AnalysisLimitException(String.format(java.util.Locale.ROOT,
                    "the exact good-period search would need %.3g scheduling points (at most %d): task periods range"
                    + " from %s (%s) to %s (%s); use fewer or closer periods, e.g. another time unit for the slow tasks",
                    count, MAX_POINTS, shortest.period(), shortest.name(), longest.period(), longest.name()));
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

    /** The default lower end of the search, T1/1000 (T1 the shortest task period). */
    public double defaultMinPeriod() {
        return firstPeriod / 1000;
    }

    /** Tmax(α): the largest good period, 0 when none ≥ minPeriod; +∞ possible at α = 1. */
    public double tmax(double alpha, double overhead, double minPeriod) {
        PeriodRegion r = region(alpha, new Supply(1, alpha, overhead), minPeriod);
        return r == null ? 0 : r.tmax();
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
        java.util.Collections.reverse(out);
        return out;
    }

    private PeriodRegion region(double alpha, Supply shape, double minPeriod) {
        double overhead = shape.overhead();
        SupplyForm form = SupplyForm.of(shape, alpha);
        if (minPeriod < firstPeriod * MIN_PERIOD_FACTOR) {
            throw new AnalysisLimitException("the minimum period must be at least " + firstPeriod * MIN_PERIOD_FACTOR
                    + " (1e-9 times the shortest task period " + firstPeriod + "), got " + minPeriod);
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
        double u = EdfDemand.utilization(tasks);
        int vsU = EdfDemand.compareToUtilization(alpha, tasks);
        Supply whole = shape.withServer(1, 1);
        if (vsU == 0 && alpha == 1 && overhead == 0 && whole.blackout() == 0 && whole.chunk() == 1) {
            // A whole core whatever the period (sbf(t) = t): at U = 1 every period is good iff the
            // exact test passes on a dedicated processor (THEORY.md §8.3 (d)); undecided counts as not.
            return EdfDemand.schedulable(Supply.dedicated(), tasks) ? new PeriodRegion(List.of(), minPeriod) : null;
        }
        if (vsU <= 0 || alpha <= u) {
            // Below U no period works; at α = U none of the thesis's server (C < T or X > 0: THEORY.md
            // §8.3 (c)), and other shapes are left out there (conservative).
            return null;
        }
        double lowest = minPeriod;
        if (overhead > 0) {
            // Close to the left bound X/(α−U) the demand-bound horizon grows without limit:
            // periods within 1 % of it are left out (conservative, THEORY.md §8.6).
            lowest = Math.max(lowest, form.xc() / (alpha - u) * 1.01);
        }
        double maxD = 0;
        double minD = Double.POSITIVE_INFINITY;
        for (Task t : tasks) {
            maxD = Math.max(maxD, t.deadline());
            minD = Math.min(minD, t.deadline());
        }
        double top = form.gamma() <= 0 ? 1e6 * maxD : (minD - form.xb()) / form.gamma();
        if (top < lowest) {
            return null;
        }
        double limit = maxD;
        for (int i = 0; i <= 64; i++) {
            double p = lowest * Math.pow(top / lowest, i / 64.0);
            limit = Math.max(limit, EdfDemand.horizon(shape.withServer(p, alpha * p), tasks));
        }
        double[][] demand = EdfDemand.demandPoints(tasks, limit * 1.05 + maxD, MAX_REGION_DEADLINES);
        if (demand == null) {
            // α only just above U: the horizon holds too many deadlines to check; report no
            // good period rather than an unchecked one (conservative, documented in the README).
            return null;
        }
        for (double[] d : demand) {
            reqs.add(new SchedulingPoint[] {new SchedulingPoint(d[0], d[1], alpha, form, lowest)});
        }
        return new PeriodRegion(reqs, lowest);
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
}

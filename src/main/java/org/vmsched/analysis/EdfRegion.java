package org.vmsched.analysis;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.vmsched.model.Task;

/**
 * The exact good-period region of an EDF guest at one bandwidth (THEORY.md §3, §6.4, §8.3): one
 * requirement per absolute deadline up to the largest demand-bound horizon of the periods
 * searched, each built when the region's walk first asks it, and the walk at cursor p asking only
 * the deadlines up to the horizon of the periods at or below p (§8.3.1). Stateless.
 */
final class EdfRegion {

    private EdfRegion() {
    }

    /**
     * The region of {@code tasks} under EDF at bandwidth α with {@code shape}'s server kind,
     * preemption bound and overhead ({@code form} its supply form at α), periods from
     * {@code minPeriod}; null when no period is good.
     */
    static PeriodRegion of(List<Task> tasks, double alpha, Supply shape, SupplyForm form, double minPeriod) {
        double overhead = shape.overhead();
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
        double top = form.gamma() <= 0 ? GoodPeriods.wideCap(maxD) : (minD - form.xb()) / form.gamma();
        if (top < lowest) {
            return null;
        }
        // deadlines at or beyond the horizon pass whatever the longest deadline (§8.3 (b); D ≤ T), so
        // max D is no part of the reach: with it a task of deadline 8·10^5 beside one of period 50
        // listed 32,800 deadlines where the horizon held two (issue 30, THEORY.md §8.3.1)
        double limit = 0;
        for (int i = 0; i <= 64; i++) {
            double p = lowest * Math.pow(top / lowest, i / 64.0);
            limit = Math.max(limit, EdfDemand.horizon(shape.withServer(p, alpha * p), tasks));
        }
        double[][] demand = EdfDemand.demandPoints(tasks, limit * 1.05, GoodPeriods.MAX_REGION_DEADLINES);
        if (demand == null) {
            // α only just above U: the horizon holds too many deadlines to check; report no
            // good period rather than an unchecked one (conservative, documented in docs/THEORY.md §8.6).
            return null;
        }
        double[] windows = new double[demand.length];
        for (int i = 0; i < demand.length; i++) {
            windows[i] = demand[i][0];
        }
        // each point is built when the walk first asks it: most walks need only the short windows
        double from = lowest;
        List<SchedulingPoint[]> points = new LazyPoints(demand.length,
                i -> new SchedulingPoint[] {new SchedulingPoint(demand[i][0], demand[i][1], alpha, form, from)});
        if (form.gamma() < 0) {
            return new PeriodRegion(points, lowest);
        }
        Reach reach = new Reach(tasks, shape, alpha, lowest, top, limit * 1.05,
                EdfDemand.horizon(shape.withServer(lowest, alpha * lowest), tasks));
        return new PeriodRegion(points, lowest, windows, reach);
    }

    /**
     * For a period p, the longest deadline window that can fail at a period in [lowest, p]:
     * 1.05 times the larger of the horizons at lowest and at p (the horizon L(T) is quasi-convex in
     * T, THEORY.md §8.3.1, so its largest value over the range is at an end), the margin the
     * region's whole limit {@code cap} takes too.
     */
    private record Reach(List<Task> tasks, Supply shape, double alpha, double lowest, double top,
                         double cap, double fromLowest) implements DoubleUnaryOperator {
        @Override
        public double applyAsDouble(double p) {
            double q = Math.min(p, top);
            double h = Math.max(fromLowest, q > lowest ? EdfDemand.horizon(shape.withServer(q, alpha * q), tasks) : 0);
            return Math.min(cap, h * 1.05);
        }
    }
}

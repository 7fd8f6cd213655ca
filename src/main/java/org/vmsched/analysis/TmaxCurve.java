package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/**
 * Tmax over many bandwidths (THEORY.md §3): one point per α with the exact good periods and the
 * upper bound. Stateless; the points share one {@link GoodPeriods}.
 */
public final class TmaxCurve {

    private TmaxCurve() {
    }

    /**
     * One α of the curve. {@code feasiblePeriods} is empty when only Tmax was asked for;
     * {@code exactPeriods} holds their exact ends (THEORY.md §6.6) when they were asked for exactly.
     */
    public record Point(double alpha, double tmax, List<Interval> feasiblePeriods, double upperBound,
                        List<ExactInterval> exactPeriods) {

        public Point {
            feasiblePeriods = List.copyOf(feasiblePeriods);
            exactPeriods = List.copyOf(exactPeriods);
        }

        /** A point without exact ends. */
        public Point(double alpha, double tmax, List<Interval> feasiblePeriods, double upperBound) {
            this(alpha, tmax, feasiblePeriods, upperBound, List.of());
        }
    }

    /** Tmax and the good periods at each α ({@code minPeriod} NaN = default T1/1000). */
    public static List<Point> compute(List<Task> tasks, GuestScheduler scheduler, double[] alphas, double overhead,
                                      double minPeriod, boolean withPeriods) {
        GoodPeriods gp = GoodPeriods.of(tasks, scheduler);
        double min = Double.isNaN(minPeriod) ? gp.defaultMinPeriod() : minPeriod;
        List<Point> out = new ArrayList<>();
        for (double a : alphas) {
            double ub = Bounds.upperBound(a, overhead, tasks);
            if (withPeriods) {
                // α as the decimal it was written as; the ends exact (THEORY.md §6.6)
                List<ExactInterval> exact = gp.exactIntervals(ExactDecimal.fraction(a), new Supply(1, a, overhead), min);
                List<Interval> iv = exact.stream().map(ExactInterval::approx).toList();
                out.add(new Point(a, GoodPeriods.tmaxOf(iv), iv, ub, exact));
            } else {
                out.add(new Point(a, gp.tmax(a, overhead, min), List.of(), ub));
            }
        }
        return out;
    }
}

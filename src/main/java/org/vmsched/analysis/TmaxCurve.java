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

    /** One α of the curve. {@code feasiblePeriods} is empty when only Tmax was asked for. */
    public record Point(double alpha, double tmax, List<Interval> feasiblePeriods, double upperBound) {
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
                List<Interval> iv = gp.intervals(a, overhead, min);
                double tmax = GoodPeriods.tmaxOf(iv);
                out.add(new Point(a, tmax, iv, ub));
            } else {
                out.add(new Point(a, gp.tmax(a, overhead, min), List.of(), ub));
            }
        }
        return out;
    }
}

package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

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

    /** Tmax and the good periods at each α ({@code minPeriod} NaN = default T1/1000), alone on a core. */
    public static List<Point> compute(List<Task> tasks, GuestScheduler scheduler, double[] alphas, double overhead,
                                      double minPeriod, boolean withPeriods) {
        GoodPeriods gp = GoodPeriods.of(tasks, scheduler);
        double min = Double.isNaN(minPeriod) ? gp.defaultMinPeriod() : minPeriod;
        List<Point> out = new ArrayList<>();
        for (double a : alphas) {
            out.add(withPeriods ? alone(tasks, gp, a, overhead, min, true)
                    : new Point(a, gp.tmax(a, overhead, min), List.of(), Bounds.upperBound(a, overhead, tasks)));
        }
        return out;
    }

    /**
     * One α of the thesis's curve: the task set alone on a core with the supply (α, X) of
     * THEORY.md §3; the ends exact ({@code exact}, α as the decimal it was written as, §6.6) or not.
     */
    public static Point alone(List<Task> tasks, GoodPeriods gp, double alpha, double overhead, double minPeriod,
                              boolean exact) {
        double ub = Bounds.upperBound(alpha, overhead, tasks);
        if (!exact) {
            List<Interval> iv = gp.intervals(alpha, overhead, minPeriod);
            return new Point(alpha, GoodPeriods.tmaxOf(iv), iv, ub);
        }
        List<ExactInterval> ex = gp.exactIntervals(ExactDecimal.fraction(alpha), new Supply(1, alpha, overhead), minPeriod);
        List<Interval> iv = ex.stream().map(ExactInterval::approx).toList();
        return new Point(alpha, GoodPeriods.tmaxOf(iv), iv, ub, ex);
    }

    /**
     * One α of the curve of {@code vm} among its core mates in {@code scenario}: at each period
     * the supply its neighbours leave it (THEORY.md §6.5), as {@code analyze} computes the VM's
     * own Tmax; the thesis's curve ({@link #alone}) when it has no neighbour.
     */
    public static Point amongCoreMates(Scenario scenario, VirtualMachine vm, GoodPeriods gp, double alpha,
                                       double minPeriod, boolean exact) {
        double ub = Bounds.upperBound(alpha, vm.overhead(), vm.tasks());
        if (!exact) {
            List<Interval> iv = VmSupply.goodPeriods(scenario, vm, gp, alpha, minPeriod);
            return new Point(alpha, GoodPeriods.tmaxOf(iv), iv, ub);
        }
        List<ExactInterval> ex = VmSupply.exactGoodPeriods(scenario, vm, gp, ExactDecimal.fraction(alpha), minPeriod);
        List<Interval> iv = ex.stream().map(ExactInterval::approx).toList();
        return new Point(alpha, GoodPeriods.tmaxOf(iv), iv, ub, ex);
    }
}

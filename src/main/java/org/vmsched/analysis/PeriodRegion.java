package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The exact set of good VM periods for one bandwidth α and overhead X (THEORY.md §3): a list of
 * requirements, each satisfied when at least one of its scheduling points is (a task under RM:
 * Ri ≤ Di iff some point t has Wi(t) ≤ sbf(t)); the VM's set is the intersection over the
 * requirements of the union over their points. Found top-down without a grid: from the top,
 * each requirement moves the cursor to its largest good period at or below it until all agree
 * (an interval's top), then the interval's bottom is the highest of the requirements' component
 * bottoms, and the cursor goes on just below it. Under EDF each requirement is one demand point
 * and a point beyond the horizon of every period at or below the cursor passes there (THEORY.md
 * §8.3, §6.4): the walk asks only the points up to that reach. Immutable after construction.
 */
final class PeriodRegion {

    private static final double STEP_BELOW = 4 * Tolerance.REL;

    private final List<SchedulingPoint[]> requirements;
    private final double minPeriod;
    /** Each requirement's window length, increasing (single-point requirements), or null: ask them all. */
    private final double[] windows;
    /** For a period p: the longest window that can fail at a period in [minPeriod, p]. */
    private final DoubleUnaryOperator reach;

    PeriodRegion(List<SchedulingPoint[]> requirements, double minPeriod) {
        this(requirements, minPeriod, null, null);
    }

    /**
     * A region whose requirements are single points in increasing window length {@code windows},
     * of which a period p needs only those up to {@code reach(p)} (every longer one passes at every
     * period from {@code minPeriod} to p).
     */
    PeriodRegion(List<SchedulingPoint[]> requirements, double minPeriod, double[] windows, DoubleUnaryOperator reach) {
        this.requirements = requirements;
        this.minPeriod = minPeriod;
        this.windows = windows;
        this.reach = reach;
    }

    /** How many requirements (from the first) the periods at or below p need. */
    private int needed(double p) {
        if (windows == null || windows.length == 0) {
            return requirements.size();
        }
        double r = reach.applyAsDouble(p);
        if (!(r < windows[windows.length - 1])) {
            return requirements.size();
        }
        int i = Arrays.binarySearch(windows, r);
        return i >= 0 ? i + 1 : -i - 1;
    }

    List<SchedulingPoint[]> requirements() {
        return requirements;
    }

    double minPeriod() {
        return minPeriod;
    }

    /** The largest period ≤ p good for this requirement, or −∞. */
    private static double floorGood(SchedulingPoint[] req, double p) {
        double best = Double.NEGATIVE_INFINITY;
        for (SchedulingPoint sp : req) {
            best = Math.max(best, sp.floorGood(p));
        }
        return best;
    }

    /** Bottom of the requirement's interval holding the good period p (union over its points). */
    private static double componentBottom(SchedulingPoint[] req, double p) {
        double y = p;
        while (true) {
            double lowest = y;
            for (SchedulingPoint sp : req) {
                if (sp.contains(y)) {
                    lowest = Math.min(lowest, sp.componentBottom(y));
                }
            }
            if (Tolerance.ge(lowest, y)) {
                return y;
            }
            y = lowest;
        }
    }

    /** The top of the highest interval at or below p, or −∞ when there is none. */
    double top(double p) {
        double cursor = p;
        while (true) {
            double next = cursor;
            int n = needed(cursor);
            for (int i = 0; i < n; i++) {
                next = Math.min(next, floorGood(requirements.get(i), next));
                if (next == Double.NEGATIVE_INFINITY || next < minPeriod * (1 - Tolerance.REL)) {
                    return Double.NEGATIVE_INFINITY;
                }
            }
            if (Tolerance.ge(next, cursor)) {
                return Math.min(next, cursor);
            }
            cursor = next;
        }
    }

    /** Tmax: the largest good period, 0 when there is none. */
    double tmax() {
        double top = top(Double.POSITIVE_INFINITY);
        return top == Double.NEGATIVE_INFINITY ? 0 : top;
    }

    /** Every maximal closed interval of good periods, highest first, down to the minimum period. */
    List<Interval> intervals() {
        return intervals(Double.POSITIVE_INFINITY, minPeriod);
    }

    /**
     * The maximal intervals with a top at or below {@code from} that reach {@code downTo} or above,
     * highest first: the walk of {@link #intervals()} started at {@code from} and stopped at the
     * first interval reaching down to {@code downTo} (one segment of a VM among neighbours).
     */
    List<Interval> intervals(double from, double downTo) {
        return intervals(from, downTo, Integer.MAX_VALUE);
    }

    /**
     * As {@link #intervals(double, double)}, stopped after {@code limit} intervals (the highest
     * ones): near α = U a region can hold thousands of slivers, each a long walk (THEORY.md §12.3).
     */
    List<Interval> intervals(double from, double downTo, int limit) {
        List<Interval> out = new ArrayList<>();
        double cursor = from;
        double floor = Math.max(minPeriod, downTo);
        while (true) {
            Interval iv = highestAtOrBelow(cursor);
            // an interval whose top is a rounding below the floor is kept: its exact end may be the
            // floor itself (an isolated good point at the minimum period, 1.1e-6 in one unit), and
            // the callers clip exactly; dropping it lost that point in some units (UnitFreeProperties)
            if (iv == null || iv.hi() < floor * (1 - 1e-9)) {
                return out;
            }
            out.add(iv);
            if (iv.lo() <= floor || out.size() >= limit) {
                return out;
            }
            cursor = below(iv);
        }
    }

    /** The maximal interval of good periods with the highest top at or below p, or null. */
    Interval highestAtOrBelow(double p) {
        double top = top(p);
        if (top == Double.NEGATIVE_INFINITY) {
            return null;
        }
        double bottom = minPeriod;
        int n = needed(top);
        for (int i = 0; i < n; i++) {
            bottom = Math.max(bottom, componentBottom(requirements.get(i), top));
        }
        return new Interval(Math.min(bottom, top), top);
    }

    /**
     * Where the walk goes on below interval iv: past the tolerance band of Tolerance.le (relative
     * REL), or it finds the bottom again, as a phantom single point just below it.
     */
    static double below(Interval iv) {
        return iv.lo() * (1 - STEP_BELOW);
    }
}

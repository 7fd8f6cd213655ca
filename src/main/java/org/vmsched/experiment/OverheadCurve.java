package org.vmsched.experiment;

import java.util.List;

/**
 * One curve of the overhead study, for one (u, α, X), with the thesis's prediction-model lines
 * (THEORY.md §3, thesis Section 4.8.2). Immutable.
 *
 * @param points           mean max Ri/Ti at each period of the grid, in increasing period
 * @param leftBound        T ≥ X/(α − u): below it the useful bandwidth cannot carry the load
 *                         (+∞ when α ≤ u)
 * @param lowerBoundSlope  slope of the mean lower-bound line, mean over sets of 2(1 − α)/T1
 * @param lowerBoundOffset its value at T = 0, mean over sets of (C1 + X)/T1; the line
 *                         slope·T + offset is the mean of each set's line
 *                         (2(1 − α)T + C1 + X)/T1, a lower bound on the mean of max Ri/Ti
 */
public record OverheadCurve(double u, double alpha, double overhead, List<OverheadPoint> points,
                            double leftBound, double lowerBoundSlope, double lowerBoundOffset) {

    public OverheadCurve {
        points = List.copyOf(points);
    }

    /** The mean lower-bound line at period T. */
    public double lowerBoundLine(double period) {
        return lowerBoundSlope * period + lowerBoundOffset;
    }

    /** Where the mean lower-bound line reaches the schedulability limit 1 (−∞ if it starts above). */
    public double lowerBoundCrossing() {
        return (1 - lowerBoundOffset) / lowerBoundSlope;
    }
}

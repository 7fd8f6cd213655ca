package org.vmsched.chart;

/**
 * One simulated Tmax: at bandwidth {@code alpha} the largest VM period with no miss found by
 * simulation, in the scenario's time unit. {@code atSearchLimit}: it is the longest period the
 * search tried, so only a lower bound. {@code conclusive}: the run proves no miss ever; when false
 * the point means "no miss up to {@code horizon}" (time units; NaN when unknown). Immutable.
 */
public record SimulatedTmaxPoint(double alpha, double tmax, boolean atSearchLimit, boolean conclusive, double horizon) {

    /** A conclusive point below the search limit. */
    public SimulatedTmaxPoint(double alpha, double tmax) {
        this(alpha, tmax, false, true, Double.NaN);
    }
}

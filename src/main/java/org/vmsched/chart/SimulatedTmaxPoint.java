package org.vmsched.chart;

/**
 * One simulated Tmax: at bandwidth {@code alpha} the largest VM period with no miss found by
 * simulation, in the scenario's time unit. Immutable.
 */
public record SimulatedTmaxPoint(double alpha, double tmax) {
}

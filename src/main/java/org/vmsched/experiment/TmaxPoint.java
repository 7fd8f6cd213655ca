package org.vmsched.experiment;

/**
 * One point of the Tmax study, over the task sets of the (n, u) cell at bandwidth α. Immutable.
 *
 * @param meanTmaxOverT1 mean of Tmax/T1 over the sets
 * @param stdOverMean    sample standard deviation (n − 1 in the denominator) of Tmax/T1 divided
 *                       by its mean; 0 when the mean is 0 (then every value is 0) or there is
 *                       one set
 * @param upperBound     the normalised upper bound 1/(2(1 − α)) (THEORY.md §3)
 */
public record TmaxPoint(int n, double u, double alpha, int sets, double meanTmaxOverT1, double stdOverMean,
                        double upperBound) {
}

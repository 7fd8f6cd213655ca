package org.vmsched.experiment;

/**
 * One point of the Tmax study, over the task sets of the (n, u) cell at bandwidth α. Immutable.
 *
 * @param meanTmaxOverT1                mean of Tmax/T1 over the sets
 * @param stdOverMean                   sample standard deviation (n − 1 in the denominator) of
 *                                      Tmax/T1 divided by its mean; 0 when the mean is 0 (then
 *                                      every value is 0) or there is one set
 * @param upperBound                    the normalised upper bound 1/(2(1 − α)) (THEORY.md §3)
 * @param simulatedSets                 how many sets were simulated (0 when the study has no
 *                                      simulated points; then the two means below are NaN)
 * @param meanRoundedAnalyticTmaxOverT1 mean over the simulated sets, each rounded as
 *                                      {@link TmaxStudy.Simulated} says, of its analytic Tmax/T1
 *                                      (T1 of the rounded set)
 * @param meanSimulatedTmaxOverT1       mean over the same rounded sets of the simulated Tmax/T1
 */
public record TmaxPoint(int n, double u, double alpha, int sets, double meanTmaxOverT1, double stdOverMean,
                        double upperBound, int simulatedSets, double meanRoundedAnalyticTmaxOverT1,
                        double meanSimulatedTmaxOverT1) {

    /** A point without simulated values. */
    public TmaxPoint(int n, double u, double alpha, int sets, double meanTmaxOverT1, double stdOverMean, double upperBound) {
        this(n, u, alpha, sets, meanTmaxOverT1, stdOverMean, upperBound, 0, Double.NaN, Double.NaN);
    }

    /** True when the point carries simulated values. */
    public boolean simulated() {
        return simulatedSets > 0;
    }
}

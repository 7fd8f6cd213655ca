package org.vmsched.experiment;

/**
 * One Tmax value of the Tmax study: task set {@code set} of the (n, u) cell at bandwidth α, and,
 * when that set was simulated, the values of its rounded copy ({@link TmaxStudy.Simulated}).
 * Immutable.
 *
 * @param t1                 the set's shortest task period T1
 * @param tmax               the longest good VM period (THEORY.md §3), 0 when none
 * @param roundedT1          T1 of the rounded set; NaN when the set was not simulated
 * @param roundedTmax        the analytic Tmax of the rounded set; NaN when not simulated
 * @param simulatedTmax      the simulated Tmax of the rounded set; NaN when not simulated
 * @param simulatedSearchLimit the longest period the simulation tried (a simulated Tmax equal to
 *                           it means "at least this"); NaN when not simulated
 */
public record TmaxSample(int n, double u, int set, double alpha, double t1, double tmax, double roundedT1,
                         double roundedTmax, double simulatedTmax, double simulatedSearchLimit) {

    /** A sample without simulated values. */
    public TmaxSample(int n, double u, int set, double alpha, double t1, double tmax) {
        this(n, u, set, alpha, t1, tmax, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Tmax/T1, the thesis's normalised Tmax. */
    public double tmaxOverT1() {
        return tmax / t1;
    }

    /** True when this set was simulated. */
    public boolean simulated() {
        return !Double.isNaN(simulatedTmax);
    }
}

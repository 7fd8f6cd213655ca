package org.vmsched.experiment;

/**
 * One Tmax value of the Tmax study: task set {@code set} of the (n, u) cell at bandwidth α.
 * Immutable.
 *
 * @param t1   the set's shortest task period T1
 * @param tmax the longest good VM period (THEORY.md §3), 0 when none
 */
public record TmaxSample(int n, double u, int set, double alpha, double t1, double tmax) {

    /** Tmax/T1, the thesis's normalised Tmax. */
    public double tmaxOverT1() {
        return tmax / t1;
    }
}

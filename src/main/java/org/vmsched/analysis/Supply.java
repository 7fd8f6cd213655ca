package org.vmsched.analysis;

/**
 * The useful supply of a periodic server with period T, budget C and switch overhead X
 * (THEORY.md §2): the blackout, the supply bound function sbf and its inverse finv. Times in
 * the scenario's unit. Immutable and thread-safe.
 */
public record Supply(double period, double budget, double overhead) {

    /** A whole dedicated processor: sbf(t) = t, finv(w) = w. */
    public static Supply dedicated() {
        return new Supply(1, 1, 0);
    }

    /** The server of bandwidth α and period T (budget α·T). */
    public static Supply ofBandwidth(double alpha, double period, double overhead) {
        return new Supply(period, alpha * period, overhead);
    }

    /** Useful budget per period, C − X. */
    public double chunk() {
        return budget - overhead;
    }

    /** Longest interval with no useful supply, B = 2(T − C) + X. */
    public double blackout() {
        return 2 * (period - budget) + overhead;
    }

    /** Least useful supply in any window of length t (THEORY.md §2). */
    public double sbf(double t) {
        double b = blackout();
        if (t <= b) {
            return 0;
        }
        double k = Math.floor((t - b) / period);
        return k * chunk() + Math.min(t - b - k * period, chunk());
    }

    /**
     * The latest time by which w > 0 units of useful supply have surely arrived
     * (THEORY.md §2, thesis Eq. 6, in its exact ceiling form). Infinite when C ≤ X.
     */
    public double finv(double w) {
        if (chunk() <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (budget >= period && overhead == 0) {
            return w;
        }
        return (period - budget) + w + Tolerance.ceil(w / chunk()) * (period - budget + overhead);
    }
}

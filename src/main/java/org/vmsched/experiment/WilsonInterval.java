package org.vmsched.experiment;

/**
 * The Wilson score interval of a share (Wilson 1927; THEORY.md §16.4): for k accepted of n, at
 * the normal quantile z, the interval of p where |k/n − p| ≤ z·√(p(1 − p)/n). Unlike the Wald
 * interval it stays inside [0, 1] and is not empty at k = 0 or k = n. Immutable.
 *
 * @param low  lower end, in [0, 1]
 * @param high upper end, in [low, 1]
 */
public record WilsonInterval(double low, double high) {

    /** z of the two-sided 95 % interval. */
    public static final double Z95 = 1.959963984540054;

    /** The 95 % interval of k successes in n ≥ 1 trials. */
    public static WilsonInterval of(long k, long n) {
        return of(k, n, Z95);
    }

    /** The interval at quantile z > 0 of k successes in n ≥ 1 trials, 0 ≤ k ≤ n. */
    public static WilsonInterval of(long k, long n, double z) {
        if (n < 1 || k < 0 || k > n || !(z > 0)) {
            throw new IllegalArgumentException("Wilson interval needs 0 <= k <= n, n >= 1, z > 0; got k = " + k + ", n = " + n);
        }
        double p = (double) k / n;
        double z2 = z * z;
        double denominator = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denominator;
        double half = z / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        // exact at the ends: k = 0 gives low 0, k = n gives high 1 (rounding could miss them by an ulp)
        double low = k == 0 ? 0 : Math.max(0, centre - half);
        double high = k == n ? 1 : Math.min(1, centre + half);
        return new WilsonInterval(low, high);
    }
}

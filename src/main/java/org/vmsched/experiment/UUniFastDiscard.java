package org.vmsched.experiment;

import org.apache.commons.math3.random.RandomGenerator;

/**
 * UUniFast-discard (Davis and Burns, RTSS 2009), UUniFast's extension to multiprocessors: draw n
 * utilisations summing to U with UUniFast (Bini and Buttazzo 2005) and discard the whole vector
 * while any value exceeds {@code max} (1 for a task on one processor), so the accepted vectors are
 * uniform on the simplex cut by the bound (THEORY.md §16.1). Near U = n·max almost every draw is
 * discarded; after {@link #MAX_DRAWS} draws it gives up rather than run for hours, and the message
 * names Stafford's RandFixedSum, which has no such limit. Stateless.
 */
public final class UUniFastDiscard {

    /** Draws tried for one vector before giving up. */
    public static final int MAX_DRAWS = 100_000;

    private UUniFastDiscard() {
    }

    /**
     * n ≥ 1 utilisations, each in [0, max], summing to U (up to rounding).
     *
     * @throws IllegalArgumentException when U > n·max, or no draw of {@link #MAX_DRAWS} was kept
     */
    public static double[] draw(int n, double u, double max, RandomGenerator rng) {
        if (n < 1 || !(u >= 0) || !(max > 0) || u > n * max * (1 + 1e-12)) {
            throw new IllegalArgumentException("UUniFast-discard needs n >= 1 and 0 <= U <= n·max, got n = " + n
                    + ", U = " + u + ", max = " + max);
        }
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            double[] v = UUniFast.utilizations(n, u, rng);
            boolean kept = true;
            for (double x : v) {
                kept &= x <= max;
            }
            if (kept) {
                return v;
            }
        }
        throw new IllegalArgumentException("UUniFast-discard kept none of " + MAX_DRAWS + " draws of " + n
                + " utilisations summing to " + u + " with each at most " + max
                + "; use the generator \"randfixedsum\", which never discards");
    }
}

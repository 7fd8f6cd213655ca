package org.vmsched.experiment;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * One independent random stream per task set, derived only from (master seed, n, u, set
 * index), so a set does not depend on the order or the thread in which sets are made, nor on
 * the rest of the grid: adding a u value leaves the other sets unchanged. The key is mixed with
 * SplittableRandom's finaliser (Stafford variant 13) into the 624-word seed of a Well19937c.
 * Stateless.
 */
public final class RandomStreams {

    private RandomStreams() {
    }

    /** A fresh generator for set {@code set} of the (n, u) cell; not thread-safe, use it once. */
    public static RandomGenerator forTaskSet(long seed, int n, double u, int set) {
        long h = mix(seed ^ 0x5DEECE66DL);
        h = mix(h + n);
        h = mix(h + Double.doubleToLongBits(u));
        h = mix(h + set);
        int[] key = new int[32];
        for (int i = 0; i < key.length; i += 2) {
            h = mix(h + 0x9E3779B97F4A7C15L);
            key[i] = (int) h;
            key[i + 1] = (int) (h >>> 32);
        }
        return new Well19937c(key);
    }

    /**
     * A fresh generator for system {@code index} of the acceptance study's point at utilisation
     * {@code u}: derived from (seed, u, index) alone, so any system, and any shard of a study, is
     * drawn the same without the others.
     */
    public static RandomGenerator forSystem(long seed, double u, int index) {
        return forTaskSet(seed, SYSTEM_TAG, u, index);
    }

    /** Keeps the systems' streams apart from the task sets' of the other studies (their n is at most 1000). */
    private static final int SYSTEM_TAG = 0xACCE97;

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

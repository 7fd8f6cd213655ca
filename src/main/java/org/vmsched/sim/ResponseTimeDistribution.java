package org.vmsched.sim;

import java.util.Arrays;

/**
 * The response times of one task's completed jobs, for a CDF chart: ascending {@code values}
 * (time units) with the number of jobs at each. When {@code exact}, each value is a response time
 * that occurred; otherwise (more than 4096 distinct
 * values) each value is the upper edge of a histogram bin holding that many jobs, so the CDF
 * drawn from it is never optimistic. Immutable; accessors return copies.
 */
public final class ResponseTimeDistribution {

    private final boolean exact;
    private final double[] values;
    private final long[] counts;

    public ResponseTimeDistribution(boolean exact, double[] values, long[] counts) {
        if (values.length != counts.length) {
            throw new IllegalArgumentException("values and counts differ in length");
        }
        this.exact = exact;
        this.values = values.clone();
        this.counts = counts.clone();
    }

    public boolean exact() {
        return exact;
    }

    public double[] values() {
        return values.clone();
    }

    public long[] counts() {
        return counts.clone();
    }

    /** Number of jobs counted. */
    public long total() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /**
     * The empirical CDF as two arrays of equal length: {@code [0]} the values (time units),
     * {@code [1]} the fraction of jobs with a response time at most that value.
     */
    public double[][] cdf() {
        double[] f = new double[counts.length];
        double n = total();
        long acc = 0;
        for (int i = 0; i < counts.length; i++) {
            acc += counts[i];
            f[i] = acc / n;
        }
        return new double[][] {values.clone(), f};
    }

    @Override
    public String toString() {
        return (exact ? "exact " : "binned ") + Arrays.toString(values) + " x " + Arrays.toString(counts);
    }
}

package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Response times are kept exactly while few distinct values occur, then in bounded bins. */
class ResponseTimeAccumulatorTest {

    private static final TimeBase TEN = new TimeBase(10, true, 0, null);

    @Test
    void fewDistinctValuesAreKeptExactlyAndSorted() {
        ResponseTimeAccumulator a = new ResponseTimeAccumulator();
        for (long v : new long[] {30, 10, 30, 20, 30}) {
            a.add(v);
        }
        ResponseTimeDistribution d = a.result(TEN);
        assertTrue(d.exact());
        assertArrayEquals(new double[] {1, 2, 3}, d.values());
        assertArrayEquals(new long[] {1, 1, 3}, d.counts());
        assertArrayEquals(new double[] {0.2, 0.4, 1.0}, d.cdf()[1], 1e-12);
    }

    @Test
    void manyDistinctValuesGoToBoundedBinsWhoseEdgesNeverUnderstate() {
        ResponseTimeAccumulator a = new ResponseTimeAccumulator();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            a.add(i * 7L);
        }
        ResponseTimeDistribution d = a.result(TEN);
        assertFalse(d.exact());
        assertEquals(n, d.total());
        assertTrue(d.values().length <= ResponseTimeAccumulator.BINS);
        double[] v = d.values();
        assertTrue(v[v.length - 1] >= (n - 1) * 7 / 10.0);
        // CDF at a bin edge counts at least every value up to that edge
        double[][] cdf = d.cdf();
        for (int i = 0; i < v.length; i++) {
            long below = Math.min(n, (long) Math.floor(v[i] * 10 / 7) + 1);
            assertTrue(cdf[1][i] >= below / (double) n - 1e-12);
        }
    }
}

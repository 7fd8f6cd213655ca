package org.vmsched.sim;

import java.util.Arrays;

/**
 * Counts response times (ticks) in bounded memory: exactly, per distinct value, up to
 * {@link #MAX_DISTINCT} distinct values, then in {@link #BINS} bins whose width (a power of two
 * ticks) doubles as larger values arrive. No allocation per value once warmed up. Not thread-safe.
 */
public final class ResponseTimeAccumulator {

    static final int MAX_DISTINCT = 4096;
    static final int BINS = 1024;
    private static final long EMPTY = -1;

    private long[] keys = newKeys(16);
    private long[] counts = new long[16];
    private int distinct;
    private long[] hist;
    private long binWidth;

    private static long[] newKeys(int n) {
        long[] k = new long[n];
        Arrays.fill(k, EMPTY);
        return k;
    }

    public void add(long value) {
        if (hist != null) {
            addBinned(value, 1);
            return;
        }
        int mask = keys.length - 1;
        int i = mix(value) & mask;
        while (true) {
            long k = keys[i];
            if (k == value) {
                counts[i]++;
                return;
            }
            if (k == EMPTY) {
                break;
            }
            i = (i + 1) & mask;
        }
        if (distinct == MAX_DISTINCT) {
            toHistogram();
            addBinned(value, 1);
            return;
        }
        keys[i] = value;
        counts[i] = 1;
        distinct++;
        if (distinct * 2 > keys.length) {
            rehash(keys.length * 2);
        }
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void rehash(int size) {
        long[] ok = keys;
        long[] oc = counts;
        keys = newKeys(size);
        counts = new long[size];
        int mask = size - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] != EMPTY) {
                int i = mix(ok[j]) & mask;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = ok[j];
                counts[i] = oc[j];
            }
        }
    }

    private void toHistogram() {
        long max = 0;
        for (long k : keys) {
            max = Math.max(max, k);
        }
        binWidth = 1;
        while (max / binWidth >= BINS) {
            binWidth *= 2;
        }
        hist = new long[BINS];
        for (int j = 0; j < keys.length; j++) {
            if (keys[j] != EMPTY) {
                addBinned(keys[j], counts[j]);
            }
        }
        keys = null;
        counts = null;
    }

    private void addBinned(long value, long n) {
        while (value / binWidth >= BINS) {
            for (int b = 0; b < BINS / 2; b++) {
                hist[b] = hist[2 * b] + hist[2 * b + 1];
            }
            Arrays.fill(hist, BINS / 2, BINS, 0);
            binWidth *= 2;
        }
        hist[(int) (value / binWidth)] += n;
    }

    public ResponseTimeDistribution result(TimeBase tb) {
        if (hist == null) {
            long[][] pairs = new long[distinct][];
            int n = 0;
            for (int j = 0; j < keys.length; j++) {
                if (keys[j] != EMPTY) {
                    pairs[n++] = new long[] {keys[j], counts[j]};
                }
            }
            Arrays.sort(pairs, (a, b) -> Long.compare(a[0], b[0]));
            double[] v = new double[n];
            long[] c = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = tb.units(pairs[i][0]);
                c[i] = pairs[i][1];
            }
            return new ResponseTimeDistribution(true, v, c);
        }
        int n = 0;
        for (long h : hist) {
            n += h > 0 ? 1 : 0;
        }
        double[] v = new double[n];
        long[] c = new long[n];
        int i = 0;
        for (int b = 0; b < BINS; b++) {
            if (hist[b] > 0) {
                v[i] = tb.units((b + 1) * binWidth - 1);
                c[i++] = hist[b];
            }
        }
        return new ResponseTimeDistribution(false, v, c);
    }
}

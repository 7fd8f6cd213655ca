package org.vmsched.sim;

import java.util.Arrays;

/** Per lane, the instants it reached a boundary in a run of the servers alone, in time order. */
final class BoundaryLog {
    final long[][] at;
    final int[] size;

    BoundaryLog(int lanes) {
        at = new long[lanes][16];
        size = new int[lanes];
    }

    void add(long t, int c) {
        if (size[c] == at[c].length) {
            at[c] = Arrays.copyOf(at[c], size[c] * 2);
        }
        at[c][size[c]++] = t;
    }

    /** The boundaries of lane c in (from, to], in order. */
    long[] within(int c, long from, long to) {
        int lo = upper(c, from);
        int hi = upper(c, to);
        return Arrays.copyOfRange(at[c], lo, hi);
    }

    /** The index of the first boundary of lane c after t. */
    private int upper(int c, long t) {
        int lo = 0;
        int hi = size[c];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (at[c][mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}

package org.vmsched.experiment;

/**
 * VM periods from {@code from} to {@code to} (inclusive, up to rounding) in steps of
 * {@code step}. Immutable.
 */
public record PeriodGrid(double from, double to, double step) {

    /** At most this many periods in one grid. */
    public static final int MAX_POINTS = 100_000;

    /** Number of periods, or -1 when the grid is invalid or too long. */
    public long size() {
        if (!(from > 0 && step > 0 && to >= from) || !Double.isFinite(to) || !Double.isFinite(step)) {
            return -1;
        }
        double k = Math.floor((to - from) / step + 1e-9);
        return k + 1 > MAX_POINTS ? -1 : (long) k + 1;
    }

    /** The periods in increasing order; rounded to 12 decimals so 0.1 steps stay clean. */
    public double[] values() {
        long size = size();
        if (size < 0) {
            throw new IllegalStateException("invalid period grid " + this);
        }
        double[] out = new double[(int) size];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.round((from + i * step) * 1e12) / 1e12;
        }
        return out;
    }
}

package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;
import org.vmsched.model.Task;

/**
 * Response times under fixed priorities inside a server (THEORY.md §2 and §6), computed without
 * rounding: every value is taken as the decimal it was written as ({@link BigDecimal#valueOf}),
 * all are scaled to integers by one power of ten, and the iteration runs in {@code long} with
 * overflow checks, or in {@link BigInteger} when a value or an intermediate sum does not fit.
 * The supply is read through {@link Supply#exactBlackout()} and {@link Supply#exactChunk()}. A
 * response time equal to its deadline passes; one a billionth above it fails, at any scale. The
 * iteration itself is {@link FixedPoint}'s (fast, exact, within its work budget).
 * Stateless.
 */
final class ExactResponseTimes {

    private ExactResponseTimes() {
    }

    /**
     * The response time of every task (list order), or +∞ for a task whose response exceeds
     * {@code limitFactor} × its deadline. The reported value is the exact one rounded to the
     * nearest double.
     */
    static double[] of(Supply supply, List<Task> tasks, double limitFactor, int[] order) {
        return compute(supply, tasks, limitFactor, order).responses();
    }

    /** Response times (as {@link #of}) and the work they took, in terms (for tests of the budget). */
    record Result(double[] responses, long work) {
    }

    /** As {@link #of}, with the work counted. */
    static Result compute(Supply supply, List<Task> tasks, double limitFactor, int[] order) {
        return compute(supply, tasks, limitFactor, order, new FixedPoint.Work());
    }

    /** As {@link #of}, the work added to {@code work} (which may be shared by several calls). */
    static Result compute(Supply supply, List<Task> tasks, double limitFactor, int[] order, FixedPoint.Work work) {
        return compute(supply, tasks, limitFactor, order, work, false);
    }

    /**
     * As {@link #compute(Supply, List, double, int[], FixedPoint.Work)}; with {@code stopAtMiss} the
     * tasks after the first (in priority order) above its limit are not computed and read +∞.
     */
    static Result compute(Supply supply, List<Task> tasks, double limitFactor, int[] order, FixedPoint.Work work,
                          boolean stopAtMiss) {
        long before = work.terms();
        int n = order.length;
        BigDecimal[] dec = new BigDecimal[3 * n + 3];
        dec[0] = ExactDecimal.of(supply.period());
        dec[1] = supply.exactChunk();
        dec[2] = supply.exactBlackout();
        for (int p = 0; p < n; p++) {
            Task t = tasks.get(order[p]);
            dec[3 + 3 * p] = ExactDecimal.of(t.wcet());
            dec[4 + 3 * p] = ExactDecimal.of(t.period());
            dec[5 + 3 * p] = ExactDecimal.of(t.deadline() * limitFactor);
        }
        int scale = 0;
        for (BigDecimal d : dec) {
            scale = Math.max(scale, d.scale());
        }
        BigInteger[] v = new BigInteger[dec.length];
        for (int i = 0; i < dec.length; i++) {
            v[i] = dec[i].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
        }
        BigInteger period = v[0];
        BigInteger chunk = v[1];
        BigInteger blackout = v[2];
        double[] out = new double[n];
        if (chunk.signum() <= 0) {
            Arrays.fill(out, Double.POSITIVE_INFINITY);
            return new Result(out, 0);
        }
        BigInteger gap = period.subtract(chunk);
        BigInteger[] c = new BigInteger[n];
        BigInteger[] t = new BigInteger[n];
        for (int q = 0; q < n; q++) {
            c[q] = v[3 + 3 * q];
            t[q] = v[4 + 3 * q];
        }
        BigInteger[] lim = new BigInteger[n];
        for (int q = 0; q < n; q++) {
            lim[q] = v[5 + 3 * q];
        }
        BigInteger[] r = FixedPoint.responseTimes(blackout, chunk, period, c, t, lim, work, stopAtMiss);
        for (int q = 0; q < n; q++) {
            out[order[q]] = r[q] == null ? Double.POSITIVE_INFINITY : new BigDecimal(r[q], scale).doubleValue();
        }
        return new Result(out, work.terms() - before);
    }
}

package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import org.vmsched.model.Task;

/**
 * Response times under fixed priorities inside a server (THEORY.md §2 and §6), computed without
 * rounding: every value is taken as the decimal it was written as ({@link BigDecimal#valueOf}),
 * all are scaled to integers by one power of ten, and the iteration runs in {@code long} with
 * overflow checks, or in {@link BigInteger} when a value or an intermediate sum does not fit.
 * The supply is read through {@link Supply#exactBlackout()} and {@link Supply#exactChunk()}. A
 * response time equal to its deadline passes; one a billionth above it fails, at any scale.
 * Stateless.
 */
final class ExactResponseTimes {

    /**
     * The work budget of one call: terms ⌈R/Tj⌉·Cj evaluated over all tasks' iterations. Past it
     * the call throws {@link AnalysisLimitException} (the verdict is then "undecided").
     */
    static final long MAX_TERMS = 50_000_000;

    private ExactResponseTimes() {
    }

    /**
     * The response time of every task (list order), or +∞ for a task whose response exceeds
     * {@code limitFactor} × its deadline. The reported value is the exact one rounded to the
     * nearest double.
     */
    static double[] of(Supply supply, List<Task> tasks, double limitFactor, int[] order) {
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
        long[] work = {0};
        if (chunk.signum() <= 0) {
            java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
            return out;
        }
        BigInteger gap = period.subtract(chunk);
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-scale);
        boolean fitsLong = blackout.bitLength() < 62 && gap.bitLength() < 62 && chunk.bitLength() < 62;
        for (int i = 3; i < v.length && fitsLong; i++) {
            fitsLong = v[i].bitLength() < 62;
        }
        long[] c = new long[n];
        long[] t = new long[n];
        long[] lim = new long[n];
        if (fitsLong) {
            for (int q = 0; q < n; q++) {
                c[q] = v[3 + 3 * q].longValue();
                t[q] = v[4 + 3 * q].longValue();
                lim[q] = v[5 + 3 * q].longValue();
            }
        }
        for (int q = 0; q < n; q++) {
            BigInteger r = null;
            if (fitsLong) {
                try {
                    long rl = longIteration(blackout.longValue(), chunk.longValue(), gap.longValue(), c, t, q, lim[q], work);
                    r = rl < 0 ? null : BigInteger.valueOf(rl);
                    out[order[q]] = rl < 0 ? Double.POSITIVE_INFINITY : new BigDecimal(r).multiply(unit).doubleValue();
                    continue;
                } catch (ArithmeticException overflow) {
                    // fall through to BigInteger
                }
            }
            r = bigIteration(blackout, chunk, gap, v, q, v[5 + 3 * q], work);
            out[order[q]] = r == null ? Double.POSITIVE_INFINITY : new BigDecimal(r).multiply(unit).doubleValue();
        }
        return out;
    }

    /** −1 when the response passes the limit. */
    private static long longIteration(long blackout, long chunk, long gap, long[] c, long[] t, int i, long limit,
                                      long[] work) {
        long demand = c[i];
        for (int j = 0; j < i; j++) {
            demand = Math.addExact(demand, c[j]);
        }
        long r = finv(blackout, chunk, gap, demand);
        while (true) {
            if (r > limit) {
                return -1;
            }
            spend(work, i + 1);
            long next = c[i];
            for (int j = 0; j < i; j++) {
                next = Math.addExact(next, Math.multiplyExact(ceilDiv(r, t[j]), c[j]));
            }
            if (next <= demand) {
                return r;
            }
            demand = next;
            r = finv(blackout, chunk, gap, demand);
        }
    }

    private static void spend(long[] work, long terms) {
        work[0] += terms;
        if (work[0] > MAX_TERMS) {
            throw new AnalysisLimitException("the response-time iteration needed more than " + MAX_TERMS
                    + " steps (task periods very far apart, or a utilisation just below the supply)");
        }
    }

    private static long finv(long blackout, long chunk, long gap, long w) {
        return Math.addExact(Math.addExact(blackout, w), Math.multiplyExact(ceilDiv(w, chunk) - 1, gap));
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** null when the response passes the limit. */
    private static BigInteger bigIteration(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger[] v,
                                           int i, BigInteger limit, long[] work) {
        BigInteger ci = v[3 + 3 * i];
        BigInteger demand = ci;
        for (int j = 0; j < i; j++) {
            demand = demand.add(v[3 + 3 * j]);
        }
        BigInteger r = finv(blackout, chunk, gap, demand);
        while (true) {
            if (r.compareTo(limit) > 0) {
                return null;
            }
            spend(work, 20L * (i + 1)); // a BigInteger term costs about twenty long ones
            BigInteger next = ci;
            for (int j = 0; j < i; j++) {
                next = next.add(ExactDecimal.ceilDiv(r, v[4 + 3 * j]).multiply(v[3 + 3 * j]));
            }
            if (next.compareTo(demand) <= 0) {
                return r;
            }
            demand = next;
            r = finv(blackout, chunk, gap, demand);
        }
    }

    private static BigInteger finv(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger w) {
        return blackout.add(w).add(ExactDecimal.ceilDiv(w, chunk).subtract(BigInteger.ONE).multiply(gap));
    }
}

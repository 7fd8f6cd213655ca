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
 * A response time equal to its deadline passes; one a billionth above it fails, at any scale.
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
        int n = order.length;
        BigDecimal[] dec = new BigDecimal[3 * n + 4];
        dec[0] = dec(supply.period());
        dec[1] = dec(supply.budget());
        dec[2] = dec(supply.overhead());
        for (int p = 0; p < n; p++) {
            Task t = tasks.get(order[p]);
            dec[3 + 3 * p] = dec(t.wcet());
            dec[4 + 3 * p] = dec(t.period());
            dec[5 + 3 * p] = dec(t.deadline() * limitFactor);
        }
        dec[3 * n + 3] = dec(supply.start());
        int scale = 0;
        for (BigDecimal d : dec) {
            scale = Math.max(scale, d.scale());
        }
        BigInteger[] v = new BigInteger[dec.length];
        for (int i = 0; i < dec.length; i++) {
            v[i] = dec[i].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
        }
        BigInteger p = BigInteger.valueOf(supply.preemptions());
        BigInteger period = v[0];
        BigInteger budget = v[1];
        BigInteger x = v[2];
        BigInteger lost = supply.kind() == Supply.Kind.DEFERRABLE_UNDELAYED ? x : x.multiply(p.add(BigInteger.ONE));
        BigInteger chunk = budget.subtract(lost);
        BigInteger blackout = switch (supply.kind()) {
            case PERIODIC -> period.subtract(budget).shiftLeft(1).add(x.multiply(p.shiftLeft(1).add(BigInteger.ONE)));
            case DEFERRABLE_UNDELAYED -> period.subtract(budget).add(x.shiftLeft(1));
            case DEFERRABLE -> period.shiftLeft(1).subtract(chunk);
        };
        double[] out = new double[n];
        if (chunk.signum() <= 0) {
            java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
            return out;
        }
        BigInteger gap = period.subtract(chunk);
        BigInteger start = v[3 * n + 3];
        if (start.signum() > 0) {
            BigInteger first = start.add(supply.kind() == Supply.Kind.DEFERRABLE_UNDELAYED ? x : gap);
            blackout = blackout.max(first);
        }
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-scale);
        boolean fitsLong = blackout.bitLength() < 62 && gap.bitLength() < 62 && chunk.bitLength() < 62;
        for (int i = 3; i < 3 * n + 3 && fitsLong; i++) {
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
                    long rl = longIteration(blackout.longValue(), chunk.longValue(), gap.longValue(), c, t, q, lim[q]);
                    r = rl < 0 ? null : BigInteger.valueOf(rl);
                    out[order[q]] = rl < 0 ? Double.POSITIVE_INFINITY : new BigDecimal(r).multiply(unit).doubleValue();
                    continue;
                } catch (ArithmeticException overflow) {
                    // fall through to BigInteger
                }
            }
            r = bigIteration(blackout, chunk, gap, v, q, v[5 + 3 * q]);
            out[order[q]] = r == null ? Double.POSITIVE_INFINITY : new BigDecimal(r).multiply(unit).doubleValue();
        }
        return out;
    }

    /** The decimal a double was written as; NaN and infinities are refused by the validator first. */
    static BigDecimal dec(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0) : b;
    }

    /** −1 when the response passes the limit. */
    private static long longIteration(long blackout, long chunk, long gap, long[] c, long[] t, int i, long limit) {
        long demand = c[i];
        for (int j = 0; j < i; j++) {
            demand = Math.addExact(demand, c[j]);
        }
        long r = finv(blackout, chunk, gap, demand);
        while (true) {
            if (r > limit) {
                return -1;
            }
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

    private static long finv(long blackout, long chunk, long gap, long w) {
        return Math.addExact(Math.addExact(blackout, w), Math.multiplyExact(ceilDiv(w, chunk) - 1, gap));
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** null when the response passes the limit. */
    private static BigInteger bigIteration(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger[] v,
                                           int i, BigInteger limit) {
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
            BigInteger next = ci;
            for (int j = 0; j < i; j++) {
                next = next.add(ceilDiv(r, v[4 + 3 * j]).multiply(v[3 + 3 * j]));
            }
            if (next.compareTo(demand) <= 0) {
                return r;
            }
            demand = next;
            r = finv(blackout, chunk, gap, demand);
        }
    }

    private static BigInteger finv(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger w) {
        return blackout.add(w).add(ceilDiv(w, chunk).subtract(BigInteger.ONE).multiply(gap));
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }
}

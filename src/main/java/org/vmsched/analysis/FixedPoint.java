package org.vmsched.analysis;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The response-time iteration R = finv(Ci + Σ_{j&lt;i} ⌈R/Tj⌉·Cj) on a supply of blackout B, chunk
 * Θ and period T (THEORY.md §2, §6.1, §11), in integers, fast and exact (THEORY.md §10.1): it
 * returns the same least fixed point as the plain iteration from finv(Ci + ΣCj), with three
 * savings: task i starts where task i − 1 ended (Ri ≥ Ri−1); the counts ⌈R/Tj⌉ are kept between
 * steps and only those whose multiple R has passed are updated (a heap of the next multiples);
 * and now and then R jumps to a lower bound of the fixed point in which the tasks of shortest
 * period count as their utilisation. The work is counted in terms (a count updated, a step, a
 * task looked at by a jump); past {@link #MAX_TERMS} for one call it throws
 * {@link AnalysisLimitException} ("undecided"). Runs in {@code long} and redoes the call in
 * {@link BigInteger} when a value overflows. Used by the periodic-server analysis
 * ({@link ExactResponseTimes}), by CBS/FP and FP/FP ({@code analysis.hier}) and, with release
 * jitter (⌈(R + Jj)/Tj⌉), by the hypervisor-level test of VMs ({@link HypervisorTest}). Stateless.
 */
public final class FixedPoint {

    /** The work budget of one call, in terms: past it the answer is "undecided". */
    public static final long MAX_TERMS = 50_000_000;

    private FixedPoint() {
    }

    /** The terms spent by one or more calls that share it; throws past {@link #MAX_TERMS}. */
    public static final class Work {
        private long terms;
        private long wide;

        /** Nothing spent yet. */
        public Work() {
        }

        /** {@code spent} terms already spent (tests of the budget). */
        Work(long spent) {
            terms = spent;
        }

        /** Terms spent so far. */
        public long terms() {
            return terms;
        }

        /** Of {@link #terms()}, those spent in BigInteger (values past 64 bits; several times dearer). */
        public long wideTerms() {
            return wide;
        }

        void spendWide(long n) {
            wide += n;
            spend(n);
        }

        void spend(long n) {
            terms += n;
            if (terms > MAX_TERMS) {
                throw new AnalysisLimitException("the response-time iteration needed more than " + MAX_TERMS
                        + " steps (task periods very far apart, or a utilisation just below the supply)");
            }
        }
    }

    /**
     * Response times of tasks (wcet c, period t) in priority order, index 0 highest, on the supply
     * (B, Θ, T): −1 for a task whose response exceeds its {@code limit}. Θ ≤ 0 gives −1 for all.
     */
    public static long[] responseTimes(long blackout, long chunk, long period, long[] c, long[] t, long[] limit,
                                       Work work) {
        int n = c.length;
        long[] out = new long[n];
        if (chunk <= 0) {
            Arrays.fill(out, -1);
            return out;
        }
        try {
            FixedPointIteration.InLong it = new FixedPointIteration.InLong(blackout, chunk, period, c, t, new long[n], work);
            for (int i = 0; i < n; i++) {
                out[i] = it.responseTime(i, limit[i]);
            }
            return out;
        } catch (ArithmeticException overflow) {
            BigInteger[] r = responseTimes(BigInteger.valueOf(blackout), BigInteger.valueOf(chunk),
                    BigInteger.valueOf(period), big(c), big(t), big(limit), work);
            for (int i = 0; i < n; i++) {
                out[i] = r[i] == null ? -1 : r[i].longValueExact(); // at most its limit, a long
            }
            return out;
        }
    }

    /**
     * The response time of a task of demand {@code own} beneath interfering tasks (c, t), on the
     * supply (B, Θ, T); −1 above {@code limit}.
     */
    public static long responseTime(long blackout, long chunk, long period, long own, long[] c, long[] t, long limit,
                                    Work work) {
        int n = c.length;
        long[] cc = Arrays.copyOf(c, n + 1);
        long[] tt = Arrays.copyOf(t, n + 1);
        cc[n] = own;
        tt[n] = 1;
        if (chunk <= 0) {
            return -1;
        }
        try {
            return new FixedPointIteration.InLong(blackout, chunk, period, cc, tt, new long[n + 1], work).responseTime(n, limit);
        } catch (ArithmeticException overflow) {
            BigInteger r = new FixedPointIteration.InBig(BigInteger.valueOf(blackout), BigInteger.valueOf(chunk),
                    BigInteger.valueOf(period), big(cc), big(tt), zeros(n + 1), work)
                    .responseTime(n, BigInteger.valueOf(limit));
            return r == null ? -1 : r.longValueExact();
        }
    }

    /** As {@link #responseTimes(long, long, long, long[], long[], long[], Work)} in BigInteger: null above the limit. */
    static BigInteger[] responseTimes(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c,
                                      BigInteger[] t, BigInteger[] limit, Work work) {
        return responseTimes(blackout, chunk, period, c, t, limit, work, false);
    }

    /** As above; with {@code stopAtMiss}, the tasks after the first above its limit are left null (not computed). */
    static BigInteger[] responseTimes(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c,
                                      BigInteger[] t, BigInteger[] limit, Work work, boolean stopAtMiss) {
        int n = c.length;
        BigInteger[] out = new BigInteger[n];
        if (chunk.signum() <= 0) {
            return out;
        }
        boolean fits = blackout.bitLength() < 63 && chunk.bitLength() < 63 && period.bitLength() < 63;
        for (int i = 0; i < n && fits; i++) {
            fits = c[i].bitLength() < 63 && t[i].bitLength() < 63 && limit[i].bitLength() < 63;
        }
        if (fits) {
            try {
                FixedPointIteration.InLong it = new FixedPointIteration.InLong(blackout.longValue(), chunk.longValue(), period.longValue(),
                        small(c), small(t), new long[n], work);
                for (int i = 0; i < n; i++) {
                    long r = it.responseTime(i, limit[i].longValue());
                    out[i] = r < 0 ? null : BigInteger.valueOf(r);
                    if (r < 0 && stopAtMiss) {
                        return out;
                    }
                }
                return out;
            } catch (ArithmeticException overflow) {
                // redo in BigInteger
            }
        }
        FixedPointIteration.InBig it = new FixedPointIteration.InBig(blackout, chunk, period, c, t, zeros(n), work);
        for (int i = 0; i < n; i++) {
            out[i] = it.responseTime(i, limit[i]);
            if (out[i] == null && stopAtMiss) {
                return out;
            }
        }
        return out;
    }

    /**
     * The response time of a task of demand {@code own} beneath interfering tasks (c, t) with
     * release jitter J ≥ 0, on the supply (B, Θ, T): the least fixed point of
     * R = finv(own + Σj ⌈(R + Jj)/Tj⌉·Cj), or null above {@code limit} (THEORY.md §6.2, §10.1).
     * Runs in {@code long} when every value fits, else (or on overflow) in BigInteger.
     */
    static BigInteger responseTime(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger own,
                                   BigInteger[] c, BigInteger[] t, BigInteger[] jitter, BigInteger limit, Work work) {
        int n = c.length;
        if (chunk.signum() <= 0) {
            return null;
        }
        BigInteger[] cc = Arrays.copyOf(c, n + 1);
        BigInteger[] tt = Arrays.copyOf(t, n + 1);
        BigInteger[] jj = Arrays.copyOf(jitter, n + 1);
        cc[n] = own;
        tt[n] = BigInteger.ONE;
        jj[n] = BigInteger.ZERO;
        boolean fits = blackout.bitLength() < 63 && chunk.bitLength() < 63 && period.bitLength() < 63
                && limit.bitLength() < 63;
        for (int i = 0; i <= n && fits; i++) {
            fits = cc[i].bitLength() < 63 && tt[i].bitLength() < 63 && jj[i].bitLength() < 63;
        }
        if (fits) {
            try {
                long r = new FixedPointIteration.InLong(blackout.longValue(), chunk.longValue(), period.longValue(), small(cc),
                        small(tt), small(jj), work).responseTime(n, limit.longValue());
                return r < 0 ? null : BigInteger.valueOf(r);
            } catch (ArithmeticException overflow) {
                // redo in BigInteger
            }
        }
        return new FixedPointIteration.InBig(blackout, chunk, period, cc, tt, jj, work).responseTime(n, limit);
    }

    private static BigInteger[] zeros(int n) {
        BigInteger[] out = new BigInteger[n];
        Arrays.fill(out, BigInteger.ZERO);
        return out;
    }

    private static BigInteger[] big(long[] x) {
        BigInteger[] out = new BigInteger[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = BigInteger.valueOf(x[i]);
        }
        return out;
    }

    private static long[] small(BigInteger[] x) {
        long[] out = new long[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i].longValue();
        }
        return out;
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

}

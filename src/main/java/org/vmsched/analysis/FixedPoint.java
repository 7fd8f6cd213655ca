package org.vmsched.analysis;

import java.math.BigInteger;
import java.util.PriorityQueue;

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

    /** Fixed-point bits of the utilisations in the jump (each taken from below, by flooring). */
    private static final int BITS = 64;

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
            java.util.Arrays.fill(out, -1);
            return out;
        }
        try {
            LongIteration it = new LongIteration(blackout, chunk, period, c, t, new long[n], work);
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
        long[] cc = java.util.Arrays.copyOf(c, n + 1);
        long[] tt = java.util.Arrays.copyOf(t, n + 1);
        cc[n] = own;
        tt[n] = 1;
        if (chunk <= 0) {
            return -1;
        }
        try {
            return new LongIteration(blackout, chunk, period, cc, tt, new long[n + 1], work).responseTime(n, limit);
        } catch (ArithmeticException overflow) {
            BigInteger r = new BigIteration(BigInteger.valueOf(blackout), BigInteger.valueOf(chunk),
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
                LongIteration it = new LongIteration(blackout.longValue(), chunk.longValue(), period.longValue(),
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
        BigIteration it = new BigIteration(blackout, chunk, period, c, t, zeros(n), work);
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
        BigInteger[] cc = java.util.Arrays.copyOf(c, n + 1);
        BigInteger[] tt = java.util.Arrays.copyOf(t, n + 1);
        BigInteger[] jj = java.util.Arrays.copyOf(jitter, n + 1);
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
                long r = new LongIteration(blackout.longValue(), chunk.longValue(), period.longValue(), small(cc),
                        small(tt), small(jj), work).responseTime(n, limit.longValue());
                return r < 0 ? null : BigInteger.valueOf(r);
            } catch (ArithmeticException overflow) {
                // redo in BigInteger
            }
        }
        return new BigIteration(blackout, chunk, period, cc, tt, jj, work).responseTime(n, limit);
    }

    private static BigInteger[] zeros(int n) {
        BigInteger[] out = new BigInteger[n];
        java.util.Arrays.fill(out, BigInteger.ZERO);
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

    /**
     * A lower bound of the fixed point from the state at the current r (THEORY.md §10.1), or null
     * when there is no fixed point. With the f tasks of shortest period counted as their
     * utilisation U (from below) and the others at their current counts (A = Ci + their demand),
     * W(s) ≥ A + U·s for s ≥ r; the fixed point R lies on a rising part [B + kT, B + kT + Θ] of
     * the supply, where sbf(R) ≤ (k + 1)Θ and sbf(R) ≤ Θ/T·(R − B + G), G = T − Θ. Hence
     * R ≥ B + k0·T, k0 = ⌈(A + U·B − Θ)/(Θ − U·T)⌉, and R ≥ (A·T + Θ(B − G))/(Θ − U·T); when
     * U·T ≥ Θ and A·T + Θ(B − G) &gt; 0 there is no R. With release jitter, ⌈(s + Jj)/Tj⌉ ≥
     * (s + Jj)/Tj adds V = Σ_F Cj·Jj/Tj (from below) to A. f is chosen in doubles (any f is sound).
     *
     * @param countC count[j]·Cj for j &lt; i as doubles, for the choice of f
     */
    private static BigInteger jump(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c,
                                   BigInteger[] t, BigInteger[] jitter, BigInteger[] count, double[] countC,
                                   BigInteger demand, int i) {
        double theta = chunk.doubleValue();
        double tt = period.doubleValue();
        double b = blackout.doubleValue();
        double g = tt - theta;
        double rest = demand.doubleValue();
        double u = 0;
        double best = Double.NEGATIVE_INFINITY;
        int bestF = 0;
        for (int f = 1; f <= i; f++) {
            u += c[f - 1].doubleValue() / t[f - 1].doubleValue();
            rest -= countC[f - 1];
            rest += c[f - 1].doubleValue() * jitter[f - 1].doubleValue() / t[f - 1].doubleValue();
            double bound = jumpBound(b, g, theta, tt, rest, u);
            if (bound > best) {
                best = bound;
                bestF = f;
            }
        }
        return exactBound(blackout, chunk, period, c, t, jitter, count, demand, bestF == 0 ? i : bestF);
    }

    /** The exact bound of {@link #jump} with the f tasks of shortest period counted as their utilisation. */
    private static BigInteger exactBound(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c,
                                         BigInteger[] t, BigInteger[] jitter, BigInteger[] count, BigInteger demand,
                                         int f) {
        BigInteger uFx = BigInteger.ZERO;
        BigInteger a = demand;
        BigInteger vFx = BigInteger.ZERO; // Σ_F Cj·Jj/Tj, floored to a multiple of 2^-BITS
        for (int j = 0; j < f; j++) {
            uFx = uFx.add(c[j].shiftLeft(BITS).divide(t[j]));
            a = a.subtract(count[j].multiply(c[j]));
            if (jitter[j].signum() > 0) {
                vFx = vFx.add(c[j].multiply(jitter[j]).shiftLeft(BITS).divide(t[j]));
            }
        }
        BigInteger aFx = a.shiftLeft(BITS).add(vFx);
        BigInteger den = chunk.shiftLeft(BITS).subtract(uFx.multiply(period));
        BigInteger numS = aFx.multiply(period).add(chunk.multiply(blackout.subtract(period.subtract(chunk))).shiftLeft(BITS));
        if (den.signum() <= 0) {
            return numS.signum() > 0 ? null : BigInteger.ZERO;
        }
        BigInteger lower = BigInteger.ZERO;
        BigInteger numK = aFx.add(uFx.multiply(blackout)).subtract(chunk.shiftLeft(BITS));
        if (numK.signum() > 0) {
            lower = blackout.add(ExactDecimal.ceilDiv(numK, den).multiply(period));
        }
        if (numS.signum() > 0) {
            lower = lower.max(ExactDecimal.ceilDiv(numS, den));
        }
        return lower;
    }

    /** The iteration in {@code long} with overflow checks (ArithmeticException: redo in BigInteger). */
    private static final class LongIteration {
        private final long blackout;
        private final long chunk;
        private final long period;
        private final long gap;
        private final long[] c;
        private final long[] t;
        private final long[] jit;
        private final long[] count;
        private final long[] next;
        private final int[] heap; // the tasks above, a binary heap on next[] (the next count change first)
        private int size;
        private final Work work;
        private long interference;
        private long sumAbove;
        private long r;
        private int above;

        LongIteration(long blackout, long chunk, long period, long[] c, long[] t, long[] jit, Work work) {
            this.blackout = blackout;
            this.chunk = chunk;
            this.period = period;
            this.gap = Math.subtractExact(period, chunk);
            this.c = c;
            this.t = t;
            this.jit = jit;
            this.work = work;
            count = new long[c.length];
            next = new long[c.length];
            heap = new int[c.length];
        }

        private void push(int j) {
            int k = size++;
            while (k > 0) {
                int parent = (k - 1) >>> 1;
                if (next[heap[parent]] <= next[j]) {
                    break;
                }
                heap[k] = heap[parent];
                k = parent;
            }
            heap[k] = j;
        }

        /** The top's next[] grew: move it down. */
        private void siftTop() {
            int j = heap[0];
            int k = 0;
            while (true) {
                int child = 2 * k + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && next[heap[child + 1]] < next[heap[child]]) {
                    child++;
                }
                if (next[j] <= next[heap[child]]) {
                    break;
                }
                heap[k] = heap[child];
                k = child;
            }
            heap[k] = j;
        }

        /** Called for i = 0, 1, … in turn (or once for any i): −1 above the limit. */
        long responseTime(int i, long limit) {
            while (above < i) {
                int j = above++;
                // ⌈(r + Jj)/Tj⌉, or at 0+ ⌊Jj/Tj⌋ + 1; it next grows once r passes k·Tj − Jj
                long k = r > 0 ? ceilDiv(Math.addExact(r, jit[j]), t[j]) : Math.floorDiv(jit[j], t[j]) + 1;
                count[j] = k;
                next[j] = Math.subtractExact(Math.multiplyExact(k, t[j]), jit[j]);
                interference = Math.addExact(interference, Math.multiplyExact(k, c[j]));
                sumAbove = Math.addExact(sumAbove, c[j]);
                push(j);
            }
            moveTo(Math.max(r, finv(Math.addExact(sumAbove, c[i]))));
            long steps = 0;
            while (true) {
                if (r > limit) {
                    return -1;
                }
                long g = finv(Math.addExact(c[i], interference));
                if (g <= r) {
                    return r; // r ≤ R and g(r) ≤ r: r is the least fixed point
                }
                moveTo(g);
                steps++;
                if (i > 0 && steps >= 4 && (steps & (steps - 1)) == 0) {
                    work.spend(i);
                    int f = chooseF(i);
                    if (f < 0) {
                        continue; // the bound (in doubles) is not above r: the jump would not move
                    }
                    BigInteger[] cb = new BigInteger[f];
                    BigInteger[] tb = new BigInteger[f];
                    BigInteger[] jb = new BigInteger[f];
                    BigInteger[] kb = new BigInteger[f];
                    for (int j = 0; j < f; j++) {
                        cb[j] = BigInteger.valueOf(c[j]);
                        tb[j] = BigInteger.valueOf(t[j]);
                        jb[j] = BigInteger.valueOf(jit[j]);
                        kb[j] = BigInteger.valueOf(count[j]);
                    }
                    BigInteger lower = exactBound(BigInteger.valueOf(blackout), BigInteger.valueOf(chunk),
                            BigInteger.valueOf(period), cb, tb, jb, kb,
                            BigInteger.valueOf(c[i]).add(BigInteger.valueOf(interference)), f);
                    if (lower == null || lower.compareTo(BigInteger.valueOf(limit)) > 0) {
                        return -1; // no fixed point, or none within the limit
                    }
                    if (lower.longValue() > r) {
                        moveTo(lower.longValue());
                    }
                }
            }
        }

        private void moveTo(long to) {
            r = to;
            work.spend(1);
            while (size > 0 && next[heap[0]] < r) {
                int j = heap[0];
                long k = ceilDiv(Math.addExact(r, jit[j]), t[j]);
                interference = Math.addExact(interference, Math.multiplyExact(k - count[j], c[j]));
                count[j] = k;
                next[j] = Math.subtractExact(Math.multiplyExact(k, t[j]), jit[j]);
                siftTop();
                work.spend(1);
            }
        }

        /**
         * The f of {@link #jump}, chosen in doubles as there; −1 when no f gives a bound above r (the
         * jump is then skipped: it is optional). With no f whose U·T is below Θ, i (the exact test
         * may then find that there is no fixed point).
         */
        private int chooseF(int i) {
            double theta = chunk;
            double tt = period;
            double b = blackout;
            double g = tt - theta;
            double rest = (double) c[i] + interference;
            double u = 0;
            double best = Double.NEGATIVE_INFINITY;
            int bestF = 0;
            for (int f = 1; f <= i; f++) {
                int j = f - 1;
                u += (double) c[j] / t[j];
                rest -= (double) count[j] * c[j];
                rest += (double) c[j] * jit[j] / t[j];
                double bound = jumpBound(b, g, theta, tt, rest, u);
                if (bound > best) {
                    best = bound;
                    bestF = f;
                }
            }
            if (bestF == 0) {
                return i;
            }
            return best > r ? bestF : -1;
        }

        private long finv(long w) {
            return Math.addExact(Math.addExact(blackout, w), Math.multiplyExact(ceilDiv(w, chunk) - 1, gap));
        }
    }

    /** The same iteration in BigInteger. */
    private static final class BigIteration {
        private final BigInteger blackout;
        private final BigInteger chunk;
        private final BigInteger period;
        private final BigInteger gap;
        private final BigInteger[] c;
        private final BigInteger[] t;
        private final BigInteger[] jit;
        private final BigInteger[] count;
        private final BigInteger[] next;
        private final PriorityQueue<Integer> due;
        private final Work work;
        private BigInteger interference = BigInteger.ZERO;
        private BigInteger sumAbove = BigInteger.ZERO;
        private BigInteger r = BigInteger.ZERO;
        private int above;

        BigIteration(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c, BigInteger[] t,
                     BigInteger[] jit, Work work) {
            this.blackout = blackout;
            this.chunk = chunk;
            this.period = period;
            this.gap = period.subtract(chunk);
            this.c = c;
            this.t = t;
            this.jit = jit;
            this.work = work;
            count = new BigInteger[c.length];
            next = new BigInteger[c.length];
            due = new PriorityQueue<>(Math.max(1, c.length), (a, b) -> next[a].compareTo(next[b]));
        }

        /** Called for i = 0, 1, … in turn (or once for any i): null above the limit. */
        BigInteger responseTime(int i, BigInteger limit) {
            while (above < i) {
                int j = above++;
                BigInteger k = r.signum() > 0 ? ExactDecimal.ceilDiv(r.add(jit[j]), t[j])
                        : jit[j].divide(t[j]).add(BigInteger.ONE);
                count[j] = k;
                next[j] = k.multiply(t[j]).subtract(jit[j]);
                interference = interference.add(k.multiply(c[j]));
                sumAbove = sumAbove.add(c[j]);
                due.add(j);
            }
            moveTo(r.max(finv(sumAbove.add(c[i]))));
            long steps = 0;
            while (true) {
                if (r.compareTo(limit) > 0) {
                    return null;
                }
                BigInteger g = finv(c[i].add(interference));
                if (g.compareTo(r) <= 0) {
                    return r;
                }
                moveTo(g);
                steps++;
                if (i > 0 && steps >= 4 && (steps & (steps - 1)) == 0) {
                    work.spendWide(i);
                    double[] kc = new double[i];
                    for (int j = 0; j < i; j++) {
                        kc[j] = count[j].doubleValue() * c[j].doubleValue();
                    }
                    BigInteger lower = jump(blackout, chunk, period, c, t, jit, count, kc, c[i].add(interference), i);
                    if (lower == null || lower.compareTo(limit) > 0) {
                        return null;
                    }
                    if (lower.compareTo(r) > 0) {
                        moveTo(lower);
                    }
                }
            }
        }

        private void moveTo(BigInteger to) {
            r = to;
            work.spendWide(1);
            while (!due.isEmpty() && next[due.peek()].compareTo(r) < 0) {
                int j = due.poll();
                BigInteger k = ExactDecimal.ceilDiv(r.add(jit[j]), t[j]);
                interference = interference.add(k.subtract(count[j]).multiply(c[j]));
                count[j] = k;
                next[j] = k.multiply(t[j]).subtract(jit[j]);
                due.add(j);
                work.spendWide(1);
            }
        }

        private BigInteger finv(BigInteger w) {
            return blackout.add(w).add(ExactDecimal.ceilDiv(w, chunk).subtract(BigInteger.ONE).multiply(gap));
        }
    }

    /**
     * The jump's lower bound of the fixed point (THEORY §10.1) when the fastest tasks count as
     * their utilisation {@code u} and the rest as {@code rest}, on a supply of blackout {@code b},
     * gap {@code g} and {@code theta} per {@code tt}; minus infinity when those tasks alone fill
     * the supply (no bound). In doubles: a guide to which split to take, redone exactly after.
     */
    private static double jumpBound(double b, double g, double theta, double tt, double rest, double u) {
        double den = theta - u * tt;
        if (!(den > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        return Math.max(b + Math.ceil((rest + u * b - theta) / den) * tt, (rest * tt + theta * (b - g)) / den);
    }
}

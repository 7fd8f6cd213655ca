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
        return compute(supply, tasks, limitFactor, order).responses();
    }

    /** Response times (as {@link #of}) and the work they took, in terms (for tests of the budget). */
    record Result(double[] responses, long work) {
    }

    /** As {@link #of}, with the work counted. */
    static Result compute(Supply supply, List<Task> tasks, double limitFactor, int[] order) {
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
            java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
            return new Result(out, 0);
        }
        BigInteger gap = period.subtract(chunk);
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-scale);
        BigInteger[] c = new BigInteger[n];
        BigInteger[] t = new BigInteger[n];
        for (int q = 0; q < n; q++) {
            c[q] = v[3 + 3 * q];
            t[q] = v[4 + 3 * q];
        }
        Iteration it = new Iteration(blackout, chunk, gap, period, c, t);
        for (int q = 0; q < n; q++) {
            BigInteger r = it.responseTime(q, v[5 + 3 * q]);
            out[order[q]] = r == null ? Double.POSITIVE_INFINITY : new BigDecimal(r).multiply(unit).doubleValue();
        }
        return new Result(out, it.work);
    }

    /**
     * The fixed-point iteration of THEORY.md §10.1 for the tasks of one VM, in priority order, in
     * integers (the VM's values scaled by one power of ten). It returns the same least fixed point
     * as R ← finv(Ci + Σ⌈R/Tj⌉Cj) from finv(Ci + ΣCj), with three savings that keep it exact:
     * task i starts where task i − 1 ended (Ri ≥ Ri−1); the counts ⌈R/Tj⌉ are kept between steps
     * and only those whose next multiple R has passed are updated (a heap of those multiples); and
     * now and then R jumps to a lower bound of the fixed point in which the tasks of shortest period
     * count as their utilisation (the jump of §10.1). Not thread-safe; one per call.
     */
    static final class Iteration {
        /** Fixed-point bits of the utilisations in the jump (a lower bound of each, by flooring). */
        private static final int BITS = 64;
        private static final BigInteger ONE_FX = BigInteger.ONE.shiftLeft(BITS);

        private final BigInteger blackout;
        private final BigInteger chunk;
        private final BigInteger gap;
        private final BigInteger period;
        private final BigInteger[] c;
        private final BigInteger[] t;
        /** ⌈r/Tj⌉ of the tasks above the current one, at the current r. */
        private final BigInteger[] count;
        /** count[j]·Tj: the count changes once r passes it. */
        private final BigInteger[] next;
        /** ⌊Cj/Tj · 2^BITS⌋. */
        private final BigInteger[] utilFx;
        private final double[] utilD;
        private final double[] cD;
        private final double[] countD;
        private final java.util.PriorityQueue<Integer> due;
        /** Σ count[j]·Cj over the tasks above the current one. */
        private BigInteger interference = BigInteger.ZERO;
        /** Σ Cj over the tasks above the current one. */
        private BigInteger sumAbove = BigInteger.ZERO;
        private BigInteger r = BigInteger.ZERO;
        private int above;
        /** Work done so far, in terms (see {@link #MAX_TERMS}). */
        long work;

        Iteration(BigInteger blackout, BigInteger chunk, BigInteger gap, BigInteger period, BigInteger[] c, BigInteger[] t) {
            this.blackout = blackout;
            this.chunk = chunk;
            this.gap = gap;
            this.period = period;
            this.c = c;
            this.t = t;
            int n = c.length;
            count = new BigInteger[n];
            next = new BigInteger[n];
            utilFx = new BigInteger[n];
            utilD = new double[n];
            cD = new double[n];
            countD = new double[n];
            for (int j = 0; j < n; j++) {
                utilFx[j] = c[j].shiftLeft(BITS).divide(t[j]);
                cD[j] = c[j].doubleValue();
                utilD[j] = cD[j] / t[j].doubleValue();
            }
            due = new java.util.PriorityQueue<>(Math.max(1, n), (a, b) -> next[a].compareTo(next[b]));
        }

        /**
         * The response time of the task at priority position i (called for i = 0, 1, 2, … in
         * turn), or null when it exceeds {@code limit}.
         */
        BigInteger responseTime(int i, BigInteger limit) {
            while (above < i) {
                int j = above++;
                BigInteger k = r.signum() > 0 ? ExactDecimal.ceilDiv(r, t[j]) : BigInteger.ONE;
                count[j] = k;
                countD[j] = k.doubleValue();
                next[j] = k.multiply(t[j]);
                interference = interference.add(k.multiply(c[j]));
                sumAbove = sumAbove.add(c[j]);
                due.add(j);
            }
            // every iterate of task i − 1 was at most Ri−1 ≤ Ri, and finv(Ci + ΣCj) ≤ Ri
            moveTo(r.max(finv(sumAbove.add(c[i]))));
            long steps = 0;
            while (true) {
                if (r.compareTo(limit) > 0) {
                    return null;
                }
                BigInteger g = finv(c[i].add(interference));
                if (g.compareTo(r) <= 0) {
                    return r; // r ≤ R and g(r) ≤ r: r is the least fixed point
                }
                moveTo(g);
                steps++;
                if (i > 0 && steps >= 4 && (steps & (steps - 1)) == 0) {
                    BigInteger lower = jump(i);
                    if (lower == null) {
                        return null; // no fixed point at all (§10.1)
                    }
                    if (lower.compareTo(r) > 0) {
                        moveTo(lower);
                    }
                }
            }
        }

        /** r := to (to ≥ r, to ≤ the fixed point), updating the counts that change. */
        private void moveTo(BigInteger to) {
            r = to;
            spend(1);
            while (!due.isEmpty() && next[due.peek()].compareTo(r) < 0) {
                int j = due.poll();
                BigInteger k = ExactDecimal.ceilDiv(r, t[j]);
                interference = interference.add(k.subtract(count[j]).multiply(c[j]));
                count[j] = k;
                countD[j] = k.doubleValue();
                next[j] = k.multiply(t[j]);
                due.add(j);
                spend(1);
            }
        }

        /**
         * A lower bound of task i's fixed point from the current r (THEORY.md §10.1), or null when
         * there is none. For s ≥ r, W(s) ≥ A + U·s with U the utilisation of the f tasks of shortest
         * period and A = Ci + the others' current demand; the fixed point R lies on a rising part
         * [B + kT, B + kT + Θ] of the supply, where sbf(R) ≤ (k + 1)Θ and sbf(R) ≤ Θ/T·(R − B + G).
         * Hence R ≥ B + k0·T with k0 = ⌈(A + U·B − Θ)/(Θ − U·T)⌉ and R ≥ (A·T + Θ(B − G))/(Θ − U·T).
         * U is taken from below (floored in fixed point), which only lowers both bounds. f is chosen
         * in doubles (the choice does not matter for soundness).
         */
        private BigInteger jump(int i) {
            spend(i);
            double theta = chunk.doubleValue();
            double tt = period.doubleValue();
            double b = blackout.doubleValue();
            double g = gap.doubleValue();
            double rest = c[i].add(interference).doubleValue();
            double u = 0;
            double best = Double.NEGATIVE_INFINITY;
            int bestF = 0;
            for (int f = 1; f <= i; f++) {
                u += utilD[f - 1];
                rest -= countD[f - 1] * cD[f - 1];
                double den = theta - u * tt;
                if (!(den > 0)) {
                    continue;
                }
                double bound = Math.max(b + Math.ceil((rest + u * b - theta) / den) * tt, (rest * tt + theta * (b - g)) / den);
                if (bound > best) {
                    best = bound;
                    bestF = f;
                }
            }
            // exactly, for f = bestF (or all i tasks, for the test of no fixed point)
            int f = bestF == 0 ? i : bestF;
            BigInteger uFx = BigInteger.ZERO;
            BigInteger a = c[i].add(interference);
            for (int j = 0; j < f; j++) {
                uFx = uFx.add(utilFx[j]);
                a = a.subtract(count[j].multiply(c[j]));
            }
            BigInteger den = chunk.shiftLeft(BITS).subtract(uFx.multiply(period));
            BigInteger numS = a.multiply(period).add(chunk.multiply(blackout.subtract(gap)));
            if (den.signum() <= 0) {
                // U ≥ Θ/T: R(Θ − U·T) ≥ A·T + Θ(B − G) has no solution when the right side is positive
                return numS.signum() > 0 ? null : BigInteger.ZERO;
            }
            BigInteger lower = BigInteger.ZERO;
            BigInteger numK = a.shiftLeft(BITS).add(uFx.multiply(blackout)).subtract(chunk.shiftLeft(BITS));
            if (numK.signum() > 0) {
                lower = blackout.add(ExactDecimal.ceilDiv(numK, den).multiply(period));
            }
            if (numS.signum() > 0) {
                lower = lower.max(ExactDecimal.ceilDiv(numS.shiftLeft(BITS), den));
            }
            return lower;
        }

        private void spend(long terms) {
            work += terms;
            if (work > MAX_TERMS) {
                throw new AnalysisLimitException("the response-time iteration needed more than " + MAX_TERMS
                        + " steps (task periods very far apart, or a utilisation just below the supply)");
            }
        }

        private BigInteger finv(BigInteger w) {
            return blackout.add(w).add(ExactDecimal.ceilDiv(w, chunk).subtract(BigInteger.ONE).multiply(gap));
        }
    }
}

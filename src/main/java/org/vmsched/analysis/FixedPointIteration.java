package org.vmsched.analysis;

import static org.vmsched.analysis.FixedPoint.ceilDiv;

import java.math.BigInteger;
import java.util.PriorityQueue;
import org.vmsched.analysis.FixedPoint.Work;

/**
 * The response-time iteration of {@link FixedPoint}, the machinery behind its entry points: the
 * state of one iteration over tasks in priority order, in {@code long} with overflow checks
 * ({@link InLong}; an {@link ArithmeticException} makes the caller redo it in BigInteger) and in
 * BigInteger ({@link InBig}), and the jump to a lower bound of the fixed point (THEORY.md §10.1)
 * both take now and then. Split out of {@link FixedPoint}, which chooses between them. An
 * iteration is used by one thread; the class itself is stateless.
 */
final class FixedPointIteration {

    /** Fixed-point bits of the utilisations in the jump (each taken from below, by flooring). */
    private static final int BITS = 64;

    private FixedPointIteration() {
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
    static final class InLong {
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

        InLong(long blackout, long chunk, long period, long[] c, long[] t, long[] jit, Work work) {
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
         * The f of {@link FixedPointIteration#jump}, chosen in doubles as there; −1 when no f gives a bound above r (the
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
    static final class InBig {
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

        InBig(BigInteger blackout, BigInteger chunk, BigInteger period, BigInteger[] c, BigInteger[] t,
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

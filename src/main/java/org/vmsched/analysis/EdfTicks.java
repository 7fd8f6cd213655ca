package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import org.vmsched.model.Task;

/**
 * The model of {@link EdfExact}'s test in integer ticks (THEORY.md §8.5): the task and supply
 * values read as the decimals they were written as, scaled by a common power of ten to
 * {@code long} ticks (exactly, or rounded towards less or more supply), and dbf, sbf and finv in
 * those ticks. Split out of {@link EdfExact}, which decides on this model. Stateless; a
 * {@link Model} is immutable by convention (its arrays are not copied).
 */
final class EdfTicks {

    /** At most this many decimals per time unit; finer values are rounded (both ways, §8.5). */
    static final int MAX_SCALE = 18;

    /** Largest tick count of any value or horizon, so that sums of a few stay inside a long. */
    static final long LIMIT = 1L << 60;

    /** No deadline: the answer of {@link #lastDeadlineAtMost} below every deadline, and an outcome's "no witness". */
    static final long NONE = Long.MIN_VALUE;

    private EdfTicks() {
    }

    /** The values as the decimals they were written as (the supply's from {@link Supply#exactBlackout()}). */
    record Decimals(BigDecimal[] wcet, BigDecimal[] period, BigDecimal[] deadline, BigDecimal blackout,
                    BigDecimal supplyPeriod, BigDecimal chunk) {

        /** Decimals needed to write every value. */
        int scale() {
            int s = Math.max(scaleOf(blackout), Math.max(scaleOf(supplyPeriod), scaleOf(chunk)));
            for (int i = 0; i < wcet.length; i++) {
                s = Math.max(s, Math.max(scaleOf(wcet[i]), Math.max(scaleOf(period[i]), scaleOf(deadline[i]))));
            }
            return s;
        }

        /** Whether every value fits exact ticks of at most {@link #MAX_SCALE} decimals. */
        boolean exact() {
            return scale() <= MAX_SCALE;
        }

        /** Whether the useful budget is the whole period (sbf(t) = max(0, t − B), any T). */
        boolean fullRate() {
            return chunk.compareTo(supplyPeriod) >= 0;
        }
    }

    private static int scaleOf(BigDecimal d) {
        return Math.max(0, d.stripTrailingZeros().scale());
    }

    /** A value the user typed: the shortest decimal that reads back as this double (§8.5). */
    static BigDecimal typed(double v, String what) {
        if (!Double.isFinite(v) || v <= 0) {
            throw new IllegalArgumentException(what + " must be a positive number, got " + v);
        }
        return ExactDecimal.of(v);
    }

    static Decimals read(Supply supply, List<Task> tasks) {
        int n = tasks.size();
        BigDecimal[] c = new BigDecimal[n];
        BigDecimal[] p = new BigDecimal[n];
        BigDecimal[] d = new BigDecimal[n];
        for (int i = 0; i < n; i++) {
            Task t = tasks.get(i);
            c[i] = typed(t.wcet(), "wcet of " + t.name());
            p[i] = typed(t.period(), "period of " + t.name());
            d[i] = typed(t.deadline(), "deadline of " + t.name());
        }
        BigDecimal blackout = supply.exactBlackout().max(BigDecimal.ZERO);
        return new Decimals(c, p, d, blackout, typed(supply.period(), "server period"), supply.exactChunk());
    }

    // ------------------------------------------------------------------ the integer model

    /** How a value that is not a whole number of ticks is rounded. */
    enum Rounding { EXACT, PESSIMISTIC, OPTIMISTIC }

    /** The task set and the supply in ticks of 10^-scale time units. */
    record Model(int scale, long[] wcet, long[] period, long[] deadline, long blackout, long supplyPeriod,
                 long chunk) {

        long minDeadline() {
            long m = Long.MAX_VALUE;
            for (long x : deadline) {
                m = Math.min(m, x);
            }
            return m;
        }
    }

    /** The model at {@code scale}, or null when a value needs more than {@link #LIMIT} ticks. */
    static Model model(Decimals d, int scale, Rounding r) {
        int n = d.wcet().length;
        long[] c = new long[n];
        long[] p = new long[n];
        long[] dl = new long[n];
        // Pessimistic: more demand (wcet up, periods and deadlines down) and less supply
        // (blackout and server period up, chunk down); optimistic the other way (§8.5).
        RoundingMode up = r == Rounding.EXACT ? RoundingMode.UNNECESSARY
                : r == Rounding.PESSIMISTIC ? RoundingMode.CEILING : RoundingMode.FLOOR;
        RoundingMode down = r == Rounding.EXACT ? RoundingMode.UNNECESSARY
                : r == Rounding.PESSIMISTIC ? RoundingMode.FLOOR : RoundingMode.CEILING;
        try {
            for (int i = 0; i < n; i++) {
                c[i] = ticks(d.wcet()[i], scale, up);
                p[i] = ticks(d.period()[i], scale, down);
                dl[i] = ticks(d.deadline()[i], scale, down);
            }
            long b = ticks(d.blackout(), scale, up);
            if (d.fullRate()) {
                // sbf(t) = max(0, t − B) whatever the period: one tick per tick.
                return new Model(scale, c, p, dl, b, 1, 1);
            }
            long ts = ticks(d.supplyPeriod(), scale, up);
            long chunk = ticks(d.chunk(), scale, down);
            if (chunk >= ts) {
                // Only when rounding optimistically: no supply beats max(0, t − B).
                return new Model(scale, c, p, dl, b, 1, 1);
            }
            return new Model(scale, c, p, dl, b, ts, chunk);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static long ticks(BigDecimal v, int scale, RoundingMode mode) {
        BigInteger t = v.movePointRight(scale).setScale(0, mode).toBigIntegerExact();
        if (t.bitLength() > 60 || t.compareTo(BigInteger.valueOf(LIMIT)) > 0) {
            throw new ArithmeticException("beyond " + LIMIT + " ticks");
        }
        return t.longValueExact();
    }

    // ------------------------------------------------------------------ dbf, sbf, finv in ticks

    /** dbf(t) = Σ_{Di ≤ t} (⌊(t − Di)/Ti⌋ + 1)·Ci. */
    static long dbf(Model m, long t) {
        long sum = 0;
        for (int i = 0; i < m.wcet.length; i++) {
            if (m.deadline[i] <= t) {
                sum = Math.addExact(sum, Math.multiplyExact((t - m.deadline[i]) / m.period[i] + 1, m.wcet[i]));
            }
        }
        return sum;
    }

    /** THEORY.md §2: 0 up to B, then k·c + min(t − B − k·T, c) with k = ⌊(t − B)/T⌋. */
    static long sbf(Model m, long t) {
        if (t <= m.blackout) {
            return 0;
        }
        long k = (t - m.blackout) / m.supplyPeriod;
        long rest = t - m.blackout - k * m.supplyPeriod;
        return Math.addExact(Math.multiplyExact(k, m.chunk), Math.min(rest, m.chunk));
    }

    /** The least t with sbf(t) ≥ w (THEORY.md §2's finv in ticks); 0 for w ≤ 0. */
    static long finv(Model m, long w) {
        if (w <= 0) {
            return 0;
        }
        long k = (w - 1) / m.chunk;
        return Math.addExact(Math.addExact(m.blackout, Math.multiplyExact(k, m.supplyPeriod)), w - k * m.chunk);
    }

    /** The largest absolute deadline ≤ x, or {@link #NONE}. */
    static long lastDeadlineAtMost(Model m, long x) {
        long best = NONE;
        for (int i = 0; i < m.wcet.length; i++) {
            if (m.deadline[i] <= x) {
                best = Math.max(best, m.deadline[i] + (x - m.deadline[i]) / m.period[i] * m.period[i]);
            }
        }
        return best;
    }
}

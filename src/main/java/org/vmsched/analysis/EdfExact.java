package org.vmsched.analysis;

import static org.vmsched.analysis.EdfTicks.LIMIT;
import static org.vmsched.analysis.EdfTicks.MAX_SCALE;
import static org.vmsched.analysis.EdfTicks.NONE;
import static org.vmsched.analysis.EdfTicks.dbf;
import static org.vmsched.analysis.EdfTicks.finv;
import static org.vmsched.analysis.EdfTicks.lastDeadlineAtMost;
import static org.vmsched.analysis.EdfTicks.model;
import static org.vmsched.analysis.EdfTicks.read;
import static org.vmsched.analysis.EdfTicks.sbf;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vmsched.analysis.EdfTicks.Decimals;
import org.vmsched.analysis.EdfTicks.Model;
import org.vmsched.analysis.EdfTicks.Rounding;
import org.vmsched.text.Format;
import org.vmsched.model.Task;

/**
 * The exact EDF test of THEORY.md §8 in integer ticks: the task and supply values are read as the
 * decimals they are (§8.5), scaled by a common power of ten to {@code long}, and every comparison
 * of demand and supply is exact. The horizon comes from §8.3 (also when the useful rate equals U)
 * and the deadlines below it are checked by the supply-aware QPA of §8.4. {@link EdfDemand} is
 * the public face; the model in ticks (reading, scaling, dbf, sbf, finv) is {@link EdfTicks}'s.
 * Stateless.
 *
 * <p>The supply is read only through {@link Supply#exactBlackout()}, {@link Supply#period()} and
 * {@link Supply#exactChunk()}: its sbf is taken to be §2's shape, no supply up to the blackout B, then
 * one chunk c of useful supply per period T. {@code EdfExactTest} holds this model against
 * {@link Supply#sbf(double)}.
 */
final class EdfExact {

    /** QPA iterations before the answer is "undecided". */
    static final long MAX_STEPS = 1_000_000;

    private EdfExact() {
    }

    // ------------------------------------------------------------------ the decision

    /** What {@link #decide} found, in ticks of the model. {@code limit} marks an undecided answer. */
    record Outcome(Verdict verdict, String reason, BigInteger horizon, long steps, long witness, long demand,
                   long supply, List<long[]> trace, Limit limit) {
    }

    /**
     * Which limit made an outcome undecided: a horizon too long for the ticks (a coarser tick may
     * do), one period of dbf − sbf too long when the rate equals U, too many QPA steps, overflow.
     */
    enum Limit { NONE, HORIZON, PERIOD, STEPS, OVERFLOW }

    private static Outcome proven(Verdict v, String reason, BigInteger horizon, long steps, List<long[]> trace) {
        return new Outcome(v, reason, horizon, steps, NONE, 0, 0, trace, Limit.NONE);
    }

    private static Outcome undecided(Limit limit, String reason, BigInteger horizon, long steps, List<long[]> trace) {
        return new Outcome(Verdict.UNDECIDED, reason, horizon, steps, NONE, 0, 0, trace, limit);
    }

    private static Outcome miss(Model m, long t, long demand, long supply, String why, BigInteger horizon, long steps,
                                List<long[]> trace) {
        String reason = why + "at t = " + units(t, m.scale()) + " the demand dbf = " + units(demand, m.scale())
                + " exceeds the supply sbf = " + units(supply, m.scale());
        return new Outcome(Verdict.NOT_SCHEDULABLE, reason, horizon, steps, t, demand, supply, trace, Limit.NONE);
    }

    /**
     * The rational quantities of THEORY.md §8.3 for a model: H = lcm of the task periods, U·H,
     * K·H (K = Σ (Ti − Di)·Ui) and the sign of ρ − U.
     */
    record Rates(BigInteger hyperperiod, BigInteger uh, BigInteger kh, int cmp, String text) {

        static Rates of(Model m) {
            BigInteger h = BigInteger.ONE;
            for (long p : m.period()) {
                BigInteger bp = BigInteger.valueOf(p);
                h = h.divide(h.gcd(bp)).multiply(bp);
            }
            BigInteger uh = BigInteger.ZERO;
            BigInteger kh = BigInteger.ZERO;
            for (int i = 0; i < m.wcet().length; i++) {
                BigInteger work = h.divide(BigInteger.valueOf(m.period()[i])).multiply(BigInteger.valueOf(m.wcet()[i]));
                uh = uh.add(work);
                kh = kh.add(work.multiply(BigInteger.valueOf(Math.max(0, m.period()[i] - m.deadline()[i]))));
            }
            BigInteger c = BigInteger.valueOf(m.chunk());
            BigInteger ts = BigInteger.valueOf(m.supplyPeriod());
            // ρ = c/T against U = uh/H, both multiplied by T·H.
            int cmp = c.multiply(h).compareTo(ts.multiply(uh));
            return new Rates(h, uh, kh, cmp, "the useful rate (C − X)/T = " + ratio(c, ts) + ", U = " + ratio(uh, h));
        }

        /** ρ = U and the supply stays behind the line ρ·t (G = B − (T − c) &gt; 0): §8.3 (c). */
        boolean equalBehind(Model m) {
            return cmp == 0 && m.blackout() > m.supplyPeriod() - m.chunk();
        }

        /**
         * The horizon in ticks: every deadline that fails has a failing one at or below it
         * (§8.3 (b), (d)); for §8.3 (c) the hyperperiod, where the demand has passed the supply;
         * null below U (no horizon needed to refute).
         */
        BigInteger horizon(Model m) {
            BigInteger c = BigInteger.valueOf(m.chunk());
            BigInteger ts = BigInteger.valueOf(m.supplyPeriod());
            BigInteger b = BigInteger.valueOf(m.blackout());
            if (cmp < 0) {
                return null;
            }
            if (cmp == 0) {
                if (equalBehind(m)) {
                    return hyperperiod;
                }
                // §8.3 (d): dbf − sbf repeats with P = lcm(H, T) from B on (P = H when sbf(t) = t − B).
                BigInteger period = m.chunk() == m.supplyPeriod() ? hyperperiod
                        : hyperperiod.divide(hyperperiod.gcd(ts)).multiply(ts);
                return b.add(period);
            }
            // §8.3 (b): L = (ρ·B + K)/(ρ − U), times T·H in numerator and denominator, rounded up.
            BigInteger num = c.multiply(b).multiply(hyperperiod).add(ts.multiply(kh));
            BigInteger den = c.multiply(hyperperiod).subtract(ts.multiply(uh));
            BigInteger[] qr = num.divideAndRemainder(den);
            return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        }
    }

    /**
     * The exact test of the model (THEORY.md §8.3 and §8.4), keeping the first
     * {@code traceLimit} QPA steps as {t, dbf, sbf, next}.
     */
    static Outcome decide(Model m, int traceLimit, long maxSteps) {
        List<long[]> trace = new ArrayList<>();
        for (long p : m.period()) {
            if (p <= 0) {
                return proven(Verdict.NOT_SCHEDULABLE, "a task period rounds to 0", null, 0, trace);
            }
        }
        if (m.chunk() <= 0) {
            return proven(Verdict.NOT_SCHEDULABLE, "there is no useful supply (C − X ≤ 0)", null, 0, trace);
        }
        Rates rates = Rates.of(m);
        if (rates.cmp() < 0) {
            return proven(Verdict.NOT_SCHEDULABLE, rates.text() + ": below U the demand outgrows the supply", null, 0,
                    trace);
        }
        BigInteger horizon = rates.horizon(m);
        if (rates.equalBehind(m)) {
            // §8.3 (c): the supply stays behind the line ρ·t, the demand reaches it at H.
            String why = rates.text() + " are equal, and the supply stays behind ρ·t (its blackout is longer than"
                    + " the gap between chunks; the budget is less than the period): ";
            if (horizon.compareTo(BigInteger.valueOf(LIMIT)) <= 0) {
                long t = lastDeadlineAtMost(m, horizon.longValueExact());
                try {
                    return miss(m, t, dbf(m, t), sbf(m, t), why, horizon, 0, trace);
                } catch (ArithmeticException e) {
                    // too large to show the numbers: say it without them
                }
            }
            return proven(Verdict.NOT_SCHEDULABLE, why + "at the hyperperiod H = " + units(horizon, m.scale())
                    + " the demand U·H exceeds the supply", horizon, 0, trace);
        }
        if (horizon.compareTo(BigInteger.valueOf(LIMIT)) > 0) {
            return undecided(rates.cmp() == 0 ? Limit.PERIOD : Limit.HORIZON, rates.text()
                    + "; the deadlines to check reach L = " + units(horizon, m.scale()) + ", beyond 64-bit ticks of "
                    + tick(m.scale()), horizon, 0, trace);
        }
        try {
            return qpa(m, horizon, traceLimit, maxSteps, trace);
        } catch (ArithmeticException e) {
            return undecided(Limit.OVERFLOW, "the demand up to L = " + units(horizon, m.scale())
                    + " needs more than 64-bit ticks of " + tick(m.scale()), horizon, 0, trace);
        }
    }

    /**
     * The horizon of THEORY.md §8.3 in time units when the values are exact decimals that fit
     * the ticks (+∞ below U), else NaN.
     */
    static double exactHorizon(Supply supply, List<Task> tasks) {
        Decimals d = read(supply, tasks);
        int scale = d.scale();
        Model m = scale <= MAX_SCALE ? model(d, scale, Rounding.EXACT) : null;
        if (m == null || m.chunk() <= 0) {
            return Double.NaN;
        }
        for (long p : m.period()) {
            if (p <= 0) {
                return Double.NaN;
            }
        }
        BigInteger h = Rates.of(m).horizon(m);
        return h == null ? Double.POSITIVE_INFINITY : new BigDecimal(h, scale).doubleValue();
    }

    /**
     * THEORY.md §8.4: from the last deadline ≤ L downwards; where dbf(t) ≤ sbf(t), every deadline
     * in [finv(dbf(t)), t] is safe, so the next one checked is the last deadline before finv(dbf(t)).
     */
    private static Outcome qpa(Model m, BigInteger horizon, int traceLimit, long maxSteps, List<long[]> trace) {
        long t = lastDeadlineAtMost(m, horizon.longValueExact());
        long steps = 0;
        while (t != NONE) {
            if (steps == maxSteps) {
                return undecided(Limit.STEPS, "more than " + String.format(Locale.ROOT, "%,d", maxSteps)
                        + " QPA steps below L = " + units(horizon, m.scale()) + " (still at t = " + units(t, m.scale())
                        + "): the useful rate is very close to U", horizon, steps, trace);
            }
            steps++;
            long demand = dbf(m, t);
            long supply = sbf(m, t);
            if (demand > supply) {
                if (trace.size() < traceLimit) {
                    trace.add(new long[] {t, demand, supply, NONE});
                }
                return miss(m, t, demand, supply, "", horizon, steps, trace);
            }
            long next = finv(m, demand);
            if (trace.size() < traceLimit) {
                trace.add(new long[] {t, demand, supply, next});
            }
            t = lastDeadlineAtMost(m, next - 1);
        }
        String reason = steps == 0
                ? "no deadline lies at or below L = " + units(horizon, m.scale()) + ", where a miss would have to be"
                : "dbf(t) ≤ sbf(t) at every deadline up to L = " + units(horizon, m.scale()) + " (" + steps + " QPA step"
                        + (steps == 1 ? "" : "s") + ")";
        return proven(Verdict.SCHEDULABLE, reason, horizon, steps, trace);
    }

    // ------------------------------------------------------------------ the whole test

    /**
     * THEORY.md §8: exact when the values allow, else rounded both ways (§8.5); undecided past
     * {@code maxSteps} QPA steps.
     */
    static EdfResult test(Supply supply, List<Task> tasks, int traceLimit, long maxSteps) {
        if (tasks.isEmpty()) {
            return new EdfResult(Verdict.SCHEDULABLE, "no tasks", 0, 0, null, Double.NaN, Double.NaN, null, List.of());
        }
        if (!(supply.chunk() > 0)) {
            return new EdfResult(Verdict.NOT_SCHEDULABLE, "there is no useful supply (C − X ≤ 0)",
                    Double.POSITIVE_INFINITY, 0, null, Double.NaN, Double.NaN, null, List.of());
        }
        Decimals d = read(supply, tasks);
        int scale = d.scale();
        double estimate = Double.NaN;
        if (scale <= MAX_SCALE) {
            Model m = model(d, scale, Rounding.EXACT);
            if (m != null) {
                Outcome o = decide(m, traceLimit, maxSteps);
                if (o.limit() != Limit.HORIZON) {
                    // Decided, or a limit a coarser tick cannot lift.
                    return result(o, m, null);
                }
                estimate = new BigDecimal(o.horizon(), scale).doubleValue();
            }
        }
        // Too fine or too long for exact ticks: decide at a coarser tick, rounded both ways.
        if (Double.isNaN(estimate)) {
            estimate = EdfDemand.horizonEstimate(supply, tasks);
        }
        int coarse = coarseScale(supply, tasks, scale, estimate);
        if (coarse < 0) {
            return new EdfResult(Verdict.UNDECIDED, "the deadlines to check reach L ≈ " + Format.table(estimate)
                    + " time units, too far for exact 64-bit ticks", estimate, 0, null, Double.NaN, Double.NaN,
                    null, List.of());
        }
        return roundedBothWays(d, scale, coarse, traceLimit, maxSteps);
    }

    /**
     * The finest tick 10^-coarse (coarser than the values' own, {@code scale}) at which the values and
     * 16 times the horizon {@code estimate} (or the largest period) fit 64 bits; negative when none does.
     */
    private static int coarseScale(Supply supply, List<Task> tasks, int scale, double estimate) {
        double magnitude = supply.blackout() + supply.period();
        for (Task t : tasks) {
            magnitude = Math.max(magnitude, t.period());
        }
        // Below or at U (in doubles) no horizon is needed to refute; leave room for one anyway.
        magnitude = Double.isFinite(estimate) ? Math.max(magnitude, estimate) : 64 * magnitude;
        int coarse = (int) Math.min(MAX_SCALE, Math.floor(Math.log10(LIMIT / (16 * magnitude))));
        if (scale <= MAX_SCALE) {
            coarse = Math.min(coarse, scale - 1);
        }
        return Double.isFinite(magnitude) ? coarse : -1;
    }

    /**
     * The test at ticks of 10^-coarse, rounded towards less supply and more demand (a pass is proven)
     * and towards more supply and less demand (a miss is proven); undecided when the two disagree.
     */
    private static EdfResult roundedBothWays(Decimals d, int scale, int coarse, int traceLimit, long maxSteps) {
        String why = scale > MAX_SCALE ? "the values have more than " + MAX_SCALE + " decimals"
                : "ticks of " + tick(scale) + " up to L would overflow 64 bits";
        String how = "values rounded to multiples of " + tick(coarse) + " (" + why + ")";
        Model pess = model(d, coarse, Rounding.PESSIMISTIC);
        Model opt = model(d, coarse, Rounding.OPTIMISTIC);
        if (pess == null || opt == null) {
            return new EdfResult(Verdict.UNDECIDED, "the values do not fit 64-bit ticks of " + tick(coarse),
                    Double.NaN, 0, null, Double.NaN, Double.NaN, null, List.of());
        }
        Outcome p = decide(pess, traceLimit, maxSteps);
        if (p.verdict() == Verdict.SCHEDULABLE) {
            return result(p, pess, how + " towards less supply and more demand; schedulable even so");
        }
        Outcome o = decide(opt, traceLimit, maxSteps);
        if (o.verdict() == Verdict.NOT_SCHEDULABLE) {
            return result(o, opt, how + " towards more supply and less demand; not schedulable even so");
        }
        String reason = o.verdict() == Verdict.UNDECIDED ? o.reason()
                : p.verdict() == Verdict.UNDECIDED ? p.reason()
                : "the answer depends on digits finer than " + tick(coarse)
                        + ": rounded towards less supply it fails (" + p.reason() + "), rounded towards more it passes";
        Outcome shown = o.verdict() == Verdict.UNDECIDED ? o : p;
        Model shownModel = shown == o ? opt : pess;
        EdfResult r = result(shown, shownModel, how);
        return new EdfResult(Verdict.UNDECIDED, reason, r.horizon(), p.steps() + o.steps(), null, Double.NaN, Double.NaN,
                how, r.trace());
    }

    private static EdfResult result(Outcome o, Model m, String note) {
        double horizon = o.horizon() == null
                ? (o.verdict() == Verdict.NOT_SCHEDULABLE ? Double.POSITIVE_INFINITY : Double.NaN)
                : new BigDecimal(o.horizon(), m.scale()).doubleValue();
        List<EdfResult.Step> steps = new ArrayList<>();
        for (long[] s : o.trace()) {
            steps.add(new EdfResult.Step(u(s[0], m), u(s[1], m), u(s[2], m), s[3] == NONE ? Double.NaN : u(s[3], m)));
        }
        boolean witness = o.witness() != NONE;
        return new EdfResult(o.verdict(), o.reason(), horizon, o.steps(), witness ? u(o.witness(), m) : null,
                witness ? u(o.demand(), m) : Double.NaN, witness ? u(o.supply(), m) : Double.NaN, note, steps);
    }

    private static double u(long ticks, Model m) {
        return BigDecimal.valueOf(ticks, m.scale()).doubleValue();
    }

    /** One tick of 10^-scale time units, as "1e-6". */
    static String tick(int scale) {
        return scale == 0 ? "1" : "1e-" + scale;
    }

    /** Ticks as an exact decimal in time units. */
    private static String units(long ticks, int scale) {
        return BigDecimal.valueOf(ticks, scale).stripTrailingZeros().toPlainString();
    }

    private static String units(BigInteger ticks, int scale) {
        BigDecimal d = new BigDecimal(ticks, scale).stripTrailingZeros();
        return d.precision() > 15 ? Format.table(d.doubleValue()) : d.toPlainString();
    }

    private static String ratio(BigInteger a, BigInteger b) {
        return Format.table(new BigDecimal(a).divide(new BigDecimal(b), MathContext.DECIMAL64).doubleValue());
    }

}

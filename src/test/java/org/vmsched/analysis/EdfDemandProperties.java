package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.model.Task;

/**
 * The exact EDF test (THEORY.md §8) against brute force: dbf(t) ≤ sbf(t) at every absolute
 * deadline up to a horizon computed here independently — (ρB + K)/(ρ − U) above U, B + lcm(H, T)
 * at ρ = U (whatever the budget), a point past which the demand must have overtaken below U — in
 * exact integer arithmetic from the decimals the case was built from. A third of the cases have
 * the useful rate exactly equal to U.
 */
class EdfDemandProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    /** A task set and a server, as the decimals a user would type. */
    record Case(List<BigDecimal[]> tasks, BigDecimal period, BigDecimal budget, BigDecimal overhead, String kind) {

        List<Task> taskList() {
            List<Task> out = new ArrayList<>();
            for (int i = 0; i < tasks.size(); i++) {
                BigDecimal[] t = tasks.get(i);
                out.add(new Task("t" + i, t[0].doubleValue(), t[1].doubleValue(), t[2].doubleValue(), 0));
            }
            return out;
        }

        Supply supply() {
            return new Supply(period.doubleValue(), budget.doubleValue(), overhead.doubleValue());
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(kind + ": T=" + period + " C=" + budget + " X=" + overhead + " tasks");
            for (BigDecimal[] t : tasks) {
                b.append(" (").append(t[0]).append(", ").append(t[1]).append(", ").append(t[2]).append(')');
            }
            return b.toString();
        }
    }

    private static BigDecimal dec(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale);
    }

    /** A task: period an integer or one decimal, utilisation a whole percentage, deadline in tenths. */
    private static Arbitrary<BigDecimal[]> task(int n) {
        Arbitrary<BigDecimal> period = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(2, 30).map(i -> dec(i, 0))),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(10, 300).map(i -> dec(i, 1))));
        return Combinators.combine(period, Arbitraries.integers().between(1, Math.max(1, 100 / n)),
                        Arbitraries.integers().between(0, 100))
                .as((p, pct, dPct) -> {
                    BigDecimal c = p.multiply(dec(pct, 2));
                    // Deadline between the wcet (rounded up to tenths) and the period.
                    BigDecimal lo = c.setScale(1, java.math.RoundingMode.CEILING);
                    BigDecimal d = dPct >= 25 ? p
                            : lo.add(p.subtract(lo).multiply(dec(dPct, 2)).setScale(1, java.math.RoundingMode.FLOOR));
                    return new BigDecimal[] {c, p, d.min(p)};
                });
    }

    private static BigDecimal utilization(List<BigDecimal[]> tasks) {
        BigDecimal u = BigDecimal.ZERO;
        for (BigDecimal[] t : tasks) {
            u = u.add(t[0].divide(t[1], java.math.MathContext.DECIMAL128));
        }
        return u;
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<List<BigDecimal[]>> tasks = Arbitraries.integers().between(1, 4)
                .flatMap(n -> task(n).list().ofSize(n));
        // Server periods that divide task periods often (only then can ρ = U with C = T pass), else any tenth.
        Arbitrary<BigDecimal> period = Arbitraries.oneOf(
                Arbitraries.of(dec(5, 1), dec(1, 0), dec(2, 0), dec(25, 1), dec(5, 0)),
                Arbitraries.integers().between(1, 100).map(i -> dec(i, 1)));
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, 5);
        return Combinators.combine(tasks, period, kind, Arbitraries.integers().between(1, 100),
                        Arbitraries.integers().between(0, 20))
                .as((ts, t, k, alphaPct, x10) -> {
                    // Σ pct/100 is U exactly: every wcet is a whole percentage of its period.
                    BigDecimal u = utilization(ts).setScale(2, java.math.RoundingMode.HALF_EVEN);
                    switch (k) {
                        case 0, 1 -> {
                            // Any server, its bandwidth within −0.2 .. +0.8 of U.
                            BigDecimal alpha = u.add(dec(alphaPct - 20, 2)).max(dec(1, 2)).min(BigDecimal.ONE);
                            BigDecimal c = t.multiply(alpha);
                            BigDecimal x = dec(x10, 2).min(c.subtract(dec(1, 2)).max(BigDecimal.ZERO));
                            return new Case(ts, t, c, x, "random");
                        }
                        case 2 -> {
                            // C = T and X = T(1 − U): useful rate 1 − X/T = U exactly. Half of these
                            // with implicit deadlines on multiples of T = 0.1, where sbf(d) = U·d ≥ dbf(d).
                            if (alphaPct <= 50) {
                                List<BigDecimal[]> implicit = new ArrayList<>();
                                for (BigDecimal[] task : ts) {
                                    implicit.add(new BigDecimal[] {task[0], task[1], task[1]});
                                }
                                BigDecimal tenth = dec(1, 1);
                                return new Case(implicit, tenth, tenth, tenth.multiply(BigDecimal.ONE.subtract(u)),
                                        "rate = U, C = T, aligned");
                            }
                            return new Case(ts, t, t, t.multiply(BigDecimal.ONE.subtract(u)), "rate = U, C = T");
                        }
                        case 3 -> {
                            // C < T with C − X = U·T: rate U, but a budget below the period.
                            BigDecimal alpha = u.add(dec(Math.max(1, alphaPct / 10), 2)).min(dec(99, 2));
                            BigDecimal c = t.multiply(alpha);
                            return new Case(ts, t, c, c.subtract(u.multiply(t)), "rate = U, C < T");
                        }
                        case 4 -> {
                            // Just above U, the horizon far out.
                            BigDecimal alpha = u.add(dec(Math.max(1, alphaPct / 10), 2)).min(BigDecimal.ONE);
                            BigDecimal c = t.multiply(alpha);
                            BigDecimal x = c.subtract(u.multiply(t)).subtract(dec(1, 3)).max(BigDecimal.ZERO);
                            return new Case(ts, t, c, x, "rate just above U");
                        }
                        default -> {
                            // Full bandwidth, X = 0: a dedicated processor.
                            return new Case(ts, t, t, BigDecimal.ZERO, "dedicated");
                        }
                    }
                })
                .filter(c -> c.overhead().signum() >= 0 && c.budget().compareTo(c.overhead()) > 0
                        && c.budget().compareTo(c.period()) <= 0);
    }

    // ------------------------------------------------------------------ brute force

    /** The case in integer ticks of 10^-scale. */
    record Ticks(int scale, long[] c, long[] p, long[] d, long b, long t, long chunk) {

        static Ticks of(Case k) {
            int s = k.period().stripTrailingZeros().scale();
            s = Math.max(s, k.budget().stripTrailingZeros().scale());
            s = Math.max(s, k.overhead().stripTrailingZeros().scale());
            for (BigDecimal[] t : k.tasks()) {
                for (BigDecimal v : t) {
                    s = Math.max(s, v.stripTrailingZeros().scale());
                }
            }
            int scale = Math.max(0, s);
            int n = k.tasks().size();
            long[] c = new long[n];
            long[] p = new long[n];
            long[] d = new long[n];
            for (int i = 0; i < n; i++) {
                c[i] = k.tasks().get(i)[0].movePointRight(scale).longValueExact();
                p[i] = k.tasks().get(i)[1].movePointRight(scale).longValueExact();
                d[i] = k.tasks().get(i)[2].movePointRight(scale).longValueExact();
            }
            long tt = k.period().movePointRight(scale).longValueExact();
            long cc = k.budget().movePointRight(scale).longValueExact();
            long xx = k.overhead().movePointRight(scale).longValueExact();
            return new Ticks(scale, c, p, d, 2 * (tt - cc) + xx, tt, cc - xx);
        }

        long dbf(long x) {
            long sum = 0;
            for (int i = 0; i < c.length; i++) {
                if (x >= d[i]) {
                    sum += ((x - d[i]) / p[i] + 1) * c[i];
                }
            }
            return sum;
        }

        long sbf(long x) {
            if (x <= b) {
                return 0;
            }
            long k = (x - b) / t;
            return k * chunk + Math.min(x - b - k * t, chunk);
        }

        BigInteger lcm() {
            BigInteger h = BigInteger.ONE;
            for (long q : p) {
                BigInteger bq = BigInteger.valueOf(q);
                h = h.divide(h.gcd(bq)).multiply(bq);
            }
            return h;
        }

        /** Sign of ρ − U, from c/T − Σ Ci/Pi over the common denominator T·Π Pi. */
        int rateVersusU() {
            BigInteger prod = BigInteger.ONE;
            for (long q : p) {
                prod = prod.multiply(BigInteger.valueOf(q));
            }
            BigInteger lhs = BigInteger.valueOf(chunk).multiply(prod);
            BigInteger rhs = BigInteger.ZERO;
            for (int i = 0; i < c.length; i++) {
                rhs = rhs.add(BigInteger.valueOf(c[i]).multiply(prod).divide(BigInteger.valueOf(p[i])));
            }
            return lhs.compareTo(rhs.multiply(BigInteger.valueOf(t)));
        }

        /** A bound in ticks past which nothing new can fail (above or at U) or something must (below U). */
        long horizon() {
            int cmp = rateVersusU();
            if (cmp == 0) {
                BigInteger h = lcm();
                BigInteger bt = BigInteger.valueOf(t);
                return h.divide(h.gcd(bt)).multiply(bt).add(BigInteger.valueOf(b)).longValueExact();
            }
            // Fractions over D = T·Π Pi: ρ = chunk/T, U = Σ ci/pi, K = Σ (pi − di)·ci/pi, S = Σ di·ci/pi.
            double rho = (double) chunk / t;
            double u = 0;
            double k = 0;
            double s = 0;
            for (int i = 0; i < c.length; i++) {
                u += (double) c[i] / p[i];
                k += (double) (p[i] - d[i]) * c[i] / p[i];
                s += (double) d[i] * c[i] / p[i];
            }
            // Doubles only size the search here; margins make them safe for these small cases.
            if (cmp > 0) {
                return (long) Math.ceil((rho * b + k) / Math.max(rho - u, 1e-300) * (1 + 1e-9)) + 1;
            }
            long maxP = 0;
            for (long q : p) {
                maxP = Math.max(maxP, q);
            }
            return (long) Math.ceil(s / (u - rho) * (1 + 1e-9)) + maxP + 1;
        }

        long deadlinesUpTo(long limit) {
            long count = 0;
            for (int i = 0; i < c.length; i++) {
                if (d[i] <= limit) {
                    count += (limit - d[i]) / p[i] + 1;
                }
            }
            return count;
        }

        /** The first deadline with dbf > sbf up to {@code limit}, or null. */
        Long firstMiss(long limit) {
            TreeSet<Long> ds = new TreeSet<>();
            for (int i = 0; i < c.length; i++) {
                for (long x = d[i]; x <= limit; x += p[i]) {
                    ds.add(x);
                }
            }
            for (long x : ds) {
                if (dbf(x) > sbf(x)) {
                    return x;
                }
            }
            return null;
        }
    }

    @Property(tries = 1500, edgeCases = EdgeCasesMode.MIXIN)
    void exactTestAgreesWithBruteForceAtEveryDeadlineUpToTheHorizon(@ForAll("cases") Case k) {
        Ticks x = Ticks.of(k);
        long limit = x.horizon();
        judged.assume(x.deadlinesUpTo(limit) <= 300_000);
        Long miss = x.firstMiss(limit);
        if (x.rateVersusU() < 0) {
            assertNotNull(miss, "below U the demand must overtake the supply by " + limit + ": " + k);
        }
        EdfResult r = EdfDemand.test(k.supply(), k.taskList());
        Statistics.label("kind").collect(k.kind());
        Statistics.label("verdict").collect(k.kind() + " " + r.verdict());
        assertEquals(miss == null ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE, r.verdict(),
                () -> k + ": brute force " + (miss == null ? "passes" : "fails at " + miss) + ", test: " + r);
        assertNull(r.note(), () -> "decimals must be read exactly: " + k + " " + r);
        if (r.witness() != null) {
            long w = BigDecimal.valueOf(r.witness()).movePointRight(x.scale()).setScale(0, java.math.RoundingMode.HALF_EVEN)
                    .longValueExact();
            assertTrue(x.dbf(w) > x.sbf(w), () -> "witness " + r.witness() + " does not fail: " + k + " " + r);
        }
    }

    /** The integer sbf model read from Supply's blackout, period and chunk agrees with Supply.sbf (THEORY.md §2). */
    @Property(tries = 500)
    void theTickModelOfTheSupplyIsSupplySbf(@ForAll("cases") Case k, @ForAll @DoubleRange(min = 0, max = 5) double f) {
        Supply s = k.supply();
        EdfTicks.Decimals d = EdfTicks.read(s, k.taskList());
        assertTrue(d.exact(), () -> "not read as decimals: " + k);
        EdfTicks.Model m = EdfTicks.model(d, d.scale(), EdfTicks.Rounding.EXACT);
        assertNotNull(m);
        double unit = Math.pow(10, m.scale());
        long t = Math.round(f * (s.blackout() + 2 * s.period()) * unit);
        assertEquals(s.sbf(t / unit), EdfTicks.sbf(m, t) / unit, 1e-9 * Math.max(1, s.period()), () -> k + " at " + t);
        if (t > 0 && EdfTicks.sbf(m, t) > 0) {
            long w = EdfTicks.sbf(m, t);
            assertEquals(s.finv(w / unit), EdfTicks.finv(m, w) / unit, 1e-9 * Math.max(1, s.period()), () -> k + " finv " + w);
        }
    }

    /**
     * The same for every kind of supply THEORY.md §6.1 gives a VM among neighbours (preemption
     * bound P, deferrable kinds, a late first replenishment): the test only assumes sbf's shape,
     * none up to B and then the chunk per period.
     */
    @Property(tries = 500)
    void theTickModelMatchesEveryKindOfSupply(@ForAll("cases") Case k, @ForAll @DoubleRange(min = 0, max = 5) double f,
                                              @ForAll("kinds") Supply.Kind kind,
                                              @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 3) int p,
                                              @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 30) int start10) {
        int preemptions = kind == Supply.Kind.DEFERRABLE_UNDELAYED ? 0 : p;
        Supply s = new Supply(k.period().doubleValue(), k.budget().doubleValue(), k.overhead().doubleValue(), preemptions,
                kind, start10 / 10.0);
        EdfTicks.Decimals d = s.chunk() > 0 ? EdfTicks.read(s, k.taskList()) : null;
        judged.assume(d != null && d.exact());
        EdfTicks.Model m = EdfTicks.model(d, d.scale(), EdfTicks.Rounding.EXACT);
        assertNotNull(m);
        double unit = Math.pow(10, m.scale());
        long t = Math.round(f * (s.blackout() + 2 * s.period()) * unit);
        assertEquals(s.sbf(t / unit), EdfTicks.sbf(m, t) / unit, 1e-9 * Math.max(1, s.period()), () -> s + " at " + t);
        Statistics.label("kind").collect(kind);
    }

    @Provide
    Arbitrary<Supply.Kind> kinds() {
        return Arbitraries.of(Supply.Kind.class);
    }
}

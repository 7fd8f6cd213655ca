package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterProperty;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.JudgedTries;
import org.vmsched.analysis.Supply;

/** Properties of the MPR supply (THEORY.md §15.1, §15.2). */
class MprSupplyProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    /** A decimal of three places in (0, max], from an integer draw. */
    private static BigFraction milli(long v) {
        return new BigFraction(java.math.BigInteger.valueOf(v), java.math.BigInteger.valueOf(1000));
    }

    private static MprSupply supply(long periodMilli, int budgetPerMille, int m) {
        BigFraction period = milli(periodMilli);
        BigFraction budget = period.multiply(m).multiply(new BigFraction(budgetPerMille, 1000));
        return MprSupply.of(period, budget, m);
    }

    @Provide
    Arbitrary<MprSupply> supplies() {
        return Combinators.combine(Arbitraries.longs().between(1, 50_000), Arbitraries.integers().between(0, 1000),
                Arbitraries.integers().between(1, 8)).as(MprSupplyProperties::supply);
    }

    @Property
    void sbfNeverFalls(@ForAll("supplies") MprSupply s, @ForAll @LongRange(min = 0, max = 400_000) long t1,
                       @ForAll @LongRange(min = 0, max = 400_000) long dt) {
        assertTrue(s.sbf(milli(t1)).compareTo(s.sbf(milli(t1 + dt))) <= 0);
    }

    @Property
    void sbfIsAtMostMPrimeProcessorsAllTheTime(@ForAll("supplies") MprSupply s,
                                               @ForAll @LongRange(min = 0, max = 400_000) long t) {
        assertTrue(s.sbf(milli(t)).compareTo(milli(t).multiply(s.concurrency())) <= 0);
    }

    @Property
    void bothLinearBoundsStayBelowSbf(@ForAll("supplies") MprSupply s, @ForAll @LongRange(min = 0, max = 400_000) long t) {
        BigFraction sbf = s.sbf(milli(t));
        assertTrue(s.linearBound(milli(t)).compareTo(sbf) <= 0);
        assertTrue(s.lsbf(milli(t)).compareTo(sbf) <= 0);
    }

    /** m′ = 1 is Shin and Lee's periodic resource: the project's §2 supply with X = 0. */
    @Property
    void oneProcessorIsTheProjectsPeriodicResource(@ForAll @IntRange(min = 1, max = 5000) int periodTenths,
                                                   @ForAll @IntRange(min = 0, max = 1000) int share,
                                                   @ForAll @IntRange(min = 0, max = 100_000) int tTenths) {
        double period = periodTenths / 10.0;
        double budget = new BigDecimal(periodTenths).multiply(BigDecimal.valueOf(share))
                .divide(BigDecimal.valueOf(10_000)).doubleValue();
        judged.assume(budget <= period);
        double t = tTenths / 10.0;
        double project = new Supply(period, budget, 0).sbf(t);
        assertEquals(project, MprSupply.of(period, budget, 1).sbf(t), 1e-9 * Math.max(1, t));
    }

    /** k virtual CPUs give k times one virtual CPU's supply, overhead and preemptions included. */
    @Property
    void virtualCpusAreKTimesTheProjectsServer(@ForAll @IntRange(min = 1, max = 8) int k,
                                               @ForAll @IntRange(min = 10, max = 2000) int periodTenths,
                                               @ForAll @IntRange(min = 1, max = 1000) int share,
                                               @ForAll @IntRange(min = 0, max = 20) int overheadTenths,
                                               @ForAll @IntRange(min = 0, max = 3) int preemptions,
                                               @ForAll @IntRange(min = 0, max = 50_000) int tTenths) {
        double period = periodTenths / 10.0;
        double budget = Math.max(0.1, Math.round(periodTenths * share / 1000.0) / 10.0);
        // the overhead drawn below the budget's share per preemption, (1 + P)·X < C, so that the server
        // has a chunk: drawn up to 2 whatever the budget, 6 tries in 10 had none (issue 17)
        long budgetTenths = Math.round(budget * 10);
        double overhead = Math.min(overheadTenths, (budgetTenths - 1) / (1 + preemptions)) / 10.0;
        Supply one = budget <= period ? new Supply(period, budget, overhead, preemptions, Supply.Kind.PERIODIC) : null;
        judged.assume(one != null && one.chunk() > 0);
        double t = tTenths / 10.0;
        assertEquals(k * one.sbf(t), MprSupply.ofVirtualCpus(k, one).sbf(t), 1e-9 * Math.max(1, t) * k);
    }

    /** The most units of one period the property draws: Θ ≤ m′Π = 4 × 8. */
    private static final int MOST_UNITS = 32;

    /** Per unit of each of 6 periods, the slot of its period it is placed from (shrinking toward 0, the period's start). */
    @Provide
    Arbitrary<List<Integer>> placements() {
        return Arbitraries.integers().between(0, 7).list().ofSize(6 * MOST_UNITS);
    }

    /**
     * Every legal integer schedule of the MPR interface (Θ units in each period, at most m′ in a
     * slot) gives every window at least sbf: the sbf is a lower bound, not only a formula.
     */
    @Property(tries = 300)
    void everyLegalScheduleGivesEveryWindowAtLeastSbf(@ForAll @IntRange(min = 1, max = 8) int period,
                                                      @ForAll @IntRange(min = 1, max = 4) int m,
                                                      @ForAll @IntRange(min = 0, max = 1000) int share,
                                                      @ForAll("placements") List<Integer> placement) {
        int theta = (int) ((long) period * m * share / 1000);
        int periods = 6;
        int[] slots = new int[periods * period];
        for (int p = 0; p < periods; p++) {
            // unit u of period p goes to the first slot with room from its drawn one, around the period (all 0: as early as possible)
            for (int u = 0; u < theta; u++) {
                int x = placement.get(p * MOST_UNITS + u) % period;
                while (slots[p * period + x] >= m) {
                    x = (x + 1) % period;
                }
                slots[p * period + x]++;
            }
        }
        MprSupply s = MprSupply.of(new BigFraction(period), new BigFraction(theta), m);
        for (int a = 0; a < slots.length; a++) {
            long got = 0;
            for (int b = a; b < slots.length; b++) {
                got += slots[b];
                int len = b - a + 1;
                assertTrue(s.sbf(new BigFraction(len)).compareTo(new BigFraction(got)) <= 0,
                        "window [" + a + ", " + (b + 1) + ") got " + got + " < sbf " + s.sbf(new BigFraction(len)));
            }
        }
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.Supply;

/** The MPR supply of THEORY.md §15.1 and §15.2, worked by hand. */
class MprSupplyTest {

    private static BigFraction f(String s) {
        return Exact.fraction(new java.math.BigDecimal(s));
    }

    @ParameterizedTest(name = "MPR({0}, {1}, {2}): sbf({3}) = {4}")
    @CsvSource({
        // Π, Θ, m', t, sbf — B = 2(Π − Θ/m′), then Θ per period at rate m′
        "5, 3, 2, 7, 0",         // B = 2(5 − 1.5) = 7
        "5, 3, 2, 8, 2",         // 1 after B at rate 2
        "5, 3, 2, 8.5, 3",       // the chunk Θ/m′ = 1.5 ends at 8.5
        "5, 3, 2, 12, 3",        // the gap Π − Θ/m′ = 3.5
        "5, 3, 2, 13, 5",
        "10, 20, 2, 7, 14",      // a whole two-processor platform: B = 0, sbf = 2t
        "10, 0, 3, 100, 0",      // no budget, no supply
        "10, 4, 1, 12, 0",       // m′ = 1: Shin and Lee's periodic resource, B = 2(Π − Θ) = 12
        "10, 4, 1, 15, 3",
        "10, 4, 1, 17, 4",
        "10, 4, 1, 25, 7",
        "8, 9, 3, 10, 0",        // B = 2(8 − 3) = 10
        "8, 9, 3, 11, 3",
        "8, 9, 3, 13, 9",
        "8, 9, 3, 18, 9",
        "8, 9, 3, 19.5, 13.5",
    })
    void sbfOfThePapersModelInContinuousTime(String period, String budget, int m, String t, String expected) {
        MprSupply s = MprSupply.of(f(period), f(budget), m);
        assertEquals(f(expected), s.sbf(f(t)));
    }

    @ParameterizedTest(name = "{0} vCPUs of (T={1}, C={2}, X={3}, P={4}): sbf({5}) = {6}")
    @CsvSource({
        // B = 2(T − C) + (2P + 1)X, Θ = k(C − (1 + P)X), m′ = k
        "2, 10, 4, 0.5, 0, 12.5, 0",
        "2, 10, 4, 0.5, 0, 14, 3",
        "2, 10, 4, 0.5, 0, 16, 7",
        "2, 10, 4, 0.5, 0, 22.5, 7",
        "2, 10, 4, 0.5, 0, 23.5, 9",
        "3, 10, 4, 0.5, 1, 13.5, 0",     // B = 12 + 1.5, Θ = 3·3 = 9
        "3, 10, 4, 0.5, 1, 15, 4.5",
        "3, 10, 4, 0.5, 1, 17, 9",
        "1, 6, 3, 0, 0, 7, 1",           // the thesis's server alone: B = 6, chunk 3
    })
    void virtualCpusAddTheirOneProcessorSupplies(int k, double period, double budget, double overhead, int p,
                                                String t, String expected) {
        Supply one = new Supply(period, budget, overhead, p, Supply.Kind.PERIODIC);
        MprSupply s = MprSupply.ofVirtualCpus(k, one);
        assertEquals(k, s.concurrency());
        assertEquals(f(expected), s.sbf(f(t)));
        assertEquals(Exact.fraction(one.exactBlackout()), s.blackout());
    }

    @Test
    void lsbfIsThePapersEquationTwo() {
        // (Θ/Π)(t − 2(Π − Θ/m′) − 2) with Π = 5, Θ = 3, m′ = 2 at t = 20: 0.6·(20 − 7 − 2) = 6.6
        assertEquals(f("6.6"), MprSupply.of(f("5"), f("3"), 2).lsbf(f("20")));
        assertEquals(f("7.8"), MprSupply.of(f("5"), f("3"), 2).linearBound(f("20")));
    }

    /**
     * ECRTS 2008's Eq. (1) puts the worst window's start at ⌈Θ/m′⌉. With Π = 5, Θ = 3, m′ = 2 it
     * gives 3 at t = 8, but this legal schedule gives the window [1, 9) only 2: period 0 serves 2
     * units in [0, 1) and 1 in [1, 2); period 1 serves 1 unit in [8, 9) and 2 in [9, 10). The
     * continuous sbf (worst start Θ/m′ = 1.5) gives 2, at or below every legal schedule.
     */
    @Test
    void thePapersEquationOneOverstatesASupplyThatALegalScheduleRealises() {
        int[][] slots = {{2, 1, 0, 0, 0}, {0, 0, 0, 1, 2}};
        int window = 0;
        for (int x = 1; x < 9; x++) {
            window += slots[x / 5][x % 5];
        }
        assertEquals(2, window);
        assertEquals(3, ecrts2008Equation1(5, 3, 2, 8));
        assertEquals(f("2"), MprSupply.of(f("5"), f("3"), 2).sbf(f("8")));
    }

    /** ECRTS 2008, Eq. (1), as printed: kΘ + max(0, (t − 2Π + ⌈Θ/m′⌉ − kΠ)m′ + Θ), k = ⌊(t − (Π − ⌈Θ/m′⌉))/Π⌋. */
    static long ecrts2008Equation1(long p, long theta, long m, long t) {
        long ceil = (theta + m - 1) / m;
        if (t < p - ceil) {
            return 0;
        }
        long k = Math.floorDiv(t - (p - ceil), p);
        return k * theta + Math.max(0, (t - 2 * p + ceil - k * p) * m + theta);
    }

    @Test
    void refusesWhatIsNotAnMprInterface() {
        assertThrows(IllegalArgumentException.class, () -> MprSupply.of(5, 11, 2));
        assertThrows(IllegalArgumentException.class, () -> MprSupply.of(5, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> MprSupply.of(0, 3, 2));
        assertThrows(IllegalArgumentException.class, () -> MprSupply.ofVirtualCpus(2,
                new Supply(10, 4, 0, 0, Supply.Kind.DEFERRABLE)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GlobalTask.of(5, 4, 10));
        assertTrue(e.getMessage().contains("deadline"), e.getMessage());
    }
}

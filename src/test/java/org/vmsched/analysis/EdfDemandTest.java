package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Task;

/**
 * EDF inside a VM at its edges (issue 8, finding 4): a useful rate exactly equal to U, and task
 * sets whose demand-bound horizon holds millions of deadlines. Every expected verdict here was
 * checked by brute force over all deadlines up to the exact horizon, in exact arithmetic.
 */
class EdfDemandTest {

    /** (a) U = 1 on a dedicated processor: dbf(20) = 20 = sbf(20), and the pattern repeats every 20. */
    @Test
    void fullUtilisationOnADedicatedProcessorIsSchedulable() {
        List<Task> tasks = List.of(Task.of("a", 8, 20), Task.of("b", 3, 5));
        assertTrue(EdfDemand.schedulable(Supply.dedicated(), tasks));
    }

    /** (b) T = C = 10, X = 1: useful rate 0.9 = U; the one job gets its 9 units exactly by 10. */
    @Test
    void usefulRateEqualToUtilisationIsSchedulable() {
        assertTrue(EdfDemand.schedulable(new Supply(10, 10, 1), List.of(Task.of("t", 9, 10))));
    }

    /**
     * T = 2, C = 1, X = 0 with (1, 3) and (9999999, 60000000): the horizon is L = 6·10^7 with
     * 2·10^7 deadlines below it, past the old cap of 5 million, where the answer silently became
     * "not schedulable". dbf(6·10^7) = 29999999 = sbf(6·10^7): schedulable, just.
     */
    @Test
    void aSetWithMillionsOfDeadlinesBelowItsHorizonIsStillDecided() {
        List<Task> tasks = List.of(Task.of("fast", 1, 3), Task.of("slow", 9999999, 60000000));
        assertTrue(EdfDemand.schedulable(new Supply(2, 1, 0), tasks));
    }

    @Test
    void theThreeEdgeCasesAreDecidedExactlyWithTheirHorizons() {
        EdfResult a = EdfDemand.test(Supply.dedicated(), List.of(Task.of("a", 8, 20), Task.of("b", 3, 5)));
        assertEquals(Verdict.SCHEDULABLE, a.verdict(), a.toString());
        assertEquals(20, a.horizon(), "B + H with B = 0, H = 20");
        assertNull(a.note(), "integers are exact");
        EdfResult b = EdfDemand.test(new Supply(10, 10, 1), List.of(Task.of("t", 9, 10)));
        assertEquals(Verdict.SCHEDULABLE, b.verdict(), b.toString());
        assertEquals(11, b.horizon(), "B + lcm(H, T) = 1 + 10");
        EdfResult c = EdfDemand.test(new Supply(2, 1, 0), List.of(Task.of("fast", 1, 3), Task.of("slow", 9999999, 60000000)));
        assertEquals(60000000, c.horizon(), "ρB/(ρ − U) = 1/(1/6e7)");
        assertTrue(c.steps() < 100, "QPA jumps instead of visiting 2e7 deadlines: " + c.steps());
    }

    /** ρ = U with C &lt; T: the supply stays (T − C)·ρ behind ρ·t, and dbf(H) = U·H (THEORY.md §8.3 (c)). */
    @Test
    void usefulRateEqualToUtilisationWithABudgetBelowThePeriodFailsAtTheHyperperiod() {
        EdfResult r = EdfDemand.test(new Supply(2, 1, 0), List.of(Task.of("t", 5, 10)));
        assertEquals(Verdict.NOT_SCHEDULABLE, r.verdict(), r.toString());
        assertEquals(10, r.witness());
        assertEquals(5, r.witnessDemand());
        assertEquals(4, r.witnessSupply());
    }

    /** The old 1e-9 relative tolerance let dbf(0.5) = 0.5 + 1e-10 pass against sbf(0.5) = 0.5. */
    @Test
    void aMissByATenthOfANanosecondIsAMiss() {
        List<Task> tasks = List.of(new Task("a", 0.5, 1, 0.5, 0), new Task("b", 1e-10, 100, 0.5, 0));
        EdfResult r = EdfDemand.test(Supply.dedicated(), tasks);
        assertEquals(Verdict.NOT_SCHEDULABLE, r.verdict(), r.toString());
        assertEquals(0.5, r.witness());
        assertNull(r.note());
    }

    /**
     * Past its step limit QPA answers "undecided" with the reason — not "not schedulable". The
     * cap case needs 42 steps; with a limit of 10 it is undecided, and the boolean form says false.
     */
    @Test
    void pastTheStepLimitTheAnswerIsUndecidedWithTheReason() {
        List<Task> tasks = List.of(Task.of("fast", 1, 3), Task.of("slow", 9999999, 60000000));
        EdfResult r = EdfExact.test(new Supply(2, 1, 0), tasks, 0, 10);
        assertEquals(Verdict.UNDECIDED, r.verdict(), r.toString());
        assertTrue(r.reason().contains("more than 10 QPA steps"), r.reason());
        assertEquals(10, r.steps());
        assertNull(r.witness());
    }

    /** U = 1/2 + 1/3 + 1/6 on a dedicated processor with periods near 10^6 and coprime: H ≈ 6·10^18. */
    @Test
    void aHyperperiodBeyondSixtyFourBitsAtUtilisationOneIsUndecided() {
        List<Task> tasks = List.of(Task.of("a", 999983, 2 * 999983), Task.of("b", 999979, 3 * 999979),
                Task.of("c", 999961, 6 * 999961));
        EdfResult r = EdfDemand.test(Supply.dedicated(), tasks);
        assertEquals(Verdict.UNDECIDED, r.verdict(), r.toString());
        assertTrue(r.reason().contains("beyond 64-bit"), r.reason());
    }

    /** A supply computed in binary (0.3·7 = 2.0999999999999996) is read back as the decimal 2.1. */
    @Test
    void aBudgetComputedInBinaryIsReadAsItsDecimal() {
        Supply s = Supply.ofBandwidth(0.3, 7, 0.1);
        EdfResult r = EdfDemand.test(s, List.of(Task.of("t", 2, 20)));
        assertNull(r.note(), r.toString());
    }

    /**
     * A full-budget server whose period has 17 digits: C − X = 0.02500000000000001 is no short
     * decimal in binary, but with C = T it is T − B exactly, so the tie at t = 0.1 (dbf = sbf) is
     * decided rather than left to rounding.
     */
    @Test
    void aFullBudgetServerWithALongPeriodIsReadExactly() {
        double period = 0.03 * 1.5 + 0.01;  // 0.05500000000000001
        EdfResult r = EdfDemand.test(new Supply(period, period, 0.03), List.of(new Task("t", 0.1, 1, 0.1, 0)));
        assertNull(r.note(), r.toString());
        // With X = 0 it is a whole core: dbf(0.2) = 0.2 = sbf(0.2) is a tie, decided schedulable
        // (it was undecided when C − X alone snapped to 0.055, just below the period).
        List<Task> tasks = List.of(new Task("a", 0.1, 2, 2, 0), new Task("b", 0.2, 2, 0.2, 0),
                new Task("c", 0.1, 1.1, 1.1, 0), new Task("d", 0.1, 12, 12, 0), new Task("e", 0.1, 2, 2, 0));
        double p = 0.05 * 1.1;
        assertEquals(Verdict.SCHEDULABLE, EdfDemand.test(new Supply(p, p, 0), tasks).verdict());
    }
}

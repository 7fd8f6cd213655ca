package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.Verdict;

/**
 * A published MPR example reproduced number for number (THEORY.md §15.10): EVA-rt-Engine's test
 * {@code simple_vs_optimized} (shin_easwaran_lee09.rs, commit af08a37), tasks (C, D, T) = (35, 90, 160),
 * (70, 115, 160), (30, 50, 75) on Γ = (Π, Θ, m′) = (50, 75, 2). The sbf values are EVA's own output
 * for that interface (its {@code get_supply}, printed from a throw-away build); the test's verdict
 * is EVA's ("not schedulable" by its Shin–Easwaran–Lee test, both variants). The paper's own
 * example could not be obtained through the project's tools.
 */
class EvaWorkedExampleTest {

    private static final MprSupply GAMMA = MprSupply.of(50, 75, 2);
    private static final List<GlobalTask> TASKS = List.of(GlobalTask.of(35, 90, 160), GlobalTask.of(70, 115, 160),
            GlobalTask.of(30, 50, 75));

    @ParameterizedTest(name = "sbf({0}) = {1}")
    @CsvSource({"0, 0", "25, 0", "26, 2", "30, 10", "40, 30", "50, 50", "62, 74", "75, 75", "90, 105", "100, 125",
        "115, 150", "125, 150", "150, 200", "160, 220", "200, 275"})
    void sbfEqualsEvaRtEngineAtEveryPrintedLength(int t, int sbf) {
        assertEquals(new BigFraction(sbf), GAMMA.sbf(new BigFraction(t)));
    }

    @Test
    void theBlackoutIsTwiceTheGapAfterTheChunk() {
        // B = 2(Π − Θ/m′) = 2(50 − 37.5) = 25; Θ/m′ = 37.5 is not whole, where EVA's Definition 1 could differ, and does not here.
        assertEquals(new BigFraction(25), GAMMA.blackout());
        assertEquals(new BigFraction(75, 2), GAMMA.chunkLength());
    }

    @Test
    void shinEaswaranLeeFailsAtTheFirstWindowOfTaskOneAsInEva() {
        MprResult r = GlobalEdfOnMpr.shinEaswaranLee(GAMMA, TASKS);
        assertEquals(Verdict.UNDECIDED, r.verdict());
        assertFalse(r.limitReached());
        assertEquals(new BigFraction(90), r.witness());
        // DEM(90) = 2·35 + (0 + 0 + 30) + 55 = 155 against sbf(90) = 105 (THEORY.md §15.10).
        assertTrue(r.reason().contains("task 1") && r.reason().contains("DEM 155") && r.reason().contains("sbf 105"),
                r.reason());
    }

    @Test
    void theDemandOfEachTaskAtItsOwnDeadline() {
        Ticks tk = Ticks.orNull(GAMMA, TASKS);
        assertEquals(155, tk.time(GlobalEdfOnMpr.demand(tk, 0, tk.deadline[0])).intValue());
        assertEquals(220, tk.time(GlobalEdfOnMpr.demand(tk, 1, tk.deadline[1])).intValue());
        assertEquals(80, tk.time(GlobalEdfOnMpr.demand(tk, 2, tk.deadline[2])).intValue());
    }
}

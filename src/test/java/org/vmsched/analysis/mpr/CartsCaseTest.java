package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.Verdict;

/**
 * CARTS's own case (issue 32 item 6, THEORY.md §15.15): the MPR component (Π, Θ, m′) = (10, 27.2, 3)
 * with tasks (T, C, D) = (20, 1, 20), (40, 3, 40), (40, 2, 40), (40, 20, 40), (40, 20, 40),
 * (50, 20, 50). For a task (40, 20, 40) at A = 0 the Shin–Easwaran–Lee demand is 107; the supply
 * at t = 40 is 106 by the continuous sbf and 108.8 by ECRTS 2008's Eq. (1), which overstates it.
 * The tool says "undecided" for the component, not "schedulable" as Eq. (1) would.
 */
class CartsCaseTest {

    private static final MprSupply GAMMA = MprSupply.of(new BigFraction(10), Exact.fraction(27.2), 3);
    /** As GlobalTask takes them: (C, D, T). */
    private static final List<GlobalTask> TASKS = List.of(GlobalTask.of(1, 20, 20), GlobalTask.of(3, 40, 40),
            GlobalTask.of(2, 40, 40), GlobalTask.of(20, 40, 40), GlobalTask.of(20, 40, 40), GlobalTask.of(20, 50, 50));
    private static final BigFraction FORTY = new BigFraction(40);

    @Test
    void theDemandOfATaskFortyTwentyFortyAtAZeroIs107() {
        Ticks tk = new Ticks(GAMMA, TASKS);
        long t = Exact.ticks(FORTY, tk.scale);
        assertEquals(new BigFraction(107), tk.time(GlobalEdfOnMpr.demand(tk, 3, t)));
        assertEquals(new BigFraction(107), tk.time(GlobalEdfOnMpr.demand(tk, 4, t)));
    }

    @Test
    void theSupplyAtFortyIs106ByTheCorrectedBoundAnd108Point8ByThePapersEquationOne() {
        // B = 2(10 − 27.2/3) = 28/15; 40 − B = 3·10 + 8.1333…, 3 · 8.1333… = 24.4 < Θ: 3·27.2 + 24.4
        assertEquals(new BigFraction(28, 15), GAMMA.blackout());
        assertEquals(new BigFraction(106), GAMMA.sbf(FORTY));
        assertEquals(Exact.fraction(108.8), ecrts2008Equation1(new BigFraction(10), Exact.fraction(27.2), 3, FORTY));
    }

    @Test
    void theSufficientTestFailsThereSoTheToolSaysUndecidedWhereEquationOneWouldPass() {
        MprResult sel = GlobalEdfOnMpr.shinEaswaranLee(GAMMA, TASKS);
        assertEquals(Verdict.UNDECIDED, sel.verdict());
        assertFalse(sel.limitReached());
        assertTrue(sel.reason().contains("no proof of a miss"), sel.reason());
        // 107 > 106 at t = 40 (the first task (40, 20, 40) fails at its own deadline with A = 0)
        assertEquals(FORTY, sel.witness());
        assertTrue(sel.reason().contains("DEM 107 against sbf 106"), sel.reason());
        assertTrue(new BigFraction(107).compareTo(ecrts2008Equation1(new BigFraction(10), Exact.fraction(27.2), 3, FORTY)) <= 0);
        // the load 2.15 is below Θ/Π = 2.72: no necessary condition fails, and BCL on the supply fails too
        assertEquals(Verdict.UNDECIDED, GlobalEdfOnMpr.bertognaCirineiLipari(GAMMA, TASKS).verdict());
    }

    /** ECRTS 2008, Eq. (1), as printed, in exact fractions: kΘ + max(0, (t − 2Π + ⌈Θ/m′⌉ − kΠ)m′ + Θ), k = ⌊(t − (Π − ⌈Θ/m′⌉))/Π⌋. */
    static BigFraction ecrts2008Equation1(BigFraction p, BigFraction theta, int m, BigFraction t) {
        BigFraction ceil = new BigFraction(Exact.floor(theta.divide(m).negate()).negate());
        BigFraction start = p.subtract(ceil);
        if (t.compareTo(start) < 0) {
            return BigFraction.ZERO;
        }
        BigFraction k = new BigFraction(Exact.floor(t.subtract(start).divide(p)));
        BigFraction rest = t.subtract(p.multiply(2)).add(ceil).subtract(k.multiply(p)).multiply(m).add(theta);
        return k.multiply(theta).add(rest.compareTo(BigFraction.ZERO) > 0 ? rest : BigFraction.ZERO);
    }
}

package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The core test of hard reservations with deadlines below their periods (THEORY.md §11.10): the
 * density test Σ Q/D ≤ 1 left these undecided; servers of aligned VMs are sporadic tasks
 * (Q, D, P) and pass the demand test, others may carry a kept budget into a window.
 */
class CbsCoreTestTest {

    /** The latency scenario's reservations in ticks of 10 µs: (5, D 10, P 100) beside (90, 100). */
    static final List<CbsReservation> LATENCY = List.of(new CbsReservation(5, 100, 10, 0), new CbsReservation(90, 100, 100, 0));

    @Test
    void alignedServersWithAShortDeadlinePassTheDemandTest() {
        // density 5/10 + 90/100 = 1.4; demand 5 by 10, 95 by 100, 100 by 110, …, U = 0.95
        assertEquals(CbsFp.CoreTest.ADMITS, CbsFp.coreTest(LATENCY, List.of(CbsFp.Phase.ALIGNED, CbsFp.Phase.ALIGNED)));
    }

    @Test
    void aServerThatMayWakeAnywhereStaysUndecided() {
        // the second may keep 0.9·x of budget due x after a window opens: 5 + 9 > 10 at L = 10
        assertEquals(CbsFp.CoreTest.UNDECIDED, CbsFp.coreTest(LATENCY, List.of(CbsFp.Phase.ALIGNED, CbsFp.Phase.ANY)));
        // the first one carrying in: Q·min(L mod P, D)/D = 5 by 10, with the other's 90 by 100 and 0 by 10: passes
        assertEquals(CbsFp.CoreTest.ADMITS, CbsFp.coreTest(LATENCY, List.of(CbsFp.Phase.ANY, CbsFp.Phase.ALIGNED)));
    }

    @Test
    void overloadFailsAndImplicitDeadlinesKeepTheExactTest() {
        assertEquals(CbsFp.CoreTest.FAILS, CbsFp.coreTest(List.of(new CbsReservation(5, 100, 10, 0),
                new CbsReservation(96, 100, 100, 0)), List.of(CbsFp.Phase.ALIGNED, CbsFp.Phase.ALIGNED)));
        assertEquals(CbsFp.CoreTest.ADMITS, CbsFp.coreTest(List.of(new CbsReservation(1, 3, 3, 0),
                new CbsReservation(2, 3, 3, 0)), List.of(CbsFp.Phase.ANY, CbsFp.Phase.ANY)));
        // U = 1 with a deadline below the period: no bound on the points to check
        assertEquals(CbsFp.CoreTest.UNDECIDED, CbsFp.coreTest(List.of(new CbsReservation(1, 3, 2, 0),
                new CbsReservation(2, 3, 3, 0)), List.of(CbsFp.Phase.ALIGNED, CbsFp.Phase.ALIGNED)));
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 32, item 3: {@code analyze} on a VM of deferrable vCPUs printed "Θ = 2·(C − (1 + P)·X) = 18
 * with P = 2" although X = 0 there (deferrable vCPUs are analysed without overhead), so P, the
 * preemptions a vCPU suffers per period, changes nothing, and a reader took it for a period beside
 * Π. With no overhead to charge the line gives Θ = k·C; with overhead it names what P counts.
 */
class DeferrableVmLineTest {

    @Test
    void aVmOfDeferrableVcpusWithNoOverheadShowsThetaAsKTimesCWithoutP() throws Exception {
        MainTest.Run r = MainTest.run("analyze", "scenarios/rtds-global.json");
        assertEquals(0, r.status(), r.err());
        // each followed by its Δ: C plus the most a vCPU is blocked in a period (THEORY.md §15.14, second addendum)
        assertTrue(r.out().contains("MPR (Π = 10, Θ = 2·C = 18, m′ = 2, each vCPU's budget within Δ = 9.8"), r.out());
        assertTrue(r.out().contains("MPR (Π = 5, Θ = 2·C = 0.8, m′ = 2, each vCPU's budget within Δ = 0.8"), r.out());
        assertFalse(r.out().contains("P = "), r.out());
    }
}

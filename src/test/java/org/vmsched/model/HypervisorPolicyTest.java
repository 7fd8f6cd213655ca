package org.vmsched.model;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What the window's charts say under a policy the periodic-server analysis does not cover. Under
 * CBS the charts, left empty, read "good periods, Tmax and these charts are the periodic
 * server's", which a user took to mean that the (empty) charts show the periodic server.
 */
class HypervisorPolicyTest {

    @Test
    void theChartsSayTheyAreNotDrawnAndWhereTheVerdictIs() {
        for (HypervisorPolicy p : new HypervisorPolicy[] {HypervisorPolicy.CBS, HypervisorPolicy.FP_NO_BUDGET}) {
            String why = p.noAnalysisReason();
            assertTrue(why.contains("see the verdict table"), why);
            assertTrue(why.contains("not drawn"), why);
        }
        for (HypervisorPolicy p : new HypervisorPolicy[] {HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP}) {
            assertNull(p.noAnalysisReason());
        }
    }
}

package org.vmsched.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    /** A box squeezed to 100 px reads a policy's tiny title whole (GlobalWindowTest), and it names one policy. */
    @org.junit.jupiter.api.Test
    void tinyTitlesAreShortAndNameOnePolicy() {
        for (HypervisorPolicy p : HypervisorPolicy.values()) {
            org.junit.jupiter.api.Assertions.assertTrue(p.tinyTitle().length() <= 7, p + ": " + p.tinyTitle());
            for (HypervisorPolicy q : HypervisorPolicy.values()) {
                if (q != p) {
                    org.junit.jupiter.api.Assertions.assertNotEquals(q.title(), p.tinyTitle(), p + " vs " + q);
                    org.junit.jupiter.api.Assertions.assertNotEquals(q.tinyTitle(), p.tinyTitle(), p + " vs " + q);
                }
            }
        }
    }

    /** The one short title the verdict rows and the policy box use (they held one regex each). */
    @Test
    void theShortTitleDropsOnlyAClosingParenthesis() {
        assertEquals("Global EDF (Xen RTDS)", HypervisorPolicy.GLOBAL_EDF.title());
        assertEquals("Global EDF", HypervisorPolicy.GLOBAL_EDF.shortTitle());
        for (HypervisorPolicy p : HypervisorPolicy.values()) {
            assertEquals(p.title().endsWith(")") ? p.title().substring(0, p.title().lastIndexOf(" (")) : p.title(),
                    p.shortTitle(), p.name());
        }
    }
}

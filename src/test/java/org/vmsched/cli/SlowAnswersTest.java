package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 12's slow answers from files (THEORY.md §10.1): under FP/FP and CBS, a task of period
 * 0.001 using all but 10^-6 of the processor beside twenty of period 999998. The plain iteration
 * took 8 s of CPU for the FP/FP file (about 10^10 steps, no work budget in analysis.hier); the
 * answers are exact: s_k responds in 40000·k.
 */
class SlowAnswersTest {

    @ParameterizedTest
    @ValueSource(strings = {"fpfp-ratio.json", "cbs-ratio.json"})
    void periodsABillionApartAreAnsweredExactly(String file) {
        MainTest.Run r = MainTest.run("analyze", "src/test/resources/slow/" + file);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("SCHEDULABLE"), r.out());
        assertTrue(r.out().matches("(?s).*\\bs1 +0\\.04 +999998 +999998 +40000 +ok.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\bs20 +0\\.04 +999998 +999998 +800000 +ok.*"), r.out());
    }

    /**
     * The RM hypervisor's test of VMs as tasks, periods 10^9 apart (THEORY.md §6.2, §10): 62 s of
     * CPU before (5·10^8 plain steps, no work budget), now a few terms; the core passes.
     */
    @org.junit.jupiter.api.Test
    void vmPeriodsABillionApartAreAnsweredAtTheHypervisorLevel() {
        MainTest.Run r = MainTest.run("analyze", "src/test/resources/slow/rm-hypervisor-ratio.json", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"cores\":[{\"core\":0,\"policy\":\"RM\",\"utilization\":0.999999999000001,"
                + "\"schedulable\":true,\"verdict\":\"schedulable\"}]"), r.out());
    }
}

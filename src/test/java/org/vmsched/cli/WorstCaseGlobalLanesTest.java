package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * simulate --mode worst-case runs each VM alone; on a global scenario a VM's two virtual CPUs are
 * two lanes of that run, and the table named both "0 (control alone)" (a new user's trial).
 */
class WorstCaseGlobalLanesTest {

    @Test
    void eachVcpuLaneOfAVmsSoloRunIsNamed() {
        MainTest.Run r = MainTest.run("simulate", "scenarios/rtds-global.json", "--mode", "worst-case");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("control vCPU 0 (alone)") && r.out().contains("control vCPU 1 (alone)"), r.out());
        assertTrue(r.out().contains("batch vCPU 1 (alone)"), r.out());
        assertFalse(r.out().contains("0 (control alone)"), r.out());
    }

    @Test
    void aPartitionedSoloRunKeepsItsCoreNumber() {
        MainTest.Run r = MainTest.run("simulate", "scenarios/two-vms.json", "--mode", "worst-case");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("0 (control alone)"), r.out());
    }
}

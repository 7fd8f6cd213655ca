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
        MainTest.Run r = MainTest.run("simulate", "scenarios/rtds-global-periodic.json", "--mode", "worst-case");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("control vCPU 0 (alone)") && r.out().contains("control vCPU 1 (alone)"), r.out());
        assertTrue(r.out().contains("batch vCPU 1 (alone)"), r.out());
        assertFalse(r.out().contains("0 (control alone)"), r.out());
    }

    /** The JSON said "core": 0 for every vCPU lane of a global VM run alone (no core of its own). */
    @Test
    void theJsonNamesEachVcpuLaneAndNoCore() throws Exception {
        MainTest.Run r = MainTest.run("simulate", "scenarios/rtds-global-periodic.json", "--mode", "worst-case", "--json");
        assertEquals(0, r.status(), r.err());
        com.fasterxml.jackson.databind.JsonNode cores = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out()).get("cores");
        assertEquals(4, cores.size(), r.out());
        String[] vms = {"control", "control", "batch", "batch"};
        for (int i = 0; i < 4; i++) {
            com.fasterxml.jackson.databind.JsonNode c = cores.get(i);
            assertEquals(vms[i], c.get("vm").asText(), c.toString());
            assertEquals(i % 2, c.get("vcpu").asInt(), c.toString());
            assertFalse(c.has("core"), "a global VM run alone has no core of its own: " + c);
        }
    }

    @Test
    void aPartitionedSoloRunKeepsItsCoreNumberInJson() throws Exception {
        MainTest.Run r = MainTest.run("simulate", "scenarios/two-vms.json", "--mode", "worst-case", "--json");
        assertEquals(0, r.status(), r.err());
        com.fasterxml.jackson.databind.JsonNode c = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out()).get("cores").get(0);
        assertTrue(c.has("core") && c.has("vm"), c.toString());
        assertFalse(c.has("vcpu"), "a VM of one vCPU pinned to a core: " + c);
    }

    @Test
    void aPartitionedSoloRunKeepsItsCoreNumber() {
        MainTest.Run r = MainTest.run("simulate", "scenarios/two-vms.json", "--mode", "worst-case");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("0 (control alone)"), r.out());
    }
}

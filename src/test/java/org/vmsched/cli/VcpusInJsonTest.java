package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * analyze --json and simulate --json said nothing of a VM's vCPUs (a user's trial), and a global
 * VM's MPR interface (Π, Θ, m′, P) was only inside the "hierarchy" sentence ("supply" is null).
 */
class VcpusInJsonTest {

    @TempDir
    Path dir;

    private JsonNode run(String... args) throws Exception {
        MainTest.Run r = MainTest.run(args);
        assertEquals(0, r.status(), r.err());
        return MainTest.JSON.readTree(r.out());
    }

    private Path s2() throws Exception {
        Path f = dir.resolve("s2.json");
        Files.writeString(f, org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        return f;
    }

    @Test
    void analyzeGivesEachVmItsVcpusAndAGlobalVmItsMprInterface() throws Exception {
        JsonNode vms = run("analyze", s2().toString(), "--json").get("vms");
        int[] vcpus = {3, 2, 1};
        for (int i = 0; i < 3; i++) {
            JsonNode vm = vms.get(i);
            assertEquals(vcpus[i], vm.get("vcpus").asInt(), vm.toString());
            JsonNode mpr = vm.get("mpr");
            assertTrue(mpr != null && mpr.isObject(), "a VM under GLOBAL_EDF is analysed on an MPR interface: " + vm);
            assertEquals(vm.get("period").asDouble(), mpr.get("period").asDouble());
            assertEquals(vcpus[i], mpr.get("concurrency").asInt());
            String h = vm.get("hierarchy").asText();
            // the sentence and the object say the same interface
            assertTrue(h.contains("P = " + mpr.get("preemptions").asInt() + " preemptions per period"), h + " / " + mpr);
            assertTrue(h.contains(") = " + org.vmsched.text.Format.exact(mpr.get("theta").asDouble()) + " with"), h + " / " + mpr);
            assertTrue(h.contains("m′ = " + vcpus[i]), h);
        }
    }

    @Test
    void aPartitionedVmHasOneVcpuAndNoMprInterface() throws Exception {
        JsonNode vm = run("analyze", "scenarios/thesis-example.json", "--json").get("vms").get(0);
        assertEquals(1, vm.get("vcpus").asInt(), vm.toString());
        assertTrue(vm.get("mpr").isNull(), vm.toString());
    }

    @Test
    void simulateGivesEachVmItsVcpus() throws Exception {
        JsonNode vms = run("simulate", s2().toString(), "--horizon", "100", "--json").get("vms");
        assertEquals(3, vms.get(0).get("vcpus").asInt(), vms.toString());
        assertEquals(2, vms.get(1).get("vcpus").asInt());
        assertEquals(1, vms.get(2).get("vcpus").asInt());
        assertEquals(1, run("simulate", "scenarios/two-vms.json", "--horizon", "20", "--json").get("vms").get(0).get("vcpus").asInt());
    }
}

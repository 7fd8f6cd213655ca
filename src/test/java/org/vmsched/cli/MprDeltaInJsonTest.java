package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * analyze --json's "mpr" carried Π, Θ, m′ and P but not the EDP supply's Δ (THEORY.md §15.17) the
 * "hierarchy" sentence names, nor where Δ came from (issue 32, "left"): a core each, the host's
 * response-time bound, the host's own schedule (§15.18), or none sharper than the period.
 */
class MprDeltaInJsonTest {

    @TempDir
    Path dir;

    /** 2 cores; VM a of 2 vCPUs (T 10, C {@code budgetA}, X 0.1), and VM b (T 5, C 1) unless {@code alone}. */
    private JsonNode vms(String serverPolicy, double budgetA, boolean alone) throws Exception {
        Path f = dir.resolve("g.json");
        Files.writeString(f, """
                { "schemaVersion": 2, "name": "g", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": %s, "vcpus": 2, "scheduler": "GLOBAL_EDF", "overhead": %s,
                      "tasks": [ { "name": "t1", "wcet": 1, "period": 20 }, { "name": "t2", "wcet": 1, "period": 20 } ] }%s ],
                  "simulation": { "serverPolicy": "%s" } }
                """.formatted(budgetA, serverPolicy.equals("deferrable") ? 0 : 0.1, alone ? "" : """
                    , { "name": "b", "period": 5, "budget": 1, "scheduler": "RM",
                      "tasks": [ { "name": "u", "wcet": 0.5, "period": 40 } ] }""", serverPolicy));
        MainTest.Run r = MainTest.run("analyze", f.toString(), "--json");
        assertTrue(r.status() == 0 || r.status() == 1, r.err());
        return MainTest.JSON.readTree(r.out()).get("vms");
    }

    private static void assertDelta(JsonNode vm, double delta, String source) {
        JsonNode mpr = vm.get("mpr");
        assertEquals(delta, mpr.get("delta").asDouble(), 1e-12, mpr.toString());
        assertEquals(source, mpr.get("deltaSource").asText(), mpr.toString());
        // the old fields stay
        for (String field : new String[] {"period", "theta", "concurrency", "preemptions"}) {
            assertTrue(mpr.has(field), field + " in " + mpr);
        }
    }

    @Test
    void aCoreEachGivesDeltaC() throws Exception {
        JsonNode a = vms("periodic", 4, true).get(0);
        assertDelta(a, 4, "core-each");
        assertTrue(a.get("hierarchy").asText().contains("Δ = 4"), a.get("hierarchy").asText());
    }

    @Test
    void theHostsOwnScheduleGivesDeltaBelowItsBound() throws Exception {
        // THEORY.md §15.18's worked example: R_a = 5, R_b = 1 (the response-time bounds give 6 and 2)
        JsonNode vms = vms("periodic", 4, false);
        assertDelta(vms.get(0), 5, "host-schedule");
        assertDelta(vms.get(1), 1, "host-schedule");
    }

    @Test
    void deferrableVcpusSharingCoresHaveDeltaFromTheirBlockedTime() throws Exception {
        // THEORY.md §15.14's second addendum: a's vCPU blocked at most 2 in a period, Δ = 4 + 2; b's C + Ī = T
        JsonNode vms = vms("deferrable", 4, false);
        assertDelta(vms.get(0), 6, "host-blocking");
        assertDelta(vms.get(1), 5, "period");
        assertDelta(vms("deferrable", 4, true).get(0), 4, "core-each");
    }
}

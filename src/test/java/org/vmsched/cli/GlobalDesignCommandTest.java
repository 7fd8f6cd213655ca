package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import} of CARTS global components and {@code design} under Global EDF (issue 21, item 5). */
class GlobalDesignCommandTest {

    private static Path imported(Path dir) {
        Path out = dir.resolve("mpr.json");
        MainTest.Run r = MainTest.run("import", "src/test/resources/foreign/carts-mpr.xml", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        return out;
    }

    @Test
    void importOfAGedfComponentWritesAVmWithVcpusOnAGlobalHost(@TempDir Path dir) throws Exception {
        MainTest.Run r = MainTest.run("import", "src/test/resources/foreign/carts-mpr.xml");
        assertEquals(0, r.status(), r.err());
        JsonNode root = MainTest.JSON.readTree(r.out());
        assertEquals("GLOBAL_EDF", root.get("hypervisor").get("policy").asText());
        JsonNode video = root.get("vms").get(0);
        assertEquals("video", video.get("name").asText());
        assertEquals(2, video.get("vcpus").asInt());
        assertEquals("GLOBAL_EDF", video.get("scheduler").asText());
    }

    @Test
    void designOnAGlobalScenarioPrintsTheMprProposalBesideThePartitionedOne(@TempDir Path dir) {
        Path s = imported(dir);
        MainTest.Run r = MainTest.run("design", s.toString(), "--vm", "video", "--min-period", "1", "--max-period", "10");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("under Global EDF (Xen RTDS) on 5 cores"), r.out());
        assertTrue(r.out().matches("(?s).*global \\(MPR\\)\\s+\\d+\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+\\s+\\S.*"), r.out());
        assertTrue(r.out().matches("(?s).*partitioned\\s+\\d+\\s+[0-9.]+\\s+exact single-vCPU analysis.*"), r.out());
        assertTrue(r.out().contains("vCPU 1: "), r.out());
    }

    @Test
    void jsonOfAGlobalDesignHasBothAlternativesAndTheProposalPassesItsTest(@TempDir Path dir) throws Exception {
        Path s = imported(dir);
        MainTest.Run r = MainTest.run("design", s.toString(), "--vm", "control", "--json", "--min-period", "1",
                "--max-period", "10");
        assertEquals(0, r.status(), r.err());
        JsonNode vm = MainTest.JSON.readTree(r.out()).get("vms").get(0);
        assertEquals("gRM", vm.get("policy").asText());
        JsonNode mpr = vm.get("mpr");
        assertTrue(mpr.get("vcpus").asInt() >= 1, mpr.toString());
        assertTrue(mpr.get("test").asText().contains("Bertogna"), mpr.toString());
        double budget = mpr.get("budget").asDouble();
        assertTrue(java.math.BigDecimal.valueOf(budget).stripTrailingZeros().precision() <= 3, mpr.toString());
        assertTrue(vm.get("partitioned").get("vcpus").size() >= 1);
    }

    @Test
    void placeAndDeferrableServersAreRefusedUnderAGlobalHost(@TempDir Path dir) {
        Path s = imported(dir);
        MainTest.Run r = MainTest.run("design", s.toString(), "--place");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--place") && r.err().contains("migrate"), r.err());
        MainTest.assertNoStackTrace(r);
        MainTest.Run d = MainTest.run("design", s.toString(), "--server", "deferrable");
        assertEquals(2, d.status());
        assertTrue(d.err().contains("periodic servers only"), d.err());
        MainTest.assertNoStackTrace(d);
    }

    /**
     * A new user's trial: rtds-global-periodic.json's proposals (control 2 x 0.864, batch 0.4175) take 2.1455
     * of the 2 cores the header names, and nothing said so: each VM is designed alone.
     */
    @Test
    void theProposalsTogetherAreSetAgainstTheHostsCores() throws Exception {
        MainTest.Run r = MainTest.run("design", "scenarios/rtds-global-periodic.json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Together the global proposals take 2.1455 of the 2 cores: more than the host has"),
                r.out());
        com.fasterxml.jackson.databind.JsonNode j = MainTest.run("design", "scenarios/rtds-global-periodic.json", "--json").json();
        assertEquals(2.1455, j.get("globalBandwidth").asDouble(), 1e-9);
        MainTest.Run one = MainTest.run("design", "scenarios/rtds-global-periodic.json", "--vm", "batch");
        assertFalse(one.out().contains("Together"), "one VM designed: no sum");
    }

    /** A VM of one vCPU under EDF was headed "gEDF" (the search's tests), which a user trial read as its scheduler. */
    @Test
    void aOneVcpuVmIsHeadedByItsOwnScheduler(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("g.json");
        java.nio.file.Files.writeString(f, org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        MainTest.Run r = MainTest.run("design", f.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("VM ctl (EDF on one vCPU, gEDF on more, "), r.out());
        assertTrue(r.out().contains("VM web (gEDF, "), r.out());
    }

    @Test
    void designOfTheRtdsExampleGivesTheBudgetsTheWholeAnalysisProvesAtItsOwnPeriods() throws Exception {
        MainTest.Run r = MainTest.run("design", "scenarios/rtds-global.json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("At the scenario's own periods and vCPUs, the analysis of the whole host (analyze) proves"
                + " these budgets per vCPU"), r.out());
        assertTrue(r.out().matches("(?s).*\\n  control\\s+2\\s+10\\s+8\\.55\\s+9\\s+1\\.71\\n.*"), r.out());
        assertTrue(r.out().contains("together 1.8368 of the 3 cores (1.96 as written)"), r.out());
        JsonNode w = MainTest.JSON.readTree(MainTest.run("design", "scenarios/rtds-global.json", "--json").out()).get("wholeAnalysis");
        assertEquals(0.317, w.get("vms").get(1).get("budget").asDouble());
        assertEquals(0.4, w.get("vms").get(1).get("asWritten").asDouble());
        assertFalse(w.get("stopped").asBoolean());
        // one VM asked for: the whole is not searched
        MainTest.Run one = MainTest.run("design", "scenarios/rtds-global.json", "--vm", "batch");
        assertFalse(one.out().contains("At the scenario's own periods"), one.out());
        // a scenario the analysis does not prove says so
        MainTest.Run periodic = MainTest.run("design", "scenarios/rtds-global-periodic.json");
        assertTrue(periodic.out().contains("The scenario as written is not proved by the analysis of the whole host"), periodic.out());
        assertTrue(MainTest.JSON.readTree(MainTest.run("design", "scenarios/rtds-global-periodic.json", "--json").out())
                .get("wholeAnalysis").isNull());
    }
}

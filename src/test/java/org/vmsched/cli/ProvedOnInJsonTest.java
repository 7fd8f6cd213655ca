package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.analysis.mpr.GlobalEdfOnMpr;
import org.vmsched.analysis.mpr.GlobalEdfResponseTimes;
import org.vmsched.analysis.mpr.GlobalRmOnMpr;

/**
 * analyze --json's "mpr" gave the supply a global VM was analysed on but not which supply and test
 * proved it, or that none did (issue 32): the engineer had to read it off the "hierarchy" sentence,
 * whose proof came last, after every failed attempt.
 */
class ProvedOnInJsonTest {

    @TempDir
    Path dir;

    private static JsonNode vms(String file) {
        MainTest.Run r = MainTest.run("analyze", "scenarios/" + file, "--json");
        assertTrue(r.status() == 0 || r.status() == 1, r.err());
        try {
            return MainTest.JSON.readTree(r.out()).get("vms");
        } catch (Exception e) {
            throw new AssertionError(r.out(), e);
        }
    }

    private static void assertProved(JsonNode vm, String on, String by) {
        JsonNode mpr = vm.get("mpr");
        assertEquals(on, mpr.get("provedOn").asText(), mpr.toString());
        if (by == null) {
            assertTrue(mpr.get("provedBy").isNull(), mpr.toString());
        } else {
            assertEquals(by, mpr.get("provedBy").asText(), mpr.toString());
        }
    }

    @Test
    void rtdsGlobalIsProvedOnTheMprSupplyByResponseTimesAndRmBcl() {
        JsonNode vms = vms("rtds-global.json");
        assertProved(vms.get(0), "edp", GlobalEdfResponseTimes.ON_MPR);
        assertProved(vms.get(1), "edp", GlobalRmOnMpr.BCL);
        String control = vms.get(0).get("hierarchy").asText();
        assertTrue(control.startsWith("schedulable on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17): every task's response time"),
                control);
        assertTrue(control.contains("(test: " + GlobalEdfResponseTimes.ON_MPR + ")"), control);
    }

    @Test
    void rtdsGlobalPeriodicsControlIsProvedOnNoSupplyAndBatchOnTheHostsOwnSchedule() {
        JsonNode vms = vms("rtds-global-periodic.json");
        assertProved(vms.get(0), "none", null);
        assertProved(vms.get(1), "host-schedule", GlobalRmOnMpr.BCL);
        String control = vms.get(0).get("hierarchy").asText();
        assertTrue(control.startsWith("undecided: no sufficient test proves the tasks on any supply tried; this is no proof of a miss."
                + " The supply: MPR (Π = 10"), control);
        // every failure once, without its label: the host's least supply fails as the MPR supply does
        assertTrue(control.contains("Not proved on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17): the sufficient test fails"
                + " for task t1 at interval length A_k + D_k = 10 (DEM 17 against sbf 13); the sufficient test fails"), control);
        assertTrue(control.contains("Not proved on the least supply of the host's own schedule at the VMs' offsets (THEORY.md §15.19):"
                + " the same failures"), control);
        assertTrue(control.contains("Not proved on the host's own schedule level by level (THEORY.md §15.20): "), control);
        assertEquals(1, control.split("no proof of a miss", -1).length - 1, control);
        assertTrue(!control.contains("undecided: the"), control);
        String batch = vms.get(1).get("hierarchy").asText();
        assertTrue(batch.startsWith("schedulable on the least supply of the host's own schedule at the VMs' offsets (THEORY.md §15.19):"
                + " every task's interference is below sbf(D) − m′·C (test: " + GlobalRmOnMpr.BCL + "). The supply: MPR"), batch);
        assertTrue(batch.contains("Not proved on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17): the sufficient test fails for task u1"),
                batch);
    }

    @Test
    void aProofGivenBudgetsTheHostDoesNotGuaranteeSaysSo() throws Exception {
        // 0.9 + 0.9 + 0.4 of 2 cores: the host fails; the guest's proof holds only given the budgets
        Path f = dir.resolve("heavy.json");
        Files.writeString(f, """
                { "schemaVersion": 2, "name": "heavy", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [ { "name": "heavy", "period": 10, "budget": 9, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                      "tasks": [ { "name": "t1", "wcet": 1, "period": 20 } ] },
                    { "name": "b", "period": 5, "budget": 2, "scheduler": "RM", "tasks": [ { "name": "u", "wcet": 0.5, "period": 40 } ] } ] }
                """);
        MainTest.Run r = MainTest.run("analyze", f.toString(), "--json");
        JsonNode heavy = MainTest.JSON.readTree(r.out()).get("vms").get(0);
        assertEquals("not-schedulable", heavy.get("verdict").asText(), r.out());
        assertProved(heavy, "edp", GlobalEdfOnMpr.SEL);
        String text = heavy.get("hierarchy").asText();
        assertTrue(text.startsWith("given its vCPUs' budgets, which the host test does not guarantee, schedulable on the MPR supply"),
                text);
    }

    @Test
    void theTextLeadsWithWhatDecidedTheVm() {
        MainTest.Run r = MainTest.run("analyze", "scenarios/rtds-global-periodic.json");
        assertTrue(r.out().contains("VM batch: T=10 C=3 X=0 alpha=0.3  ok\n  schedulable on the least supply of the host's own"
                + " schedule at the VMs' offsets (THEORY.md §15.19): "), r.out());
    }
}

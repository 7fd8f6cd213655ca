package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * Deferrable virtual CPUs under global EDF (issue 32 item 1, THEORY.md §15.14): without switch
 * overhead and migration cost the guest is analysed on the periodic servers' MPR supply with the
 * tests whose window starts at the job's release; with either, it stays undecided with the reason.
 */
class DeferrableVcpusTest {

    private static Scenario scenario(double overhead, double budgetA) throws Exception {
        return ScenarioJson.parse("x.json", """
                { "schemaVersion": 2, "name": "g", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": %s, "vcpus": 2, "scheduler": "GLOBAL_EDF", "overhead": %s,
                      "tasks": [ { "name": "t1", "wcet": 1, "period": 20 }, { "name": "t2", "wcet": 1, "period": 20 } ] },
                    { "name": "b", "period": 5, "budget": 1, "scheduler": "RM", "overhead": %s,
                      "tasks": [ { "name": "u", "wcet": 0.5, "period": 40 } ] } ],
                  "simulation": { "serverPolicy": "deferrable" } }
                """.formatted(budgetA, overhead, overhead));
    }

    @Test
    void deferrableVcpusWithoutOverheadAreProvedOnThePeriodicSupply() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(scenario(0, 4));
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.toString());
        VmVerdict a = r.vms().get(0);
        assertTrue(a.hierarchy().contains("The supply: deferrable vCPUs, as periodic ones on the host's guarantee (THEORY.md §15.14)"),
                a.hierarchy());
        // Θ = 2·4 = 8 (X = 0: no P to charge), and the guest's test is BCL, not Shin-Easwaran-Lee
        assertTrue(a.hierarchy().contains("Θ = 2·C = 8, m′ = 2"), a.hierarchy());
        assertEquals(Verdict.SCHEDULABLE, r.vms().get(1).verdict());
    }

    @Test
    void deferrableVcpusWithASwitchOverheadStayUndecidedWithTheReason() throws Exception {
        VmVerdict a = SystemAnalysis.analyze(scenario(0.1, 4)).vms().get(0);
        assertEquals(Verdict.UNDECIDED, a.verdict());
        assertTrue(a.hierarchy().contains("derived without switch overhead or migration cost"), a.hierarchy());
    }

    @Test
    void theHostMustGuaranteeTheVcpusForTheGuestToRelyOnThem() throws Exception {
        // a's vCPUs at 0.85 each and b's at 0.2 (1.9 of 2 cores) pass no host test: the guest's proof is conditional
        AnalysisResult r = SystemAnalysis.analyze(scenario(0, 8.5));
        assertEquals(Verdict.UNDECIDED, r.cores().get(0).verdict(), r.cores().get(0).note());
        assertEquals(Verdict.UNDECIDED, r.vms().get(0).verdict());
        assertTrue(r.vms().get(0).coreNote().contains("the host test does not guarantee"), r.vms().get(0).coreNote());
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * Where the host's own schedule of periodic vCPUs (THEORY.md §15.18) gives a vCPU less than its
 * budget in one of its periods, the host is proved to fail at the VMs' offsets as written: the
 * verdict says so (issue 32, "left"), naming the vCPU, its period and the shortfall (§15.18 Claim 5).
 */
class HostProvedToFailTest {

    /**
     * 2 cores, VM light of 2 vCPUs (T 10, C 2) and VM heavy of one (T 10, C 9) released at
     * {@code heavyOffset}, U = 1.3 ≤ 2. At offset 0 the three deadlines 10 tie and light, listed first,
     * takes both cores for [0, 2]: heavy runs [2, 11] and has held a core for 8 of its 9 by 10. Released
     * at 1 (deadline 11), heavy gets a core at 2 and its 9 by 11, and every later period repeats that.
     */
    static Scenario scenario(double heavyOffset) throws Exception {
        return ScenarioJson.parse("tie.json", """
                { "schemaVersion": 2, "name": "tie", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "light", "period": 10, "budget": 2, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                      "tasks": [ { "name": "t1", "wcet": 1, "period": 20 } ] },
                    { "name": "heavy", "period": 10, "budget": 9, "scheduler": "EDF", "offset": %s,
                      "tasks": [ { "name": "u", "wcet": 5, "period": 100 } ] } ],
                  "simulation": { "serverPolicy": "periodic" } }
                """.formatted(heavyOffset));
    }

    @Test
    void theHostsOwnScheduleNamesTheVcpuThePeriodAndTheShortfall() throws Exception {
        HostSchedule.Times t = VcpuResponseTimes.of(scenario(0));
        assertNull(t.perVm());
        HostSchedule.Shortfall f = t.shortfall();
        assertEquals(1, f.vm());
        assertEquals(0, f.vcpu());
        assertEquals(BigFraction.ZERO, f.release());
        assertEquals(new BigFraction(8), f.held());
    }

    @Test
    void aVcpuShortOfItsBudgetMakesTheHostNotSchedulableAtTheOffsetsAsWritten() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(scenario(0));
        assertEquals(Verdict.NOT_SCHEDULABLE, r.cores().get(0).verdict(), r.cores().get(0).note());
        String note = r.cores().get(0).note();
        assertTrue(note.contains("by global EDF (the host's own schedule): not schedulable: the host's own schedule of the"
                + " periodic vCPUs at the VMs' offsets as written (THEORY.md §15.18) gives vCPU heavy#0 (period T = 10, budget C = 9) a core for only 8 in its"
                + " period from 0 to 10, 1 short"), note);
        assertEquals(Verdict.NOT_SCHEDULABLE, r.verdict());
        // every VM shares the failing host: not guaranteed, with the host's reason
        assertEquals(Verdict.NOT_SCHEDULABLE, r.vms().get(0).verdict());
        assertTrue(r.vms().get(0).coreNote().contains("vCPU heavy#0"), r.vms().get(0).coreNote());
        // without the host's schedule the sufficient tests alone leave it undecided
        assertEquals(Verdict.UNDECIDED, GlobalAnalysis.analyze(scenario(0), HostSchedule.NONE).cores().get(0).verdict());
    }

    @Test
    void anotherOffsetIsAnotherSchedule() throws Exception {
        // heavy released at 1 (deadline 11) waits for a core until 2 and holds it [2, 11]: its budget by its deadline
        AnalysisResult r = SystemAnalysis.analyze(scenario(1));
        assertEquals(Verdict.SCHEDULABLE, r.cores().get(0).verdict(), r.cores().get(0).note());
    }
}

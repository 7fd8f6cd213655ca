package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.mpr.HostSchedule;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * The short budget the host's own schedule reports (THEORY.md §15.18 Claim 5) is the earliest in
 * time, ties to the VM listed first: the first in VM order named a later period when a VM listed
 * after it was short before.
 */
class EarliestShortfallTest {

    /**
     * One core, periodic servers of T 10, C 6 (U = 1.2): first released at 0, second at 5. EDF runs
     * first [0, 6), second [6, 12), first [12, 18), second [18, 24), first [24, 30); then second, in
     * its period [25, 35), gets a core only for [30, 35), 5 of its 6, and first, in [30, 40), only
     * [35, 40): second is short at 25, before first is at 30.
     */
    static Scenario scenario() throws Exception {
        return ScenarioJson.parse("later.json", """
                { "schemaVersion": 2, "name": "later short first", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 1 },
                  "vms": [
                    { "name": "first", "period": 10, "budget": 6, "scheduler": "EDF",
                      "tasks": [ { "name": "a", "wcet": 1, "period": 100 } ] },
                    { "name": "second", "period": 10, "budget": 6, "scheduler": "EDF", "offset": 5,
                      "tasks": [ { "name": "b", "wcet": 1, "period": 100 } ] } ],
                  "simulation": { "serverPolicy": "periodic" } }
                """);
    }

    @Test
    void theShortfallNamedIsTheEarliestInTimeNotTheFirstVmListed() throws Exception {
        HostSchedule.Times t = VcpuResponseTimes.of(scenario());
        HostSchedule.Shortfall f = t.shortfall();
        assertEquals(1, f.vm(), t.reason());
        assertEquals(0, f.vcpu());
        assertEquals(new BigFraction(25), f.release());
        assertEquals(new BigFraction(5), f.held());
        assertTrue(t.reason().contains("vCPU second#0") && t.reason().contains("period from 25"), t.reason());
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/**
 * One vCPU under EDF (THEORY.md §15.24): the processor demand against the supply over the VM's busy window. A user
 * trial (2026-11-29) found a one-vCPU EDF VM of deferrable vCPUs with a core each undecided, where the uniprocessor
 * analysis of an undelayed deferrable server (§6.1) decides it: this one was UNDECIDED before.
 */
class OneVcpuEdfTest {

    private static final String EDF1 = """
            { "schemaVersion": 2, "name": "edf1", "hypervisor": { "policy": "GLOBAL_EDF", "cores": %d },
              "vms": [ { "name": "a", "period": 5, "budget": 3, "scheduler": "EDF",
                  "tasks": [ { "name": "u1", "wcet": 2, "period": 10 }, { "name": "u2", "wcet": 3, "period": 20 },
                             { "name": "u3", "wcet": 8, "period": 40 } ] }%s ],
              "simulation": { "serverPolicy": "deferrable" } }
            """;

    @Test
    void theDemandOfEveryDeadlineUpToTheHorizonIsWithinTheSupply() {
        // EDP (Π = 5, Θ = 3, Δ = 3): blackout 2, ρ = 0.6; U = 0.55, so the horizon is 0.6·2/0.05 = 24
        MprSupply edp = new MprSupply(new BigFraction(5), new BigFraction(3), 1, new BigFraction(2));
        List<GlobalTask> tasks = List.of(GlobalTask.of(2, 10, 10), GlobalTask.of(3, 20, 20), GlobalTask.of(8, 40, 40));
        MprResult r = OneVcpuEdf.demandBound(edp, tasks);
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.reason());
        assertTrue(r.reason().contains("every deadline up to 24 "), r.reason());
        // heavier: u1 of 2.6 asks 2.6 + 3 = 5.6 by 20, within sbf(20) = 12, but U = 0.61 > ρ
        MprResult over = OneVcpuEdf.demandBound(edp, List.of(GlobalTask.of(2.6, 10, 10), GlobalTask.of(3, 20, 20),
                GlobalTask.of(8, 40, 40)));
        assertEquals(Verdict.NOT_SCHEDULABLE, over.verdict(), over.reason());
        // a deadline tighter than the blackout: demand 2 at 2 against sbf(2) = 0
        MprResult tight = OneVcpuEdf.demandBound(edp, List.of(GlobalTask.of(2, 2, 10)));
        assertEquals(Verdict.UNDECIDED, tight.verdict(), tight.reason());
        assertTrue(tight.reason().contains("exceeds sbf = 0"), tight.reason());
        assertNull(OneVcpuEdf.demandBound(MprSupply.of(5, 6, 2), tasks), "two processors: not this test");
    }

    @Test
    void aDeferrableVcpuWithACoreEachIsDecidedAndItsWorstCaseRunMeetsEveryDeadline() throws Exception {
        Scenario s = ScenarioJson.parse("edf1.json", EDF1.formatted(2, ""));
        AnalysisResult r = SystemAnalysis.analyze(s);
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.vms().get(0).hierarchy());
        assertEquals(OneVcpuEdf.NAME, r.vms().get(0).provedBy(), r.vms().get(0).hierarchy());
        assertEquals(0, Simulator.run(s, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)).deadlineMisses());
        assertEquals(0, Simulator.run(s, SimulationOptions.DEFAULT).deadlineMisses());
    }

    @Test
    void deferrableVcpusSharingTheCoresDoNotReadIt() throws Exception {
        // a second one-vCPU VM on one core: a budget demanded late may be owed nothing in its period (§6.1, delayable)
        Scenario s = ScenarioJson.parse("edf2.json", EDF1.formatted(1, ", { \"name\": \"b\", \"period\": 5, \"budget\": 1,"
                + " \"scheduler\": \"EDF\", \"tasks\": [ { \"name\": \"v1\", \"wcet\": 0.1, \"period\": 50 } ] }"));
        String text = SystemAnalysis.analyze(s).vms().get(0).hierarchy();
        assertTrue(!text.contains(OneVcpuEdf.NAME), text);
    }
}

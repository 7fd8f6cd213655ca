package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.mpr.EdpSupplyTest;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.GlobalEdfResponseTimes;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TraceSlice;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * Worst-case mode replays the EDP supply of THEORY.md §15.17: each vCPU's first chunk [0, C], then
 * every later one as late as Δ allows, [kT + Δ − C, kT + Δ]; the tasks released at the end of the
 * first chunk's useful part wait exactly the analysed blackout. Deferrable vCPUs (issue 32): the
 * same replay of the supply the analysis reads for them (THEORY.md §15.14: Δ = T where the vCPUs
 * share the cores, Δ = C with a core each), summed over the VM's lanes exactly its sbf from the release.
 */
class EdpWorstCaseTest {

    @Test
    void withACoreEachEveryChunkStartsAtItsReplenishmentAndTheJobsWaitTheBlackout() throws Exception {
        Scenario s = EdpSupplyTest.aCoreEach("periodic");
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(40.0).withMode(SimulationMode.WORST_CASE));
        List<TraceSlice> lane0 = r.trace().asList().stream()
                .filter(x -> x.vcpu() == 0 && x.kind() == SliceKind.OVERHEAD).toList();
        // X at the start of each chunk: 0, 10, 20, 30 (Δ = C = 4); Δ = T would put them at 0, 16, 26, 36
        assertEquals(List.of(0.0, 10.0, 20.0, 30.0), lane0.stream().map(TraceSlice::start).toList());
        assertEquals(0, r.deadlineMisses());
        // released at 4, each job gets its vCPU's useful supply from 10.1: done at 12.1, 6.1 + 2 after its release
        assertEquals(8.1, r.task("a", "t1").maxResponseTime(), 1e-9);
        // the analysis's bound (§15.16 on the EDP supply) is not below what the replay shows
        var rta = GlobalEdfResponseTimes.onMpr(GlobalAnalysis.mprSupply(s, s.vms().get(0), org.vmsched.sim.VcpuResponseTimes.EXACT),
                List.of(GlobalTask.of(2, 12, 12), GlobalTask.of(2, 12, 12)));
        assertTrue(rta.result().schedulable());
        assertTrue(rta.responseTimes().get(0).doubleValue() >= 8.1, rta.responseTimes().toString());
    }

    /** One VM of 2 deferrable vCPUs (T 10, C 4, X 0) on {@code cores} cores beside VM b (T 5, C 2), tasks (2, 12, 12) twice. */
    static Scenario deferrable(int cores) throws Exception {
        return ScenarioJson.parse("edp-deferrable.json", """
                { "schemaVersion": 2, "name": "edp", "hypervisor": { "policy": "GLOBAL_EDF", "cores": %d },
                  "vms": [
                    { "name": "a", "period": 10, "budget": 4, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                      "tasks": [ { "name": "t1", "wcet": 2, "period": 12 }, { "name": "t2", "wcet": 2, "period": 12 } ] },
                    { "name": "b", "period": 5, "budget": 2, "scheduler": "EDF",
                      "tasks": [ { "name": "u", "wcet": 1, "period": 20 } ] } ],
                  "simulation": { "serverPolicy": "deferrable" } }
                """.formatted(cores));
    }

    @Test
    void worstCaseModeReplaysTheSupplyTheAnalysisReadsForDeferrableVcpus() throws Exception {
        // 3 vCPUs sharing 2 cores (Δ = C + Ī = 4 + 4: a's other vCPU and b's work 4 each in a window of 10, §15.14's
        // second addendum), or a core each (Δ = C, its first)
        for (int cores : new int[] {2, 3}) {
            Scenario s = deferrable(cores);
            SimulationResult r = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(60.0)
                    .withMode(SimulationMode.WORST_CASE));
            assertEquals(ServerPolicy.DEFERRABLE, s.simulation().serverPolicy());
            // the run says what it replays
            assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("deferrable vCPUs replay the periodic pattern their"
                    + " analysis reads")), r.notes().toString());
            MprSupply analysed = GlobalAnalysis.mprSupply(s, s.vms().get(0), VcpuResponseTimes.EXACT);
            assertEquals(new BigFraction(cores == 3 ? 4 : 8), GlobalAnalysis.vcpuDeadline(s, s.vms().get(0),
                    VcpuResponseTimes.EXACT));
            // the tasks are released where the first chunk ends (C = 4, X = 0); from there VM a's two lanes
            // give, over every window [4, 4 + t], exactly the sbf the guest tests read
            for (int t = 0; t <= 50; t++) {
                double got = 0;
                for (TraceSlice x : r.trace().asList()) {
                    if ("a".equals(x.vm()) && x.kind() != SliceKind.IDLE && x.kind() != SliceKind.OVERHEAD) {
                        got += Math.max(0, Math.min(4 + t, x.end()) - Math.max(4, x.start()));
                    }
                }
                assertEquals(analysed.sbf(new BigFraction(t)).doubleValue(), got, 1e-9, cores + " cores, t = " + t);
            }
            // and where the analysis bounds the response time (a core each), the replay stays within it
            Double bound = SystemAnalysis.analyze(s).vms().get(0).tasks().get(0).responseTime();
            assertEquals(cores == 3, bound != null, "proved with a core each only (§15.14's worked example)");
            if (bound != null) {
                assertTrue(r.task("a", "t1").maxResponseTime() <= bound + 1e-9, r.task("a", "t1").maxResponseTime() + " > " + bound);
            }
        }
    }

    @Test
    void aDeferrableVmWithASwitchOverheadHasNoAnalysedSupplyToReplayAndIsRefusedByName() throws Exception {
        Scenario s = EdpSupplyTest.aCoreEach("deferrable"); // X = 0.1: outside §15.14's scope
        SimulationInputException e = org.junit.jupiter.api.Assertions.assertThrows(SimulationInputException.class,
                () -> Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(40.0).withMode(SimulationMode.WORST_CASE)));
        assertTrue(e.getMessage().contains("VM a pays 0.1 at every dispatch (its overhead X)"), e.getMessage());
    }
}

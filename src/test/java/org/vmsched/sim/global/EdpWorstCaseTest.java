package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.mpr.EdpSupplyTest;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.analysis.mpr.GlobalEdfResponseTimes;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TraceSlice;

/**
 * Worst-case mode replays the EDP supply of THEORY.md §15.17: each vCPU's first chunk [0, C], then
 * every later one as late as Δ allows, [kT + Δ − C, kT + Δ]; the tasks released at the end of the
 * first chunk's useful part wait exactly the analysed blackout.
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
}

package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/**
 * The worst-case run of a global scenario runs each VM alone on one lane per virtual CPU: the
 * Gantt drew both vCPUs of a VM on one lane "control (alone)" (their slices on top of each other)
 * under two empty lanes "core 0" and "core 1" that the run has not.
 */
class WorstCaseGlobalGanttTest {

    @Test
    void eachVcpuOfAVmRunAloneHasALaneOfItsOwn() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        SimulationOptions o = SimulationOptions.from(s.simulation()).withMode(SimulationMode.WORST_CASE).withHorizon(60.0);
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, o, null), 50_000, ServerPolicy.PERIODIC);
        List<String> coreLanes = d.lanes().stream().filter(l -> l.kind() == GanttData.LaneKind.CORE).map(GanttData.Lane::name).toList();
        assertEquals(List.of("control vCPU 0 (alone)", "control vCPU 1 (alone)", "batch vCPU 0 (alone)", "batch vCPU 1 (alone)"), coreLanes);
        for (GanttData.Lane lane : d.lanes()) {
            if (lane.kind() != GanttData.LaneKind.CORE) {
                continue;
            }
            assertTrue(!lane.slices().isEmpty(), lane.name() + " is empty");
            List<GanttData.Slice> sorted = lane.slices().stream().sorted(Comparator.comparingDouble(GanttData.Slice::start)).toList();
            for (int i = 1; i < sorted.size(); i++) {
                assertTrue(sorted.get(i).start() >= sorted.get(i - 1).end(), lane.name() + ": " + sorted.get(i - 1) + " overlaps " + sorted.get(i));
            }
        }
    }

    /** X + M summed as doubles (0.1 + 0.2) put the release mark at 0.30000000000000004 instead of 0.3 (a review). */
    @Test
    void theReleaseMarkIsTheExactDecimal() throws Exception {
        Scenario s = org.vmsched.analysis.mpr.GlobalAnalysisTest.withMigrationCost(0.6, "0.2"); // C = 0.6, P = 1, X + M = 0.3: C − min(P·(X + M), C − (X + M))
        assertEquals(0.3, Simulator.worstCaseRelease(s, s.vms().get(0), ServerPolicy.PERIODIC));
    }
}

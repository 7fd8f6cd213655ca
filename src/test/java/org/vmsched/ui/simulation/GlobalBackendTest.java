package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.GanttData;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** The window's simulation of the global example (issue 21) behind the GUI seam, without the FX toolkit. */
class GlobalBackendTest {

    @Test
    void theGlobalExampleHasOneLanePerCoreAndItsSummaryCountsMigrations() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        SimulationResult r = new SimulatorBackend().run(s, s.simulation(), Progress.NONE, new Cancellation());
        List<String> lanes = r.gantt().lanes().stream().map(GanttData.Lane::name).toList();
        assertEquals(List.of("core 0", "core 1", "control/t1", "control/t2", "control/t3", "batch/u1", "batch/u2"), lanes);
        assertTrue(r.gantt().lanes().get(0).slices().stream().anyMatch(sl -> sl.owner().startsWith("control vCPU")),
                "a core's slices name the VM's virtual CPU");
        // the window's line under the Run button: as simulate's table, 0 misses and the migrations
        assertEquals("synchronous, 200 time units, 380 events, 0 deadline misses, 0 vCPU and 0 job migrations", r.summary());
    }

    /** One miss is "1 deadline miss" in the window's summary line (it said "1 deadline misses"). */
    @Test
    void oneMissIsSingularInTheSummary() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/not-schedulable.json"));
        SimulationResult r = new SimulatorBackend().run(s, s.simulation().withMode(org.vmsched.model.SimulationMode.WORST_CASE)
                .withHorizon(40.0), Progress.NONE, new Cancellation());
        assertTrue(r.summary().startsWith("worst-case, 40 time units, ") && r.summary().endsWith(" events, 1 deadline miss"),
                r.summary());
    }

    /**
     * The window's worst-case run of the deferrable RTDS example: refused until issue 32 ("worst-case mode
     * replays the worst pattern of periodic virtual CPUs"); now each vCPU a lane replaying its analysed supply.
     */
    @Test
    void theDeferrableRtdsExampleRunsInWorstCaseMode() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        assertEquals(org.vmsched.model.ServerPolicy.DEFERRABLE, s.simulation().serverPolicy());
        SimulationResult r = new SimulatorBackend().run(s, s.simulation().withMode(org.vmsched.model.SimulationMode.WORST_CASE)
                .withHorizon(400.0), Progress.NONE, new Cancellation());
        assertTrue(r.summary().startsWith("worst-case, 400 time units, "), r.summary());
        // 2 + 2 vCPUs, each a lane of its own, then a lane per task
        assertEquals(List.of("control vCPU 0 (alone)", "control vCPU 1 (alone)", "batch vCPU 0 (alone)", "batch vCPU 1 (alone)"),
                r.gantt().lanes().stream().map(GanttData.Lane::name).limit(4).toList());
    }
}

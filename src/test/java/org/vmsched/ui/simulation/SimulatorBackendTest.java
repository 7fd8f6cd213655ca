package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** The real simulator behind the GUI seam, on the thesis example, without the FX toolkit. */
class SimulatorBackendTest {

    private static Scenario thesis() throws Exception {
        return ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
    }

    @Test
    void thesisExampleGivesACoreLaneTaskLanesAndCdfsBelowTheAnalyticResponseTimes() throws Exception {
        Scenario s = thesis();
        List<Double> progress = new ArrayList<>();
        SimulationResult r = new SimulatorBackend().run(s, s.simulation(), (d, t, m) -> progress.add(Progress.ratio(d, t)), new Cancellation());

        GanttData g = r.gantt();
        assertEquals(List.of("core 0", "VM1/t1", "VM1/t2", "VM1/t3"), g.lanes().stream().map(GanttData.Lane::name).toList());
        assertEquals(1440, g.end(), 1e-9);
        assertFalse(g.lanes().get(1).slices().isEmpty());
        assertTrue(g.lanes().get(1).marks().stream().anyMatch(m -> m.kind() == GanttData.MarkKind.RELEASE));

        // 1440 / 16 jobs of t1; synchronous mode is never worse than the analysis (14, 15, 36)
        CdfData cdf = r.responseTimes();
        assertEquals(3, cdf.tasks().size());
        assertEquals(90, cdf.tasks().get(0).sortedResponseTimes().length);
        for (CdfData.TaskSamples t : cdf.tasks()) {
            double[] v = t.sortedResponseTimes();
            assertTrue(v[v.length - 1] <= t.analyticR(), t.name());
        }
        List<SimulatedTmaxPoint> tmax = r.simulatedTmax().get("VM1");
        assertEquals(10, tmax.size());
        assertEquals(1.0, progress.get(progress.size() - 1), 0);
    }

    @Test
    void inWorstCaseModeTheSimulatedTmaxAtPointFourIsTheIsolatedTen() throws Exception {
        Scenario s = thesis();
        SimulationResult r = new SimulatorBackend().run(s, s.simulation().withMode(SimulationMode.WORST_CASE),
                Progress.NONE, new Cancellation());
        SimulatedTmaxPoint p = r.simulatedTmax().get("VM1").stream().filter(q -> q.alpha() == 0.4).findFirst().orElseThrow();
        assertEquals(10, p.tmax(), 1e-9);
        double[] t3 = r.responseTimes().tasks().get(2).sortedResponseTimes();
        assertEquals(36, t3[t3.length - 1], 1e-9);
    }

    @Test
    void aCancelledRunThrows() throws Exception {
        Scenario s = thesis();
        Cancellation cancel = new Cancellation();
        cancel.cancel();
        assertThrows(CancelledException.class,
                () -> new SimulatorBackend().run(s, s.simulation().withHorizon(1e8), Progress.NONE, cancel));
    }
}

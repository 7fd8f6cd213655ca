package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * Issue 9's Gantt items: the subtitle follows a drag zoom, the worst-case trace has release and
 * deadline marks, 200 tasks stay readable, and the chart grows and marks the current instant.
 */
class GanttMarksAndViewTest {

    private static Scenario thesis() throws Exception {
        return org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios/thesis-example.json"));
    }

    private static List<GanttData.Mark> marks(GanttData d, String lane, GanttData.MarkKind kind) {
        return d.lanes().stream().filter(l -> l.name().equals(lane)).findFirst().orElseThrow().marks().stream()
                .filter(m -> m.kind() == kind).toList();
    }

    @Test
    void theSubtitleFollowsADragZoom() throws Exception {
        Scenario s = thesis();
        SimulationResult r = Simulator.run(s, SimulationOptions.from(s.simulation()), null);
        GanttData d = SimulationChartData.gantt(s, r, 50_000);
        JFreeChart c = GanttChartFactory.create(d, 0, 40);
        assertTrue(GanttChartFactory.subtitleOf(c).startsWith("view 0–40 of 1,440"), GanttChartFactory.subtitleOf(c));
        c.getXYPlot().getDomainAxis().setRange(10, 25); // what a drag zoom does
        assertTrue(GanttChartFactory.subtitleOf(c).startsWith("view 10–25 of 1,440"), GanttChartFactory.subtitleOf(c));
        c.getXYPlot().getDomainAxis().setRange(0, 1440); // zoomed out to the whole trace: no window to name
        assertEquals("", GanttChartFactory.subtitleOf(c));
    }

    @Test
    void theWorstCaseTraceMarksReleasesAndDeadlinesWhereTheSupplysWorstWindowStarts() throws Exception {
        Scenario s = thesis();
        SimulationOptions o = SimulationOptions.from(s.simulation()).withMode(SimulationMode.WORST_CASE).withHorizon(100.0);
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, o, null), 50_000, ServerPolicy.PERIODIC);
        // C = 4, no overhead: the first chunk [0, 4] is the supply's, the worst window starts at 4 (THEORY.md §6.3)
        assertEquals(List.of(4.0, 20.0, 36.0, 52.0, 68.0, 84.0),
                marks(d, "VM1/t1", GanttData.MarkKind.RELEASE).stream().map(GanttData.Mark::time).toList());
        assertEquals(40.0, marks(d, "VM1/t3", GanttData.MarkKind.DEADLINE).get(0).time());
        // and t3's first job completes at 40, R3 = 36 measured from the mark at 4
        assertTrue(d.lanes().get(3).slices().stream().anyMatch(x -> x.end() == 40.0));
    }

    @Test
    void twoHundredTasksKeepTheGanttReadableAndTheCdfWithoutALegend() {
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.add(Task.of("t" + (i + 1), 0.01, 100));
        }
        Scenario s = Scenario.of("many", List.of(VirtualMachine.of("VM1", 10, 5, 0, tasks)));
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(200.0), null);
        GanttData d = SimulationChartData.gantt(s, r, 50_000);
        JFreeChart g = GanttChartFactory.create(d, 0, d.viewEnd());
        assertEquals(GanttChartFactory.MAX_LANES_SHOWN, g.getXYPlot().getRangeAxis().getRange().getLength(), 1e-9);
        assertTrue(GanttChartFactory.subtitleOf(g).contains("lanes 1–32 of 201"), GanttChartFactory.subtitleOf(g));
        g.getXYPlot().getRangeAxis().setRange(100 - 0.5, 132 - 0.5); // panned down
        assertTrue(GanttChartFactory.subtitleOf(g).contains("lanes 70–101 of 201"), GanttChartFactory.subtitleOf(g));

        JFreeChart cdf = CdfChartFactory.create(SimulationChartData.cdf(s, r));
        assertNull(cdf.getLegend());
        assertTrue(((org.jfree.chart.title.TextTitle) cdf.getSubtitle(0)).getText().startsWith("200 tasks: legend"));
        JFreeChart few = CdfChartFactory.create(SimulationChartData.cdf(thesisLike(), Simulator.run(thesisLike(),
                SimulationOptions.DEFAULT.withHorizon(100.0), null)));
        assertFalse(few.getLegend() == null);
    }

    private static Scenario thesisLike() {
        return Scenario.of("few", List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24)))));
    }

    @Test
    void theScheduleUntilAnInstantIsCutThereAndTheInstantIsMarked() throws Exception {
        Scenario s = thesis();
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null), 50_000);
        GanttData u = d.until(12);
        assertEquals(12, u.end());
        assertFalse(u.cut());
        // core 0: VM1 0–4, then 10–12 (cut from 10–14)
        assertEquals(List.of(new GanttData.Slice(0, 4, GanttData.SliceKind.VM, "VM1", false),
                new GanttData.Slice(10, 12, GanttData.SliceKind.VM, "VM1", false)),
                GanttChartFactory.merged(u.lanes().get(0).slices()));
        assertEquals(List.of(0.0), marks(u, "VM1/t1", GanttData.MarkKind.RELEASE).stream().map(GanttData.Mark::time).toList());
        assertTrue(d.lanes().equals(d.until(d.end()).lanes()), "nothing cut at the end");
        // a window of it keeps the slices that reach into it, uncut, and its marks
        GanttData w = d.between(20, 30);
        assertEquals(List.of(new GanttData.Slice(20, 22, GanttData.SliceKind.VM, "VM1", false),
                new GanttData.Slice(22, 24, GanttData.SliceKind.VM, "VM1 (no ready task)", false),
                new GanttData.Slice(30, 31, GanttData.SliceKind.VM, "VM1", false)),
                GanttChartFactory.merged(w.lanes().get(0).slices()));
        assertEquals(d.end(), w.end());
        JFreeChart c = GanttChartFactory.create(u, 0, 40);
        GanttChartFactory.markNow(c, 12);
        GanttChartFactory.markNow(c, 13);
        var markers = c.getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND);
        assertEquals(1, markers.size());
        assertEquals(13, ((ValueMarker) markers.iterator().next()).getValue());
    }
}

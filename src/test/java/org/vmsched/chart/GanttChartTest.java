package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** What the Gantt chart shows of a trace: merged runs, the first view, the subtitle for cut traces and misses. */
class GanttChartTest {

    private static GanttData.Slice vm(double from, double to) {
        return new GanttData.Slice(from, to, GanttData.SliceKind.VM, "VM1", false);
    }

    @Test
    void backToBackSlicesOfOneOwnerBecomeOneBar() {
        List<GanttData.Slice> m = GanttChartFactory.merged(List.of(vm(0, 1), vm(1, 2.5), vm(3, 4),
                new GanttData.Slice(4, 5, GanttData.SliceKind.OVERHEAD, "VM1", false)));
        assertEquals(List.of(vm(0, 2.5), vm(3, 4), new GanttData.Slice(4, 5, GanttData.SliceKind.OVERHEAD, "VM1", false)), m);
    }

    private static GanttData.Slice run(double from, double to, boolean late) {
        return new GanttData.Slice(from, to, GanttData.SliceKind.EXECUTION, "t1", late);
    }

    @Test
    void theWorkAJobStillNeedsAtItsMissedDeadlineIsMarkedLate() {
        // released at 0, deadline 10, wcet 5: 2 done before the deadline, so 3 are late
        List<GanttData.Slice> s = SimulationChartData.markLate(List.of(run(1, 3, false), run(11, 13, false), run(14, 20, false)),
                0, 10, 5);
        assertEquals(List.of(run(1, 3, false), run(11, 13, true), run(14, 15, true), run(15, 20, false)), s);
    }

    @Test
    void aSliceAcrossTheDeadlineIsSplitWhereTheLatePartStarts() {
        List<GanttData.Slice> s = SimulationChartData.markLate(List.of(run(8, 12, false)), 0, 10, 3);
        assertEquals(List.of(run(8, 10, false), run(10, 11, true), run(11, 12, false)), s);
    }

    @Test
    void aCutTraceSaysSoInTheSubtitle() {
        GanttData d = new GanttData(0, 100, List.of(new GanttData.Lane("core 0", GanttData.LaneKind.CORE,
                List.of(vm(0, 4)), List.of())), 1_000_000, 30);
        assertTrue(d.cut());
        String sub = GanttChartFactory.subtitle(d, 0, 30, 2);
        assertTrue(sub.contains("trace cut for speed: 0–100 of 1,000,000 drawn"), sub);
        assertTrue(sub.contains("view 0–30"), sub);
        assertTrue(sub.contains("2 deadline misses"), sub);
        JFreeChart c = GanttChartFactory.create(d, 0, 30);
        assertEquals(GanttChartFactory.subtitle(d, 0, 30, 0), ((TextTitle) c.getSubtitle(0)).getText()); // no miss marks in d
    }

    // Seen in Step-through (issue 19): the window runs a little past the instant reached, and the
    // subtitle read "view 4–44 of 40", a view larger than the whole.
    @Test
    void aViewPastTheEndOfTheScheduleSaysHowFarItIsSimulated() {
        GanttData d = new GanttData(0, 40, List.of(new GanttData.Lane("core 0", GanttData.LaneKind.CORE, List.of(vm(0, 4)), List.of())));
        assertEquals("view 4–44, simulated up to 40", GanttChartFactory.subtitle(d, 4, 44, 0));
        assertEquals("view 4–30 of 40, drag left-up for more", GanttChartFactory.subtitle(d, 4, 30, 0));
    }

    @Test
    void aWholeTraceShownWholeHasNoSubtitle() {
        GanttData d = new GanttData(0, 10, List.of(new GanttData.Lane("core 0", GanttData.LaneKind.CORE, List.of(vm(0, 4)), List.of())));
        assertFalse(d.cut());
        assertEquals("", GanttChartFactory.subtitle(d, 0, 10, 0));
    }

    @Test
    void thesisExampleOpensOnThreeLongestTaskPeriodsWithACoreLaneAndThreeTaskLanes() throws Exception {
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios/thesis-example.json"));
        var r = Simulator.run(s, SimulationOptions.from(new SimulationSettings(1440.0, SimulationMode.SYNCHRONOUS,
                s.simulation().serverPolicy(), s.simulation().missPolicy())), Progress.NONE, new Cancellation());
        GanttData d = SimulationChartData.gantt(s, r, 50_000);
        assertEquals(108, d.viewEnd(), 1e-9);
        assertEquals(List.of("core 0", "VM1/t1", "VM1/t2", "VM1/t3"), d.lanes().stream().map(GanttData.Lane::name).toList());
        XYPlot p = GanttChartFactory.create(d, 0, d.viewEnd()).getXYPlot();
        assertEquals(108, p.getDomainAxis().getUpperBound(), 1e-9);
    }
}

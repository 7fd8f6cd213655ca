package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.GanttData;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;

/** The simulation controls with fake backends, without the FX toolkit. */
class SimulationViewModelTest {

    static final Scenario S = Scenario.of("s", List.of(VirtualMachine.of("VM1", 10, 4, 0, List.of(Task.of("t1", 2, 16)))));

    static SimulationResult tinyResult() {
        GanttData g = new GanttData(0, 20, List.of(
                new GanttData.Lane("core 0", GanttData.LaneKind.CORE,
                        List.of(new GanttData.Slice(0, 1, GanttData.SliceKind.OVERHEAD, "VM1", false),
                                new GanttData.Slice(1, 4, GanttData.SliceKind.VM, "VM1", false)), List.of()),
                new GanttData.Lane("VM1/t1", GanttData.LaneKind.TASK,
                        List.of(new GanttData.Slice(1, 3, GanttData.SliceKind.EXECUTION, "t1#1", false)),
                        List.of(new GanttData.Mark(0, GanttData.MarkKind.RELEASE, "t1#1 released"),
                                new GanttData.Mark(16, GanttData.MarkKind.DEADLINE, "t1#1 deadline")))));
        CdfData c = new CdfData(List.of(new CdfData.TaskSamples("VM1/t1", new double[] {3, 3, 5, 14}, 14.0)));
        return new SimulationResult(g, c, Map.of(), "20 time units, 0 misses");
    }

    @Test
    void aFinishedRunShowsItsGanttAndCdfCharts() {
        List<Double> seen = new ArrayList<>();
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, Background.immediate(), (s, st, p, c) -> {
            p.fraction(0.5, "half");
            seen.add(0.5);
            return tinyResult();
        });
        vm.run(S, null);
        assertFalse(vm.runningProperty().get());
        assertEquals("20 time units, 0 misses", vm.statusProperty().get());
        assertEquals(1.0, vm.progressProperty().get());
        XYPlot gantt = (XYPlot) SimulationCharts.gantt(vm.ganttProperty().get()).getPlot();
        assertEquals(3, gantt.getDataset(0).getSeriesCount(), "overhead, VM1, execution");
        XYPlot cdf = (XYPlot) SimulationCharts.cdf(vm.responseTimesProperty().get()).getPlot();
        assertEquals(1.0, cdf.getDataset().getYValue(0, cdf.getDataset().getItemCount(0) - 1));
        assertEquals(1, cdf.getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND).size());
    }

    @Test
    void cancelStopsARunningSimulation() {
        List<Runnable> queued = new ArrayList<>();
        Background manual = (work, cancel, delay) -> queued.add(work);
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, manual, (s, st, p, c) -> {
            while (true) {
                c.check();
                Thread.onSpinWait();
            }
        });
        vm.run(S, null);
        assertTrue(vm.runningProperty().get());
        vm.cancel();
        queued.get(0).run();
        assertFalse(vm.runningProperty().get());
        assertEquals("Cancelled.", vm.statusProperty().get());
        assertNull(vm.resultProperty().get());
    }

    @Test
    void aBadHorizonIsReportedAndNothingRuns() {
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, Background.immediate(), (s, st, p, c) -> {
            throw new AssertionError("must not run");
        });
        vm.horizonProperty().set("-5");
        vm.run(S, null);
        assertEquals("horizon must be positive, got -5", vm.horizonErrorProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Cannot run"));
    }

    @Test
    void theTimeWindowZoomsTheGanttChart() {
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, Background.immediate(), (s, st, p, c) -> tinyResult());
        vm.run(S, null);
        vm.windowFromProperty().set("2");
        vm.windowToProperty().set("6");
        vm.zoomGantt();
        XYPlot gantt = (XYPlot) SimulationCharts.gantt(vm.ganttProperty().get()).getPlot();
        assertEquals(2, gantt.getDomainAxis().getLowerBound());
        assertEquals(6, gantt.getDomainAxis().getUpperBound());
        assertNotNull(vm.settings());
    }

    @Test
    void theTimeWindowFollowsADragZoomPanAndResetOfTheGanttChart() {
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, Background.immediate(), (s, st, p, c) -> tinyResult());
        SimulationCharts charts = new SimulationCharts(vm); // the view's charts, which follow the time axis
        vm.run(S, null);
        assertEquals("0", vm.windowFromProperty().get());
        assertEquals("20", vm.windowToProperty().get());
        XYPlot gantt = (XYPlot) charts.gantt().get().getPlot();
        gantt.getDomainAxis().setRange(3.14159265, 7.5); // what a drag zoom (or a pan) does to the chart
        assertEquals("3.142", vm.windowFromProperty().get());
        assertEquals("7.5", vm.windowToProperty().get());
        gantt.getRangeAxis().setRange(0.2, 1.2); // the lanes zoomed, the time window as it was
        assertEquals("3.142", vm.windowFromProperty().get());
        // Show with the fields as they now are draws that window, and the new chart is followed too
        vm.windowToProperty().set("9");
        vm.zoomGantt();
        XYPlot shown = (XYPlot) charts.gantt().get().getPlot();
        assertEquals(3.142, shown.getDomainAxis().getLowerBound(), 1e-12);
        assertEquals("9", vm.windowToProperty().get());
        gantt.getDomainAxis().setRange(1, 2); // the chart no longer shown is not followed
        assertEquals("3.142", vm.windowFromProperty().get());
        shown.getDomainAxis().setRange(0, 20); // Reset zoom
        assertEquals("0", vm.windowFromProperty().get());
        assertEquals("20", vm.windowToProperty().get());
    }

    @Test
    void aResultBelongsToTheRevisionItRanForAndIsMarkedStaleOnceTheScenarioMovesOn() {
        List<SimulationResult> handedOn = new ArrayList<>();
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, Background.immediate(), (s, st, p, c) -> tinyResult());
        vm.setOnResult(handedOn::add);
        vm.scenarioChanged(7);
        vm.run(S, 7, null);
        assertFalse(vm.staleProperty().get());
        assertEquals(7, vm.resultRevisionProperty().get());
        assertEquals(1, handedOn.size());
        vm.scenarioChanged(8);
        assertTrue(vm.staleProperty().get());
        assertEquals("From the previous scenario: 20 time units, 0 misses. F5 to re-run.", vm.statusProperty().get());
        assertNotNull(vm.resultProperty().get(), "still there to look at, marked stale");
    }

    @Test
    void aRunForAnOlderRevisionArrivesStaleAndIsNotHandedOn() {
        List<Runnable> queued = new ArrayList<>();
        Background manual = (work, cancel, delay) -> queued.add(work);
        List<SimulationResult> handedOn = new ArrayList<>();
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, manual, (s, st, p, c) -> tinyResult());
        vm.setOnResult(handedOn::add);
        vm.scenarioChanged(3);
        vm.run(S, 3, null);
        vm.scenarioChanged(4);
        queued.get(0).run();
        assertTrue(vm.staleProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("From the previous scenario"), vm.statusProperty().get());
        assertTrue(handedOn.isEmpty(), "a stale result must not reach the analysis charts");
    }

    @Test
    void clearForgetsTheRunAndDropsOneStillRunning() {
        List<Runnable> queued = new ArrayList<>();
        Background manual = (work, cancel, delay) -> queued.add(work);
        SimulationViewModel vm = new SimulationViewModel(Runnable::run, manual, (s, st, p, c) -> tinyResult());
        vm.run(S, 0, null);
        queued.remove(0).run();
        assertNotNull(vm.resultProperty().get());
        vm.run(S, 0, null);
        vm.clear(1);
        assertFalse(vm.runningProperty().get());
        queued.remove(0).run();
        assertNull(vm.resultProperty().get());
        assertFalse(vm.staleProperty().get());
        assertEquals("Not run yet.", vm.statusProperty().get());
        assertNull(((XYPlot) SimulationCharts.gantt(vm.ganttProperty().get()).getPlot()).getDataset(0));
    }
}

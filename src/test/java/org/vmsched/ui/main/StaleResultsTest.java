package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.progress.Cancellation;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ChartDrawing;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationCharts;
import org.vmsched.ui.simulation.SimulationResult;

/**
 * Issue 8, finding 7: every result in the window belongs to the scenario revision it was
 * computed for, and a result of an older revision is never shown as current. Plain JUnit.
 */
class StaleResultsTest {

    /** Work handed to a worker, run by the test when it chooses. */
    static final class Manual implements Background {
        final List<Runnable> queued = new ArrayList<>();

        @Override
        public void schedule(Runnable work, Cancellation cancel, long delayMillis) {
            queued.add(work);
        }

        void runAll() {
            List<Runnable> q = new ArrayList<>(queued);
            queued.clear();
            q.forEach(Runnable::run);
        }
    }

    static SimulationResult result(String summary) {
        GanttData g = new GanttData(0, 20, List.of(new GanttData.Lane("core 0", GanttData.LaneKind.CORE,
                List.of(new GanttData.Slice(0, 4, GanttData.SliceKind.VM, "VM1", false)), List.of())));
        CdfData c = new CdfData(List.of(new CdfData.TaskSamples("VM1/t1", new double[] {3, 5}, 14.0)));
        return new SimulationResult(g, c, Map.of("VM1", List.of(new SimulatedTmaxPoint(0.4, 10))), summary);
    }

    static final SimulationBackend OK = (s, st, p, c) -> result("synchronous, 1440 time units, 30 events, 0 deadline misses");
    static final SimulationBackend MISS = (s, st, p, c) -> result("synchronous, 1440 time units, 30 events, 1 deadline miss");

    static MainViewModel open(Background analysis, Background simulation, SimulationBackend backend, String example)
            throws InvalidScenarioException {
        MainViewModel vm = new MainViewModel(Runnable::run, analysis, simulation, 0, RecentFiles.inMemory(), backend);
        vm.openExample(example);
        return vm;
    }

    static int simulatedPointsOnTheTmaxChart(MainViewModel vm) {
        return ((XYPlot) ChartDrawing.of(vm.analysis().tmaxChartProperty().get()).getPlot()).getDataset().getItemCount(2);
    }

    static boolean isPlaceholder(org.jfree.chart.JFreeChart chart) {
        return ((XYPlot) chart.getPlot()).getDatasetCount() == 0 || ((XYPlot) chart.getPlot()).getDataset(0) == null;
    }

    @Test
    void editsUndoRedoNewAndOpenBumpTheRevisionAndASelectionDoesNot() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        long r0 = vm.revision();
        vm.setTaskField(0, 2, TaskField.WCET, "5");
        long r1 = vm.revision();
        assertTrue(r1 > r0);
        vm.undo();
        long r2 = vm.revision();
        assertTrue(r2 > r1);
        vm.redo();
        long r3 = vm.revision();
        assertTrue(r3 > r2);
        vm.select(0, 0, 1);
        assertEquals(r3, vm.revision(), "a selection does not change the scenario");
        vm.newScenario();
        long r4 = vm.revision();
        assertTrue(r4 > r3);
        vm.openExample("two-vms.json");
        assertTrue(vm.revision() > r4);
    }

    @Test
    void theVerdictsCarryTheRevisionTheyWereComputedFor() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        assertEquals(vm.revision(), vm.analysis().resultRevisionProperty().get());
        vm.setTaskField(0, 2, TaskField.WCET, "5");
        assertEquals(vm.revision(), vm.analysis().resultRevisionProperty().get());
    }

    @Test
    void anEditAfterASimulationMarksItsResultStaleAndTheStatusNoLongerSaysUpToDate() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        vm.runSimulation();
        assertFalse(vm.simulation().staleProperty().get());
        assertEquals(vm.revision(), vm.simulation().resultRevisionProperty().get());
        assertEquals("synchronous, 1440 time units, 30 events, 0 deadline misses", vm.simulation().statusProperty().get());
        assertEquals(1, simulatedPointsOnTheTmaxChart(vm));
        assertTrue(vm.statusProperty().get().contains("up to date"), vm.statusProperty().get());

        vm.setTaskField(0, 2, TaskField.WCET, "5");
        assertTrue(vm.simulation().staleProperty().get());
        String summary = vm.simulation().statusProperty().get();
        assertTrue(summary.startsWith("From the previous scenario"), summary);
        assertTrue(summary.contains("F5 to re-run"), summary);
        assertFalse(vm.statusProperty().get().contains("up to date"), vm.statusProperty().get());
        assertTrue(vm.statusProperty().get().contains("previous scenario"), vm.statusProperty().get());
        assertEquals(0, simulatedPointsOnTheTmaxChart(vm), "the old run's simulated Tmax points are gone");

        vm.runSimulation();
        assertFalse(vm.simulation().staleProperty().get(), "a new run is current again");
        assertEquals(1, simulatedPointsOnTheTmaxChart(vm));
        assertTrue(vm.statusProperty().get().contains("up to date"), vm.statusProperty().get());
    }

    @Test
    void undoingBackToTheSimulatedScenarioStillCountsAsAnotherRevision() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        vm.runSimulation();
        vm.setTaskField(0, 2, TaskField.WCET, "5");
        vm.undo();
        assertTrue(vm.simulation().staleProperty().get(), "a revision counter never goes back");
    }

    @Test
    void aSimulationThatFinishesAfterAnEditIsShownAsStaleNeverAsCurrent() throws Exception {
        Manual sim = new Manual();
        MainViewModel vm = open(Background.immediate(), sim, OK, "thesis-example.json");
        vm.runSimulation();
        long started = vm.revision();
        vm.setTaskField(0, 2, TaskField.WCET, "5");
        sim.runAll();
        assertFalse(vm.simulation().runningProperty().get());
        assertTrue(vm.simulation().staleProperty().get());
        assertEquals(started, vm.simulation().resultRevisionProperty().get());
        String summary = vm.simulation().statusProperty().get();
        assertTrue(summary.startsWith("From the previous scenario"), summary);
        assertEquals(0, simulatedPointsOnTheTmaxChart(vm), "its simulated Tmax points are not drawn on the new curve");
        assertFalse(vm.statusProperty().get().contains("up to date"), vm.statusProperty().get());
    }

    @Test
    void openingAnotherScenarioClearsTheOldRunEntirely() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), MISS, "not-schedulable.json");
        vm.runSimulation();
        assertTrue(vm.simulation().statusProperty().get().contains("1 deadline miss"));
        assertFalse(isPlaceholder(SimulationCharts.gantt(vm.simulation().ganttProperty().get())));

        vm.openExample("thesis-example.json");
        assertNull(vm.simulation().resultProperty().get());
        assertFalse(vm.simulation().staleProperty().get());
        assertEquals("Not run yet.", vm.simulation().statusProperty().get());
        assertTrue(isPlaceholder(SimulationCharts.gantt(vm.simulation().ganttProperty().get())), "no Gantt of the old file");
        assertTrue(isPlaceholder(SimulationCharts.cdf(vm.simulation().responseTimesProperty().get())), "no CDF of the old file");
        assertEquals(0, simulatedPointsOnTheTmaxChart(vm));
        assertTrue(vm.statusProperty().get().contains("up to date"), "nothing stale is left to warn about");
    }

    @Test
    void aRunOfTheOldFileFinishingAfterOpenIsDropped() throws Exception {
        Manual sim = new Manual();
        MainViewModel vm = open(Background.immediate(), sim, MISS, "not-schedulable.json");
        vm.runSimulation();
        assertTrue(vm.simulation().runningProperty().get());
        vm.openExample("thesis-example.json");
        assertFalse(vm.simulation().runningProperty().get(), "opening a file stops the old run");
        sim.runAll();
        assertNull(vm.simulation().resultProperty().get());
        assertEquals("Not run yet.", vm.simulation().statusProperty().get());
        assertTrue(isPlaceholder(SimulationCharts.gantt(vm.simulation().ganttProperty().get())));
    }

    @Test
    void newClearsTheOldRunToo() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), MISS, "not-schedulable.json");
        vm.runSimulation();
        vm.newScenario();
        assertNull(vm.simulation().resultProperty().get());
        assertEquals("Not run yet.", vm.simulation().statusProperty().get());
    }

    @Test
    void explainSaysNotAnalysedWhileTheInputIsInvalid() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        assertTrue(vm.analysis().explanationProperty().get().contains("R = "), vm.analysis().explanationProperty().get());
        vm.setTaskField(0, 0, TaskField.WCET, "abc");
        String e = vm.analysis().explanationProperty().get();
        assertTrue(e.startsWith("Not analysed: "), e);
        assertTrue(e.contains("must be a number"), e);
        assertFalse(e.contains("Verdict"), "no old verdict");
    }

    // Seen in the window: "Not analysed: 1 problem(s), e.g. VM1 / t1: wcet must be a number" for
    // a single problem; one problem is named as the one, several as "N problems, e.g.".
    @Test
    void oneProblemIsNotAnExampleOfSeveral() throws Exception {
        MainViewModel vm = open(Background.immediate(), Background.immediate(), OK, "thesis-example.json");
        vm.setTaskField(0, 0, TaskField.WCET, "abc");
        assertEquals("1 problem: VM1 / t1: wcet must be a number, got \"abc\"", vm.invalidReason());
        vm.setTaskField(0, 1, TaskField.WCET, "xyz");
        assertTrue(vm.invalidReason().startsWith("2 problems, e.g. VM1 / t1: wcet"), vm.invalidReason());
    }

    @Test
    void explainSaysSoWhileTheAnalysisIsPending() throws Exception {
        Manual analysis = new Manual();
        MainViewModel vm = open(analysis, Background.immediate(), OK, "thesis-example.json");
        analysis.runAll();
        assertTrue(vm.analysis().explanationProperty().get().contains("Verdict"));
        vm.setTaskField(0, 2, TaskField.WCET, "5");
        String e = vm.analysis().explanationProperty().get();
        assertTrue(e.startsWith("Not analysed yet"), e);
        assertFalse(e.contains("Verdict"), e);
        assertEquals(AnalysisViewModel.State.ANALYSING, vm.analysis().stateProperty().get());
        analysis.runAll();
        assertTrue(vm.analysis().explanationProperty().get().contains("Verdict"));
    }
}

package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/** Stepping through the thesis example's schedule without the FX toolkit. */
class StepViewModelTest {

    private final AtomicReference<Scenario> scenario = new AtomicReference<>();
    private final AtomicReference<SimulationSettings> settings = new AtomicReference<>();
    private final AtomicReference<String> invalid = new AtomicReference<>();

    private StepViewModel stepper() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        scenario.set(s);
        settings.set(s.simulation());
        return new StepViewModel(scenario::get, settings::get, invalid::get);
    }

    /** A stepper that records on {@code worker}. */
    private StepViewModel stepper(Queue worker) throws Exception {
        stepper();
        return new StepViewModel(scenario::get, settings::get, invalid::get,
                org.vmsched.sim.StepRecorder.DEFAULT_MAX_STEPS, Runnable::run, worker);
    }

    private record State(int position, String narration, List<String> history, double now, GanttData shown) {
    }

    private static State state(StepViewModel vm) {
        return new State(vm.positionProperty().get(), vm.narrationProperty().get(), List.copyOf(vm.history()),
                vm.nowProperty().get(), vm.shownProperty().get());
    }

    @Test
    void threeStepsAfterAResetShowThreeInstantsWithTheirNarration() throws Exception {
        StepViewModel vm = stepper();
        vm.reset();
        vm.step();
        vm.step();
        vm.step();
        assertEquals(3, vm.positionProperty().get());
        assertEquals(3, vm.history().size());
        assertTrue(vm.history().get(0).startsWith("t = 0: VM1 begins a period: 4 of budget until 10;"), vm.history().get(0));
        assertEquals("t = 2: VM1/t1 completes, response time 2; VM1/t2 has the shortest period (24, rate-monotonic) and runs.",
                vm.history().get(1));
        assertEquals("t = 3: VM1/t2 completes, response time 3; VM1/t3 is the only ready task and runs.", vm.narrationProperty().get());
        assertEquals(vm.history().get(2), vm.narrationProperty().get());
        assertEquals(3, vm.nowProperty().get());
        assertEquals(3, vm.shownProperty().get().end());
        assertTrue(vm.statusProperty().get().startsWith("3 / "), vm.statusProperty().get());
        var markers = SimulationCharts.step(vm.frameProperty().get()).getXYPlot().getDomainMarkers(Layer.FOREGROUND);
        assertEquals(3, ((ValueMarker) markers.iterator().next()).getValue());
    }

    @Test
    void backReturnsToExactlyThePreviousState() throws Exception {
        StepViewModel vm = stepper();
        vm.step();
        vm.step();
        State two = state(vm);
        vm.step();
        assertFalse(two.equals(state(vm)));
        vm.back();
        assertEquals(two, state(vm));
        vm.back();
        vm.back();
        assertEquals(0, vm.positionProperty().get());
        assertFalse(vm.canBackProperty().get());
        assertEquals(StepViewModel.START, vm.narrationProperty().get());
        assertTrue(vm.history().isEmpty());
    }

    @Test
    void steppingToTheEndDrawsWhatAFullRunDraws() throws Exception {
        StepViewModel vm = stepper();
        vm.togglePlay();
        assertTrue(vm.playingProperty().get());
        while (vm.playingProperty().get()) {
            vm.advance(97); // what Play does at speed, a frame's worth at a time
        }
        assertTrue(vm.atEndProperty().get());
        Scenario s = scenario.get();
        var full = Simulator.run(s, SimulationOptions.from(s.simulation()), null);
        GanttData expected = SimulationChartData.gantt(s, full, Integer.MAX_VALUE);
        assertEquals(expected.lanes(), vm.shownProperty().get().lanes());
        assertEquals(1440, vm.nowProperty().get());
        assertTrue(vm.narrationProperty().get().startsWith("t = 1440: end of the run"), vm.narrationProperty().get());
        // thousands of Back steps stay exact
        int n = vm.countProperty().get();
        for (int i = 0; i < n; i++) {
            vm.back();
        }
        assertEquals(0, vm.positionProperty().get());
        assertTrue(vm.history().isEmpty());
    }

    @Test
    void aChangedScenarioStartsOverAndAnInvalidOneSaysWhy() throws Exception {
        StepViewModel vm = stepper();
        vm.step();
        vm.step();
        Scenario s = scenario.get();
        scenario.set(s.withVms(List.of(s.vms().get(0).withServer(10, 5, 0))));
        vm.step();
        assertEquals(1, vm.positionProperty().get());
        assertTrue(vm.narrationProperty().get().startsWith("t = 0: VM1 begins a period: 5 of budget until 10"),
                vm.narrationProperty().get());
        assertTrue(vm.statusProperty().get().contains("started over"), vm.statusProperty().get());
        invalid.set("VM1: budget must not exceed the period");
        scenario.set(s.withName("changed again"));
        vm.step();
        assertEquals("Cannot step: VM1: budget must not exceed the period", vm.narrationProperty().get());
        assertEquals(0, vm.positionProperty().get());
        invalid.set(null);
        settings.set(null);
        vm.step();
        assertEquals("Cannot step: the horizon in the Simulation panel is not valid", vm.narrationProperty().get());
    }

    /** Work handed to the worker, run when the test says. */
    static final class Queue implements org.vmsched.ui.Background {
        final List<Runnable> work = new java.util.ArrayList<>();
        final List<org.vmsched.progress.Cancellation> tokens = new java.util.ArrayList<>();

        @Override
        public void schedule(Runnable w, org.vmsched.progress.Cancellation cancel, long delayMillis) {
            work.add(w);
            tokens.add(cancel);
        }

        void runAll() {
            List<Runnable> w = List.copyOf(work);
            work.clear();
            w.forEach(Runnable::run);
        }
    }

    @Test
    void theFirstStepRecordsInTheBackgroundAndTakesTheStepsAskedForMeanwhile() throws Exception {
        Queue worker = new Queue();
        StepViewModel vm = stepper(worker);
        vm.step();
        // nothing recorded on the calling (ui) thread: the work waits for the worker
        assertEquals(1, worker.work.size());
        assertTrue(vm.recordingProperty().get());
        assertEquals(0, vm.positionProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Recording the schedule"), vm.statusProperty().get());
        vm.step();
        vm.step();
        assertEquals(1, worker.work.size(), "one recording, however many Steps");
        worker.runAll();
        assertFalse(vm.recordingProperty().get());
        assertEquals(3, vm.positionProperty().get());
        assertTrue(vm.narrationProperty().get().startsWith("t = 3: VM1/t2 completes"), vm.narrationProperty().get());
    }

    @Test
    void resetStopsARecordingUnderWay() throws Exception {
        Queue worker = new Queue();
        StepViewModel vm = stepper(worker);
        vm.step();
        vm.reset();
        assertTrue(worker.tokens.get(0).isCancelled(), "Reset cancels the recording's token");
        assertFalse(vm.recordingProperty().get());
        worker.runAll(); // the recorder sees the token and stops; nothing is shown
        assertEquals(0, vm.positionProperty().get());
        assertEquals(0, vm.countProperty().get());
        vm.step();
        worker.runAll();
        assertEquals(1, vm.positionProperty().get());
    }
}

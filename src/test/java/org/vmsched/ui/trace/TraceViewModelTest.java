package org.vmsched.ui.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.chart.GanttData;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.ui.Background;

/** File &gt; Import Trace…'s ViewModel without the FX toolkit, on the committed 400 ms trace of linux-rt-groups. */
class TraceViewModelTest {

    static Scenario scenario() throws Exception {
        return ScenarioJson.load(Path.of("scenarios/linux-rt-groups.json"));
    }

    static Path trace(Path dir) throws Exception {
        Path p = dir.resolve("cut.txt.gz");
        try (InputStream in = TraceViewModelTest.class.getResourceAsStream("/traces/linux-rt-groups-400ms.txt.gz")) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void anImportedTraceGivesEachTasksMeasuredRItsSupplyAndItsSchedule(@TempDir Path dir) throws Exception {
        TraceViewModel vm = new TraceViewModel(Runnable::run, Background.immediate());
        vm.clear(3); // the document opened, as revision 3
        vm.importTrace(trace(dir), scenario(), 3, null);
        assertFalse(vm.readingProperty().get());
        assertTrue(vm.messageProperty().get().contains("imported"), vm.messageProperty().get());
        // the hand count of the same 400 ms (TraceCommandTest)
        assertEquals("5.127", vm.measuredR().get("ctl/ctl_fast"));
        assertEquals("2.392", vm.measuredR().get("ctl/ctl_slow"));
        assertEquals("12.823", vm.measuredR().get("batch/batch_a"));
        assertEquals("5.34", vm.measuredR().get("batch/batch_b"));
        assertTrue(vm.measuredSupply().get().get("ctl").length > 1);
        GanttData g = vm.importedProperty().get().gantt();
        assertTrue(g.lanes().get(0).name().startsWith("CPU "), g.lanes().get(0).name());
        GanttData.Lane fast = g.lanes().stream().filter(l -> l.name().equals("ctl/ctl_fast")).findFirst().orElseThrow();
        assertFalse(fast.slices().isEmpty());
        assertNotNull(vm.ganttProperty().get());
        assertFalse(vm.staleProperty().get());
    }

    @Test
    void anEditMakesTheMeasurementStaleAndAnotherDocumentForgetsIt(@TempDir Path dir) throws Exception {
        TraceViewModel vm = new TraceViewModel(Runnable::run, Background.immediate());
        vm.scenarioChanged(3);
        vm.importTrace(trace(dir), scenario(), 3, null);
        vm.sameSchedule(4);
        assertFalse(vm.staleProperty().get(), "a new description is the same schedule");
        vm.scenarioChanged(5);
        assertTrue(vm.staleProperty().get());
        assertFalse(vm.measuredR().isEmpty(), "stale is still shown, dimmed");
        vm.clear(6);
        assertTrue(vm.measuredR().isEmpty());
        assertTrue(vm.measuredSupply().get().isEmpty());
        assertNull(vm.ganttProperty().get());
        assertNull(vm.importedProperty().get());
    }

    @Test
    void theMeasuredGanttFollowsTheTimeWindowTyped(@TempDir Path dir) throws Exception {
        TraceViewModel vm = new TraceViewModel(Runnable::run, Background.immediate());
        vm.importTrace(trace(dir), scenario(), 0, null);
        vm.window("40", "80");
        org.jfree.chart.plot.XYPlot p = (org.jfree.chart.plot.XYPlot) org.vmsched.chart.MeasuredGantt.create(vm.ganttProperty().get()).getPlot();
        assertEquals(40, p.getDomainAxis().getLowerBound(), 1e-9);
        assertEquals(80, p.getDomainAxis().getUpperBound(), 1e-9);
        vm.window("x", "80");
        p = (org.jfree.chart.plot.XYPlot) org.vmsched.chart.MeasuredGantt.create(vm.ganttProperty().get()).getPlot();
        assertEquals(0, p.getDomainAxis().getLowerBound(), 1e-9);
    }

    @Test
    void aBadFileOrAnInvalidScenarioLeavesNothingShownAndSaysWhy(@TempDir Path dir) throws Exception {
        TraceViewModel vm = new TraceViewModel(Runnable::run, Background.immediate());
        vm.importTrace(dir, scenario(), 0, null);
        assertTrue(vm.messageProperty().get().startsWith("Trace not imported: Trace " + dir + ": is a folder"),
                vm.messageProperty().get());
        Path gz = Files.write(dir.resolve("bad.gz"), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        vm.importTrace(gz, scenario(), 0, null);
        assertTrue(vm.messageProperty().get().startsWith("Trace not imported: Trace " + gz), vm.messageProperty().get());
        vm.importTrace(trace(dir), scenario(), 0, "VM ctl: budget must be positive");
        assertTrue(vm.messageProperty().get().contains("the scenario has problems"), vm.messageProperty().get());
        assertTrue(vm.measuredR().isEmpty());
        assertNull(vm.importedProperty().get());
    }

    @Test
    void theScheduleKeptIsTheHorizonOrTheHyperperiod() throws Exception {
        assertEquals(2000, TraceViewModel.length(scenario()), 1e-9, "its horizon");
        assertEquals(200, TraceViewModel.length(scenario().withSimulation(new org.vmsched.model.SimulationSettings(null,
                org.vmsched.model.SimulationMode.SYNCHRONOUS, org.vmsched.model.ServerPolicy.PERIODIC,
                org.vmsched.model.MissPolicy.CONTINUE))), 1e-9, "the hyperperiod of 10, 8, 20, 20, 40, 50");
    }
}

package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationCharts;

/** The main window's state and edits, without the FX toolkit (synchronous workers). */
class MainViewModelTest {

    MainViewModel vm;

    /** A view model on the thesis example whose workers run at once, without the FX toolkit. */
    static MainViewModel thesisExample() throws InvalidScenarioException {
        MainViewModel m = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        m.openExample("thesis-example.json");
        return m;
    }

    /** The thesis example as bundled. */
    static org.vmsched.model.Scenario thesisExampleScenario() {
        try (var in = MainViewModelTest.class.getResourceAsStream("/scenarios/thesis-example.json")) {
            return org.vmsched.io.ScenarioJson.load("thesis-example.json", in);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @BeforeEach
    void openThesisExample() throws InvalidScenarioException {
        vm = thesisExample();
    }

    String verdictOf(String item) {
        return vm.analysis().rows().stream().filter(r -> r.item().equals(item)).findFirst().orElseThrow().verdict();
    }

    /**
     * "3.5" typed into the VM's budget, a keystroke at a time: each value that goes in ("3", then
     * "3.5"; "3." is 3 again) asks for an analysis after the pause in typing, and leaving the field
     * (Enter) asks for it at once; of the three turns given to the worker one runs, for 3.5.
     */
    @Test
    void aFieldsKeystrokesWaitForThePauseInTypingAndEnterAnalysesAtOnce() throws InvalidScenarioException {
        List<Long> delays = new java.util.ArrayList<>();
        List<Runnable> turns = new java.util.ArrayList<>();
        int[] ran = {0};
        Background worker = (work, cancel, delay) -> {
            delays.add(delay);
            turns.add(() -> {
                if (!cancel.isCancelled()) {
                    ran[0]++;
                    work.run();
                }
            });
        };
        MainViewModel m = new MainViewModel(Runnable::run, worker, Background.immediate(), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        m.openExample("thesis-example.json");
        delays.clear();
        turns.clear();
        for (String typed : List.of("3", "3.", "3.5")) {
            m.setVmFieldLive(0, VmField.BUDGET, typed);
        }
        long pause = AnalysisViewModel.TYPING_PAUSE_MILLIS;
        assertEquals(List.of(pause, pause), delays, "a keystroke's analysis waits for the pause");
        m.endLiveEdit();
        assertEquals(List.of(pause, pause, 0L), delays, "Enter: at once");
        turns.forEach(Runnable::run);
        assertEquals(1, ran[0]);
        assertEquals(3.5, m.scenario().vms().get(0).budget());
        assertEquals(AnalysisViewModel.State.CURRENT, m.analysis().stateProperty().get(), m.analysis().messageProperty().get());
        assertEquals(m.revision(), m.analysis().resultRevisionProperty().get());
        m.setTaskField(0, 2, TaskField.WCET, "3");
        assertEquals(0L, delays.get(delays.size() - 1), "a cell's value, applied on Enter, is not a keystroke");
    }

    @Test
    void theBundledExamplesAreListedAndTheThesisExampleIsAnalysed() {
        assertTrue(MainViewModel.examples().contains("thesis-example.json"));
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
        assertEquals("schedulable", verdictOf("VM1/t3"));
        assertFalse(vm.modifiedProperty().get());
        assertEquals("thesis-example.json (example) — VMSched", vm.titleProperty().get());
    }

    @Test
    void theReportTextHoldsTheScenarioItsTasksAndEveryVerdict() {
        List<String> lines = vm.printedReport().lines();
        assertTrue(lines.get(0).startsWith("Scenario: Thesis example"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains("VM1: T_VM = 10, C_VM = 4")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("VM1/t3") && l.contains("R = 36")), lines.toString());
    }

    @Test
    void aLargerWcetMakesTheThirdTaskMissAndMarksTheFileModified() {
        assertTrue(vm.setTaskField(0, 2, TaskField.WCET, "5"));
        assertEquals("NOT schedulable", verdictOf("VM1/t3"));
        assertTrue(vm.modifiedProperty().get());
        assertTrue(vm.titleProperty().get().startsWith("*"));
    }

    @Test
    void textThatIsNotANumberIsReportedAtTheCellAndLeavesTheModelAlone() {
        assertFalse(vm.setTaskField(0, 0, TaskField.WCET, "abc"));
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertEquals("must be a number, got \"abc\"", vm.problemAt("vms[0].tasks[0].wcet"));
        assertTrue(vm.statusProperty().get().contains("VM1 / t1: wcet must be a number"), vm.statusProperty().get());
        assertEquals(AnalysisViewModel.State.INVALID, vm.analysis().stateProperty().get());
        assertTrue(vm.setTaskField(0, 0, TaskField.WCET, "3"));
        assertNull(vm.problemAt("vms[0].tasks[0].wcet"));
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
    }

    @Test
    void aNegativeWcetIsFlaggedButKeptOutOfTheModelAndUndoDropsIt() {
        assertFalse(vm.setTaskField(0, 0, TaskField.WCET, "-1"));
        assertEquals("must be positive, got -1", vm.problemAt("vms[0].tasks[0].wcet"));
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet(), "the red value never enters the model");
        assertEquals("-1", vm.draftAt("vms[0].tasks[0].wcet"), "what was typed is kept for the cell");
        assertTrue(vm.analysis().rows().isEmpty(), "no verdict is shown for an invalid input");
        assertTrue(vm.canUndoProperty().get(), "the typed value can be undone");
        vm.undo();
        assertNull(vm.problemAt("vms[0].tasks[0].wcet"));
        assertNull(vm.draftAt("vms[0].tasks[0].wcet"));
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertFalse(vm.modifiedProperty().get());
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
    }

    @Test
    void aPreviewReportsTheProblemOfTypedTextWithoutApplyingIt() {
        assertEquals("must be a number, got \"4x\"", vm.previewTaskField(0, 0, TaskField.WCET, "4x"));
        assertEquals("must not exceed the deadline 16, got 17", vm.previewTaskField(0, 0, TaskField.WCET, "17"));
        assertNull(vm.previewTaskField(0, 0, TaskField.WCET, "3"));
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertFalse(vm.canUndoProperty().get());
    }

    @Test
    void keystrokesInOneVmFieldMakeOneUndoStep() {
        vm.setVmFieldLive(0, VmField.PERIOD, "1");
        vm.setVmFieldLive(0, VmField.PERIOD, "12");
        vm.endLiveEdit();
        assertEquals(12, vm.scenario().vms().get(0).period());
        vm.undo();
        assertEquals(10, vm.scenario().vms().get(0).period());
        assertFalse(vm.canUndoProperty().get());
    }

    @Test
    void undoInTheMiddleOfTypingEndsTheRunSoTheNextKeystrokesAreTheirOwnStep() {
        vm.setVmFieldLive(0, VmField.PERIOD, "12");
        vm.undo(); // Ctrl+Z while the field still has focus
        assertEquals(10, vm.scenario().vms().get(0).period());
        vm.setVmFieldLive(0, VmField.PERIOD, "14");
        assertEquals(14, vm.scenario().vms().get(0).period());
        assertTrue(vm.canUndoProperty().get(), "typing after an undo is undoable again");
        vm.undo();
        assertEquals(10, vm.scenario().vms().get(0).period());
        vm.redo();
        assertEquals(14, vm.scenario().vms().get(0).period());
    }

    @Test
    void theBandwidthSliderSetsTheBudget() {
        vm.setBandwidth(0, 0.5);
        assertEquals(5, vm.scenario().vms().get(0).budget(), 1e-9);
    }

    /**
     * Issue 18: the slider set C = round(α·T, 6 decimals), which can round down out of the good
     * region. One task (C = 3, D = 5.673000099) in a VM of period 2.7000001 needs exactly
     * C_VM ≥ 0.67·T = 1.809000067 (finv(3) = 3(T − C) + 3 ≤ D); 1.809 misses, and the budget set
     * is α·T rounded up at six significant digits (SafeRounding), which keeps the deadline.
     */
    @Test
    void theBandwidthSliderRoundsTheBudgetUpInsideTheGoodRegion(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("edge.json");
        Files.writeString(f, """
                {"schemaVersion": 1, "name": "slider edge", "hypervisor": {"policy": "EDF", "cores": 1},
                 "vms": [{"name": "VM1", "period": 2.7000001, "budget": 2.5,
                          "tasks": [{"name": "t1", "wcet": 3, "period": 5.673000099}]}]}
                """);
        vm.open(f);
        vm.setBandwidth(0, 0.67);
        assertEquals(1.80901, vm.scenario().vms().get(0).budget(), 0,
                "α·T = 1.809000067 rounded up at six significant digits");
        assertEquals("schedulable", verdictOf("VM1/t1"));
    }

    @Test
    void aClickOnTheMapSetsPeriodAndBandwidth() {
        vm.setServer(0, 0.5, 14);
        assertEquals(14, vm.scenario().vms().get(0).period(), 1e-9);
        assertEquals(7, vm.scenario().vms().get(0).budget(), 1e-9);
    }

    @Test
    void addDuplicateMoveAndRemoveEditTheTreeAndUndoWalksBack() {
        vm.addVm();
        assertEquals(2, vm.scenario().vms().size());
        assertEquals(1, vm.selectedVmProperty().get());
        vm.addTask();
        assertEquals(2, vm.scenario().vms().get(1).tasks().size());
        vm.duplicateSelected();
        assertEquals("t2_copy1", vm.scenario().vms().get(1).tasks().get(2).name());
        vm.moveSelected(-1);
        assertEquals("t2_copy1", vm.scenario().vms().get(1).tasks().get(1).name());
        vm.removeSelected();
        assertEquals(2, vm.scenario().vms().get(1).tasks().size());
        for (int i = 0; i < 5; i++) {
            vm.undo();
        }
        assertEquals(1, vm.scenario().vms().size());
        assertFalse(vm.modifiedProperty().get());
    }

    @Test
    void saveThenReopenGivesTheSameScenario(@TempDir Path dir) throws Exception {
        vm.setTaskField(0, 1, TaskField.PERIOD, "30");
        Path f = dir.resolve("mine.json");
        assertFalse(vm.save(), "an example has no file yet");
        vm.saveAs(f);
        assertFalse(vm.modifiedProperty().get());
        assertEquals("mine.json — VMSched", vm.titleProperty().get());
        var saved = vm.scenario();
        vm.newScenario();
        vm.open(f);
        assertEquals(saved, vm.scenario());
        assertEquals(f.toAbsolutePath().normalize(), vm.recentFiles().get(0));
    }

    @Test
    void aBadFileKeepsTheCurrentScenarioAndNamesThePathAndReason(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"schemaVersion\": 1, \"name\": \"x\", \"vms\": [{\"name\": \"A\", \"period\": -1}]}");
        var before = vm.scenario();
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> vm.open(bad));
        assertTrue(e.getMessage().contains("bad.json"), e.getMessage());
        assertTrue(e.getMessage().contains("vms[0]"), e.getMessage());
        assertEquals(before, vm.scenario());
    }

    @Test
    void theSimulationSettingsAreStoredInTheScenarioAndUndoable() {
        vm.simulation().horizonProperty().set("500");
        assertEquals(500.0, vm.scenario().simulation().horizon());
        vm.undo();
        assertEquals(1440.0, vm.scenario().simulation().horizon());
        assertEquals("1440", vm.simulation().horizonProperty().get());
    }

    @Test
    void runningWithoutASimulatorSaysItIsNotAvailable() {
        vm.runSimulation();
        assertFalse(vm.simulation().runningProperty().get());
        assertTrue(vm.simulation().statusProperty().get().contains("simulator not available"));
        assertNotNull(SimulationCharts.gantt(vm.simulation().ganttProperty().get()));
    }
}

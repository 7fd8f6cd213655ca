package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.Limits;
import org.vmsched.report.PrintedReport;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.scenario.ScenarioTreeViewModel;

/** The scenario's description edited in the window, and what the report says of it (issue 30, item 6). */
class DescriptionEditTest {

    MainViewModel vm;
    ScenarioTreeViewModel tree;
    String fileDescription;

    @BeforeEach
    void openThesisExample() throws Exception {
        vm = MainViewModelTest.thesisExample();
        tree = new ScenarioTreeViewModel(vm);
        fileDescription = vm.scenario().description();
    }

    @Test
    void theFilesDescriptionIsShownAndATypedOneGoesInAsOneUndoableStepMarkingTheDocumentModified() {
        assertEquals(fileDescription, tree.descriptionProperty().get());
        tree.descriptionProperty().set("Period 14, budget 5.6.\nSecond line.");
        tree.commitDescription();
        assertEquals("Period 14, budget 5.6.\nSecond line.", vm.scenario().description());
        assertTrue(vm.modifiedProperty().get());
        vm.undo();
        assertEquals(fileDescription, vm.scenario().description());
        assertEquals(fileDescription, tree.descriptionProperty().get(), "the field follows the undo");
        assertFalse(vm.modifiedProperty().get());
    }

    @Test
    void aDescriptionOverTheLimitIsKeptOutWithAMessageNamingTheFieldAndTheLimit() {
        tree.descriptionProperty().set("x".repeat(Limits.MAX_DESCRIPTION + 1));
        tree.commitDescription();
        assertEquals(fileDescription, vm.scenario().description());
        assertEquals("scenario: description must be at most " + Limits.MAX_DESCRIPTION + " characters long, got "
                + (Limits.MAX_DESCRIPTION + 1), tree.descriptionProblemProperty().get());
        tree.descriptionProperty().set("short");
        tree.commitDescription();
        assertNull(tree.descriptionProblemProperty().get());
        assertEquals("short", vm.scenario().description());
    }

    @Test
    void theDescriptionIsSavedWithTheFile(@TempDir Path dir) throws Exception {
        tree.descriptionProperty().set("Written in the window.");
        tree.commitDescription();
        Path f = dir.resolve("s.json");
        vm.saveAs(f);
        assertTrue(Files.readString(f).contains("\"description\" : \"Written in the window.\"")
                || Files.readString(f).contains("\"description\": \"Written in the window.\""), Files.readString(f));
    }

    @Test
    void theReportNotesValuesEditedAfterTheDescriptionUntilTheDescriptionIsEditedToo() {
        assertFalse(vm.printedReport().lines().contains(PrintedReport.EDITED_NOTE), "as opened");
        assertTrue(vm.setVmField(0, VmField.PERIOD, "14"));
        assertTrue(vm.printedReport().lines().contains(PrintedReport.EDITED_NOTE), vm.printedReport().lines().toString());
        tree.descriptionProperty().set("Period 14 now.");
        tree.commitDescription();
        assertFalse(vm.printedReport().lines().contains(PrintedReport.EDITED_NOTE), vm.printedReport().lines().toString());
        assertTrue(vm.printedReport().lines().contains("Period 14 now."));
    }

    @Test
    void editingOnlyTheDescriptionLeavesTheSimulationAndTheVerdictsCurrentAndTheReportKeepsItsSimulationPages() {
        // issue 30: the description made the run stale, so the report left the Gantt pages out until F5
        vm.simulation().setBackend(new org.vmsched.ui.simulation.SimulatorBackend());
        vm.runSimulation();
        assertTrue(vm.printedReport().simulationPages(), "simulated");
        var verdicts = vm.analysis().resultProperty().get();
        tree.descriptionProperty().set("Only the words change.");
        tree.commitDescription();
        assertEquals("Only the words change.", vm.scenario().description());
        assertFalse(vm.simulation().staleProperty().get(), "the schedule did not change");
        assertEquals(vm.revision(), vm.simulation().resultRevisionProperty().get());
        assertEquals(vm.revision(), vm.analysis().resultRevisionProperty().get());
        assertTrue(verdicts == vm.analysis().resultProperty().get(), "the verdicts are not computed again");
        assertTrue(vm.printedReport().simulationPages(), vm.printedReport().lines().toString());
        assertTrue(vm.printedReport().lines().contains("Only the words change."));
        assertTrue(vm.setVmField(0, VmField.PERIOD, "14"));
        assertTrue(vm.simulation().staleProperty().get(), "a value edit still makes the run stale");
        assertFalse(vm.printedReport().simulationPages());
    }

    @Test
    void renamingTheScenarioLeavesTheResultsCurrentAndTheSystemRowAndReportSayTheNewName() {
        // issue 30: the name is read by no engine, yet a rename marked the run stale like a value edit
        vm.simulation().setBackend(new org.vmsched.ui.simulation.SimulatorBackend());
        vm.runSimulation();
        vm.stepping().step();
        var verdicts = vm.analysis().resultProperty().get();
        vm.setScenarioName("Renamed in the window");
        assertEquals("Renamed in the window", vm.scenario().name());
        assertFalse(vm.simulation().staleProperty().get(), "the schedule did not change");
        assertFalse(vm.stepping().staleProperty().get(), "the step-through did not change");
        assertEquals(vm.revision(), vm.analysis().resultRevisionProperty().get());
        assertTrue(verdicts == vm.analysis().resultProperty().get(), "the verdicts are not computed again");
        assertEquals("Renamed in the window", vm.analysis().rows().get(0).item(), "the system row names the scenario");
        assertTrue(vm.printedReport().simulationPages(), vm.printedReport().lines().toString());
        vm.undo();
        assertFalse(vm.simulation().staleProperty().get(), "undoing the rename changes no schedule either");
        assertEquals(vm.scenario().name(), vm.analysis().rows().get(0).item());
    }

    @Test
    void theReportOfAScenarioNeverSimulatedHasNoSimulationPages() {
        assertFalse(vm.printedReport().simulationPages());
    }
}

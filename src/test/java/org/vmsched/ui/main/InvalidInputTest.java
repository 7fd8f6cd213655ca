package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * Issue 8, finding 8: an invalid value is shown red, never enters the model, and Save refuses
 * a scenario with problems, listing them; what the user typed is kept. Plain JUnit.
 */
class InvalidInputTest {

    MainViewModel vm;

    @BeforeEach
    void openThesisExample() throws InvalidScenarioException {
        vm = MainViewModelTest.thesisExample();
    }

    @Test
    void aBudgetAboveThePeriodIsShownRedButNeverEntersTheModel() {
        assertFalse(vm.setVmFieldLive(0, VmField.BUDGET, "12"));
        assertEquals(4, vm.scenario().vms().get(0).budget(), "the model keeps the last valid budget");
        assertEquals("must not exceed the period 10, got 12", vm.problemAt("vms[0].budget"));
        assertEquals("12", vm.draftAt("vms[0].budget"), "what was typed is kept for the field");
        assertTrue(vm.modifiedProperty().get(), "typed input that is in no file is a modification");
        assertTrue(vm.titleProperty().get().startsWith("*"), vm.titleProperty().get());
        assertEquals(AnalysisViewModel.State.INVALID, vm.analysis().stateProperty().get());
        vm.endLiveEdit();
        assertEquals("12", vm.draftAt("vms[0].budget"), "leaving the field keeps the red text");
        assertEquals(4, vm.scenario().vms().get(0).budget());
    }

    /**
     * Each valid prefix of what is typed goes in live ("1" of "12"); leaving the field with text
     * that is invalid takes back what the prefixes did (a user trial of the vCPUs field, here the
     * budget) and keeps the text red for the field, with the message on the status line.
     */
    @Test
    void leavingABudgetFieldWithInvalidTextTakesBackItsPrefixesAndKeepsTheText() {
        assertTrue(vm.setVmFieldLive(0, VmField.BUDGET, "1"));
        assertEquals(1, vm.scenario().vms().get(0).budget(), "a valid prefix is applied live");
        assertFalse(vm.setVmFieldLive(0, VmField.BUDGET, "12"));
        vm.endLiveEdit();
        assertEquals(4, vm.scenario().vms().get(0).budget(), "as if the live prefix had not been applied");
        assertEquals("12", vm.draftAt("vms[0].budget"), "the red text waits for a period it fits");
        assertTrue(vm.modifiedProperty().get(), "red text counts as an unsaved change");
        assertEquals("1 problem: VM1: budget must not exceed the period 10, got 12", vm.statusProperty().get(),
                "the problem once, not again as a note run into it");
        vm.undo();
        assertNull(vm.draftAt("vms[0].budget"), "undo drops the red text first");
        assertFalse(vm.canUndoProperty().get(), "and no step is left of the typing");
        assertFalse(vm.modifiedProperty().get());
    }

    /** Escape in a field with red text cancels it: dropped, the document as before the typing, no undo step left. */
    @Test
    void escapeInABudgetFieldWithInvalidTextDropsItAndTakesTheDocumentBack() {
        assertTrue(vm.setVmFieldLive(0, VmField.BUDGET, "1"));
        assertFalse(vm.setVmFieldLive(0, VmField.BUDGET, "12"));
        vm.cancelLiveEdit("vms[0].budget");
        assertEquals(4, vm.scenario().vms().get(0).budget());
        assertNull(vm.draftAt("vms[0].budget"));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
        assertFalse(vm.canUndoProperty().get());
        assertFalse(vm.modifiedProperty().get());
        assertTrue(vm.statusProperty().get().contains("Not applied (dropped): VM1: budget must not exceed the period 10, got 12"),
                vm.statusProperty().get());
    }

    /** A review: an edit made while a field's text is red mid-typing (a shortcut, no focus change) kept the valid prefix. */
    @Test
    void anEditWhileAFieldIsRedMidTypingTakesBackItsPrefixFirst() {
        assertTrue(vm.setVmFieldLive(0, VmField.BUDGET, "1"));
        assertFalse(vm.setVmFieldLive(0, VmField.BUDGET, "12"));
        assertTrue(vm.setTaskField(0, 0, TaskField.WCET, "3"));
        assertEquals(4, vm.scenario().vms().get(0).budget(), "the prefix \"1\" is taken back");
        assertEquals("12", vm.draftAt("vms[0].budget"));
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(0).wcet());
        vm.undo(); // the red text first
        vm.undo(); // then the wcet
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertEquals(4, vm.scenario().vms().get(0).budget());
        assertFalse(vm.canUndoProperty().get(), "no step is left of the typing");
    }

    /** A screenshot trial: left red, then clicked again, Escape did nothing (no typing was under way). */
    @Test
    void escapeInAFieldLeftRedBeforeDropsItsText() {
        vm.setVmFieldLive(0, VmField.BUDGET, "12");
        vm.endLiveEdit();
        assertEquals("12", vm.draftAt("vms[0].budget"));
        vm.cancelLiveEdit("vms[0].budget");
        assertNull(vm.draftAt("vms[0].budget"));
        assertEquals(4, vm.scenario().vms().get(0).budget());
        assertFalse(vm.modifiedProperty().get());
        assertTrue(vm.statusProperty().get().contains("Not applied (dropped): VM1: budget must not exceed the period 10, got 12."),
                vm.statusProperty().get());
    }

    @Test
    void saveAndSaveAsRefuseAnInvalidScenarioListItsProblemsAndKeepTheModifiedMark(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mine.json");
        vm.saveAs(f);
        byte[] before = Files.readAllBytes(f);
        vm.setVmFieldLive(0, VmField.BUDGET, "12");

        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, vm::save);
        assertTrue(e.getMessage().contains("VM1: budget must not exceed the period 10, got 12"), e.getMessage());
        assertEquals(1, e.problems().size());
        assertArrayEquals(before, Files.readAllBytes(f), "the file is not touched");
        assertTrue(vm.modifiedProperty().get());
        assertTrue(vm.titleProperty().get().startsWith("*"), vm.titleProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Not saved"), vm.statusProperty().get());

        Path g = dir.resolve("other.json");
        assertThrows(InvalidScenarioException.class, () -> vm.saveAs(g));
        assertFalse(Files.exists(g));
        assertEquals(f, vm.fileProperty().get(), "the current file stays");
        assertEquals("12", vm.draftAt("vms[0].budget"));

        vm.setVmFieldLive(0, VmField.BUDGET, "5");
        assertTrue(vm.save());
        assertFalse(vm.modifiedProperty().get());
        assertEquals(5, vm.scenario().vms().get(0).budget());
    }

    @Test
    void theRefusalNamesEveryProblemInWords(@TempDir Path dir) {
        vm.setTaskField(0, 2, TaskField.WCET, "4x");
        vm.setScenarioName("  ");
        assertEquals(java.util.List.of("scenario: name must not be empty", "VM1 / t3: wcet must be a number, got \"4x\""),
                vm.problemsInWords());
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> vm.saveAs(dir.resolve("x.json")));
        assertEquals(2, e.problems().size());
        assertEquals("Thesis example", vm.scenario().name(), "an empty name is not applied either");
        assertEquals("  ", vm.draftAt("name"));
    }

    @Test
    void aScenarioMadeInvalidByAStructuralEditIsNotSavedEither(@TempDir Path dir) {
        vm.setHypervisorPolicy(HypervisorPolicy.FP);
        Path f = dir.resolve("fp.json");
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> vm.saveAs(f));
        assertTrue(e.getMessage().contains("VM1: priority is required when the hypervisor policy is FP"), e.getMessage());
        assertFalse(Files.exists(f));
    }

    @Test
    void aPeriodBelowTheBudgetStaysOutOfTheModelAndSaysWhy() {
        assertFalse(vm.setVmFieldLive(0, VmField.PERIOD, "3"));
        assertEquals(10, vm.scenario().vms().get(0).period());
        assertEquals("not applied, because then VM1: budget must not exceed the period 3, got 4",
                vm.problemAt("vms[0].period"));
        assertNull(vm.problemAt("vms[0].budget"), "the budget in the model is fine");
    }

    @Test
    void aRedValueIsAppliedOnceAnotherFieldMakesItValidAsOneUndoStep() {
        vm.setVmFieldLive(0, VmField.BUDGET, "12");
        vm.endLiveEdit();
        vm.setVmFieldLive(0, VmField.PERIOD, "15");
        vm.endLiveEdit();
        assertEquals(15, vm.scenario().vms().get(0).period());
        assertEquals(12, vm.scenario().vms().get(0).budget());
        assertNull(vm.draftAt("vms[0].budget"));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
        vm.undo();
        assertEquals(10, vm.scenario().vms().get(0).period());
        assertEquals(4, vm.scenario().vms().get(0).budget());
    }

    /** A red cell of the task table likewise stays and goes in once another value makes it valid, as one undo step. */
    @Test
    void aRedTaskCellIsAppliedOnceAnotherCellMakesItValidAsOneUndoStep() {
        assertFalse(vm.setTaskField(0, 0, TaskField.WCET, "17"));
        assertTrue(vm.setTaskField(0, 0, TaskField.PERIOD, "20"));
        assertEquals(20, vm.scenario().vms().get(0).tasks().get(0).period());
        assertEquals(17, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertNull(vm.draftAt("vms[0].tasks[0].wcet"));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
        vm.undo();
        assertEquals(16, vm.scenario().vms().get(0).tasks().get(0).period());
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
    }

    @Test
    void aRedTaskCellNeverEntersTheModelEvenWhenTheValueIsANumber() {
        assertFalse(vm.setTaskField(0, 0, TaskField.WCET, "17"));
        assertEquals(2, vm.scenario().vms().get(0).tasks().get(0).wcet());
        assertEquals("must not exceed the deadline 16, got 17", vm.problemAt("vms[0].tasks[0].wcet"));
        assertEquals("17", vm.draftAt("vms[0].tasks[0].wcet"));
        assertTrue(vm.setTaskField(0, 0, TaskField.WCET, "3"));
        assertNull(vm.draftAt("vms[0].tasks[0].wcet"));
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(0).wcet());
    }

    @Test
    void aRedValueMovesWithItsTaskWhenTheTasksAreReordered() {
        vm.setTaskField(0, 2, TaskField.WCET, "40");
        vm.select(0, 0, 2);
        vm.moveSelected(-2);
        assertEquals("t3", vm.scenario().vms().get(0).tasks().get(0).name());
        assertEquals("40", vm.draftAt("vms[0].tasks[0].wcet"));
        assertNull(vm.draftAt("vms[0].tasks[2].wcet"));
        vm.select(0, 0, 0);
        vm.removeSelected();
        assertTrue(vm.problems().isEmpty(), "the red value went with its task: " + vm.problems());
    }

    @Test
    void theBandwidthSliderReplacesARedBudget() {
        vm.setVmFieldLive(0, VmField.BUDGET, "12");
        vm.endLiveEdit();
        vm.setBandwidth(0, 0.5);
        assertNull(vm.draftAt("vms[0].budget"));
        assertEquals(5, vm.scenario().vms().get(0).budget(), 1e-9);
        assertTrue(vm.problems().isEmpty());
    }
}

package org.vmsched.ui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** The VM editor's state against the thesis example, without the FX toolkit. */
class VmEditorViewModelTest {

    MainViewModel main;
    VmEditorViewModel vm;

    @BeforeEach
    void open() throws InvalidScenarioException {
        main = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0, RecentFiles.inMemory(),
                SimulationBackend.unavailable());
        main.openExample("thesis-example.json");
        vm = new VmEditorViewModel(main);
    }

    @Test
    void theFieldsShowTheSelectedVm() {
        assertEquals("VM1", vm.textProperty(VmField.NAME).get());
        assertEquals("10", vm.textProperty(VmField.PERIOD).get());
        assertEquals("4", vm.textProperty(VmField.BUDGET).get());
        assertEquals(0.4, vm.bandwidthProperty().get(), 1e-12);
    }

    @Test
    void typingAppliesLiveAndKeepsTextThatMeansTheSameValue() {
        vm.textProperty(VmField.PERIOD).set("12.");
        assertEquals(12, main.scenario().vms().get(0).period());
        assertEquals("12.", vm.textProperty(VmField.PERIOD).get(), "not rewritten under the cursor");
        vm.endEdit();
        assertEquals("12", vm.textProperty(VmField.PERIOD).get());
    }

    @Test
    void anInvalidValueStaysRedWithItsProblemInWords() {
        vm.textProperty(VmField.BUDGET).set("12");
        assertEquals("12", vm.textProperty(VmField.BUDGET).get());
        assertEquals("VM1: budget must not exceed the period 10, got 12", vm.problemProperty(VmField.BUDGET).get());
        main.undo();
        assertEquals("4", vm.textProperty(VmField.BUDGET).get());
        assertNull(vm.problemProperty(VmField.BUDGET).get());
    }

    @Test
    void theSliderFollowsUndoAndRedo() {
        vm.stepBandwidth(VmEditorViewModel.STEP);
        assertEquals(4.1, main.scenario().vms().get(0).budget(), 1e-9);
        main.undo();
        assertEquals(0.4, vm.bandwidthProperty().get(), 1e-12);
        main.redo();
        assertEquals(0.41, vm.bandwidthProperty().get(), 1e-12);
        assertTrue(vm.bandwidthTextProperty().get().contains("0.410"));
    }

    @Test
    void aDragEndsOnTheHundredthsGrid() {
        vm.bandwidthChangingProperty().set(true);
        vm.bandwidthProperty().set(0.56098);
        assertEquals(4, main.scenario().vms().get(0).budget(), "nothing applied while dragging");
        vm.bandwidthChangingProperty().set(false);
        assertEquals(5.6, main.scenario().vms().get(0).budget(), 1e-9);
        assertEquals(0.56, vm.bandwidthProperty().get(), 1e-12);
    }

    @Test
    void aBandwidthOffTheGridFromAFileIsNotRoundedByShowingIt() {
        main.setVmField(0, VmField.BUDGET, "4.05");
        assertEquals(4.05, main.scenario().vms().get(0).budget());
        assertEquals(0.405, vm.bandwidthProperty().get(), 1e-12);
        vm.stepBandwidth(VmEditorViewModel.STEP);
        assertEquals(0.42, vm.bandwidthProperty().get(), 1e-12);
    }

    // Issue 30, item 10: a stored 9.16666 showed as 9.1667, and a student who retyped what was
    // shown got another scenario. Each field shows the shortest decimal that reads back as the
    // stored value, as the scenario file writes it.
    @Test
    void aFieldShowsTheStoredValueUnrounded() {
        main.setVmField(0, VmField.BUDGET, "9.16666");
        main.setVmField(0, VmField.OVERHEAD, "0.123456789");
        main.setVmField(0, VmField.OFFSET, "0.00001");
        assertEquals("9.16666", vm.textProperty(VmField.BUDGET).get());
        assertEquals("0.123456789", vm.textProperty(VmField.OVERHEAD).get());
        assertEquals("0.00001", vm.textProperty(VmField.OFFSET).get());
        main.setVmField(0, VmField.PERIOD, "12.345678");
        assertEquals("12.345678", vm.textProperty(VmField.PERIOD).get());
        assertEquals(12.345678, Double.parseDouble(vm.textProperty(VmField.PERIOD).get()), "retyped, it is the same value");
    }
}

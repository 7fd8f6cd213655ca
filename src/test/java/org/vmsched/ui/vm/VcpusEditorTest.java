package org.vmsched.ui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * The VM editor's virtual CPUs (issue 21) on the global example, without the FX toolkit: the
 * field, its validation and undo, the guest schedulers offered for one and for several virtual
 * CPUs, and why a combination is refused.
 */
class VcpusEditorTest {

    MainViewModel main;
    VmEditorViewModel vm;

    @BeforeEach
    void open() throws Exception {
        main = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0, RecentFiles.inMemory(),
                SimulationBackend.unavailable());
        main.openExample("rtds-global-periodic.json");
        main.select(0, 0, -1);
        vm = new VmEditorViewModel(main);
    }

    @Test
    void theVcpusFieldShowsTheSelectedVmsVirtualCpus() {
        assertEquals("2", vm.textProperty(VmField.VCPUS).get());
        assertTrue(VmEditorViewModel.fields(HypervisorPolicy.GLOBAL_EDF).contains(VmField.VCPUS));
        // the virtual CPUs migrate: a core of the VM means nothing under global EDF
        assertFalse(VmEditorViewModel.fields(HypervisorPolicy.GLOBAL_EDF).contains(VmField.CORE));
        assertFalse(VmEditorViewModel.fields(HypervisorPolicy.EDF).contains(VmField.VCPUS));
        assertNull(vm.vcpusNoteProperty().get());
    }

    /** The header said "α = 0.650" for a VM of 2 vCPUs: one vCPU's bandwidth, read as the VM's (a user trial). */
    @Test
    void theBandwidthRowSaysItIsPerVcpu() {
        assertEquals("α per vCPU", vm.bandwidthRowTextProperty().get());
        assertEquals("α = 0.650", vm.bandwidthTextProperty().get());
        vm.textProperty(VmField.VCPUS).set("1");
        vm.endEdit();
        assertEquals("Bandwidth", vm.bandwidthRowTextProperty().get());
    }

    @Test
    void severalVirtualCpusOfferTheGlobalSchedulersAndOneTheUniprocessorOnes() {
        assertEquals(List.of(GuestScheduler.GLOBAL_EDF, GuestScheduler.GLOBAL_RM), vm.schedulerChoices());
        assertEquals("Global EDF", VmEditorViewModel.schedulerTitle(GuestScheduler.GLOBAL_EDF));
        assertEquals("Global RM", VmEditorViewModel.schedulerTitle(GuestScheduler.GLOBAL_RM));

        vm.textProperty(VmField.VCPUS).set("1");
        vm.endEdit();
        assertEquals(1, main.scenario().vms().get(0).vcpus());
        // GLOBAL_EDF on one virtual CPU is refused by the model: the scheduler follows to EDF
        assertEquals(GuestScheduler.EDF, main.scenario().vms().get(0).scheduler());
        assertEquals(GuestScheduler.EDF, vm.schedulerProperty().get());
        assertEquals(List.of(GuestScheduler.RM, GuestScheduler.EDF), vm.schedulerChoices());
        assertEquals(List.of(), main.problemsInWords());
    }

    @Test
    void editingTheVcpusIsOneUndoableStep() {
        vm.textProperty(VmField.VCPUS).set("3");
        vm.endEdit();
        assertEquals(3, main.scenario().vms().get(0).vcpus());
        main.undo();
        assertEquals(2, main.scenario().vms().get(0).vcpus());
        assertEquals("2", vm.textProperty(VmField.VCPUS).get());
        vm.textProperty(VmField.VCPUS).set("1");
        vm.endEdit();
        main.undo();
        assertEquals(2, main.scenario().vms().get(0).vcpus());
        assertEquals(GuestScheduler.GLOBAL_EDF, main.scenario().vms().get(0).scheduler(), "the scheduler came back with it");
    }

    /**
     * A user trial: "1e308" typed into vCPUs passed through "1", which was applied live and turned
     * Global RM into RM; the field stayed red, the document kept 1 and RM, and two undos were
     * needed. Leaving the field with invalid text takes back what its prefixes did and keeps the
     * text red; Escape drops it.
     */
    @Test
    void leavingTheVcpusFieldWithInvalidTextTakesBackItsPrefixes() {
        main.setVmScheduler(0, GuestScheduler.GLOBAL_RM);
        for (String typed : List.of("1", "1e", "1e3", "1e30", "1e308")) {
            vm.textProperty(VmField.VCPUS).set(typed);
        }
        vm.endEdit();
        assertEquals(2, main.scenario().vms().get(0).vcpus());
        assertEquals(GuestScheduler.GLOBAL_RM, main.scenario().vms().get(0).scheduler());
        assertEquals("1e308", vm.textProperty(VmField.VCPUS).get(), "the red text stays to be corrected");
        assertTrue(vm.problemProperty(VmField.VCPUS).get().contains("too large"), vm.problemProperty(VmField.VCPUS).get());
        assertTrue(main.statusProperty().get().contains("control: vCPUs is too large, got \"1e308\""),
                main.statusProperty().get());
        main.undo();
        assertEquals("2", vm.textProperty(VmField.VCPUS).get(), "undo drops the red text first");
        main.undo();
        assertEquals(GuestScheduler.GLOBAL_EDF, main.scenario().vms().get(0).scheduler(),
                "the typing left no undo step of its own: the next undo takes back the edit before it");
        assertFalse(main.canUndoProperty().get());

        main.redo();
        vm.textProperty(VmField.VCPUS).set("3");
        vm.endEdit();
        main.undo();
        assertEquals(2, main.scenario().vms().get(0).vcpus(), "a valid edit is one undo step");
        assertEquals(GuestScheduler.GLOBAL_RM, main.scenario().vms().get(0).scheduler());
    }

    @Test
    void escapeInTheVcpusFieldDropsInvalidTextAndTakesTheDocumentBack() {
        main.setVmScheduler(0, GuestScheduler.GLOBAL_RM);
        for (String typed : List.of("1", "1e", "1e3", "1e30", "1e308")) {
            vm.textProperty(VmField.VCPUS).set(typed);
        }
        vm.cancelEdit(VmField.VCPUS);
        assertEquals(2, main.scenario().vms().get(0).vcpus());
        assertEquals(GuestScheduler.GLOBAL_RM, main.scenario().vms().get(0).scheduler());
        assertEquals("2", vm.textProperty(VmField.VCPUS).get(), "the field shows the last valid value");
        assertNull(vm.problemProperty(VmField.VCPUS).get());
        assertEquals(List.of(), main.problemsInWords());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|control: vCPUs must be an integer from 1 to 64, got 0",
        "65|control: vCPUs must be an integer from 1 to 64, got 65",
        "1.5|control: vCPUs must be a whole number, got \"1.5\"",
        "two|control: vCPUs must be a number, got \"two\"",
    })
    void aBadVcpusIsKeptAsADraftWithAMessageNamingTheField(String typed, String message) {
        vm.textProperty(VmField.VCPUS).set(typed);
        assertEquals(message, vm.problemProperty(VmField.VCPUS).get());
        assertEquals(2, main.scenario().vms().get(0).vcpus(), "not applied");
        assertEquals(typed, vm.textProperty(VmField.VCPUS).get(), "the text stays to be corrected");
    }

    @Test
    void theVcpusAreSaved(@TempDir Path dir) throws Exception {
        vm.textProperty(VmField.VCPUS).set("4");
        vm.endEdit();
        Path f = dir.resolve("g.json");
        main.saveAs(f);
        assertEquals(4, ScenarioJson.load(f).vms().get(0).vcpus());
        assertTrue(Files.readString(f).contains("\"vcpus\" : 4") || Files.readString(f).contains("\"vcpus\": 4"),
                Files.readString(f));
    }

    @Test
    void aPartitionedPolicySaysWhyTheVcpusAreNotEditableAndShowsAVcpusLeftOver() {
        main.setHypervisorPolicy(HypervisorPolicy.EDF);
        String note = vm.vcpusNoteProperty().get();
        assertNotNull(note);
        assertTrue(note.contains("Global EDF"), note);
        // the VMs still have 2 virtual CPUs: the field stays, red, so that 1 can be typed
        assertTrue(VmEditorViewModel.fields(HypervisorPolicy.EDF, main.scenario().vms().get(0)).contains(VmField.VCPUS));
        assertTrue(vm.problemProperty(VmField.VCPUS).get().startsWith("control: vCPUs is 2, but several virtual CPUs need"),
                vm.problemProperty(VmField.VCPUS).get());
        vm.textProperty(VmField.VCPUS).set("1");
        vm.endEdit();
        assertNull(vm.problemProperty(VmField.VCPUS).get());
        assertEquals(GuestScheduler.EDF, main.scenario().vms().get(0).scheduler());
    }

    @Test
    void aRefusedSchedulerShowsItsReason() {
        main.setVmScheduler(0, GuestScheduler.RM);
        assertEquals("control: scheduler is RM, which runs on one virtual CPU; with vCPUs 2 use Global RM",
                vm.schedulerProblemProperty().get());
        main.undo();
        assertNull(vm.schedulerProblemProperty().get());
    }
}

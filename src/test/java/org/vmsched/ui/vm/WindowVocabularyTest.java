package org.vmsched.ui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.main.PolicyParam;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * The window names a field in its messages by the label beside it (a user trial: the field "vCPUs"
 * was "vcpus" in its message, "Migration cost" was "migration overhead"); a file's messages keep
 * the JSON path (vms[0].vcpus: io.VcpusJsonTest). Plain JUnit, no toolkit.
 */
class WindowVocabularyTest {

    MainViewModel main;
    VmEditorViewModel vm;
    PolicyParamsViewModel hypervisor;

    @BeforeEach
    void open() throws Exception {
        main = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0, RecentFiles.inMemory(),
                SimulationBackend.unavailable());
        main.open(Path.of("scenarios", "rtds-global-periodic.json"));
        main.select(0, 0, -1);
        vm = new VmEditorViewModel(main);
        hypervisor = new PolicyParamsViewModel(main, true);
    }

    @Test
    void aBadVcpusIsNamedAsItsFieldIsLabelled() {
        vm.textProperty(VmField.VCPUS).set("0");
        assertEquals("control: vCPUs must be an integer from 1 to 64, got 0", vm.problemProperty(VmField.VCPUS).get());
        assertTrue(main.statusProperty().get().contains("control: vCPUs must be"), main.statusProperty().get());
        assertEquals(java.util.List.of("control: vCPUs must be an integer from 1 to 64, got 0"), main.problemsInWords(),
                "the list Save refuses with");
    }

    @Test
    void aBadMigrationCostIsNamedAsItsFieldIsLabelled() {
        PolicyParam cost = PolicyParam.of(HypervisorPolicy.GLOBAL_EDF, "migrationOverhead");
        assertEquals("Migration cost", cost.label);
        hypervisor.textProperty(cost).set("-1");
        assertEquals("hypervisor: migration cost must not be negative, got -1", hypervisor.problemProperty(cost).get());
        assertTrue(main.statusProperty().get().contains("hypervisor: migration cost must not be negative"),
                main.statusProperty().get());
    }

    @Test
    void aRefusedSchedulerSaysWhatToChooseInTheWordsOfTheWindow() {
        main.setVmScheduler(0, GuestScheduler.RM);
        assertEquals("control: scheduler is RM, which runs on one virtual CPU; with vCPUs 2 use Global RM",
                vm.schedulerProblemProperty().get());
        main.undo();
        main.setHypervisorPolicy(HypervisorPolicy.EDF);
        assertTrue(vm.problemProperty(VmField.VCPUS).get().startsWith(
                "control: vCPUs is 2, but several virtual CPUs need the hypervisor policy Global EDF (Xen RTDS): EDF runs"),
                vm.problemProperty(VmField.VCPUS).get());
    }
}

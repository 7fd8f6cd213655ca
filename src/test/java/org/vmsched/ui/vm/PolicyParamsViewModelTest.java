package org.vmsched.ui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vmsched.policy.ParamValues.value;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.VmParams;
import org.vmsched.policy.cbs.CbsPolicy;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.PolicyParam;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** The policy parameters' state (VM and hypervisor scope) on the Credit latency scenario, without the FX toolkit. */
class PolicyParamsViewModelTest {

    MainViewModel main;
    PolicyParamsViewModel vmParams;
    PolicyParamsViewModel hvParams;

    @BeforeEach
    void open() throws InvalidScenarioException {
        main = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0, RecentFiles.inMemory(),
                SimulationBackend.unavailable());
        main.open(Path.of("scenarios", "latency", "credit-1ms.json"));
        vmParams = new PolicyParamsViewModel(main, false);
        hvParams = new PolicyParamsViewModel(main, true);
    }

    VmParams params(int v) {
        return main.scenario().vms().get(v).params();
    }

    @Test
    void eachScopeListsItsPolicysParametersOnly() {
        assertEquals(List.of(PolicyParam.of(HypervisorPolicy.CREDIT, "weight"), PolicyParam.of(HypervisorPolicy.CREDIT, "cap")), vmParams.shown());
        assertEquals(List.of(PolicyParam.of(HypervisorPolicy.CREDIT, "tick"), PolicyParam.of(HypervisorPolicy.CREDIT, "accountingPeriod"), PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice"), PolicyParam.of(HypervisorPolicy.CREDIT, "ratelimit")),
                hvParams.shown());
        main.setHypervisorPolicy(HypervisorPolicy.CBS);
        assertEquals(List.of(PolicyParam.of(HypervisorPolicy.CBS, "deadline")), vmParams.shown());
        assertEquals(List.of(), hvParams.shown());
        main.setHypervisorPolicy(HypervisorPolicy.RM);
        assertEquals(List.of(), vmParams.shown());
        assertEquals(List.of(VmField.NAME, VmField.OVERHEAD, VmField.CORE, VmField.OFFSET),
                VmEditorViewModel.fields(HypervisorPolicy.CREDIT));
        assertEquals(List.of(VmField.NAME, VmField.PERIOD, VmField.BUDGET, VmField.OVERHEAD, VmField.CORE, VmField.OFFSET),
                VmEditorViewModel.fields(HypervisorPolicy.CBS));
        assertTrue(VmEditorViewModel.fields(HypervisorPolicy.FP_NO_BUDGET).contains(VmField.PRIORITY));
    }

    @Test
    void aDefaultIsAnEmptyFieldWithTheDefaultAsPromptAndAnEmptyFieldPutsItBack() {
        assertEquals("", vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).get());
        assertEquals("256", vmParams.promptProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).get());
        assertEquals("0 = none", vmParams.promptProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "cap")).get());
        assertEquals("1", hvParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).get(), "the file's own 1 ms slice");
        assertEquals("30 ms", hvParams.promptProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).get());
        vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).set("512");
        vmParams.endEdit();
        assertEquals(CreditPolicy.vm(512, 0), params(0));
        assertEquals("512", vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).get());
        vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).set("");
        vmParams.endEdit();
        assertEquals(CreditPolicy.vmDefault(), params(0));
        hvParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).set("");
        assertEquals(30.0, value(main.scenario().hypervisor().params(), "timeSlice"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "WEIGHT|2.5|utvm: weight must be a whole number, got \"2.5\"",
        "WEIGHT|70000|utvm: weight must be between 1 and 65535, got 70000",
        "WEIGHT|1e12|utvm: weight is too large, got \"1e12\"",
        "CAP|150|utvm: cap must be a percentage of one CPU, 0 to 100, got 150",
        "CAP|x|utvm: cap must be a number, got \"x\"",
        "RATELIMIT|5|hypervisor: ratelimit must not exceed the time slice 1, got 5",
        "ACCOUNTING_PERIOD|0|hypervisor: accounting must be positive, got 0",
    })
    void aBadValueStaysOutWithItsProblemInTheWindowsWords(String name, String text, String problem) {
        PolicyParam p = PolicyParam.of(HypervisorPolicy.CREDIT,
                java.util.Map.of("WEIGHT", "weight", "CAP", "cap", "RATELIMIT", "ratelimit",
                        "ACCOUNTING_PERIOD", "accountingPeriod").get(name));
        PolicyParamsViewModel scope = p.hypervisorWide ? hvParams : vmParams;
        var before = main.scenario();
        scope.textProperty(p).set(text);
        assertEquals(problem, scope.problemProperty(p).get());
        assertEquals(text, scope.textProperty(p).get(), "the red text stays to be corrected");
        assertEquals(before, main.scenario());
        assertTrue(main.statusProperty().get().contains(problem), main.statusProperty().get());
        main.undo();
        assertNull(scope.problemProperty(p).get(), "Undo drops it");
    }

    @Test
    void globalEdfsMigrationCostIsARowOfTheSchemaWithNoCodeOfItsOwn() throws Exception {
        main.open(Path.of("scenarios", "rtds-global-periodic.json"));
        PolicyParam m = PolicyParam.of(HypervisorPolicy.GLOBAL_EDF, "migrationOverhead");
        assertEquals(List.of(m), hvParams.shown());
        assertEquals("", hvParams.textProperty(m).get());
        assertEquals("0 ms", hvParams.promptProperty(m).get());
        hvParams.textProperty(m).set("-1");
        assertEquals("hypervisor: migration cost must not be negative, got -1", hvParams.problemProperty(m).get());
        hvParams.textProperty(m).set("0.25");
        hvParams.endEdit();
        assertEquals(0.25, value(main.scenario().hypervisor().params(), "migrationOverhead"));
        assertEquals(0.25, org.vmsched.analysis.MigrationCost.of(main.scenario()));
    }

    @Test
    void aTypedValueIsOneUndoStepAndUndoShowsTheOldValue() {
        hvParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).set("5");
        hvParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).set("50");
        hvParams.endEdit();
        assertEquals(50.0, value(main.scenario().hypervisor().params(), "timeSlice"));
        main.undo();
        assertEquals(1.0, value(main.scenario().hypervisor().params(), "timeSlice"), "5 and 50: one step");
        assertEquals("1", hvParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "timeSlice")).get());
    }

    @Test
    void boostAndPresetAreOneStepEachAndTheQuantumFollowsAPresetLeftAtItsDefault() {
        hvParams.boostProperty().set(false);
        assertEquals(false, value(main.scenario().hypervisor().params(), "boost"));
        main.undo();
        assertEquals(true, value(main.scenario().hypervisor().params(), "boost"));
        assertEquals(true, hvParams.boostProperty().get());
        main.setHypervisorPolicy(HypervisorPolicy.PROPORTIONAL_SHARE);
        assertEquals(ProportionalSharePolicy.Preset.ESXI, hvParams.presetProperty().get());
        assertEquals("50 ms", hvParams.promptProperty(PolicyParam.of(HypervisorPolicy.PROPORTIONAL_SHARE, "quantum")).get());
        assertEquals("1000", vmParams.promptProperty(PolicyParam.of(HypervisorPolicy.PROPORTIONAL_SHARE, "shares")).get());
        hvParams.presetProperty().set(ProportionalSharePolicy.Preset.HYPERV);
        assertEquals(ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.HYPERV), main.scenario().hypervisor().params());
        assertEquals("10 ms", hvParams.promptProperty(PolicyParam.of(HypervisorPolicy.PROPORTIONAL_SHARE, "quantum")).get());
        assertEquals("100", vmParams.promptProperty(PolicyParam.of(HypervisorPolicy.PROPORTIONAL_SHARE, "shares")).get(), "Hyper-V's relative weight 100");
        hvParams.textProperty(PolicyParam.of(HypervisorPolicy.PROPORTIONAL_SHARE, "quantum")).set("20");
        hvParams.presetProperty().set(ProportionalSharePolicy.Preset.ESXI);
        assertEquals(ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.ESXI, 20), main.scenario().hypervisor().params(),
                "a quantum typed by hand stays");
    }

    @Test
    void aSwitchKeepsEachPolicysParametersByVmAndOpenForgetsThem() throws Exception {
        vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).set("512");
        vmParams.endEdit();
        main.setHypervisorPolicy(HypervisorPolicy.CBS);
        assertNull(params(0), "the scenario holds the CBS policy's parameters only, as a file does");
        assertNull(main.scenario().hypervisor().params());
        vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CBS, "deadline")).set("1");
        vmParams.endEdit();
        main.setHypervisorPolicy(HypervisorPolicy.CREDIT);
        assertEquals(CreditPolicy.vm(512, 0), params(0));
        assertEquals(1.0, value(main.scenario().hypervisor().params(), "timeSlice"));
        main.setHypervisorPolicy(HypervisorPolicy.CBS);
        assertEquals(CbsPolicy.vm(1.0), params(0));
        // a VM renamed in between is a VM the remembered parameters were not for
        main.setVmField(0, VmField.NAME, "renamed");
        main.setHypervisorPolicy(HypervisorPolicy.CREDIT);
        assertNull(params(0));
        assertEquals(value(CreditPolicy.vmDefault(), "weight"), value(params(1), "weight"));
        main.open(Path.of("scenarios", "latency", "cbs-half.json"));
        main.setHypervisorPolicy(HypervisorPolicy.CREDIT);
        assertNull(main.scenario().hypervisor().params(), "another document does not inherit this one's");
    }

    @Test
    void noVmSelectedDisablesTheVmScopeAndEmptiesItsFields() {
        main.select(0, -1, -1);
        assertTrue(vmParams.disabledProperty().get());
        assertEquals("", vmParams.textProperty(PolicyParam.of(HypervisorPolicy.CREDIT, "weight")).get());
        assertEquals(false, hvParams.disabledProperty().get());
    }

    // Issue 30, item 10: a parameter field rounded to 4 decimals too (a 0.123456 ms tick showed 0.1235)
    @Test
    void aParameterFieldShowsTheStoredValueUnrounded() {
        PolicyParam tick = PolicyParam.of(HypervisorPolicy.CREDIT, "tick");
        main.setParamLive(tick.path(-1), "0.123456");
        main.endLiveEdit();
        assertEquals("0.123456", hvParams.textProperty(tick).get());
    }
}

package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vmsched.policy.ParamValues.value;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.VmParams;
import org.vmsched.policy.cbs.CbsPolicy;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * The policy parameters in the window (issue 10): the VM editor's per-VM fields and the scenario
 * pane's hypervisor-wide ones, shown for their policy only, typed, validated, undone, saved; and
 * a policy switch that keeps them. Headless.
 */
class PolicyParamsEditorTest extends OneWindowPerClass {

    @TempDir
    Path dir;

    /** The analysis worker of the class's window: a pause in typing passes when a test says so. */
    static final HeldPauses analysisWorker = new HeldPauses(Background.daemon("test-analysis"));

    /** Xen Credit with the customised 1 ms slice (credit-1ms.json) in a 1024 × 768 scene. */
    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, analysisWorker,
                Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.open(Path.of("scenarios", "latency", "credit-1ms.json")), 1024, 768);
    }

    /** Lets a pause in typing pass and waits for the analysis of what was typed. */
    void waitForAnalysis() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        analysisWorker.release();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() != AnalysisViewModel.State.ANALYSING);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Chooses {@code p} in the scenario pane's hypervisor box with the mouse, as one step (the
     * arrow keys in an open list would apply every policy passed on the way).
     */
    void choosePolicy(FxRobot robot, HypervisorPolicy p) {
        @SuppressWarnings("unchecked")
        ComboBox<HypervisorPolicy> box = robot.lookup("#hvPolicy").queryAs(ComboBox.class);
        robot.clickOn(box);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node cell = robot.lookup(".combo-box-popup .list-cell")
                .match((javafx.scene.control.ListCell<?> c) -> p.description().equals(c.getText())).query();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(box.isShowing(), "the list is closed");
        assertEquals(p, vm.scenario().hypervisor().policy());
    }

    TextField field(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(TextField.class);
    }

    /** Whether a control with this id is laid out in the window now. */
    boolean shown(FxRobot robot, String id) {
        return robot.lookup(id).tryQuery().map(n -> n.getScene() != null && n.isVisible() && n.isManaged()).orElse(false);
    }

    void type(FxRobot robot, String id, String text, boolean enter) {
        robot.clickOn(id);
        robot.push(KeyCode.CONTROL, KeyCode.A);
        if (text.isEmpty()) {
            robot.push(KeyCode.BACK_SPACE);
        } else {
            robot.write(text);
        }
        if (enter) {
            robot.push(KeyCode.ENTER);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Pastes {@code text} over the field's text: one change, so no valid prefix of it goes in first. */
    void paste(FxRobot robot, String id, String text) {
        robot.interact(() -> javafx.scene.input.Clipboard.getSystemClipboard()
                .setContent(Map.of(javafx.scene.input.DataFormat.PLAIN_TEXT, text)));
        robot.clickOn(id);
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.push(KeyCode.CONTROL, KeyCode.V);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(text, field(robot, id).getText());
    }

    VmParams utvm() {
        return vm.scenario().vms().get(0).paramsFor(HypervisorPolicy.CREDIT, vm.scenario().hypervisor().params());
    }

    @Test
    void theBoxAndTheTreeNameThePolicyAndEachVmsShareInItsOwnTerms(FxRobot robot) throws Exception {
        waitForAnalysis();
        @SuppressWarnings("unchecked")
        ComboBox<HypervisorPolicy> box = robot.lookup("#hvPolicy").queryAs(ComboBox.class);
        // was "CREDIT" (and "PROPOR…" at 1024x768, then "Xen Cr…"); a VM under Credit has no T and C
        // to show. The box reads one of the policy's names, whole, whichever fits its width.
        assertTrue(org.vmsched.ui.scenario.ScenarioTreeViewModel.policyNames(HypervisorPolicy.CREDIT)
                .contains(box.getButtonCell().getText()), box.getButtonCell().getText());
        assertEquals(java.util.List.of(), GlobalWindowTest.cut(robot, "#hvPolicy"));
        @SuppressWarnings("unchecked")
        javafx.scene.control.TreeView<org.vmsched.ui.scenario.ScenarioTreeViewModel.Node> tree =
                robot.lookup("#tree").queryAs(javafx.scene.control.TreeView.class);
        var root = tree.getRoot();
        assertTrue(root.getValue().label().endsWith("(Xen Credit)"), root.getValue().label());
        String utvm = root.getChildren().get(0).getChildren().get(0).getValue().label();
        assertTrue(utvm.startsWith("utvm  (weight "), utvm);
        assertFalse(utvm.contains("T="), utvm);
        choosePolicy(robot, HypervisorPolicy.PROPORTIONAL_SHARE);
        assertTrue(org.vmsched.ui.scenario.ScenarioTreeViewModel.policyNames(HypervisorPolicy.PROPORTIONAL_SHARE)
                .contains(box.getButtonCell().getText()), box.getButtonCell().getText());
        assertEquals(java.util.List.of(), GlobalWindowTest.cut(robot, "#hvPolicy"));
        choosePolicy(robot, HypervisorPolicy.EDF);
        String edf = tree.getRoot().getChildren().get(0).getChildren().get(0).getValue().label();
        assertTrue(edf.startsWith("utvm  (T="), edf);
    }

    @Test
    void switchingThePolicyAwayAndBackKeepsTheHypervisorParameters(FxRobot robot) throws Exception {
        waitForAnalysis();
        HypervisorParams before = vm.scenario().hypervisor().params();
        assertEquals(1.0, value(before, "timeSlice"), "the file's customised 1 ms slice");
        choosePolicy(robot, HypervisorPolicy.EDF);
        choosePolicy(robot, HypervisorPolicy.CREDIT);
        assertEquals(before, vm.scenario().hypervisor().params(), "the 1 ms slice must survive a switch and back");
    }

    @Test
    void choosingWithTheArrowKeysInTheOpenListIsOneSwitchAndOneUndo(FxRobot robot) throws Exception {
        waitForAnalysis();
        @SuppressWarnings("unchecked")
        ComboBox<HypervisorPolicy> box = robot.lookup("#hvPolicy").queryAs(ComboBox.class);
        robot.clickOn(box);
        WaitForAsyncUtils.waitForFxEvents();
        int from = box.getItems().indexOf(HypervisorPolicy.CREDIT);
        int to = box.getItems().indexOf(HypervisorPolicy.RM);
        for (int i = from; i > to; i--) {
            robot.push(KeyCode.UP);
        }
        assertEquals(HypervisorPolicy.CREDIT, vm.scenario().hypervisor().policy(), "nothing switched while the list is open");
        robot.push(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(HypervisorPolicy.RM, vm.scenario().hypervisor().policy());
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(HypervisorPolicy.CREDIT, vm.scenario().hypervisor().policy(), "one Undo, not one per policy passed");
        assertEquals(1.0, value(vm.scenario().hypervisor().params(), "timeSlice"));
        assertEquals(HypervisorPolicy.CREDIT, box.getValue());
    }

    @Test
    void switchingToAPolicyWhoseParametersWereEditedAndBackKeepsBoth(FxRobot robot) throws Exception {
        waitForAnalysis();
        type(robot, "#param-weight", "512", true);
        assertEquals(512, value(utvm(), "weight"));
        choosePolicy(robot, HypervisorPolicy.PROPORTIONAL_SHARE);
        type(robot, "#param-shares", "3000", true);
        type(robot, "#param-quantum", "20", true);
        assertEquals(ProportionalSharePolicy.vm(3000, 0, 100), vm.scenario().vms().get(0).params());
        choosePolicy(robot, HypervisorPolicy.CREDIT);
        assertEquals(512, value(utvm(), "weight"), "the typed weight is back");
        assertEquals(1.0, value(vm.scenario().hypervisor().params(), "timeSlice"));
        assertEquals("512", field(robot, "#param-weight").getText());
        assertEquals("1", field(robot, "#param-timeSlice").getText());
        choosePolicy(robot, HypervisorPolicy.PROPORTIONAL_SHARE);
        assertEquals(ProportionalSharePolicy.vm(3000, 0, 100), vm.scenario().vms().get(0).params(), "and the shares too");
        assertEquals(20.0, value(vm.scenario().hypervisor().params(), "quantum"));
    }

    @Test
    void undoOfASwitchRestoresThePreviousPolicyWithItsParameters(FxRobot robot) throws Exception {
        waitForAnalysis();
        type(robot, "#param-weight", "512", true);
        HypervisorParams before = vm.scenario().hypervisor().params();
        choosePolicy(robot, HypervisorPolicy.CBS);
        robot.clickOn("#undo");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(HypervisorPolicy.CREDIT, vm.scenario().hypervisor().policy());
        assertEquals(before, vm.scenario().hypervisor().params());
        assertEquals(512, value(utvm(), "weight"));
        assertEquals("512", field(robot, "#param-weight").getText());
        robot.clickOn("#undo");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(256, value(utvm(), "weight"), "one more Undo takes the typed weight back");
    }

    @Test
    void eachPolicyShowsItsOwnParametersOnly(FxRobot robot) throws Exception {
        waitForAnalysis();
        Map<HypervisorPolicy, List<String>> expected = new LinkedHashMap<>();
        expected.put(HypervisorPolicy.CREDIT, List.of("#param-weight", "#param-cap", "#param-tick", "#param-accountingPeriod",
                "#param-timeSlice", "#param-ratelimit", "#hvBoost"));
        expected.put(HypervisorPolicy.PROPORTIONAL_SHARE, List.of("#param-shares", "#param-reservation", "#param-limit",
                "#param-quantum", "#hvPreset"));
        expected.put(HypervisorPolicy.CBS, List.of("#param-deadline", "#vmPeriod", "#vmBudget", "#bandwidth"));
        expected.put(HypervisorPolicy.EDF, List.of("#vmPeriod", "#vmBudget", "#bandwidth"));
        expected.put(HypervisorPolicy.FP_NO_BUDGET, List.of("#vmPriority"));
        List<String> all = expected.values().stream().flatMap(List::stream).distinct().toList();
        for (HypervisorPolicy p : List.of(HypervisorPolicy.CREDIT, HypervisorPolicy.CBS, HypervisorPolicy.PROPORTIONAL_SHARE,
                HypervisorPolicy.EDF, HypervisorPolicy.FP_NO_BUDGET)) {
            if (p != vm.scenario().hypervisor().policy()) {
                choosePolicy(robot, p);
            }
            for (String id : all) {
                assertEquals(expected.get(p).contains(id), shown(robot, id), p + ": " + id);
            }
            assertTrue(shown(robot, "#vmName") && shown(robot, "#vmScheduler"), p + ": the VM's own fields stay");
        }
    }

    /**
     * Typing "512" into the weight is three edits (each character that reads as a value goes in),
     * but one analysis: the analysis of a typed value waits for typing to pause, and a newer
     * keystroke supersedes it before it starts. It was three, each with its Tmax curve (BENCHMARKS.md).
     */
    @Test
    void typingAWeightCostsOneAnalysisOnceTypingPausesNotOnePerCharacter(FxRobot robot) throws Exception {
        waitForAnalysis();
        int before = analysisWorker.started();
        robot.clickOn("#param-weight");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("512");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(512, value(utvm(), "weight"), "typed values go in at once");
        waitForAnalysis();
        assertEquals(1, analysisWorker.started() - before, "analyses started while typing 512");
        long[] revisions = new long[2];
        robot.interact(() -> {
            revisions[0] = vm.analysis().resultRevisionProperty().get();
            revisions[1] = vm.revision();
        });
        assertEquals(revisions[1], revisions[0], "the verdicts shown are of the weight 512");
        assertEquals(AnalysisViewModel.State.CURRENT, vm.analysis().stateProperty().get());
    }

    @Test
    void aTypedWeightLandsInTheScenarioReRunsTheAnalysisAndSurvivesSaveAndLoad(FxRobot robot) throws Exception {
        waitForAnalysis();
        assertEquals("", field(robot, "#param-weight").getText(), "the default is the prompt");
        assertEquals("256", field(robot, "#param-weight").getPromptText());
        type(robot, "#param-weight", "512", true);
        type(robot, "#param-timeSlice", "5", true);
        waitForAnalysis();
        assertEquals(512, value(utvm(), "weight"));
        assertTrue(vm.analysis().explanationProperty().get().contains("(time slice + X) + X = 5"),
                () -> "the analysis re-ran with the 5 ms slice: " + vm.analysis().explanationProperty().get());
        Path file = dir.resolve("credit.json");
        robot.interact(() -> {
            try {
                vm.saveAs(file);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(CreditPolicy.vm(512, 0), ScenarioJson.load(file).vms().get(0).params());
        robot.interact(() -> {
            try {
                vm.open(Path.of("scenarios", "latency", "credit-30ms.json"));
                vm.open(file);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("512", field(robot, "#param-weight").getText());
        assertEquals("5", field(robot, "#param-timeSlice").getText());
    }

    @Test
    void aBadValueIsRedWithAHumanMessageAndChangesNothing(FxRobot robot) throws Exception {
        waitForAnalysis();
        Scenario before = vm.scenario();
        paste(robot, "#param-weight", "2.5");
        TextField weight = field(robot, "#param-weight");
        assertTrue(weight.getStyleClass().contains("invalid"));
        assertEquals("utvm: weight must be a whole number, got \"2.5\"", weight.getTooltip().getText());
        paste(robot, "#param-weight", "0");
        assertEquals("utvm: weight must be between 1 and 65535, got 0", weight.getTooltip().getText());
        paste(robot, "#param-cap", "4x");
        assertEquals("utvm: cap must be a number, got \"4x\"", field(robot, "#param-cap").getTooltip().getText());
        paste(robot, "#param-ratelimit", "5");
        TextField ratelimit = field(robot, "#param-ratelimit");
        assertTrue(ratelimit.getStyleClass().contains("invalid"));
        assertEquals("hypervisor: ratelimit must not exceed the time slice 1, got 5", ratelimit.getTooltip().getText());
        assertEquals(before, vm.scenario(), "nothing red goes in");
        assertTrue(vm.statusProperty().get().contains("problem"), vm.statusProperty().get());
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(ratelimit.getStyleClass().contains("invalid"), "Undo drops the red drafts");
        assertEquals("", ratelimit.getText());
    }

    @Test
    void aCbsDeadlineIsTypedAndAnEmptyFieldMeansThePeriod(FxRobot robot) throws Exception {
        choosePolicy(robot, HypervisorPolicy.CBS);
        assertEquals("Runtime Q", labelOf(robot, "#vmBudget"));
        assertEquals("= period", field(robot, "#param-deadline").getPromptText());
        type(robot, "#param-deadline", "0.5", false);
        assertEquals("utvm: deadline must be at least the runtime 1, got 0.5",
                field(robot, "#param-deadline").getTooltip().getText());
        type(robot, "#vmBudget", "0.25", true);
        assertEquals(CbsPolicy.vm(0.5), vm.scenario().vms().get(0).params(), "in once the runtime allows it");
        type(robot, "#param-deadline", "0.5", true);
        assertEquals(CbsPolicy.vm(0.5), vm.scenario().vms().get(0).params());
        type(robot, "#param-deadline", "", true);
        assertEquals(CbsPolicy.vm(null), vm.scenario().vms().get(0).params());
        type(robot, "#param-deadline", "3", false);
        assertEquals("utvm: deadline must not exceed the period 1, got 3", field(robot, "#param-deadline").getTooltip().getText());
    }

    /** The text of the label in the same grid row as the control {@code id}. */
    String labelOf(FxRobot robot, String id) {
        javafx.scene.Node n = robot.lookup(id).query();
        Integer row = javafx.scene.layout.GridPane.getRowIndex(n);
        return n.getParent().getChildrenUnmodifiable().stream()
                .filter(c -> c instanceof javafx.scene.control.Label && row.equals(javafx.scene.layout.GridPane.getRowIndex(c)))
                .map(c -> ((javafx.scene.control.Label) c).getText()).findFirst().orElse(null);
    }
}

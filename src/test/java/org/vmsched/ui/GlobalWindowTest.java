package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.scenario.ScenarioTreeViewModel;
import org.vmsched.ui.vm.VmEditorViewModel;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.window.MainView;

/**
 * The window on the global example {@code rtds-global-periodic.json} (issue 21) at a projector's sizes,
 * headless: the hypervisor-policy and guest-scheduler boxes read whole (no "GLO…"), the VM editor
 * has the vCPUs field in place of the core and typing into it reaches the model. A window per test
 * (two tests squeeze the boxes); the test thread waits for the window's pulses ({@link Pulses}), not
 * for TestFX's 50 ms sleeps, where it changes the window from the test thread.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class GlobalWindowTest {

    MainView view;
    MainViewModel vm;
    Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("rtds-global-periodic.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 800, 600));
        stage.show();
    }

    void size(FxRobot robot, double w, double h) throws Exception {
        Pulses.onFx(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
        });
        Pulses.settle(view.getScene());
        Pulses.onFx(() -> view.getScene().getRoot().layout());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT);
        Pulses.settle(view.getScene());
    }

    /** The text a combo box's button shows, and how it is drawn ("GLO…" when cut). */
    static List<String> cut(FxRobot robot, String id) {
        ComboBox<?> box = robot.lookup(id).queryAs(ComboBox.class);
        List<String> out = new ArrayList<>();
        for (Node n : box.lookupAll(".list-cell")) {
            if (n instanceof ListCell<?> cell && cell.getText() != null && !cell.getText().isEmpty()) {
                for (Node t : cell.getChildrenUnmodifiable()) {
                    if (t instanceof Text text && !text.getText().equals(cell.getText())) {
                        out.add(cell.getText() + " shown as " + text.getText());
                    }
                }
            }
        }
        return out;
    }

    static String shown(FxRobot robot, String id) {
        ComboBox<?> box = robot.lookup(id).queryAs(ComboBox.class);
        for (Node n : box.lookupAll(".list-cell")) {
            if (n instanceof ListCell<?> cell && cell.getText() != null && !cell.getText().isEmpty()) {
                return cell.getText();
            }
        }
        return null;
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void thePolicyAndSchedulerBoxesReadWhole(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        Pulses.onFx(() -> vm.select(0, 0, -1));
        Pulses.settle(view.getScene());
        String where = (int) w + "x" + (int) h;
        assertTrue(VmEditorViewModel.schedulerNames(GuestScheduler.GLOBAL_EDF).contains(shown(robot, "#vmScheduler")),
                where + ": " + shown(robot, "#vmScheduler"));
        assertTrue(ScenarioTreeViewModel.policyNames(HypervisorPolicy.GLOBAL_EDF).contains(shown(robot, "#hvPolicy")),
                where + ": " + shown(robot, "#hvPolicy"));
        assertEquals(List.of(), cut(robot, "#vmScheduler"), where);
        assertEquals(List.of(), cut(robot, "#hvPolicy"), where);
    }

    /**
     * The window's fonts differ from the headless ones (the real window at 1024x768 read "Global ..."
     * where the headless one had room): boxes squeezed to 100 px show a whole short name.
     */
    @Test
    void squeezedBoxesShowAWholeShortName(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        Pulses.onFx(() -> vm.select(0, 0, -1));
        for (String id : List.of("#hvPolicy", "#vmScheduler")) {
            ComboBox<?> box = robot.lookup(id).queryAs(ComboBox.class);
            Pulses.onFx(() -> {
                box.setMinWidth(100);
                box.setPrefWidth(100);
                box.setMaxWidth(100);
            });
        }
        Pulses.onFx(() -> view.getScene().getRoot().layout());
        Pulses.settle(view.getScene());
        assertEquals(List.of(), cut(robot, "#vmScheduler"));
        assertEquals(List.of(), cut(robot, "#hvPolicy"));
        assertEquals("G-EDF", shown(robot, "#vmScheduler"));
        assertEquals("G-EDF", shown(robot, "#hvPolicy"));
    }

    /**
     * Every policy, not only global EDF, reads whole in a box squeezed to 100 px (the real window at
     * 1024x768 read "Xen Cr..." on the Credit example).
     */
    @Test
    void everyPolicyReadsWholeInASqueezedBox(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        @SuppressWarnings("unchecked")
        ComboBox<Object> box = robot.lookup("#hvPolicy").queryAs(ComboBox.class);
        Pulses.onFx(() -> {
            box.setMinWidth(100);
            box.setPrefWidth(100);
            box.setMaxWidth(100);
        });
        List<String> wrong = new ArrayList<>();
        for (Object policy : new ArrayList<>(box.getItems())) {
            Pulses.onFx(() -> box.getSelectionModel().select(policy));
            Pulses.onFx(() -> view.getScene().getRoot().layout());
            Pulses.settle(view.getScene());
            List<String> names = ScenarioTreeViewModel.policyNames((HypervisorPolicy) policy);
            if (!cut(robot, "#hvPolicy").isEmpty() || !names.contains(shown(robot, "#hvPolicy"))) {
                wrong.add(policy + ": " + cut(robot, "#hvPolicy") + " " + shown(robot, "#hvPolicy"));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theVcpusFieldTakesTheCoresPlaceAndIsTypedIntoTheModel(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        Pulses.onFx(() -> vm.select(0, 0, -1));
        Pulses.settle(view.getScene());
        assertTrue(robot.lookup("#vmCore").tryQuery().map(n -> n.getScene() == null || !n.isVisible()
                || n.getParent() == null).orElse(true), "no core field under global EDF");
        TextField vcpus = robot.lookup("#vmVcpus").queryAs(TextField.class);
        assertEquals("2", vcpus.getText());
        robot.clickOn(vcpus).eraseText(1).write("1").type(javafx.scene.input.KeyCode.ENTER);
        Pulses.settle(view.getScene());
        assertEquals(1, vm.scenario().vms().get(0).vcpus());
        assertEquals(GuestScheduler.EDF, vm.scenario().vms().get(0).scheduler());
        assertEquals("EDF", shown(robot, "#vmScheduler"));
        assertFalse(vcpus.getStyleClass().contains("invalid"));
    }

    /** A user trial: "1e308" typed into vCPUs left the document at its prefix "1" (RM); Escape now takes it back. */
    @Test
    void escapeInTheVcpusFieldWithInvalidTextTakesTheDocumentBack(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        Pulses.onFx(() -> {
            vm.select(0, 0, -1);
            vm.setVmScheduler(0, GuestScheduler.GLOBAL_RM);
        });
        Pulses.settle(view.getScene());
        TextField vcpus = robot.lookup("#vmVcpus").queryAs(TextField.class);
        robot.clickOn(vcpus).eraseText(1).write("1e308");
        Pulses.settle(view.getScene());
        assertTrue(vcpus.getStyleClass().contains("invalid"));
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        Pulses.settle(view.getScene());
        assertEquals(2, vm.scenario().vms().get(0).vcpus());
        assertEquals(GuestScheduler.GLOBAL_RM, vm.scenario().vms().get(0).scheduler());
        assertEquals("2", vcpus.getText());
        assertFalse(vcpus.getStyleClass().contains("invalid"));
        String status = robot.lookup("#status").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(status.contains("control: vCPUs is too large, got \"1e308\""), status);
    }
}

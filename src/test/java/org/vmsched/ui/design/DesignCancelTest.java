package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 18: Tools > Design Interfaces showed "Designing…" for minutes with no way to stop it. The
 * dialog's progress moves as the design goes (within each VM's search), and Cancel stops the design
 * and leaves the dialog usable (Propose enabled again, the late result of the cancelled run not
 * shown, nothing applied). The dialog binds to its {@link DesignViewModel}, whose own test presses
 * Cancel at an exact moment inside one VM's search.
 */
@ExtendWith(ApplicationExtension.class)
class DesignCancelTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(new Label("main")), 400, 300));
        stage.show();
    }

    /** 60 VMs of ten tasks on one core each: seconds of designing, so Cancel lands mid-run. */
    static Scenario manyVms() {
        Random r = new Random(18);
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            List<Task> ts = new ArrayList<>();
            for (int j = 0; j < 10; j++) {
                int p = 10 + r.nextInt(91);
                ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * 0.005 * 100) / 100), p));
            }
            vms.add(VirtualMachine.of("VM" + (i + 1), 10, 5, 0.1, ts).withCore(i));
        }
        return Scenario.of("many VMs", vms).withHypervisor(new Platform(HypervisorPolicy.EDF, 60));
    }

    @Test
    void cancelStopsTheDesignAndTheDialogStaysUsable(FxRobot robot) throws Exception {
        DesignView[] view = new DesignView[1];
        List<Object> applied = new ArrayList<>();
        robot.interact(() -> view[0] = DesignView.open(owner, manyVms(), applied::add));
        ProgressIndicator progress = robot.lookup("#designProgress").queryAs(ProgressIndicator.class);
        Button propose = robot.lookup("#designPropose").queryButton();
        Button cancel = robot.lookup("#designCancel").queryButton();
        Label summary = robot.lookup("#designSummary").queryAs(Label.class);
        assertTrue(cancel.isDisabled(), "nothing to cancel before Propose");
        robot.clickOn("#designPropose");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> progress.getProgress() > 0);
        assertTrue(progress.isVisible());
        assertTrue(propose.isDisabled());
        assertFalse(cancel.isDisabled());
        double moved = progress.getProgress();
        assertTrue(moved > 0 && moved < 1, "the progress moved: " + moved);
        robot.clickOn("#designCancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Cancelled.", summary.getText());
        assertFalse(propose.isDisabled(), "Propose is usable again");
        assertTrue(cancel.isDisabled());
        assertFalse(progress.isVisible());
        // the dialog still answers: the place check box toggles, and the cancelled run shows nothing later
        robot.clickOn("#designPlace");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#designTable").queryTableView().getItems().isEmpty(), "the cancelled design is not shown");
        assertEquals("Cancelled.", summary.getText());
        assertTrue(robot.lookup("#designApply").queryButton().isDisabled(), "nothing to apply");
        assertTrue(applied.isEmpty(), "the scenario is not edited");
        robot.interact(() -> ((Stage) view[0].getScene().getWindow()).close());
    }
}

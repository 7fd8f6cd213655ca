package org.vmsched.ui.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.model.Scenario;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModelTestAccess;

/**
 * Issue 30, item 7: Tools > Design Interfaces opened a second dialog on each use, had no Close
 * button and ignored Esc. It is one dialog per main window (a second open brings the first to the
 * front), closed by its Close button or Esc.
 */
@ExtendWith(ApplicationExtension.class)
class DesignDialogKeysTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        // a main window's size: the dialog takes the room its owner gives it
        stage.setScene(new Scene(new StackPane(new Label("main")), 1000, 700));
        stage.show();
    }

    @AfterEach
    void closeDialogs(FxRobot robot) {
        robot.interact(() -> designWindows().forEach(Window::hide));
    }

    private static List<Window> designWindows() {
        List<Window> out = new ArrayList<>();
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w instanceof Stage s && s.getTitle() != null && s.getTitle().startsWith("Design Interfaces")) {
                out.add(w);
            }
        }
        return out;
    }

    private static Scenario thesis() throws Exception {
        return MainViewModelTestAccess.open("thesis-example.json").scenario();
    }

    @Test
    void aSecondOpenBringsTheFirstDialogToTheFront(FxRobot robot) throws Exception {
        Scenario s = thesis();
        DesignView[] first = new DesignView[2];
        robot.interact(() -> first[0] = DesignView.open(owner, s, edit -> { }));
        robot.interact(() -> owner.requestFocus());
        robot.interact(() -> first[1] = DesignView.open(owner, s, edit -> { }));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, designWindows().size(), "one Design dialog");
        assertSame(first[0], first[1], "the dialog already open");
        assertTrue(first[0].getScene().getWindow().isFocused(), "brought to the front");
    }

    @Test
    void escapeClosesTheDialog(FxRobot robot) throws Exception {
        Scenario s = thesis();
        robot.interact(() -> DesignView.open(owner, s, edit -> { }));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, designWindows().size());
        robot.clickOn("#designTable");
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, designWindows().size(), "Esc closes the dialog");
        // once closed, Tools > Design Interfaces opens it again
        robot.interact(() -> DesignView.open(owner, s, edit -> { }));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, designWindows().size());
    }

    @Test
    void theCloseButtonClosesTheDialog(FxRobot robot) throws Exception {
        Scenario s = thesis();
        robot.interact(() -> DesignView.open(owner, s, edit -> { }));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#designClose").tryQuery().isEmpty(), "the dialog has a Close button");
        robot.clickOn("#designClose");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, designWindows().size());
    }

    @Test
    void afterApplyTheDialogShowsTheScenarioAsItNowIs(FxRobot robot) throws Exception {
        MainViewModel main = MainViewModelTestAccess.open("overhead.json");
        DesignView[] view = new DesignView[1];
        robot.interact(() -> view[0] = DesignView.open(owner, main.scenario(), main::edit));
        robot.clickOn("#designPropose");
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                () -> !robot.lookup("#designApply").queryButton().isDisabled());
        robot.clickOn("#designApply");
        WaitForAsyncUtils.waitForFxEvents();
        DesignView.Cell row = robot.lookup("#designTable").<DesignView.Cell>queryTableView().getItems().get(0);
        assertTrue(row.getNow().contains("C 3.83334"), "the Now column shows the applied budget: " + row.getNow());
    }
}

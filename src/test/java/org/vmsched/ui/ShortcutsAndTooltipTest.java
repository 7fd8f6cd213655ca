package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.window.MainView;

/**
 * Issue 30 item 7: "the shortcut list sits in a small scroll box" and "a tooltip covers the
 * unsaved-changes question".
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class ShortcutsAndTooltipTest {

    private Stage stage;

    @Start
    void start(Stage s) throws Exception {
        stage = s;
        HallFixture.show(s, "thesis-example.json", 1024, 768);
    }

    private Stage dialog() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> Window.getWindows().stream()
                .anyMatch(w -> w != stage && w.isShowing() && w instanceof Stage));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        return (Stage) Window.getWindows().stream().filter(w -> w != stage && w.isShowing() && w instanceof Stage)
                .findFirst().orElseThrow();
    }

    private static void closeWithLastButton(FxRobot robot, Stage d) {
        DialogPane pane = (DialogPane) d.getScene().getRoot();
        robot.interact(() -> ((Button) pane.lookupButton(pane.getButtonTypes().get(pane.getButtonTypes().size() - 1))).fire());
    }

    @Test
    void theShortcutListIsShownWholeAt1024x768And1280x720(FxRobot robot) throws Exception {
        for (double[] size : new double[][] {{1024, 768}, {1280, 720}}) {
            robot.interact(() -> {
                stage.setX(0);
                stage.setY(0);
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            FxDialogs fx = new FxDialogs(() -> stage);
            Platform.runLater(() -> fx.info("Keyboard shortcuts", MainView.SHORTCUTS));
            Stage d = dialog();
            String where = (int) size[0] + "x" + (int) size[1] + ": ";
            robot.interact(() -> {
                assertTrue(find(d.getScene().getRoot(), TextArea.class) == null, where + "a TextArea scroll box");
                ScrollPane pane = find(d.getScene().getRoot(), ScrollPane.class);
                assertNotNull(pane, where + "no list pane");
                Node list = pane.getContent();
                assertTrue(list.getLayoutBounds().getHeight() <= pane.getViewportBounds().getHeight() + 1, where + "the list ("
                        + list.getLayoutBounds().getHeight() + " px) does not fit its view (" + pane.getViewportBounds().getHeight() + " px)");
                assertTrue(d.getY() + d.getHeight() <= stage.getY() + stage.getHeight() + 1, where + "taller than the window");
                // read as text on the dialog: a transparent -fx-background made modena's text ladder pick a pale grey
                javafx.scene.paint.Color fill = (javafx.scene.paint.Color) ((javafx.scene.control.Label) list).getTextFill();
                assertTrue(fill.getBrightness() < 0.4, where + "the list's text is pale: " + fill);
            });
            closeWithLastButton(robot, d);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @Test
    void noTooltipStaysOverTheUnsavedChangesQuestion(FxRobot robot) throws Exception {
        Tooltip before = new Tooltip("a tooltip showing when the question opens");
        Tooltip after = new Tooltip("a tooltip whose delay ends while the question is open");
        robot.interact(() -> before.show(stage, stage.getX() + 400, stage.getY() + 300));
        assertTrue(before.isShowing());
        FxDialogs fx = new FxDialogs(() -> stage);
        Platform.runLater(() -> fx.askUnsaved("thesis-example.json"));
        Stage d = dialog();
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(before.isShowing(), "the tooltip lies over the question");
        robot.interact(() -> after.show(stage, stage.getX() + 400, stage.getY() + 300));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(after.isShowing(), "a tooltip popped up over the open question");
        closeWithLastButton(robot, d);
    }

    private static <T> T find(Node n, Class<T> type) {
        if (type.isInstance(n)) {
            return type.cast(n);
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                T t = find(c, type);
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }
}

package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 19: under openbox, JavaFX 21 mapped Tools > Design Interfaces… (and alerts) at 200×200 in
 * the top-left corner (JDK-8316423). {@link FxDialogs#showOwned} puts a window the WM shrank back
 * to its scene's size and centres it on its owner; here the WM's 200×200 at (0, 0) is imitated.
 */
@ExtendWith(ApplicationExtension.class)
class DialogPlacementTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(new Label("main")), 900, 600));
        stage.setX(50);
        stage.setY(40);
        stage.show();
    }

    @Test
    void aShrunkDialogIsSizedToItsSceneAndCentredOnTheMainWindow(FxRobot robot) {
        Stage[] dialog = new Stage[1];
        robot.interact(() -> {
            Stage d = new Stage();
            d.setScene(new Scene(new StackPane(new Label("dialog")), 500, 300));
            d.initOwner(owner);
            FxDialogs.showOwned(d, owner);
            // what the window manager did after mapping it
            d.setWidth(200);
            d.setHeight(200);
            d.setX(0);
            d.setY(0);
            dialog[0] = d;
        });
        // the shrink settles first (in the full suite it otherwise raced the placing), then the placing runs
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> FxDialogs.place(dialog[0]));
        WaitForAsyncUtils.waitForFxEvents();
        Stage d = dialog[0];
        assertTrue(d.getScene().getWidth() >= 499 && d.getScene().getHeight() >= 299,
                "scene " + d.getScene().getWidth() + "×" + d.getScene().getHeight());
        double ownerCentre = owner.getX() + owner.getWidth() / 2;
        assertEquals(ownerCentre, d.getX() + d.getWidth() / 2, 1.5, "not centred across the owner");
        assertTrue(d.getY() > owner.getY(), "not below the owner's top: " + d.getY());
        robot.interact(d::close);
    }

    @Test
    void aWindowKeepsInsideTheScreen() {
        assertEquals(0, FxDialogs.centredIn(-30, 200, 0, 1024));
        assertEquals(824, FxDialogs.centredIn(900, 200, 0, 1024));
        assertEquals(300, FxDialogs.centredIn(300, 200, 0, 1024));
    }
}

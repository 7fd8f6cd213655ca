package org.vmsched.ui.status;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vmsched.ui.Background;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * Issue 30, item 4: the status line's colour came loose once the garbage collector ran (an error
 * in black, a success left red through New, Open and Save): the status bar's view model was made
 * inline and its error binding reached only through the weak listener JavaFX bindings put on
 * their sources, so a collection dropped it. The view must hold its view model.
 */
@ExtendWith(ApplicationExtension.class)
class StatusBarAfterGcTest {

    /** Runs full collections until a fresh weakly held object is gone, twice: a collection surely ran. */
    static void forceGc() {
        for (int round = 0; round < 2; round++) {
            WeakReference<Object> sentinel = new WeakReference<>(new Object());
            for (int i = 0; sentinel.get() != null; i++) {
                if (i > 1000) {
                    throw new AssertionError("no garbage collection ran");
                }
                System.gc();
            }
        }
    }

    @Test
    void theStatusLineTurnsRedOnAnErrorAndBackAfterAGarbageCollection(FxRobot robot) {
        MainViewModel[] main = new MainViewModel[1];
        Label[] status = new Label[1];
        robot.interact(() -> {
            main[0] = new MainViewModel(Runnable::run, Background.immediate(), Background.immediate(), 0,
                    RecentFiles.inMemory(), SimulationBackend.unavailable());
            main[0].newScenario();
            StatusBarView bar = new StatusBarView(new StatusBarViewModel(main[0]));
            status[0] = (Label) bar.lookup("#status");
        });
        assertFalse(status[0].getStyleClass().contains("status-error"), "a new scenario has no problem");
        forceGc();
        robot.interact(() -> main[0].setVmField(0, VmField.BUDGET, "-1"));
        assertTrue(status[0].getText().contains("budget"), status[0].getText());
        assertTrue(status[0].getStyleClass().contains("status-error"), "the error is shown in red: " + status[0].getText());
        robot.interact(() -> main[0].newScenario());
        assertFalse(status[0].getStyleClass().contains("status-error"), "New leaves no problem, and no red: " + status[0].getText());
    }
}

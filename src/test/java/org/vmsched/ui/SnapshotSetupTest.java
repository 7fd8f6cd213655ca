package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.model.SimulationMode;
import org.vmsched.ui.main.MainView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * {@code gui --snapshot --simulate MODE} sets the mode for the picture: a programmatic setup, not
 * the user's edit, so the window it shows has nothing to undo and no unsaved change.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class SnapshotSetupTest {

    MainView view;
    MainViewModel vm;

    @Start
    void start(Stage stage) throws Exception {
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
    }

    @Test
    void settingTheModeForASnapshotIsNoEdit(FxRobot robot) {
        robot.interact(() -> VmschedApp.prepareSnapshot(view, "gantt", SimulationMode.WORST_CASE, false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SimulationMode.WORST_CASE, vm.scenario().simulation().mode(), "the scenario runs in the mode asked for");
        assertEquals(SimulationMode.WORST_CASE, vm.simulation().modeProperty().get());
        assertFalse(vm.canUndoProperty().get(), "Undo after a snapshot's setup");
        assertFalse(vm.modifiedProperty().get(), "unsaved changes after a snapshot's setup");
    }
}

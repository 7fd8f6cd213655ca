package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.app.VmschedApp;
import org.vmsched.ui.window.MainView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** View > Zoom and present mode, by their keys, and the setup of a snapshot (headless). */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class PresentationTest {

    MainView view;
    MainViewModel vm;

    @Start
    void start(Stage stage) throws Exception {
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 1260, 780));
        stage.show();
    }

    void waitForAnalysis() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    double titleFont() {
        return view.chart("tmax").getTitle().getFont().getSize2D();
    }

    @Test
    void ctrlPlusScalesEveryTextAndControlAndTheCharts(FxRobot robot) throws Exception {
        waitForAnalysis();
        Label status = robot.lookup("#status").queryAs(Label.class);
        double font = status.getFont().getSize();
        double field = robot.lookup("#vmName").queryAs(javafx.scene.control.TextField.class).getHeight();
        double chart = titleFont();
        robot.clickOn("#tree");
        robot.push(KeyCode.CONTROL, KeyCode.EQUALS); // Ctrl+Plus on a keyboard where + is Shift+=
        robot.push(KeyCode.CONTROL, KeyCode.ADD);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.21, view.zoomModel().factor(), 1e-9);
        assertEquals(font * 1.21, status.getFont().getSize(), 0.1);
        assertTrue(robot.lookup("#vmName").queryAs(javafx.scene.control.TextField.class).getHeight() > field * 1.1,
                "controls grow with their text");
        assertEquals(chart * 1.21, titleFont(), 0.1);
        robot.push(KeyCode.CONTROL, KeyCode.MINUS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.1, view.zoomModel().factor(), 1e-9);
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, view.zoomModel().factor(), 0);
        assertEquals(font, status.getFont().getSize(), 0.01);
        assertEquals(chart, titleFont(), 0.01);
    }

    @Test
    void f11PresentsOneChartInLargeTypeAndPageDownAndEscapeMoveOnAndBack(FxRobot robot) throws Exception {
        waitForAnalysis();
        double chart = titleFont();
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(view.presenting());
        assertNotNull(robot.lookup("#presentView #chart-tmax").tryQuery().orElse(null), "the Tmax chart, full-window");
        assertTrue(titleFont() > chart * 1.5, "large type");
        assertEquals("Tmax curve", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        for (int i = 0; i < 4; i++) {
            robot.push(KeyCode.PAGE_DOWN);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Gantt", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#presentView #chart-gantt").tryQuery().isPresent());
        assertTrue(robot.lookup("#presentView #resultTable").tryQuery().isPresent(), "the Gantt with its verdicts");
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(view.presenting());
        assertEquals(chart, titleFont(), 0.01, "the Tmax chart back at its size");
        assertTrue(robot.lookup("#charts #chart-gantt").tryQuery().isPresent(), "the Gantt chart back in its tab");
        JFreeChart tmax = view.chart("tmax");
        assertNotNull(tmax);
    }

    /**
     * F11 always opened the Tmax curve: under Global EDF a teacher paged through three placeholder
     * charts to reach the Gantt chart they had open (a trial). It opens the chart tab last chosen.
     */
    @Test
    void f11PresentsTheChartTabLastChosen(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.clickOn("Gantt");
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Gantt", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Step-through");
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Step-through", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * {@code gui --snapshot --simulate MODE} sets the mode for the picture: a programmatic setup,
     * not the user's edit, so the window it shows has nothing to undo and no unsaved change.
     */
    @Test
    void settingTheModeForASnapshotIsNoEdit(FxRobot robot) {
        robot.interact(() -> VmschedApp.prepareSnapshot(view, "gantt", org.vmsched.model.SimulationMode.WORST_CASE, false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(org.vmsched.model.SimulationMode.WORST_CASE, vm.scenario().simulation().mode(),
                "the scenario runs in the mode asked for");
        assertEquals(org.vmsched.model.SimulationMode.WORST_CASE, vm.simulation().modeProperty().get());
        assertFalse(vm.canUndoProperty().get(), "Undo after a snapshot's setup");
        assertFalse(vm.modifiedProperty().get(), "unsaved changes after a snapshot's setup");
    }
}

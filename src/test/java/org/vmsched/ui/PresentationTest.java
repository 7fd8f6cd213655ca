package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.app.VmschedApp;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * View > Zoom and present mode, by their keys, and the setup of a snapshot (headless), in one
 * window for the class ({@link OneWindowPerClass}): each test starts from the thesis example opened
 * anew (no undo history, its simulation mode as saved), zoom 1, present mode off, the first tabs
 * and a 1260 × 780 window. The chart tab last clicked is the one state the reset cannot put back
 * (the window remembers the click, not a selection), so the one test that clicks a chart tab runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PresentationTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                        Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("thesis-example.json"), 1260, 780);
    }

    void waitForAnalysis() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT);
        Pulses.settle(view.getScene());
    }

    /** Waits for the window's pulses after a key: its relayout in the new zoom or present mode. */
    void settle() {
        Pulses.settle(view.getScene());
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
        settle();
        assertEquals(1.21, view.zoomModel().factor(), 1e-9);
        assertEquals(font * 1.21, status.getFont().getSize(), 0.1);
        assertTrue(robot.lookup("#vmName").queryAs(javafx.scene.control.TextField.class).getHeight() > field * 1.1,
                "controls grow with their text");
        assertEquals(chart * 1.21, titleFont(), 0.1);
        robot.push(KeyCode.CONTROL, KeyCode.MINUS);
        settle();
        assertEquals(1.1, view.zoomModel().factor(), 1e-9);
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT0);
        settle();
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
        settle();
        assertTrue(view.presenting());
        assertNotNull(robot.lookup("#presentView #chart-tmax").tryQuery().orElse(null), "the Tmax chart, full-window");
        assertTrue(titleFont() > chart * 1.5, "large type");
        assertEquals("Tmax curve", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        for (int i = 0; i < 4; i++) {
            robot.push(KeyCode.PAGE_DOWN);
        }
        settle();
        assertEquals("Gantt", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#presentView #chart-gantt").tryQuery().isPresent());
        assertTrue(robot.lookup("#presentView #resultTable").tryQuery().isPresent(), "the Gantt with its verdicts");
        robot.push(KeyCode.ESCAPE);
        settle();
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
    // last (the others, unnumbered, run at MAX_VALUE / 2): the shared window remembers its clicks
    // on chart tabs, and F11 in a later test would open Step-through instead of the Tmax curve
    @Order(Integer.MAX_VALUE)
    void f11PresentsTheChartTabLastChosen(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.clickOn("Gantt");
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        settle();
        assertEquals("Gantt", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        robot.push(KeyCode.ESCAPE);
        settle();
        robot.clickOn("Step-through");
        robot.clickOn("#tree");
        robot.push(KeyCode.F11);
        settle();
        assertEquals("Step-through", robot.lookup("#presentTitle").queryAs(Label.class).getText());
        robot.push(KeyCode.ESCAPE);
        settle();
    }

    /**
     * {@code gui --snapshot --simulate MODE} sets the mode for the picture: a programmatic setup,
     * not the user's edit, so the window it shows has nothing to undo and no unsaved change.
     */
    @Test
    void settingTheModeForASnapshotIsNoEdit(FxRobot robot) {
        Pulses.onFx(() -> VmschedApp.prepareSnapshot(view, "gantt", org.vmsched.model.SimulationMode.WORST_CASE, false));
        settle();
        assertEquals(org.vmsched.model.SimulationMode.WORST_CASE, vm.scenario().simulation().mode(),
                "the scenario runs in the mode asked for");
        assertEquals(org.vmsched.model.SimulationMode.WORST_CASE, vm.simulation().modeProperty().get());
        assertFalse(vm.canUndoProperty().get(), "Undo after a snapshot's setup");
        assertFalse(vm.modifiedProperty().get(), "unsaved changes after a snapshot's setup");
    }
}

package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.window.MainView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** Editing defects of issue 9, reproduced through the window's controls (headless). */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class EditingDefectsTest {

    MainView view;
    MainViewModel vm;
    final List<Throwable> uncaught = new ArrayList<>();
    Thread.UncaughtExceptionHandler before;

    @Start
    void start(Stage stage) throws Exception {
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 1260, 780));
        stage.show();
        before = Thread.currentThread().getUncaughtExceptionHandler();
        Thread.currentThread().setUncaughtExceptionHandler((t, e) -> uncaught.add(e));
    }

    @AfterEach
    void restore(FxRobot robot) {
        robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler(before));
    }

    void waitForAnalysis() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() != AnalysisViewModel.State.ANALYSING);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void enterInATaskCellKeepsTheFocusInTheTableAndTheNameSafe(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.doubleClickOn("#task-1-wcet");
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write("3");
        robot.push(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.scenario().vms().get(0).tasks().get(1).wcet());
        TextField name = robot.lookup("#scenarioName").queryAs(TextField.class);
        assertFalse(name.isFocused(), "the focus must not jump to the scenario name");
        robot.write("x");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Thesis example", vm.scenario().name().substring(0, "Thesis example".length()));
        assertNotEquals("x", name.getText());
    }

    @Test
    void clickingTheTreeRootAfterAnUndoThrowsNothing(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.clickOn("#addTask");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#undo");
        WaitForAsyncUtils.waitForFxEvents();
        TreeView<?> tree = robot.lookup("#tree").queryAs(TreeView.class);
        robot.clickOn(robot.lookup(".tree-cell").nth(0).queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(uncaught.isEmpty(), () -> "thrown on the FX thread: " + uncaught);
        assertEquals(0, tree.getSelectionModel().getSelectedIndex(), "the root is selected");
        assertEquals(-1, vm.selectedVmProperty().get());
    }

    @Test
    void aChartsContextMenuOffersOurExportsOnlyAndF1PutsTheTypingNoteOnUndo(FxRobot robot) throws Exception {
        waitForAnalysis();
        org.jfree.chart.fx.ChartViewer map = robot.lookup("#chart-map").queryAs(org.jfree.chart.fx.ChartViewer.class);
        List<String> items = map.getContextMenu().getItems().stream()
                .map(javafx.scene.control.MenuItem::getText).filter(java.util.Objects::nonNull).toList();
        assertFalse(items.contains("Export As"), items.toString());
        assertTrue(items.stream().anyMatch(t -> t.startsWith("Export this chart (PNG")), items.toString());
        String undo = MainView.SHORTCUTS.lines().filter(l -> l.startsWith("Ctrl+Z")).findFirst().orElseThrow();
        String redo = MainView.SHORTCUTS.lines().filter(l -> l.startsWith("Ctrl+Shift+Z")).findFirst().orElseThrow();
        assertTrue(undo.contains("also while typing"), undo);
        assertFalse(redo.contains("while typing"), redo);
    }
}

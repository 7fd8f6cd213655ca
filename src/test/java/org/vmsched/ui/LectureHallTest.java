package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.window.MainView;

/**
 * The window as a lecture hall sees it (issue 19), headless at a projector's sizes: the verdict
 * table shows every row of the examples (so every task of the selected VM) without scrolling.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class LectureHallTest {

    MainView view;
    MainViewModel vm;
    Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 0,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 800, 600));
        stage.show();
    }

    void size(FxRobot robot, double w, double h) {
        robot.interact(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> view.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
    }

    void open(FxRobot robot, String example) throws Exception {
        robot.interact(() -> {
            try {
                vm.openExample(example);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT && !vm.analysis().rows().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    // Seen at 1024x768 and 1280x720 (issue 19): the verdict table showed about 2.5 rows, its Item
    // column wrapping "core 0 (EDF, U = 0.4)" over three lines, so a task's R needed scrolling.
    @ParameterizedTest
    @CsvSource({"thesis-example.json, 0, 1024, 768", "thesis-example.json, 0, 1280, 720",
        "two-vms.json, 0, 1024, 768", "two-vms.json, 1, 1024, 768", "two-vms.json, 0, 1280, 720",
        "two-vms.json, 1, 1280, 720"})
    void everyVerdictRowIsVisibleWithoutScrolling(String example, int selectedVm, double w, double h, FxRobot robot)
            throws Exception {
        size(robot, w, h);
        open(robot, example);
        robot.interact(() -> vm.select(0, selectedVm, -1));
        String where = example + " VM " + selectedVm + " " + (int) w + "x" + (int) h;
        List<String> hidden = hiddenRows(robot);
        for (int pulse = 0; pulse < 10 && !hidden.isEmpty(); pulse++) {
            size(robot, w, h); // the rows settle over a few layout pulses after the scenario's rows arrive
            hidden = hiddenRows(robot);
        }
        assertEquals(List.of(), hidden, where);
        String vmName = vm.scenario().vms().get(selectedVm).name();
        long tasks = vm.analysis().rows().stream().filter(r -> r.item().startsWith(vmName + "/")).count();
        assertEquals(vm.scenario().vms().get(selectedVm).tasks().size(), tasks, where + ": a row per task of " + vmName);
    }

    /**
     * Rows of the verdict table that are not whole inside its viewport, and the scroll position
     * when the table is scrolled: empty when every row is shown at once.
     */
    static List<String> hiddenRows(FxRobot robot) {
        TableView<?> table = robot.lookup("#resultTable").queryAs(TableView.class);
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        Node clip = table.lookup(".clipped-container");
        Bounds viewport = clip.localToScene(clip.getLayoutBounds());
        List<String> hidden = new ArrayList<>();
        if (flow.getPosition() > 0) {
            hidden.add("scrolled to " + flow.getPosition());
        }
        List<Object> seen = new ArrayList<>();
        for (Node n : table.lookupAll(".table-row-cell")) {
            TableRow<?> row = (TableRow<?>) n;
            if (!row.isVisible() || row.getItem() == null || row.isEmpty()) {
                continue;
            }
            Bounds b = row.localToScene(row.getLayoutBounds());
            if (b.getMinY() < viewport.getMinY() - 0.5 || b.getMaxY() > viewport.getMaxY() + 0.5) {
                hidden.add(((ResultRow) row.getItem()).item() + " at y " + b.getMinY() + ".." + b.getMaxY() + ", viewport "
                        + viewport.getMinY() + ".." + viewport.getMaxY());
            } else {
                seen.add(row.getItem());
            }
        }
        for (Object r : table.getItems()) {
            if (!seen.contains(r) && hidden.stream().noneMatch(s -> s.startsWith(((ResultRow) r).item() + " at"))) {
                hidden.add(((ResultRow) r).item() + " not laid out");
            }
        }
        return hidden;
    }
}

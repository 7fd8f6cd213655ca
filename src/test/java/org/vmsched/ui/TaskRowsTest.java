package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
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
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.window.MainView;

/**
 * The task table at a projector's sizes (issue 19): it showed about 2.5 rows at 1024×768, so the
 * thesis example's third task needed scrolling. It now has room for five rows; the verdict rows
 * below it stay unscrolled (LectureHallTest).
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class TaskRowsTest {

    private Stage stage;
    private MainView view;
    private MainViewModel vm;

    @Start
    void start(Stage s) throws Exception {
        stage = s;
        view = HallFixture.show(s, "thesis-example.json", 800, 600);
        vm = view.viewModel();
    }

    @ParameterizedTest
    @CsvSource({"thesis-example.json, 1024, 768", "thesis-example.json, 1280, 720", "two-vms.json, 1024, 768",
        "two-vms.json, 1280, 720"})
    void theTaskTableHasRoomForFiveRows(String example, double w, double h, FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
            try {
                vm.openExample(example);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT && !vm.analysis().rows().isEmpty());
        robot.interact(() -> vm.select(0, 0, -1));
        for (int pulse = 0; pulse < 3; pulse++) {
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> view.getScene().getRoot().layout());
        }
        TableView<?> table = robot.lookup("#taskTable").queryAs(TableView.class);
        Node clip = table.lookup(".clipped-container");
        Bounds port = clip.localToScene(clip.getLayoutBounds());
        double rowHeight = 0;
        int rows = 0;
        for (Node n : table.lookupAll(".table-row-cell")) {
            TableRow<?> row = (TableRow<?>) n;
            if (row.isVisible() && row.getItem() != null) {
                Bounds b = row.localToScene(row.getLayoutBounds());
                rowHeight = Math.max(rowHeight, b.getHeight());
                if (b.getMinY() >= port.getMinY() - 0.5 && b.getMaxY() <= port.getMaxY() + 0.5) {
                    rows++;
                }
            }
        }
        int tasks = vm.scenario().vms().get(0).tasks().size();
        String where = example + " at " + (int) w + "x" + (int) h + ": viewport " + port.getHeight() + " px, rows " + rowHeight
                + " px, " + rows + " of " + tasks + " whole";
        assertTrue(rows == tasks, where);
        assertTrue(port.getHeight() >= 5 * rowHeight - 0.5, where);
    }
}

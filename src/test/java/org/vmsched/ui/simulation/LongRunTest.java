package org.vmsched.ui.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.ui.Background;

/**
 * Issue 18: a window run past the simulator's default job budget (10^7 releases and
 * replenishments) was refused with the CLI's advice ("give --max-jobs N or a shorter horizon"),
 * which a window user cannot follow. The window's run has a progress bar and Cancel, so it runs:
 * the progress moves, and Cancel stops it.
 */
@ExtendWith(ApplicationExtension.class)
class LongRunTest {

    private SimulationViewModel vm;
    private Scenario scenario;

    @Start
    void start(Stage stage) throws Exception {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"wcet\":1,\"period\":")
                    .append(10 * (i + 1)).append('}');
        }
        // 3.5·10^7 units: about 1.03·10^7 job releases, just past the default budget
        scenario = ScenarioJson.parse("long.json", "{\"schemaVersion\":1,\"name\":\"long\",\"hypervisor\":{\"policy\":\"RM\","
                + "\"cores\":1},\"vms\":[{\"name\":\"v\",\"period\":1,\"budget\":1,\"overhead\":0,\"tasks\":[" + tasks
                + "]}],\"simulation\":{\"horizon\":3.5e7}}");
        vm = new SimulationViewModel(Platform::runLater, Background.daemon("test-long-run"), new SimulatorBackend());
        vm.load(scenario.simulation());
        stage.setScene(new Scene(new SimulationView(vm, () -> vm.run(scenario, null)), 900, 300));
        stage.show();
    }

    @Test
    void aRunPastTheDefaultJobBudgetRunsWithProgressAndCancelStopsIt(FxRobot robot) throws Exception {
        robot.clickOn("#simRun");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get()
                || vm.progressProperty().get() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        String status = robot.lookup("#simStatus").queryAs(Label.class).getText();
        assertFalse(status.startsWith("Cannot simulate"), status);
        robot.clickOn("#simCancel");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Cancelled.", robot.lookup("#simStatus").queryAs(Label.class).getText());
    }
}

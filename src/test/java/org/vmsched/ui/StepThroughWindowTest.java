package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.ui.window.MainView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/** Stepping through the thesis example's schedule in the window, headless (Monocle): Step, Back, Play. */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class StepThroughWindowTest {

    MainView view;
    MainViewModel vm;

    @Start
    void start(Stage stage) throws Exception {
        vm = new MainViewModel(Platform::runLater, Background.daemon("test-analysis"), Background.daemon("test-sim"), 50,
                RecentFiles.inMemory(), SimulationBackend.unavailable());
        vm.openExample("thesis-example.json");
        view = new MainView(vm, new MainWindowTest.StubDialogs());
        stage.setScene(new Scene(view, 1260, 780));
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static List<String> history(FxRobot robot) {
        return List.copyOf(robot.lookup("#stepHistory").queryAs(ListView.class).getItems());
    }

    private static String narration(FxRobot robot) {
        return robot.lookup("#stepNarration").queryAs(Label.class).getText();
    }

    private static double marked(FxRobot robot) {
        ChartViewer v = robot.lookup("#chart-step").queryAs(ChartViewer.class);
        return ((ValueMarker) v.getChart().getXYPlot().getDomainMarkers(Layer.FOREGROUND).iterator().next()).getValue();
    }

    @Test
    void stepThreeTimesAfterAResetThenBack(FxRobot robot) throws Exception {
        robot.push(KeyCode.F6); // Simulation > Step brings the Step-through tab to the front
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#stepReset");
        for (int i = 0; i < 3; i++) {
            robot.clickOn("#stepForward");
        }
        // the first Step records the run in the background; the Steps asked for meanwhile follow
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> three = history(robot);
        assertEquals(3, three.size());
        assertTrue(three.get(0).startsWith("t = 0: "), three.get(0));
        assertTrue(three.get(1).startsWith("t = 2: VM1/t1 completes, response time 2;"), three.get(1));
        assertTrue(three.get(2).startsWith("t = 3: VM1/t2 completes, response time 3;"), three.get(2));
        assertEquals(three.get(2), narration(robot));
        assertEquals(3, marked(robot));
        assertTrue(robot.lookup("#stepStatus").queryAs(Label.class).getText().startsWith("3 / "));

        robot.clickOn("#stepBack");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(three.subList(0, 2), history(robot));
        assertEquals(three.get(1), narration(robot));
        assertEquals(2, marked(robot));
        assertEquals(2, vm.stepping().shownProperty().get().end());
    }

    @Test
    void playToTheEndDrawsTheSameGanttAsAFullRun(FxRobot robot) throws Exception {
        robot.push(KeyCode.F6);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#stepSpeed").queryAs(Slider.class).setValue(3)); // 1000 instants per second
        robot.clickOn("#stepPlay");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.stepping().atEndProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(vm.stepping().playingProperty().get());
        Scenario s = vm.scenario();
        GanttData full = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null),
                Integer.MAX_VALUE);
        assertEquals(full.lanes(), vm.stepping().shownProperty().get().lanes());
        assertTrue(narration(robot).startsWith("t = 1440: end of the run"), narration(robot));
        assertEquals(1440, marked(robot));
    }

    @Test
    void aRunOfThePreviousScenarioIsMarkedAfterAnEditOrAPolicySwitchAndGoneAfterOpen(FxRobot robot) throws Exception {
        robot.push(KeyCode.F6);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node note = robot.lookup("#stepStale").query();
        ChartViewer chart = robot.lookup("#chart-step").queryAs(ChartViewer.class);
        assertFalse(note.isVisible());
        assertEquals(1.0, chart.getOpacity());

        robot.interact(() -> vm.setTaskField(0, 2, org.vmsched.ui.main.MainViewModel.TaskField.WCET, "5"));
        assertTrue(note.isVisible(), "an edit marks the run shown, as the Gantt tab marks its own");
        assertTrue(chart.getOpacity() < 1);
        assertEquals(org.vmsched.ui.simulation.StepViewModel.STALE, robot.lookup("#stepStatus").queryAs(Label.class).getText());
        assertEquals(1, history(robot).size(), "still shown, marked");
        assertEquals("◐ step-through stale (F6)", robot.lookup("#analysisState").queryAs(Label.class).getText());
        String status = robot.lookup("#status").queryAs(Label.class).getText();
        assertTrue(status.endsWith("The step-through shown is from the previous scenario: F6 to record it again."), status);

        robot.clickOn("#stepForward"); // records the current scenario
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 1
                && !vm.stepping().recordingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(note.isVisible());
        assertEquals(1.0, chart.getOpacity());
        assertEquals("✔ up to date", robot.lookup("#analysisState").queryAs(Label.class).getText());

        robot.interact(() -> vm.setHypervisorPolicy(org.vmsched.model.HypervisorPolicy.CBS));
        assertTrue(note.isVisible(), "a policy switch marks it too");

        robot.interact(() -> {
            try {
                vm.openExample("two-vms.json");
            } catch (org.vmsched.model.InvalidScenarioException e) {
                throw new AssertionError(e);
            }
        });
        assertFalse(note.isVisible(), "another document clears it");
        assertEquals(List.of(), history(robot));
        assertEquals(0, vm.stepping().positionProperty().get());
    }
}

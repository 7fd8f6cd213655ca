package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.scene.control.Slider;
import javafx.scene.input.KeyCode;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;

/**
 * The bandwidth slider and the good-period map driven by keys and clicks (headless), in one window
 * for the class ({@link OneWindowPerClass}): each test starts from the thesis example opened anew
 * (no undo history, proposal or server set by an earlier test), the first tab and a 1260 × 780 window.
 */
class DirectManipulationTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                        Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("thesis-example.json"), 1260, 780);
    }

    void waitForAnalysis() throws Exception {
        Pulses.settle(view.getScene());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT
                        && vm.analysis().resultRevisionProperty().get() == vm.revision());
        Pulses.settle(view.getScene());
    }

    /** Opens the good-period map's tab and waits until its chart is drawn. */
    ChartViewer openMap(FxRobot robot) throws Exception {
        robot.clickOn("#tab-map");
        WaitForAsyncUtils.waitForFxEvents();
        ChartViewer map = robot.lookup("#chart-map").queryAs(ChartViewer.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.getRenderingInfo() != null
                && map.getRenderingInfo().getPlotInfo().getDataArea().getWidth() > 10);
        return map;
    }

    /** Where on screen the map draws (alpha, period), moved by (dx, dy) pixels; read on the FX thread. */
    Point2D onScreen(FxRobot robot, ChartViewer map, double alpha, double period, double dx, double dy) {
        Point2D[] at = new Point2D[1];
        robot.interact(() -> {
            XYPlot plot = (XYPlot) map.getChart().getPlot();
            java.awt.geom.Rectangle2D area = map.getRenderingInfo().getPlotInfo().getDataArea();
            double x = plot.getDomainAxis().valueToJava2D(alpha, area, plot.getDomainAxisEdge());
            double y = plot.getRangeAxis().valueToJava2D(period, area, plot.getRangeAxisEdge());
            at[0] = map.getCanvas().localToScreen(x + dx, y + dy);
        });
        return at[0];
    }

    @Test
    void rightArrowOnTheFocusedSliderMovesAlphaByOneHundredthAndUndoMovesTheThumbBack(FxRobot robot) throws Exception {
        waitForAnalysis();
        Slider slider = robot.lookup("#bandwidth").queryAs(Slider.class);
        robot.clickOn("#vmName");
        robot.interact(slider::requestFocus);
        robot.push(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.41, slider.getValue(), 1e-12);
        assertEquals(4.1, vm.scenario().vms().get(0).budget(), 1e-9, "budget = 0.41 · 10");
        robot.push(KeyCode.SHIFT, KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.51, slider.getValue(), 1e-12, "Shift: 0.1");
        robot.push(KeyCode.LEFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.5, slider.getValue(), 1e-12);
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4.1, vm.scenario().vms().get(0).budget(), 1e-9);
        assertEquals(0.41, slider.getValue(), 1e-12, "the thumb follows Undo");
        assertTrue(robot.lookup("#bandwidthLabel").queryAs(javafx.scene.control.Label.class).getText().contains("0.410"));
    }

    @Test
    void clickingNearTheIsolatedGoodPointOfTheMapSetsExactlyTTenAndCFour(FxRobot robot) throws Exception {
        waitForAnalysis();
        robot.interact(() -> vm.setServer(0, 0.4, 14)); // somewhere else first: T = 14, C = 5.6
        waitForAnalysis();
        assertEquals(14, vm.scenario().vms().get(0).period());
        ChartViewer map = openMap(robot);
        // a little beside the dot, as a hand would click: 2 pixels right, 4 up
        Point2D[] at = {onScreen(robot, map, 0.4, 10, 2, -4)};
        robot.clickOn(at[0]);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(14, vm.scenario().vms().get(0).period(), "a click only proposes (issue 30, item 11)");
        assertEquals("Set VM1: T = 10, C = 4", robot.lookup("#proposalSet-map").queryButton().getText());
        robot.clickOn("#proposalSet-map");
        waitForAnalysis();
        assertEquals(10.0, vm.scenario().vms().get(0).period(), 0.0, "exactly the isolated point");
        assertEquals(4.0, vm.scenario().vms().get(0).budget(), 0.0);
        ResultRow vm1 = vm.analysis().rows().stream().filter(r -> r.level().equals("VM")).findFirst().orElseThrow();
        assertEquals("schedulable", vm1.verdict());
        assertTrue(vm.analysis().resultProperty().get().schedulable());
    }

    @Test
    void enterAndEscInTheGanttTimeFieldsDoTheFieldsOwnJobAndLeaveAPendingProposalAlone(FxRobot robot)
            throws Exception {
        // issue 30: Enter in "Time from" set the proposed server instead of showing the window,
        // and Esc in "to" dropped the proposal
        waitForAnalysis();
        robot.interact(() -> vm.setServer(0, 0.4, 14));
        waitForAnalysis();
        ChartViewer map = openMap(robot);
        Point2D[] at = {onScreen(robot, map, 0.4, 10, 0, 0)};
        robot.clickOn(at[0]);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Button set = robot.lookup("#proposalSet-map").queryButton();
        assertTrue(set.isVisible(), "the click proposed");
        robot.clickOn("#tab-gantt");
        robot.clickOn("#ganttFrom").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(14, vm.scenario().vms().get(0).period(), "Enter in a field does not set the proposal");
        assertEquals("No trace to zoom: run a simulation first.", vm.simulation().statusProperty().get(),
                "Enter in 'Time from' shows the window, as before");
        robot.clickOn("#ganttTo").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(set.isVisible(), "Esc in a field does not drop the proposal");
        assertEquals("Set VM1: T = 10, C = 4", set.getText());
        robot.clickOn("#tab-map");
        robot.interact(map.getCanvas()::requestFocus);
        robot.type(KeyCode.ENTER); // on the chart, Enter still sets
        waitForAnalysis();
        assertEquals(10.0, vm.scenario().vms().get(0).period(), 0.0);
    }

    @Test
    void aSecondClickWhereTheFirstOneWasSetsWhatItProposedForTheBarDoesNotMoveTheChart(FxRobot robot)
            throws Exception {
        // issue 30: the Set bar took a row above the map, the plot moved down under the pointer,
        // and clicking the point again proposed another period
        waitForAnalysis();
        robot.interact(() -> vm.setServer(0, 0.4, 14));
        waitForAnalysis();
        ChartViewer map = openMap(robot);
        Point2D[] at = {onScreen(robot, map, 0.4, 10, 0, 0)};
        robot.clickOn(at[0]);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Set VM1: T = 10, C = 4", robot.lookup("#proposalSet-map").queryButton().getText());
        assertEquals(14, vm.scenario().vms().get(0).period());
        Point2D[] now = {onScreen(robot, map, 0.4, 10, 0, 0)};
        assertEquals(at[0].getX(), now[0].getX(), 0.5, "the point stays under the pointer");
        assertEquals(at[0].getY(), now[0].getY(), 0.5, "the point stays under the pointer");
        robot.clickOn(at[0]); // soon after the first: a double-click on the point sets it as well
        waitForAnalysis();
        assertEquals(10.0, vm.scenario().vms().get(0).period(), 0.0, "the second click on the point sets it");
        assertEquals(4.0, vm.scenario().vms().get(0).budget(), 0.0);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(doubles = {0.52, 0.57, 0.62, 0.66})
    void clickingTheStaircaseEdgeSetsASchedulableDecimalThatSimulatesWithoutAMiss(double alpha, FxRobot robot)
            throws Exception {
        // issue 18: the edge set T = 18.42105263157895, just above 350/19, and the verdict was NOT schedulable
        waitForAnalysis();
        ChartViewer map = openMap(robot);
        var task = vm.scenario().vms().get(0);
        double tmax = org.vmsched.analysis.GoodPeriods.tmaxOf(org.vmsched.analysis.GoodPeriods.of(task.tasks(),
                task.scheduler()).intervals(alpha, 0, 0.016));
        Point2D[] at = {onScreen(robot, map, alpha, tmax, 0, -2)};
        robot.clickOn(at[0]);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(javafx.scene.input.KeyCode.ENTER); // confirms what the click proposed
        waitForAnalysis();
        double t = vm.scenario().vms().get(0).period();
        assertTrue(t <= tmax && t > tmax * (1 - 1e-5), t + " vs Tmax " + tmax);
        assertTrue(vm.analysis().resultProperty().get().schedulable(), "T = " + t);
        org.vmsched.sim.SimulationResult sim = org.vmsched.sim.Simulator.run(vm.scenario(),
                org.vmsched.sim.SimulationOptions.from(vm.scenario().simulation()), null);
        assertEquals(0, sim.vm("VM1").tasks().stream().mapToLong(x -> x.missed()).sum(), "T = " + t);
    }
}

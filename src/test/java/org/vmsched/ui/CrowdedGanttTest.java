package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationCharts;
import org.vmsched.ui.simulation.SimulatorBackend;

/**
 * The Gantt tab of a run with ten lanes (a global run: 3 VMs of 3, 2 and 1 vCPUs on 4 cores, 6
 * tasks) at a projector's sizes, headless: each lane in view has the height of a line of its label
 * in the axis's own font, so no lane label is drawn smaller than the time axis's numbers. Seen in
 * a user trial: the legend took about 60 of the chart's 258 px at 1280x720 and the lane labels
 * were fitted down to 7 to 8 pt. One window for the class, and one run per size for both checks.
 */
class CrowdedGanttTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        Path file = Files.createTempFile("s2", ".json");
        file.toFile().deleteOnExit();
        Files.writeString(file, org.vmsched.TestScenarios.GLOBAL_THREE_VMS, StandardCharsets.UTF_8);
        return SharedWindow.show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                        Background.daemon("test-sim"), 0, RecentFiles.inMemory(), new SimulatorBackend()),
                vm -> vm.open(file), 800, 600);
    }

    @Override
    boolean eachTestSizesTheWindow() {
        return true;
    }

    /** The Gantt tab of the crowded run at {@code w} × {@code h}. */
    ChartViewer crowdedGantt(FxRobot robot, double w, double h) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        robot.interact(() -> vm.runSimulation());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> SimulationCharts.gantt(vm.simulation().ganttProperty().get()) != null
                && SimulationCharts.gantt(vm.simulation().ganttProperty().get()).getXYPlot().getRangeAxis() instanceof SymbolAxis);
        robot.clickOn("#tab-gantt");
        size(robot, w, h);
        return robot.lookup("#chart-gantt").queryAs(ChartViewer.class);
    }

    /**
     * At each size, on one run of the crowded scenario (both checks only look at its Gantt tab):
     * where {@code lanes} is true, every lane in view has the height of a line of its label and the
     * lanes are in view; and the time axis of a scrolling Gantt is whole in view. Each failure names
     * its size and check.
     */
    // Seen at 1280x720: the Gantt tab scrolled, its tick labels whole and the axis label "time"
    // below them cut in half by the bottom of the pane
    @ParameterizedTest
    @CsvSource({"1024, 768, true", "1280, 720, true", "1280, 696, false"})
    void everyLaneHasALineOfItsLabelAndTheTimeAxisOfAScrollingGanttIsWholeInView(double w, double h, boolean lanes,
                                                                                FxRobot robot) throws Exception {
        ChartViewer viewer = crowdedGantt(robot, w, h);
        String where = (int) w + "x" + (int) h;
        double[][] measured = new double[1][];
        Pulses.onFx(() -> measured[0] = perLane(viewer)); // the FX thread draws the same chart
        double[] lane = measured[0];
        double[] axis = lane.clone();
        axis[3] = lane[4]; // the plot's bottom: the time axis with its label
        assertAll(where, () -> {
            if (lanes) {
                assertTrue(lane[2] >= 10, where + ": lanes " + lane[2]);
                assertTrue(lane[0] >= lane[1], where + ": " + lane[0] + " px a lane for labels " + lane[1] + " px high");
                assertLanesInView(viewer, lane, where);
            }
        }, () -> assertLanesInView(viewer, axis, where + " (the time axis)"));
    }

    /**
     * Asserts that the chart's top (its titles) and its lanes, the bottom edge of which is
     * {@code lane[3]} px into the viewer, are in view: inside the tab and, when the chart scrolls,
     * inside the part of it the scroll pane shows.
     */
    static void assertLanesInView(ChartViewer viewer, double[] lane, String where) {
        Bounds b = viewer.localToScene(viewer.getLayoutBounds());
        Node shown = viewer.getScene().lookup("#chartsBottom");
        for (Node n = viewer.getParent(); n != null; n = n.getParent()) {
            if (n instanceof javafx.scene.control.ScrollPane p) {
                shown = p.lookup(".viewport");
                break;
            }
        }
        Bounds tb = shown.localToScene(shown.getLayoutBounds());
        assertTrue(b.getMinY() >= tb.getMinY() - 0.5 && b.getMinY() + lane[3] <= tb.getMaxY() + 0.5,
                where + ": the chart from y " + b.getMinY() + ", its lanes down to " + (b.getMinY() + lane[3])
                        + ", outside what is shown " + tb);
    }

    /**
     * The chart of {@code viewer} drawn at the viewer's size: the height of a lane in px, the
     * line height of the lane axis's font in px, the number of lanes, the lanes' bottom edge in
     * the viewer, and the plot's bottom edge (below the time axis and its label) in the viewer.
     */
    static double[] perLane(ChartViewer viewer) {
        XYPlot plot = viewer.getChart().getXYPlot();
        SymbolAxis lanes = (SymbolAxis) plot.getRangeAxis();
        int n = lanes.getSymbols().length;
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        viewer.getChart().draw(g, new Rectangle2D.Double(0, 0, viewer.getWidth(), viewer.getHeight()), info);
        double line = g.getFontMetrics(lanes.getTickLabelFont()).getHeight();
        g.dispose();
        Rectangle2D data = info.getPlotInfo().getDataArea();
        return new double[] {data.getHeight() / Math.min(n, lanes.getRange().getLength()), line, n, data.getMaxY(),
            info.getPlotInfo().getPlotArea().getMaxY()};
    }
}

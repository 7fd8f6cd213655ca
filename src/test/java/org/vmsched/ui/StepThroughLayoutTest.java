package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.layout.Region;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.LegendItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;

/**
 * The Step-through tab at a projector's sizes (issue 19), headless, after three steps of the thesis
 * example: the step Gantt's legend lies whole inside the tab, the list of the instants stepped
 * through shows at least three of them, and the status and narration are inside the tab too.
 * 1280×696 is the scene a 1280×720 screen leaves under a window manager's title bar (openbox).
 * One window for the class, and one stepping per size for both checks.
 */
class StepThroughLayoutTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.thesisExample();
    }

    @Override
    boolean eachTestSizesTheWindow() {
        return true;
    }

    /** What {@code tab} shows of {@code n}: their bounds' intersection in the scene (empty: height 0). */
    static Bounds shown(Node n, Node tab) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        Bounds t = tab.localToScene(tab.getLayoutBounds());
        double minY = Math.max(b.getMinY(), t.getMinY());
        double maxY = Math.min(b.getMaxY(), t.getMaxY());
        double minX = Math.max(b.getMinX(), t.getMinX());
        double maxX = Math.min(b.getMaxX(), t.getMaxX());
        return new BoundingBox(minX, minY, Math.max(0, maxX - minX), Math.max(0, maxY - minY));
    }

    /**
     * Both issue-19 checks at each size, on one stepping of the window (they only look at it): the
     * step Gantt's legend, and the past steps with the narration and the status. Each failure names
     * its size and what is out of view.
     */
    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720", "1280, 696"})
    void theStepChartsLegendThePastStepsTheNarrationAndTheStatusLieInsideTheTab(double w, double h, FxRobot robot)
            throws Exception {
        stepThreeInstants(robot, w, h);
        String where = (int) w + "x" + (int) h;
        assertAll(where, () -> theStepChartsLegendLiesWholeInsideTheTab(robot, where),
                () -> thePastStepsShowAtLeastThreeRowsAndTheNarrationAndStatusAreInView(robot, where));
    }

    // Seen at 1280x720 (issue 19): the step Gantt's legend was cut by the window's bottom edge
    private static void theStepChartsLegendLiesWholeInsideTheTab(FxRobot robot, String where) {
        ChartViewer viewer = robot.lookup("#chart-step").queryAs(ChartViewer.class);
        Bounds vb = viewer.localToScene(viewer.getLayoutBounds());
        BufferedImage img = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        // on the FX thread, which lays out and draws the same chart (its legend's items) too
        Pulses.onFx(() -> viewer.getChart().draw(g, new Rectangle2D.Double(0, 0, vb.getWidth(), vb.getHeight()), info));
        g.dispose();
        Rectangle2D legend = null;
        for (Object o : info.getEntityCollection().getEntities()) {
            if (o instanceof LegendItemEntity e) {
                Rectangle2D r = ((ChartEntity) e).getArea().getBounds2D();
                legend = legend == null ? r : legend.createUnion(r);
            }
        }
        assertTrue(legend != null, where + ": the step Gantt has a legend");
        Node tab = robot.lookup("#chartsBottom").query();
        Bounds tb = tab.localToScene(tab.getLayoutBounds());
        double top = vb.getMinY() + legend.getMinY();
        double bottom = vb.getMinY() + legend.getMaxY();
        assertTrue(top >= tb.getMinY() - 0.5 && bottom <= tb.getMaxY() + 0.5,
                where + ": the legend at y " + top + ".." + bottom + " runs out of the tab, y " + tb.getMinY() + ".." + tb.getMaxY());
    }

    // Seen at 1280x720 (issue 19): the list of the instants stepped through had no height
    private static void thePastStepsShowAtLeastThreeRowsAndTheNarrationAndStatusAreInView(FxRobot robot, String where) {
        Node tab = robot.lookup("#chartsBottom").query();
        ListView<?> history = robot.lookup("#stepHistory").queryAs(ListView.class);
        assertEquals(3, history.getItems().size(), where);
        double row = 0;
        for (Node n : history.lookupAll(".list-cell")) {
            row = Math.max(row, ((Region) n).getHeight());
        }
        assertTrue(row > 0, where + ": no row of the past steps laid out");
        Node port = history.lookup(".clipped-container");
        double rows = shown(port, tab).getHeight() / row;
        assertTrue(rows >= 3 - 1e-9, where + ": the past steps show " + String.format("%.2f", rows) + " rows of " + row + " px");
        for (String id : new String[] {"#stepNarrationPane", "#stepStatus"}) {
            Node n = robot.lookup(id).query();
            Bounds b = n.localToScene(n.getLayoutBounds());
            assertEquals(b.getHeight(), shown(n, tab).getHeight(), 0.5, where + ": " + id + " " + b + " cut by the tab");
        }
    }
}

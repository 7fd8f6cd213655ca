package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;

/**
 * The window at a projector's sizes (headless): every control of the VM editor (with each
 * policy's parameters), the scenario pane, the Simulation tab and the verdict table lies inside
 * the window and inside every pane around it, no verdict
 * cell is cut to "…", and after the window has been 400×300 the layout comes back as it was;
 * no verdict word is broken in the middle, the Tmax chart's last tick label, the Step-through
 * status and the Simulation progress bar are shown whole.
 */
class LayoutTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.thesisExample();
    }

    /**
     * Every test sizes the window first, so it starts from the last test's size and layout instead
     * of going back to 800 × 600 and out again. The way back had stood in for a real defect (the VM
     * editor cut when the window narrowed from 1280 × 720 to 1024 × 768, fixed in the main split
     * since: {@link #theVmEditorStaysWholeWhenTheWindowNarrowsFromOneProjectorSizeToTheOther}).
     */
    @Override
    boolean eachTestSizesTheWindow() {
        return true;
    }

    /** Every visible control under {@code id}: text fields, combo boxes, sliders, buttons, labels. */
    List<Control> controls(FxRobot robot, String id) {
        List<Control> out = new ArrayList<>();
        collect(robot.lookup(id).queryAs(Parent.class), out);
        return out;
    }

    static void collect(Node n, List<Control> out) {
        if (!n.isVisible() || !n.isManaged()) {
            return;
        }
        if (n instanceof TextField || n instanceof ComboBox || n instanceof javafx.scene.control.Slider
                || n instanceof javafx.scene.control.ButtonBase || n instanceof Label) {
            out.add((Control) n);
            return;
        }
        if (n instanceof javafx.scene.control.TableView<?> || n instanceof javafx.scene.control.ProgressBar) {
            out.add((Control) n);
            return;
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, out);
            }
        }
    }

    /** Why {@code c} is not fully shown: outside the window or outside a pane around it; null when it is. */
    String clipped(Control c) {
        Bounds b = c.localToScene(c.getLayoutBounds());
        Scene s = c.getScene();
        double eps = 0.5;
        if (b.getMinX() < -eps || b.getMinY() < -eps || b.getMaxX() > s.getWidth() + eps || b.getMaxY() > s.getHeight() + eps) {
            return "outside the window " + s.getWidth() + "x" + s.getHeight() + ": " + b;
        }
        if (b.getWidth() < 1 || b.getHeight() < 1) {
            return "squeezed to nothing: " + b;
        }
        for (Parent p = c.getParent(); p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.ScrollPane || p instanceof javafx.scene.control.SplitPane
                    || p instanceof javafx.scene.control.TabPane || p instanceof javafx.scene.layout.Region r && r.getClip() != null) {
                Bounds pb = p.localToScene(p.getLayoutBounds());
                if (b.getMinX() < pb.getMinX() - eps || b.getMinY() < pb.getMinY() - eps
                        || b.getMaxX() > pb.getMaxX() + eps || b.getMaxY() > pb.getMaxY() + eps) {
                    return "outside its " + p.getClass().getSimpleName() + " " + pb + ": " + b;
                }
            }
        }
        return null;
    }

    void assertAllShown(FxRobot robot, String id, String where) {
        List<String> bad = new ArrayList<>();
        List<Control> all = controls(robot, id);
        assertFalse(all.isEmpty(), id);
        for (Control c : all) {
            String why = clipped(c);
            if (why != null) {
                bad.add((c.getId() != null ? "#" + c.getId() : c.getClass().getSimpleName()
                        + (c instanceof Label l ? " '" + l.getText() + "'" : "")) + " " + why);
            }
        }
        assertTrue(bad.isEmpty(), where + " " + id + ": " + bad);
    }

    /** Cells of the verdict table whose text is shortened ("…"). */
    List<String> cutCells(FxRobot robot) {
        List<String> cut = new ArrayList<>();
        for (Node n : robot.lookup("#resultTable .table-cell").queryAll()) {
            TableCell<?, ?> cell = (TableCell<?, ?>) n;
            if (cell.getText() == null || cell.getText().isEmpty() || !cell.isVisible()) {
                continue;
            }
            for (Node t : cell.getChildrenUnmodifiable()) {
                if (t instanceof javafx.scene.text.Text text && !text.getText().equals(cell.getText())) {
                    cut.add(cell.getText() + " shown as " + text.getText());
                }
            }
        }
        return cut;
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void everyControlFitsAtProjectorSizesAndTheLayoutRecoversFromATinyWindow(double w, double h, FxRobot robot)
            throws Exception {
        onSimulationTab(robot, w, h);
        String where = (int) w + "x" + (int) h;
        assertAllShown(robot, "#vmEditor", where);
        assertAllShown(robot, "#simulationView", where);
        assertAllShown(robot, "#resultTable", where);
        assertEquals(List.of(), cutCells(robot), where + ": verdict cells cut");
        Map<String, Bounds> before = bounds(robot);

        size(robot, 400, 300);
        size(robot, w, h);
        Map<String, Bounds> after = bounds(robot);
        for (String k : before.keySet()) {
            Bounds a = before.get(k);
            Bounds b = after.get(k);
            // the dividers are kept as fractions: a pixel of rounding, no more
            assertTrue(Math.abs(a.getMinX() - b.getMinX()) <= 1.5 && Math.abs(a.getMinY() - b.getMinY()) <= 1.5
                    && Math.abs(a.getWidth() - b.getWidth()) <= 1.5 && Math.abs(a.getHeight() - b.getHeight()) <= 1.5,
                    where + ": " + k + " moved after the window was 400x300: " + a + " -> " + b);
        }
        assertAllShown(robot, "#vmEditor", where + " after 400x300");
    }

    /**
     * A teacher who narrows the window from 1280×720 to 1024×768 (a projector's mode changed) keeps
     * every control of the VM editor whole: JavaFX's split pane spread the 256 px lost over its three
     * columns alike, so the left one fell to 184 px and cut its fields (seen under Xvfb).
     */
    @org.junit.jupiter.api.Test
    void theVmEditorStaysWholeWhenTheWindowNarrowsFromOneProjectorSizeToTheOther(FxRobot robot) throws Exception {
        onSimulationTab(robot, 1280, 720);
        // as a window opened at 1280 px wide has them (the shared window came here from another test's size)
        javafx.scene.control.SplitPane content = robot.lookup("#content").queryAs(javafx.scene.control.SplitPane.class);
        robot.interact(() -> content.setDividerPositions(0.21, 0.57));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertAllShown(robot, "#vmEditor", "1280x720");
        size(robot, 1024, 768);
        assertAllShown(robot, "#vmEditor", "1280x720 narrowed to 1024x768");
    }

    @ParameterizedTest
    @CsvSource({"CREDIT, 1024, 768", "CREDIT, 1280, 720", "PROPORTIONAL_SHARE, 1024, 768", "PROPORTIONAL_SHARE, 1280, 720",
        "CBS, 1024, 768", "CBS, 1280, 720", "FP, 1280, 720"})
    void everyPolicyParameterFitsAtProjectorSizes(org.vmsched.model.HypervisorPolicy policy, double w, double h,
                                                  FxRobot robot) throws Exception {
        robot.interact(() -> {
            try {
                vm.openExample("compare.json");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            vm.setHypervisorPolicy(policy);
        });
        size(robot, w, h);
        String where = policy + " " + (int) w + "x" + (int) h;
        assertAllShown(robot, "#vmEditor", where);
        assertAllShown(robot, "#scenarioPane", where);
        long params = controls(robot, "#vmEditor").stream().filter(c -> c.getId() != null && c.getId().startsWith("param-")).count()
                + controls(robot, "#scenarioPane").stream().filter(c -> c.getId() != null && c.getId().startsWith("param-")).count();
        assertEquals(org.vmsched.ui.main.PolicyParam.of(policy, false).size() + org.vmsched.ui.main.PolicyParam.of(policy, true).size(),
                params, where + ": the policy's parameter fields, no other");
    }

    Map<String, Bounds> bounds(FxRobot robot) {
        Map<String, Bounds> m = new LinkedHashMap<>();
        for (String id : List.of("#tree", "#vmEditor", "#taskTable", "#resultTable", "#middleTabs", "#charts", "#bandwidth",
                "#simRun", "#simMissPolicy")) {
            Node n = robot.lookup(id).query();
            m.put(id, n.localToScene(n.getLayoutBounds()));
        }
        return m;
    }

    // What was still cut after the layout work of issue 9: a word of the verdict table's Item
    // column broken in the middle, the Tmax chart's last tick label ("1.0") past the chart's right
    // edge, the Step-through status line ending in "…", and the Simulation tab's progress bar
    // wider than the column it sits in.

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void noWordOfTheVerdictTableIsBrokenInTheMiddle(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        List<String> broken = new ArrayList<>();
        int seen = 0;
        for (Node n : robot.lookup("#resultTable .table-cell").queryAll()) {
            TableCell<?, ?> cell = (TableCell<?, ?>) n;
            if (!cell.isVisible() || !(cell.getGraphic() instanceof Text text) || text.getText().isEmpty()) {
                continue;
            }
            seen++;
            for (String word : text.getText().split("\\s+")) {
                Text probe = new Text(word);
                probe.setFont(text.getFont());
                double need = probe.getLayoutBounds().getWidth();
                if (need > text.getWrappingWidth()) {
                    broken.add("\"" + word + "\" of \"" + text.getText() + "\" needs " + need + " px, has "
                            + text.getWrappingWidth());
                }
            }
        }
        assertTrue(seen >= 3, "item cells seen: " + seen);
        assertEquals(List.of(), broken, (int) w + "x" + (int) h);
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theTmaxChartsLastTickLabelLiesInsideTheChart(double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        ChartViewer viewer = robot.lookup("#chart-tmax").queryAs(ChartViewer.class);
        JFreeChart chart = viewer.getChart();
        int cw = (int) viewer.getWidth();
        int ch = (int) viewer.getHeight();
        assertTrue(cw > 100 && ch > 100, cw + "x" + ch);
        BufferedImage img = new BufferedImage(cw, ch, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, cw, ch), info);
        XYPlot plot = (XYPlot) chart.getPlot();
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        assertEquals(1.0, x.getUpperBound(), 1e-9, "the α axis ends at 1");
        String last = x.getTickUnit().valueToString(x.getUpperBound());
        double half = g.getFontMetrics(x.getTickLabelFont()).stringWidth(last) / 2.0;
        g.dispose();
        double right = info.getPlotInfo().getDataArea().getMaxX() + half;
        assertTrue(right <= cw, "\"" + last + "\" reaches x = " + right + " in a chart " + cw + " px wide");
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theStepThroughStatusIsShownWhole(double w, double h, FxRobot robot) throws Exception {
        stepThreeInstants(robot, w, h);
        Label status = robot.lookup("#stepStatus").queryAs(Label.class);
        assertTrue(status.getText().startsWith("3 / "), status.getText());
        Text shown = status.getChildrenUnmodifiable().stream().filter(Text.class::isInstance).map(Text.class::cast)
                .findFirst().orElseThrow();
        assertEquals(status.getText(), shown.getText(), "the status line is cut");
    }

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720"})
    void theSimulationProgressBarStaysInItsColumn(double w, double h, FxRobot robot) throws Exception {
        onSimulationTab(robot, w, h);
        Node bar = robot.lookup("#simProgress").query();
        Bounds b = bar.localToScene(bar.getLayoutBounds());
        for (String id : List.of("#simulationView", "#middleTabs")) {
            Node p = robot.lookup(id).query();
            Bounds pb = p.localToScene(p.getLayoutBounds());
            assertTrue(b.getMaxX() <= pb.getMaxX() + 0.5 && b.getMinX() >= pb.getMinX() - 0.5,
                    (int) w + "x" + (int) h + ": the progress bar " + b + " runs past " + id + " " + pb);
        }
        assertFalse(b.getWidth() < 20, "the progress bar is squeezed to " + b.getWidth());
    }

    // Seen at 1024x768 (trial of the window as a user): after File > Open Example of two-vms.json
    // or two-cores.json the verdict column ("OK?") lay past the table's right edge (an item word
    // such as "control/actuator" widened the Item column), and under Credit "? undecided" was cut
    // to "? unde...".
    @ParameterizedTest
    @CsvSource({"two-vms.json, EDF, 1024, 768", "two-cores.json, EDF, 1024, 768", "compare.json, CREDIT, 1024, 768",
        "compare.json, PROPORTIONAL_SHARE, 1024, 768", "two-vms.json, EDF, 1280, 720", "compare.json, CREDIT, 1280, 720"})
    void theVerdictColumnStaysInsideTheTableAfterAnotherScenarioIsOpened(String example,
            org.vmsched.model.HypervisorPolicy policy, double w, double h, FxRobot robot) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        robot.interact(() -> {
            try {
                vm.openExample(example);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            if (policy != org.vmsched.model.HypervisorPolicy.EDF) {
                vm.setHypervisorPolicy(policy);
            }
        });
        waitForVerdicts();
        size(robot, w, h);
        String where = example + " " + policy + " " + (int) w + "x" + (int) h;
        // the table's columns settle over a few layout pulses after a new scenario's rows arrive; on
        // a loaded machine the first look came before the last pulse (the column 8 px past the edge
        // for one frame, gone at the next): look again after further pulses, a bounded number of times
        List<String> outside = verdictCellsOutside(robot);
        for (int pulse = 0; pulse < 10 && !outside.isEmpty(); pulse++) {
            size(robot, w, h);
            outside = verdictCellsOutside(robot);
        }
        int verdicts = verdictCount(robot);
        assertEquals(List.of(), outside, where);
        assertTrue(verdicts >= 2, where + ": verdict cells seen: " + verdicts);
        assertEquals(List.of(), cutCells(robot), where + ": verdict cells cut");
    }

    /** The verdict cells ("✔", "✖", "?") of the verdict table that end past its right edge. */
    private static List<String> verdictCellsOutside(FxRobot robot) {
        javafx.scene.control.TableView<?> table = robot.lookup("#resultTable").queryAs(javafx.scene.control.TableView.class);
        Bounds tb = table.localToScene(table.getLayoutBounds());
        List<String> outside = new ArrayList<>();
        for (TableCell<?, ?> cell : verdictCells(robot)) {
            Bounds b = cell.localToScene(cell.getLayoutBounds());
            if (b.getMaxX() > tb.getMaxX() + 0.5) {
                outside.add(cell.getText() + " ends at x = " + b.getMaxX() + ", the table at " + tb.getMaxX());
            }
        }
        return outside;
    }

    private static int verdictCount(FxRobot robot) {
        return verdictCells(robot).size();
    }

    private static List<TableCell<?, ?>> verdictCells(FxRobot robot) {
        List<TableCell<?, ?>> cells = new ArrayList<>();
        for (Node n : robot.lookup("#resultTable .table-cell").queryAll()) {
            TableCell<?, ?> cell = (TableCell<?, ?>) n;
            String text = cell.getText();
            if (cell.isVisible() && text != null && (text.startsWith("✔") || text.startsWith("✖") || text.startsWith("?"))) {
                cells.add(cell);
            }
        }
        return cells;
    }
}

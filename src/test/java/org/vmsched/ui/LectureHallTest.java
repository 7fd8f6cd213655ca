package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.ResultRow;

/**
 * The window as a lecture hall sees it (issue 19), headless at a projector's sizes: the verdict
 * table shows every row of the examples (so every task of the selected VM) without scrolling.
 */
class LectureHallTest extends OneWindowPerClass {

    @Override
    SharedWindow show() throws Exception {
        return SharedWindow.thesisExample();
    }

    @Override
    boolean eachTestSizesTheWindow() {
        return true;
    }

    @Override
    boolean eachTestOpensItsDocument() {
        return true;
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

    // Seen in present mode (issue 19): Page Down never reached Response times or Step-through, and
    // the charts' annotations ("R = 14", "deadline") stayed their small size while the rest grew.
    @org.junit.jupiter.api.Test
    void pageDownGoesThroughEveryChartAndStepThroughAndBack(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        open(robot, "thesis-example.json");
        robot.clickOn("Tmax curve"); // F11 presents the chart tab last clicked (PresentationTest): here the first
        robot.clickOn("#tree");
        robot.push(javafx.scene.input.KeyCode.F11);
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            robot.push(javafx.scene.input.KeyCode.PAGE_DOWN);
            WaitForAsyncUtils.waitForFxEvents();
            titles.add(robot.lookup("#presentTitle").queryAs(javafx.scene.control.Label.class).getText());
        }
        assertEquals(List.of("Good-period map", "max Ri/Ti", "Supply & demand", "Gantt", "Response times", "Step-through",
                "Tmax curve"), titles);
        robot.push(javafx.scene.input.KeyCode.PAGE_UP);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Step-through", robot.lookup("#presentTitle").queryAs(javafx.scene.control.Label.class).getText());
        assertTrue(robot.lookup("#presentView #stepForward").tryQuery().isPresent(), "the Step-through view, full-window");
        robot.push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#charts #stepForward").tryQuery().isPresent(), "Step-through back in its tab");
    }

    @org.junit.jupiter.api.Test
    void presentModeScalesTheAnnotationsAndMarkerLabels(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        open(robot, "thesis-example.json");
        List<Float> before = annotationFonts(view.chart("supply"));
        assertTrue(before.size() >= 2, "the supply chart's R and deadline: " + before);
        robot.interact(() -> view.present(org.vmsched.chart.ChartKind.SUPPLY));
        WaitForAsyncUtils.waitForFxEvents();
        List<Float> after = annotationFonts(view.chart("supply"));
        for (int i = 0; i < before.size(); i++) {
            assertTrue(after.get(i) >= before.get(i) * 1.5, "annotation " + i + ": " + before + " -> " + after);
        }
    }

    /** The font sizes of a chart's text annotations and marker labels, in order. */
    static List<Float> annotationFonts(org.jfree.chart.JFreeChart chart) {
        org.jfree.chart.plot.XYPlot xy = (org.jfree.chart.plot.XYPlot) chart.getPlot();
        List<Float> out = new ArrayList<>();
        for (Object a : xy.getAnnotations()) {
            if (a instanceof org.jfree.chart.annotations.XYTextAnnotation t) {
                out.add(t.getFont().getSize2D());
            }
        }
        for (org.jfree.chart.ui.Layer layer : List.of(org.jfree.chart.ui.Layer.FOREGROUND, org.jfree.chart.ui.Layer.BACKGROUND)) {
            for (java.util.Collection<?> markers : java.util.Arrays.asList(xy.getDomainMarkers(layer), xy.getRangeMarkers(layer))) {
                if (markers != null) {
                    for (Object m : markers) {
                        out.add(((org.jfree.chart.plot.Marker) m).getLabelFont().getSize2D());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Three checks of the thesis example at one size and zoom, each once the window has settled:
     * no label cut and every tab title whole in the tabs in front, then no label cut in
     * Step-through, in its tab and in present mode. Each was a test of its own (12 cases, each
     * sizing the window and opening the example anew); the same 12 checks now share a window per
     * size and zoom (BENCHMARKS.md, "The test suite").
     *
     * <p>Seen at Ctrl+Plus twice at 1024x768 (issue 19): field labels and table headers cut to
     * "pe…", "de…", and the tabs' titles. A Labeled whose shown text differs from its text is cut.
     *
     * <p>Seen in the real window (issue 19 audit): at 1024x768 zoom 1 the charts' bottom tab row
     * hid "Step-through" behind its overflow menu ("Step-throu"), at zoom 2 the titles read
     * "Good-period" and "ponse times". A tab header is cut by its row, not with "...", so the label
     * check never saw it: here every header lies whole inside the row's visible part.
     *
     * <p>Seen in the real window at 1024x768 and 1280x720 (issue 19 audit): before the first step
     * the list of instants read "The instants you step through ..." in its tab and in present
     * mode; the checks of the tabs in front do not see Step-through, which is not in front.
     */
    @ParameterizedTest
    @CsvSource({"1, 1024, 768", "1, 1280, 720", "2, 1024, 768", "2, 1280, 720"})
    void noLabelOrTabTitleIsCutInTheTabsInFrontNorInStepThroughOrItsPresentMode(int zoomSteps, double w, double h,
            FxRobot robot) throws Exception {
        size(robot, w, h);
        open(robot, "thesis-example.json");
        robot.interact(() -> view.zoom(zoomSteps == 1 ? 0 : 7)); // 1.1^7 = 1.95: zoom 2
        String where = "zoom " + view.zoomModel().factor() + " at " + (int) w + "x" + (int) h;
        assertNothingCut(robot, w, h, () -> cutLabels(robot), "labels in the tabs in front, " + where);
        assertNothingCut(robot, w, h, () -> cutTabs(view), "tab titles, " + where);
        robot.clickOn("#tab-step");
        assertNothingCut(robot, w, h, () -> cutLabels(robot), "Step-through in its tab, " + where);
        robot.interact(() -> view.nextPresented(-1));
        assertNothingCut(robot, w, h, () -> cutLabels(robot), "Step-through in present mode, " + where);
    }

    /**
     * {@code cut} lists nothing once the window has settled (a few layout pulses, the window sized
     * again between them); {@code what} names the check in the failure.
     */
    private void assertNothingCut(FxRobot robot, double w, double h, java.util.function.Supplier<List<String>> cut,
            String what) {
        List<String> now = cut.get();
        for (int pulse = 0; pulse < 5 && !now.isEmpty(); pulse++) {
            size(robot, w, h);
            now = cut.get();
        }
        assertEquals(List.of(), now, what);
    }

    /**
     * Every tab header under {@code root} that is not whole in its tab row's visible part (left of
     * the overflow menu's button when there is one) or whose title is cut with "...".
     */
    static List<String> cutTabs(Node root) {
        List<String> cut = new ArrayList<>();
        for (Node n : root.lookupAll(".tab-pane")) {
            if (!treeVisible(n)) {
                continue;
            }
            Node area = n.lookup(".tab-header-area");
            Node headers = n.lookup(".headers-region");
            Bounds row = area.localToScene(area.getLayoutBounds());
            double right = row.getMaxX();
            Node menu = n.lookup(".control-buttons-tab");
            if (menu != null && menu.isVisible()) {
                Bounds mb = menu.localToScene(menu.getLayoutBounds());
                if (mb.getWidth() > 0) {
                    right = Math.min(right, mb.getMinX());
                }
            }
            for (Node tab : ((javafx.scene.Parent) headers).getChildrenUnmodifiable()) {
                if (!tab.isVisible()) {
                    continue;
                }
                String title = tabTitle(tab);
                Bounds tb = tab.localToScene(tab.getLayoutBounds());
                if (tb.getMinX() < row.getMinX() - 0.5 || tb.getMaxX() > right + 0.5) {
                    cut.add("#" + n.getId() + " '" + title + "' at " + (int) tb.getMinX() + "-" + (int) tb.getMaxX()
                            + " in a row " + (int) row.getMinX() + "-" + (int) right);
                }
                for (Node t : tab.lookupAll(".text")) {
                    if (t instanceof javafx.scene.text.Text text && text.isVisible() && text.getText() != null
                            && text.getText().endsWith("…")) {
                        cut.add("#" + n.getId() + " '" + title + "' shown as '" + text.getText() + "'");
                    }
                    // a title on two lines in a row of one line's height: the tab's content covered the second
                    Bounds lb = t.localToScene(t.getLayoutBounds());
                    if (t.isVisible() && (lb.getMaxY() > row.getMaxY() + 0.5 || lb.getMinY() < row.getMinY() - 0.5)) {
                        cut.add("#" + n.getId() + " '" + title + "' at y " + (int) lb.getMinY() + "-" + (int) lb.getMaxY()
                                + " in a row " + (int) row.getMinY() + "-" + (int) row.getMaxY());
                    }
                }
            }
        }
        return cut;
    }

    /** What a tab header shows (its texts joined), for the messages. */
    static String tabTitle(Node header) {
        List<String> parts = new ArrayList<>();
        for (Node t : header.lookupAll(".text")) {
            if (t instanceof javafx.scene.text.Text text && text.isVisible() && text.getText() != null && !text.getText().isEmpty()) {
                parts.add(text.getText().replace('\n', ' '));
            }
        }
        return String.join(" ", parts);
    }

    /** Whether {@code n} and every parent are visible (a hidden tab's content is not). */
    static boolean treeVisible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** Every visible Labeled of the window whose shown text is shorter than its text ("pe…"). */
    List<String> cutLabels(FxRobot robot) {
        List<String> cut = new ArrayList<>();
        for (Node n : view.lookupAll("*")) {
            if (!(n instanceof javafx.scene.control.Labeled l) || !n.isVisible() || l.getText() == null || l.getText().isEmpty()
                    || !treeVisible(n)) {
                continue;
            }
            String text = l.isMnemonicParsing() ? l.getText().replaceFirst("_", "") : l.getText();
            for (Node c : l.getChildrenUnmodifiable()) {
                if (c instanceof javafx.scene.text.Text t && !t.getText().equals(text) && !l.isWrapText()) {
                    cut.add("'" + l.getText() + "' shown as '" + t.getText() + "' (" + (l.getId() == null
                            ? l.getClass().getSimpleName() : "#" + l.getId()) + ")");
                }
            }
        }
        return cut;
    }

    // Seen in Step-through (issue 19): once the narration wrapped to 3-4 lines the step Gantt was
    // about 35 px tall and labelled 2 of its 4 lanes. Seen in a user trial on the global example
    // (2 cores, 2 VMs of 2 vCPUs: 7 lanes): a legend of 4 rows left the lanes about 40 px at
    // 1280x720, so only every other lane was labelled, and at 1024x768 in 7 pt.
    @ParameterizedTest
    @CsvSource({"thesis-example.json, 3, 1024, 768", "thesis-example.json, 3, 1280, 720",
        "rtds-global-periodic.json, 10, 1024, 768", "rtds-global-periodic.json, 10, 1280, 720"})
    void theStepThroughGanttLabelsEveryLaneAndStaysInItsTab(String example, int steps, double w, double h, FxRobot robot)
            throws Exception {
        size(robot, w, h);
        open(robot, example);
        robot.clickOn("#tab-step");
        for (int i = 0; i < steps; i++) {
            robot.clickOn("#stepForward");
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == steps);
        size(robot, w, h);
        org.jfree.chart.fx.ChartViewer viewer = robot.lookup("#chart-step").queryAs(org.jfree.chart.fx.ChartViewer.class);
        String where = example + " " + (int) w + "x" + (int) h;
        Bounds b = viewer.localToScene(viewer.getLayoutBounds());
        Node tabs = robot.lookup("#chartsBottom").query();
        Bounds tb = tabs.localToScene(tabs.getLayoutBounds());
        double[][] measured = new double[1][];
        robot.interact(() -> measured[0] = CrowdedGanttTest.perLane(viewer)); // the FX thread draws the same chart
        double perLane = measured[0][0];
        double labelHeight = measured[0][1];
        // the chart may be taller than its tab and scroll (its legend a scroll away): its lanes are in view
        assertTrue(b.getMinY() >= tb.getMinY() - 0.5 && b.getMinY() + measured[0][3] <= tb.getMaxY() + 0.5,
                where + ": the lanes at y " + b.getMinY() + ".." + (b.getMinY() + measured[0][3]) + " outside " + tb);
        CrowdedGanttTest.assertLanesInView(viewer, measured[0], where);
        assertTrue(measured[0][2] >= 4, where + ": lanes " + measured[0][2]);
        assertTrue(perLane >= labelHeight, where + ": " + perLane + " px a lane for labels " + labelHeight + " px high"
                + " (chart " + b.getWidth() + "x" + b.getHeight() + ")");
        assertTrue(robot.lookup("#stepNarrationPane").tryQuery().isPresent(), "the narration scrolls in its own panel");
    }

    // Seen in a teacher's trial (F11 on Step-through at 1024x768, the global example about ten F6
    // in): the narration box showed about two lines of a step's four to six (vCPUs starting on
    // cores, jobs released), the rest a mouse wheel away. A projected step must be read whole; in
    // the tab (not present mode) a three-line step scrolled too.
    @ParameterizedTest
    @CsvSource({"true, 1024, 768", "true, 1280, 720", "false, 1024, 768", "false, 1280, 720"})
    void aLongStepsWholeNarrationShowsWithoutScrolling(boolean presenting, double w, double h, FxRobot robot)
            throws Exception {
        size(robot, w, h);
        open(robot, "rtds-global-periodic.json");
        robot.clickOn("#tab-step");
        if (presenting) {
            robot.push(javafx.scene.input.KeyCode.F11);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("Step-through", robot.lookup("#presentTitle").queryAs(javafx.scene.control.Label.class).getText());
        }
        String scope = presenting ? "#presentView " : "";
        javafx.scene.control.Label narration = robot.lookup(scope + "#stepNarration").queryAs(javafx.scene.control.Label.class);
        javafx.scene.control.ScrollPane pane = robot.lookup(scope + "#stepNarrationPane").queryAs(javafx.scene.control.ScrollPane.class);
        Node whole = presenting ? robot.lookup("#presentView").query() : robot.lookup("#chartsBottom").query();
        double longest = 0;
        // t = 16.5 (step 12: the vCPUs of batch start on both cores) to t = 20 (step 15: both VMs begin a period)
        for (int step = 1; step <= 15; step++) {
            int next = step;
            Pulses.onFx(() -> vm.stepping().step()); // the wait below is for the step, not TestFX's 50 ms sleep
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == next);
            if (step < 10) {
                continue;
            }
            size(robot, w, h);
            String where = (presenting ? "present mode " : "") + (int) w + "x" + (int) h + ", step " + step;
            Bounds port = pane.getViewportBounds();
            double[] need = new double[2];
            Pulses.onFx(() -> {
                need[0] = narration.prefHeight(port.getWidth());
                need[1] = narration.getFont().getSize();
            });
            longest = Math.max(longest, need[0] / need[1]);
            // in its tab the chart keeps the least height of its lanes: a step of three lines (t = 15)
            // reads whole there, a longer one scrolls (F11 is for a lecture hall)
            boolean reads = presenting || step == 10;
            assertTrue(!reads || need[0] <= port.getHeight() + 0.5, where + ": the narration needs " + need[0] + " px, its box shows "
                    + port.getHeight() + " px: " + narration.getText());
            assertEquals(pane.getHeight(), StepThroughLayoutTest.shown(pane, whole).getHeight(), 0.5, where + ": the box is cut");
            org.jfree.chart.fx.ChartViewer viewer = robot.lookup(scope + "#chart-step").queryAs(org.jfree.chart.fx.ChartViewer.class);
            double[][] measured = new double[1][];
            Pulses.onFx(() -> measured[0] = CrowdedGanttTest.perLane(viewer));
            CrowdedGanttTest.assertLanesInView(viewer, measured[0], where);
        }
        assertTrue(longest >= 4, "a step of four lines or more was seen: " + longest + " font sizes");
    }

    /** The thesis example at 1024x768, its Step-through tab three steps in. */
    private void threeStepsIntoTheThesisExample(FxRobot robot) throws Exception {
        size(robot, 1024, 768);
        open(robot, "thesis-example.json");
        robot.clickOn("#tab-step");
        for (int i = 0; i < 3; i++) {
            robot.clickOn("#stepForward");
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 3);
    }

    // Seen in the real window at 1024x768 and 1280x720 (issue 19 audit): Page Down to Step-through
    // showed its Gantt's lane labels, axis and legend at about 10 px while every other chart grew
    // 1.8 times, and Ctrl+Plus left them at that size too.
    @org.junit.jupiter.api.Test
    void theStepThroughGanttGrowsWithTheZoomAndInPresentMode(FxRobot robot) throws Exception {
        threeStepsIntoTheThesisExample(robot);
        float base = laneFont(robot);
        robot.interact(() -> view.zoom(2));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(base * 1.21, laneFont(robot), 0.1, "Ctrl+Plus twice");
        robot.interact(() -> view.zoomReset());
        robot.interact(() -> view.nextPresented(-1)); // from the Tmax curve back to the last page, Step-through
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Step-through", robot.lookup("#presentTitle").queryAs(javafx.scene.control.Label.class).getText());
        assertTrue(laneFont(robot) >= base * 1.5, "present mode: " + base + " -> " + laneFont(robot));
        robot.clickOn("#presentView #stepForward"); // a new step draws a new chart, at the same size
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 4);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(laneFont(robot) >= base * 1.5, "the next step in present mode: " + base + " -> " + laneFont(robot));
        robot.interact(() -> view.togglePresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(base, laneFont(robot), 0.01, "back in its tab");
    }

    // Seen in the real window at 1024x768 and 1280x720 (issue 19 audit): in present mode the step
    // Gantt's time ticks, "view 0-40" line and legend were drawn about 10 px high although their
    // fonts said 1.8 times (the test above). The canvas restores its drawing state after each
    // frame, and its Graphics2D skipped a font equal to the last one of the frame before, so a
    // chart without a title drew its first lines in the canvas's default font.
    @org.junit.jupiter.api.Test
    void everyChartDrawsItsTextInTheFontsItSays(FxRobot robot) throws Exception {
        threeStepsIntoTheThesisExample(robot);
        robot.interact(() -> view.nextPresented(-1)); // Step-through in present mode
        WaitForAsyncUtils.waitForFxEvents();
        List<String> wrong = new ArrayList<>();
        robot.interact(() -> {
            // the step chart (present mode) and every chart in the tabs
            for (Node n : view.lookupAll("*")) {
                if (n instanceof org.jfree.chart.fx.ChartViewer v) {
                    wrong.addAll(FontRecorder.drawTwice(v.getCanvas(), v.getId()));
                }
            }
        });
        assertEquals(List.of(), wrong);
    }

    /** A canvas's Graphics2D that notes every string drawn in another size than its font's. */
    static final class FontRecorder extends org.jfree.fx.FXGraphics2D {
        private final javafx.scene.canvas.GraphicsContext gc;
        final List<String> wrong = new ArrayList<>();

        FontRecorder(javafx.scene.canvas.GraphicsContext gc) {
            super(gc);
            this.gc = gc;
        }

        @Override
        public void drawString(String s, float x, float y) {
            if (Math.abs(gc.getFont().getSize() - getFont().getSize()) > 0.5) {
                wrong.add("'" + s + "' drawn at " + gc.getFont().getSize() + " for " + getFont().getSize2D());
            }
            super.drawString(s, x, y);
        }

        /** Draws {@code canvas} twice (the second frame is where the state carried over) and says what was wrong. */
        static List<String> drawTwice(org.jfree.chart.fx.ChartCanvas canvas, String id) {
            try {
                java.lang.reflect.Field g2 = org.jfree.chart.fx.ChartCanvas.class.getDeclaredField("g2");
                g2.setAccessible(true);
                Object before = g2.get(canvas);
                FontRecorder r = new FontRecorder(canvas.getGraphicsContext2D());
                g2.set(canvas, r);
                canvas.draw();
                r.wrong.clear(); // a new Graphics2D's first frame is not the window's case
                canvas.draw();
                canvas.draw();
                g2.set(canvas, before);
                List<String> out = new ArrayList<>();
                for (String w : r.wrong) {
                    out.add(id + ": " + w);
                }
                return out;
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    /**
     * The size of the Step-through Gantt's lane labels ("core 0", "VM1/t1"), after checking that
     * its time ticks, subtitle ("view 0–40") and legend have grown as much.
     */
    static float laneFont(FxRobot robot) {
        org.jfree.chart.fx.ChartViewer viewer = robot.lookup("#chart-step").queryAs(org.jfree.chart.fx.ChartViewer.class);
        org.jfree.chart.JFreeChart c = viewer.getChart();
        org.jfree.chart.plot.XYPlot xy = (org.jfree.chart.plot.XYPlot) c.getPlot();
        float lanes = xy.getRangeAxis().getTickLabelFont().getSize2D();
        List<Float> others = new ArrayList<>(List.of(xy.getDomainAxis().getTickLabelFont().getSize2D()));
        for (Object t : c.getSubtitles()) {
            if (t instanceof org.jfree.chart.title.TextTitle tt) {
                others.add(tt.getFont().getSize2D());
            } else if (t instanceof org.jfree.chart.title.LegendTitle l) {
                others.add(l.getItemFont().getSize2D() * org.vmsched.chart.ChartStyle.TICK.getSize2D()
                        / org.vmsched.chart.ChartStyle.LEGEND.getSize2D());
            }
        }
        for (float f : others) {
            assertEquals(lanes, f, 0.05, "the step chart's ticks, subtitle and legend against its lanes: " + lanes + " " + others);
        }
        return lanes;
    }

    // Seen in a teacher's trial (present mode at 1024x768, the global example): beside the Gantt the
    // verdict table's columns were wider than its 40 % of the window, so "? undecided" read
    // "? undecidec" behind a horizontal scroll bar.
    @ParameterizedTest
    @CsvSource({"rtds-global-periodic.json, 1024, 768", "rtds-global-periodic.json, 1280, 720", "thesis-example.json, 1024, 768"})
    void presentModeShowsTheVerdictColumnsWholeBesideTheGantt(String example, double w, double h, FxRobot robot)
            throws Exception {
        size(robot, w, h);
        open(robot, example);
        robot.interact(() -> view.present(org.vmsched.chart.ChartKind.GANTT));
        WaitForAsyncUtils.waitForFxEvents();
        for (int pulse = 0; pulse < 5; pulse++) {
            size(robot, w, h);
        }
        javafx.scene.control.TableView<?> table = robot.lookup("#presentView #resultTable").queryAs(javafx.scene.control.TableView.class);
        double columns = table.getColumns().stream().mapToDouble(c -> c.getWidth()).sum();
        boolean sideways = table.lookupAll(".scroll-bar").stream().anyMatch(n -> n instanceof javafx.scene.control.ScrollBar b
                && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL && b.isVisible());
        assertTrue(!sideways, example + " at " + (int) w + "x" + (int) h + ": a sideways scroll bar; columns " + columns
                + " px in a table of " + table.getWidth() + " px");
        robot.interact(() -> view.togglePresent());
    }
}

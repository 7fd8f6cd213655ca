package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/**
 * The thesis example's Gantt chart (4 lanes, 1,440 time units) after a drag zoom, which sets both
 * axes: a lane only partly in view keeps its label, the lane labels stay clear of the time axis's
 * label below them, and the line under the title reads "view … · lanes … of 4", in the window and
 * in the exported copy (issue 30, item 5; the window's From and To fields: SimulationViewModelTest).
 */
class GanttZoomTest {

    static JFreeChart thesis() throws Exception {
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios/thesis-example.json"));
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null), 50_000);
        return GanttChartFactory.create(d, 0, d.viewEnd());
    }

    /** What a drag zoom leaves: both axes set, here to time [1000, 1440] and lanes y ∈ [lower, upper]. */
    static JFreeChart zoomed(double lower, double upper) throws Exception {
        JFreeChart c = thesis();
        c.getXYPlot().getDomainAxis().setRange(1000, 1440);
        c.getXYPlot().getRangeAxis().setRange(lower, upper);
        return c;
    }

    /** A text the chart drew, with its box (from the SVG's baseline and font size). */
    record Text(String text, Rectangle2D box) {
    }

    static List<Text> textsDrawn(JFreeChart chart, int w, int h, Rectangle2D[] dataArea) {
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, w, h), info);
        dataArea[0] = info.getPlotInfo().getDataArea();
        java.awt.Graphics2D m = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        List<Text> out = new ArrayList<>();
        Matcher t = Pattern.compile("<text x='([^']*)' y='([^']*)' style='[^']*font-size: ([0-9.]+)px;[^']*'[^>]*>([^<]*)</text>")
                .matcher(g.getSVGElement());
        while (t.find()) {
            Font f = new Font(Font.SANS_SERIF, Font.PLAIN, 1).deriveFont(Float.parseFloat(t.group(3)));
            FontMetrics fm = m.getFontMetrics(f);
            java.awt.font.LineMetrics lm = f.getLineMetrics(t.group(4), m.getFontRenderContext());
            double x = Double.parseDouble(t.group(1));
            double y = Double.parseDouble(t.group(2));
            // from the ascent above the baseline to the descent below it
            out.add(new Text(t.group(4), new Rectangle2D.Double(x, y - lm.getAscent(), fm.stringWidth(t.group(4)),
                    lm.getAscent() + lm.getDescent())));
        }
        m.dispose();
        return out;
    }

    static final List<String> LANES = List.of("core 0", "VM1/t1", "VM1/t2", "VM1/t3");

    @ParameterizedTest(name = "lanes y in [{0}, {1}] at {2}x{3}")
    @CsvSource({
        // lane 1 (core 0, y = 3) is in view from 2.65 to 2.8 only; lane 4 (y = 0, bar to 0.35) not at all
        "0.8, 2.8, 540, 258, core 0;VM1/t1;VM1/t2",
        "0.8, 2.8, 430, 278, core 0;VM1/t1;VM1/t2",
        // lane 4's bar from 0.2 to 0.35 is in view
        "0.2, 2.2, 540, 258, VM1/t1;VM1/t2;VM1/t3",
        "-0.5, 3.5, 540, 258, core 0;VM1/t1;VM1/t2;VM1/t3"})
    void everyLaneInViewAfterADragZoomHasALabel(double lower, double upper, int w, int h, String expected) throws Exception {
        JFreeChart c = zoomed(lower, upper);
        Rectangle2D[] area = new Rectangle2D[1];
        List<String> lanes = textsDrawn(c, w, h, area).stream().filter(t -> LANES.contains(t.text()))
                .sorted(java.util.Comparator.comparingDouble(t -> t.box().getMinY())).map(Text::text).toList();
        assertEquals(List.of(expected.split(";")), lanes);
    }

    @ParameterizedTest(name = "lanes y in [{0}, {1}] at {2}x{3}")
    @CsvSource({
        // the bottom lane's middle 0.1 lane above the time axis: its label reached into the axis's "time"
        "0.9, 2.9, 540, 258",
        "0.9, 2.9, 430, 278",
        "0.8, 2.8, 540, 258",
        "0.1, 1.2, 540, 258",
        "-0.5, 3.5, 430, 278"})
    void theLaneLabelsStayInsideThePlotClearOfTheTimeAxisLabel(double lower, double upper, int w, int h) throws Exception {
        JFreeChart c = zoomed(lower, upper);
        Rectangle2D[] area = new Rectangle2D[1];
        List<Text> texts = textsDrawn(c, w, h, area);
        Text time = texts.stream().filter(t -> t.text().equals("time")).findFirst().orElseThrow();
        List<Text> lanes = texts.stream().filter(t -> LANES.contains(t.text())).toList();
        assertFalse(lanes.isEmpty());
        for (Text lane : lanes) {
            assertTrue(lane.box().getMinY() >= area[0].getMinY() - 0.5 && lane.box().getMaxY() <= area[0].getMaxY() + 0.5,
                    lane.text() + " at " + lane.box() + " reaches out of the plot " + area[0]);
            assertFalse(lane.box().intersects(time.box()), lane.text() + " at " + lane.box() + " runs into \"time\" at " + time.box());
        }
    }

    @Test
    void theSubtitleAfterADragZoomNamesTheWindowAndTheLanesInViewInTheWindowAndInTheExport() throws Exception {
        JFreeChart c = zoomed(0.8, 2.8);
        assertEquals("view 1,000–1,440 of 1,440, drag left-up for more · lanes 1–3 of 4 (Ctrl+drag up or down for the others)",
                GanttChartFactory.subtitleOf(c));
        JFreeChart printed = ExportStyle.forExport(c, ExportOptions.defaults());
        assertEquals("view 1,000–1,440 of 1,440 · lanes 1–3 of 4", GanttChartFactory.subtitleOf(printed));
    }

    @Test
    void aHintIsLeftOutWithTheSeparatorBeforeTheNextPartKept() {
        assertEquals("view 4–30 of 40 · lanes 2–3 of 4 · 1 deadline miss (red ✕)", ExportStyle.withoutHints(
                "view 4–30 of 40, drag left-up for more · lanes 2–3 of 4 (Ctrl+drag up or down for the others) · 1 deadline miss (red ✕)"));
        assertEquals("view 4–30 of 40", ExportStyle.withoutHints("view 4–30 of 40, drag left-up for more"));
    }
}

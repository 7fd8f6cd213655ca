package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.jfree.svg.SVGGraphics2D;

/**
 * A global run's Gantt chart with ten lanes (3 VMs of 3, 2 and 1 vCPUs on 4 cores, 6 tasks) at
 * the sizes the window gives it: every lane keeps its label (SymbolAxis left out every other one
 * that would touch its neighbour: "core 1, core 3, web/b, db/q1, ctl/k" at 1280x720), and a core
 * lane is not buried under its migration marks.
 */
class GanttLaneLabelsTest {

    static JFreeChart tenLanes() throws Exception {
        Scenario s = ScenarioJson.load("s2.json",
                new ByteArrayInputStream(org.vmsched.TestScenarios.GLOBAL_THREE_VMS.getBytes(StandardCharsets.UTF_8)));
        GanttData d = SimulationChartData.gantt(s, Simulator.run(s, SimulationOptions.from(s.simulation()), null), 50_000);
        return GanttChartFactory.create(d, 0, d.viewEnd());
    }

    /** The lane names drawn as text when the chart is drawn w × h (as SVG, to read them back), top to bottom. */
    static List<String> labelsDrawn(JFreeChart chart, int w, int h, Rectangle2D[] dataArea) {
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, w, h), info);
        dataArea[0] = info.getPlotInfo().getDataArea();
        List<String> lanes = List.of(((SymbolAxis) chart.getXYPlot().getRangeAxis()).getSymbols());
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(g.getSVGElement());
        while (m.find()) {
            if (lanes.contains(m.group(1))) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    // the Gantt tab's chart at 1280x720 and at 1024x768
    @ParameterizedTest
    @CsvSource({"540, 258", "430, 278"})
    void everyLaneKeepsItsLabel(int w, int h) throws Exception {
        JFreeChart c = tenLanes();
        Rectangle2D[] area = new Rectangle2D[1];
        List<String> drawn = labelsDrawn(c, w, h, area);
        assertEquals(List.of("ctl/k", "db/q2", "db/q1", "web/c", "web/b", "web/a", "core 3", "core 2", "core 1", "core 0"),
                drawn, "at " + w + "x" + h + ", data area " + area[0].getHeight() + " px high");
    }

    @ParameterizedTest
    @CsvSource({"540, 258", "430, 278"})
    void migrationMarksLeaveMostOfACoreLaneInView(int w, int h) throws Exception {
        JFreeChart c = tenLanes();
        Rectangle2D[] area = new Rectangle2D[1];
        labelsDrawn(c, w, h, area);
        XYPlot plot = c.getXYPlot();
        double lanePx = area[0].getHeight() / plot.getRangeAxis().getRange().getLength();
        // the marks dataset's fourth series is the migrations (GanttChartFactory)
        assertEquals("migration", plot.getDataset(1).getSeriesKey(3));
        assertTrue(plot.getDataset(1).getItemCount(3) > 0, "s2 has migrations in its first view");
        double markPx = plot.getRenderer(1).getSeriesShape(3).getBounds2D().getHeight();
        assertTrue(markPx <= 0.5 * lanePx, "a migration mark is " + markPx + " px high on a lane of " + lanePx + " px");
    }
}

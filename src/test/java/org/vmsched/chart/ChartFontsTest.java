package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;

/** A chart's text at the screen's zoom and in present mode. */
class ChartFontsTest {

    // issue 30, item 8: the response-time chart's "R(t) = …" labels overlapped at a large zoom and
    // in present mode: their fonts grew, their 18 px steps apart did not
    @Test
    void theResponseTimeLabelsStayApartWhenTheirFontGrows() {
        JFreeChart chart = CdfChartFactory.create(new CdfData(List.of(
                new CdfData.TaskSamples("VM1/t1", new double[] {2, 10, 14}, 14.0),
                new CdfData.TaskSamples("VM1/t2", new double[] {3, 11, 15}, 15.0),
                new CdfData.TaskSamples("VM1/t3", new double[] {4, 20, 36}, 36.0))));
        ChartFonts fonts = new ChartFonts(chart);
        for (double factor : new double[] {1, 1.5, 1.8 * 1.3}) {
            fonts.scale(factor);
            List<Marker> rs = new ArrayList<>();
            for (Object o : chart.getXYPlot().getDomainMarkers(Layer.FOREGROUND)) {
                rs.add((Marker) o);
            }
            for (int i = 1; i < rs.size(); i++) {
                double apart = rs.get(i).getLabelOffset().getBottom() - rs.get(i - 1).getLabelOffset().getBottom();
                double height = rs.get(i).getLabelFont().getSize2D() * 1.2;
                assertTrue(apart >= height, "at zoom " + factor + " the R labels " + i + " and " + (i + 1)
                        + " are " + apart + " px apart, a line is " + height);
            }
        }
    }

    // a window draws its chart again at each change event: one scale, one drawing, not one per font
    @Test
    void aScaleIsOneChangeOfTheChartAndLeavesItNotifying() {
        JFreeChart chart = CdfChartFactory.create(new CdfData(List.of(
                new CdfData.TaskSamples("VM1/t1", new double[] {2, 10, 14}, 14.0),
                new CdfData.TaskSamples("VM1/t2", new double[] {3, 11, 15}, 15.0))));
        float tick = chart.getXYPlot().getDomainAxis().getTickLabelFont().getSize2D();
        ChartFonts fonts = new ChartFonts(chart);
        int[] events = new int[1];
        chart.addChangeListener(e -> events[0]++);
        fonts.scale(1.8);
        assertEquals(1, events[0], "change events of one scale");
        assertTrue(chart.isNotify(), "the chart notifies again");
        assertEquals(tick * 1.8f, chart.getXYPlot().getDomainAxis().getTickLabelFont().getSize2D(), 0.01,
                "the tick labels scaled");
    }
}

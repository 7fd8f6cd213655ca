package org.vmsched.chart;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.model.GuestScheduler;

/**
 * The good-period map's text in present mode's fonts (1.8 times) and zoomed (1.5 times), drawn
 * as the window draws it: the top tick label keeps clear of the title, and the label "VM period
 * T_VM", subscript included, beside the plot (issue 30, item 8).
 */
class PresentChartTextTest {

    /** The thesis example's map up to period 30, so that a tick ("30") sits on the plot's top edge. */
    static JFreeChart map(double factor) {
        GoodPeriods gp = GoodPeriods.of(ChartFactoriesTest.THESIS, GuestScheduler.RM);
        List<GoodPeriodMapData.Column> cols = new ArrayList<>();
        for (int i = 1; i < 100; i++) {
            cols.add(new GoodPeriodMapData.Column(i / 100.0, gp.intervals(i / 100.0, 0, gp.defaultMinPeriod())));
        }
        JFreeChart chart = GoodPeriodMapFactory.create(new GoodPeriodMapData("VM1", cols, 0.01, 0.4, 10, 30));
        new ChartFonts(chart).scale(factor);
        return chart;
    }

    record Drawn(BufferedImage image, Rectangle data) {
        boolean ink(int x, int y) {
            int rgb = image.getRGB(x, y) & 0xffffff;
            return ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 3 * 160;
        }
    }

    static Drawn draw(JFreeChart chart, int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new java.awt.geom.Rectangle2D.Double(0, 0, w, h), info);
        g.dispose();
        return new Drawn(img, info.getPlotInfo().getDataArea().getBounds());
    }

    // Seen in present mode: the "30" at the top of the period axis touched the title's last line
    @ParameterizedTest
    @CsvSource({"1.8, 1200, 560", "1.8, 700, 560", "1.5, 560, 300", "1, 560, 300"})
    void theTopTickLabelKeepsClearOfTheTitle(double factor, int w, int h) {
        Drawn d = draw(map(factor), w, h);
        int band = d.data().x - 6; // left of the tick marks: the tick labels and the axis label
        int titleBottom = titleBottom(d, w);
        int tickTop = d.data().y;
        while (tickTop > 0 && inkInRow(d, tickTop - 1, 0, band)) {
            tickTop--;
        }
        assertTrue(tickTop - titleBottom >= 3, "at " + factor + " in " + w + "x" + h + ": the title ends at y "
                + titleBottom + ", the top tick label starts at y " + tickTop);
    }

    // Seen zoomed in a low chart: "VM period T_VM" was longer than the plot was tall and ran into the title
    @ParameterizedTest
    @CsvSource({"1.5, 560, 264", "1.8, 700, 330"})
    void thePeriodAxisLabelStaysBesideThePlot(double factor, int w, int h) {
        Drawn d = draw(map(factor), w, h);
        int titleBottom = titleBottom(d, w);
        int labelLeft = 0; // the axis label's columns: the first run of inked columns beside the plot
        while (labelLeft < d.data().x && !inkInColumn(d, labelLeft)) {
            labelLeft++;
        }
        int labelRight = labelLeft;
        while (labelRight < d.data().x && inkInColumn(d, labelRight)) {
            labelRight++;
        }
        for (int y = titleBottom + 1; y < d.data().y - 2; y++) {
            assertTrue(!inkInRow(d, y, labelLeft, labelRight), "at " + factor + " in " + w + "x" + h + ": the axis label at y " + y
                    + ", between the title (to y " + titleBottom + ") and the plot (from y " + d.data().y + ")");
        }
    }

    /** The last row of the title's ink, right of the plot's left edge and above the plot. */
    static int titleBottom(Drawn d, int w) {
        int bottom = -1;
        for (int y = 0; y < d.data().y - 1; y++) {
            for (int x = d.data().x + 2; x < w; x++) {
                if (d.ink(x, y)) {
                    bottom = y;
                }
            }
        }
        return bottom;
    }

    static boolean inkInColumn(Drawn d, int x) {
        for (int y = d.data().y; y < d.data().y + d.data().height; y++) {
            if (d.ink(x, y)) {
                return true;
            }
        }
        return false;
    }

    static boolean inkInRow(Drawn d, int y, int from, int to) {
        for (int x = from; x < to; x++) {
            if (d.ink(x, y)) {
                return true;
            }
        }
        return false;
    }
}

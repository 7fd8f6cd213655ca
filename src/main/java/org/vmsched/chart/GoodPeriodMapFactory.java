package org.vmsched.chart;

import java.awt.Color;
import org.vmsched.text.Format;

import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.Interval;

/**
 * The good-period map: α on x, T_VM on y; each α column is filled where the period is good
 * (exact sets, THEORY.md §3); isolated good periods are drawn as dots so they stay visible; the
 * VM's current point is a red ring. Dataset 0 holds the region, dataset 1 the points. Stateless.
 */
public final class GoodPeriodMapFactory {

    private GoodPeriodMapFactory() {
    }

    /** Builds the chart. */
    public static JFreeChart create(GoodPeriodMapData d) {
        XYIntervalSeries region = new XYIntervalSeries("good periods");
        XYSeries isolated = new XYSeries("isolated good period", false, true);
        double half = d.columnWidth() / 2;
        double clip = d.yMax() * 10;
        for (GoodPeriodMapData.Column c : d.columns()) {
            for (Interval iv : c.good()) {
                if (iv.isPoint()) {
                    isolated.add(c.alpha(), iv.lo());
                } else {
                    double hi = Math.min(iv.hi(), clip);
                    region.add(c.alpha(), c.alpha() - half, c.alpha() + half, (iv.lo() + hi) / 2, iv.lo(), hi);
                }
            }
        }
        XYIntervalSeriesCollection regionData = new XYIntervalSeriesCollection();
        regionData.addSeries(region);
        XYBarRenderer bars = regionRenderer();

        XYSeries current = new XYSeries("current (α, period)", false, true);
        current.add(d.currentAlpha(), d.currentPeriod());
        XYSeriesCollection points = new XYSeriesCollection();
        points.addSeries(isolated);
        points.addSeries(current);
        XYLineAndShapeRenderer dots = pointRenderer();

        NumberAxis x = new NumberAxis("bandwidth α");
        x.setRange(0, 1);
        NumberAxis y = new SubscriptAxis("VM period T_VM");
        y.setRange(0, d.yMax());
        XYPlot plot = new XYPlot(regionData, x, y, bars);
        plot.setDataset(1, points);
        plot.setRenderer(1, dots);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        JFreeChart chart = new JFreeChart("Good periods of " + d.vmName(), ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart);
        // the hint on a line of its own in the tick font, at the foot of the chart: in the title it
        // wrapped the title onto two lines at 1280×720, and above the plot it would meet the period
        // axis's top tick label; an export drops it (ExportStyle's hints)
        TextTitle hint = new TextTitle("(click to propose α and the period)", ChartStyle.TICK);
        hint.setPaint(Color.DARK_GRAY);
        hint.setPosition(RectangleEdge.BOTTOM);
        chart.addSubtitle(0, hint);
        return chart;
    }

    /** The good intervals as translucent green bars, each with its α and period range as tooltip. */
    private static XYBarRenderer regionRenderer() {
        XYBarRenderer bars = new XYBarRenderer();
        bars.setUseYInterval(true);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(false);
        bars.setSeriesPaint(0, new Color(0x2e, 0x9d, 0x3c, 170));
        bars.setDefaultToolTipGenerator((ds, s, i) -> {
            XYIntervalSeriesCollection c = (XYIntervalSeriesCollection) ds;
            NumberFormat f = Format.labelFormat(3);
            return "α = " + f.format(c.getXValue(s, i)) + ": good T_VM in [" + f.format(c.getStartYValue(s, i)) + ", "
                    + f.format(c.getEndYValue(s, i)) + "]";
        });
        return bars;
    }

    /** Isolated good periods as small dots, the current (α, period) as a ring, each with its values as tooltip. */
    private static XYLineAndShapeRenderer pointRenderer() {
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesPaint(0, new Color(0x10, 0x60, 0x20));
        dots.setSeriesShape(0, new Ellipse2D.Double(-3, -3, 6, 6));
        dots.setSeriesPaint(1, ChartStyle.CURRENT);
        dots.setSeriesShape(1, new Ellipse2D.Double(-7, -7, 14, 14));
        dots.setSeriesShapesFilled(1, false);
        dots.setSeriesStroke(1, ChartStyle.line(3f));
        dots.setDefaultToolTipGenerator((ds, s, i) -> {
            NumberFormat f = Format.labelFormat(3);
            return ds.getSeriesKey(s) + ": α = " + f.format(ds.getXValue(s, i)) + ", T_VM = " + f.format(ds.getYValue(s, i));
        });
        return dots;
    }

    /** The unused-shape helper for legends of region series. */
    static Rectangle2D legendBox() {
        return new Rectangle2D.Double(-6, -6, 12, 12);
    }
}

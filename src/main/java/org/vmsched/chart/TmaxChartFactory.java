package org.vmsched.chart;

import org.vmsched.text.Format;

import java.awt.Color;
import java.awt.Polygon;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.labels.XYToolTipGenerator;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.util.PublicCloneable;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.TmaxCurve;

/**
 * The Tmax chart of one VM (thesis Fig. 4.3): analytic Tmax(α), the upper bound, simulated
 * points and a marker at the VM's current (α, T_VM). Series 0 is the analytic curve among the
 * VM's core mates (what analyze and tmax give), 2 the conclusive simulated points; a simulated
 * point at the search limit is only a lower bound and is drawn as an upward triangle (series 4),
 * one whose run was too short to be conclusive as a hollow square (series 5); series 6 is the
 * curve of the VM alone on a core (the thesis's supply, {@code tmax --alone}), dotted, when the
 * data has it, and then the legend names both settings (issue 17). Stateless.
 */
public final class TmaxChartFactory {

    private TmaxChartFactory() {
    }

    /** Builds the chart. */
    public static JFreeChart create(TmaxChartData d) {
        double scale = d.normalized() && d.t1() > 0 ? 1 / d.t1() : 1;
        List<SimulatedTmaxPoint> openPoints = new ArrayList<>();
        XYSeriesCollection ds = dataset(d, scale, openPoints);
        XYLineAndShapeRenderer r = renderer(ds, openPoints);
        NumberAxis x = new SubscriptAxis("bandwidth α = C_VM / T_VM");
        x.setRange(0, 1);
        NumberAxis y = new NumberAxis(d.normalized() ? "Tmax / T1" : "Tmax (time units)");
        y.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot(ds, x, y, r);
        double top = 0;
        for (int s = 0; s < ds.getSeriesCount(); s += 6) { // the analytic curves: 0, and 6 alone on a core
            XYSeries curve = ds.getSeries(s);
            for (int i = 0; i < curve.getItemCount(); i++) {
                if (curve.getX(i).doubleValue() <= 0.75) {
                    top = Math.max(top, curve.getY(i).doubleValue());
                }
            }
        }
        top = Math.max(top, 2 * d.currentPeriod() * scale) * 1.15;
        if (top > 0) {
            y.setRange(0, top);
        }
        JFreeChart chart = new JFreeChart("Tmax of " + d.vmName(), ChartStyle.TITLE, plot, true);
        chart.getLegend().setBackgroundPaint(Color.WHITE);
        ChartStyle.apply(chart);
        int simulated = ds.getSeries(2).getItemCount() + ds.getSeries(4).getItemCount() + ds.getSeries(5).getItemCount();
        if (simulated > 0 && !d.simulatedNote().isEmpty()) {
            TextTitle note = new TextTitle(d.simulatedNote(), ChartStyle.TICK);
            note.setPaint(ChartStyle.SIMULATED);
            chart.addSubtitle(0, note);
        }
        return chart;
    }

    /**
     * The chart's series in the order the class javadoc numbers them, scaled by {@code scale};
     * the inconclusive simulated points (series 5) are also added to {@code openPoints}, for
     * their tooltips.
     */
    private static XYSeriesCollection dataset(TmaxChartData d, double scale, List<SimulatedTmaxPoint> openPoints) {
        boolean twoSettings = !d.aloneCurve().isEmpty();
        XYSeries analytic = new XYSeries(twoSettings ? "Tmax(α) among its core mates" : "analytic Tmax(α)", false, true);
        XYSeries alone = new XYSeries("Tmax(α) alone on a core", false, true);
        for (TmaxCurve.Point p : d.aloneCurve()) {
            if (Double.isFinite(p.tmax())) {
                alone.add(p.alpha(), p.tmax() * scale);
            }
        }
        XYSeries bound = new XYSeries("upper bound", false, true);
        for (TmaxCurve.Point p : d.curve()) {
            if (Double.isFinite(p.tmax())) {
                analytic.add(p.alpha(), p.tmax() * scale);
            }
            if (Double.isFinite(p.upperBound()) && p.upperBound() > 0) {
                bound.add(p.alpha(), p.upperBound() * scale);
            }
        }
        XYSeries sim = new XYSeries("simulated Tmax", false, true);
        XYSeries atLimit = new XYSeries("simulated Tmax ≥ (search limit)", false, true);
        XYSeries open = new XYSeries("simulated: no miss up to the run's end (not conclusive)", false, true);
        for (SimulatedTmaxPoint p : d.simulated()) {
            if (!Double.isFinite(p.tmax())) {
                continue;
            }
            if (!p.conclusive()) {
                open.add(p.alpha(), p.tmax() * scale);
                openPoints.add(p);
            } else if (p.atSearchLimit()) {
                atLimit.add(p.alpha(), p.tmax() * scale);
            } else {
                sim.add(p.alpha(), p.tmax() * scale);
            }
        }
        XYSeries current = new XYSeries("current (α, period)", false, true);
        current.add(d.currentAlpha(), d.currentPeriod() * scale);
        XYSeriesCollection ds = new XYSeriesCollection();
        ds.addSeries(analytic);
        ds.addSeries(bound);
        ds.addSeries(sim);
        ds.addSeries(current);
        ds.addSeries(atLimit);
        ds.addSeries(open);
        if (twoSettings) {
            ds.addSeries(alone);
        }
        return ds;
    }

    /** How each series of {@link #dataset} is drawn, with its tooltips. */
    private static XYLineAndShapeRenderer renderer(XYSeriesCollection ds, List<SimulatedTmaxPoint> openPoints) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        // each line one stroke: drawn a segment at a time, the upper bound's dashes restarted at each of
        // its ~100 points and it printed solid, like the Tmax curve (issue 30, item 9)
        r.setDrawSeriesLineAsPath(true);
        r.setSeriesPaint(0, ChartStyle.ANALYTIC);
        r.setSeriesStroke(0, ChartStyle.line(2.5f));
        r.setSeriesShapesVisible(0, false);
        r.setSeriesPaint(1, ChartStyle.BOUND);
        r.setSeriesStroke(1, ChartStyle.dashed(2f));
        r.setSeriesShapesVisible(1, false);
        r.setSeriesPaint(2, ChartStyle.SIMULATED);
        r.setSeriesVisibleInLegend(2, ds.getSeries(2).getItemCount() > 0);
        r.setSeriesLinesVisible(2, false);
        r.setSeriesShape(2, new Rectangle2D.Double(-4, -4, 8, 8));
        r.setSeriesPaint(3, ChartStyle.CURRENT);
        r.setSeriesLinesVisible(3, false);
        r.setSeriesShape(3, new Ellipse2D.Double(-7, -7, 14, 14));
        r.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: α = {1}, {2}",
                Format.labelFormat(3), Format.labelFormat(4)));
        r.setSeriesPaint(4, ChartStyle.SIMULATED);
        r.setSeriesLinesVisible(4, false);
        r.setSeriesVisibleInLegend(4, ds.getSeries(4).getItemCount() > 0);
        r.setSeriesShape(4, new Polygon(new int[] {-6, 0, 6}, new int[] {5, -7, 5}, 3));
        r.setSeriesToolTipGenerator(4, new StandardXYToolTipGenerator("simulated Tmax at α = {1}: ≥ {2}, the longest period tried",
                Format.labelFormat(3), Format.labelFormat(4)));
        r.setSeriesPaint(5, ChartStyle.SIMULATED);
        r.setSeriesLinesVisible(5, false);
        r.setSeriesShapesFilled(5, false);
        r.setSeriesVisibleInLegend(5, ds.getSeries(5).getItemCount() > 0);
        r.setSeriesShape(5, new Rectangle2D.Double(-5, -5, 10, 10));
        r.setSeriesPaint(6, ChartStyle.ANALYTIC);
        r.setSeriesStroke(6, ChartStyle.dashed(1.5f));
        r.setSeriesShapesVisible(6, false);
        NumberFormat f = Format.labelFormat(4);
        r.setSeriesToolTipGenerator(5, new Tips((dataset, series, item) -> {
            SimulatedTmaxPoint p = openPoints.get(item);
            return "α = " + f.format(p.alpha()) + ": no miss up to " + f.format(p.horizon()) + " at T = " + f.format(p.tmax())
                    + (p.atSearchLimit() ? " (≥, the longest period tried)" : "")
                    + ", shorter than the run that would prove it (not conclusive)";
        }));
        return r;
    }

    /**
     * A tooltip generator a chart copy may share: the renderer's clone (taken when a chart is
     * exported, {@link ExportStyle}) copies per-series generators and refuses a bare lambda.
     */
    private record Tips(XYToolTipGenerator f)
            implements XYToolTipGenerator, PublicCloneable {
        @Override
        public String generateToolTip(XYDataset dataset, int series, int item) {
            return f.generateToolTip(dataset, series, item);
        }

        @Override
        public Object clone() {
            return this; // immutable
        }
    }
}

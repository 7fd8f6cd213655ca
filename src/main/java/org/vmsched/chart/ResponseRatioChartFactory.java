package org.vmsched.chart;

import org.vmsched.text.Format;

import java.awt.Color;
import java.util.List;
import java.util.TreeSet;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.Bounds;
import org.vmsched.model.Task;
import org.vmsched.progress.Cancellation;

/**
 * max Ri/Ti against T_VM at the VM's α and X (thesis Fig. 4.12), with the lower-bound line,
 * the left bound, the limit 1 and the VM's current period. Series 0 is max Ri/Ti. Stateless.
 */
public final class ResponseRatioChartFactory {

    /** Ratios above this are drawn at the cap. */
    public static final double CAP = 3;

    private ResponseRatioChartFactory() {
    }

    /**
     * Samples max Ri/Ti (RM inside the VM) at {@code samples} periods up to a little past the
     * upper bound; stops early (returns null) when {@code cancel} is cancelled.
     */
    public static ResponseRatioData compute(String vmName, List<Task> tasks, double alpha, double overhead,
                                            double currentPeriod, int samples, Cancellation cancel) {
        Task first = Bounds.firstTask(tasks);
        double ub = Bounds.upperBound(alpha, overhead, first.period(), first.wcet());
        double util = 0;
        for (Task t : tasks) {
            util += t.utilization();
        }
        double left = Bounds.leftBound(alpha, overhead, util);
        double top = Double.isFinite(ub) ? ub * 1.6 : first.period() * 2;
        top = Math.max(top, currentPeriod * 1.3);
        // the current period is sampled too: an isolated good period would fall between grid points
        TreeSet<Double> grid = new TreeSet<>();
        for (int i = 0; i < samples; i++) {
            grid.add(top * (i + 1) / samples);
        }
        if (currentPeriod > 0) {
            grid.add(currentPeriod);
        }
        double[] p = new double[grid.size()];
        double[] r = new double[grid.size()];
        int i = 0;
        for (double period : grid) {
            if (cancel.isCancelled()) {
                return null;
            }
            p[i] = period;
            r[i++] = Bounds.maxResponseRatio(tasks, alpha, overhead, period, CAP);
        }
        return new ResponseRatioData(vmName, alpha, overhead, p, r, first.period(), first.wcet(), left, currentPeriod);
    }

    /** Builds the chart. */
    public static JFreeChart create(ResponseRatioData d) {
        XYSeries ratio = new XYSeries("max Ri/Ti", false, true);
        XYSeries lower = new XYSeries("lower-bound line", false, true);
        for (int i = 0; i < d.periods().length; i++) {
            ratio.add(d.periods()[i], d.ratios()[i]);
            double lb = Bounds.lowerBoundLine(d.alpha(), d.overhead(), d.t1(), d.c1(), d.periods()[i]);
            if (lb <= ResponseRatioChartFactory.CAP) {
                lower.add(d.periods()[i], lb);
            }
        }
        XYSeriesCollection ds = new XYSeriesCollection();
        ds.addSeries(ratio);
        ds.addSeries(lower);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setDrawSeriesLineAsPath(true); // the dashes run on along the lower-bound line's 300 points
        r.setSeriesPaint(0, ChartStyle.ANALYTIC);
        r.setSeriesStroke(0, ChartStyle.line(2.5f));
        r.setSeriesPaint(1, ChartStyle.BOUND);
        r.setSeriesStroke(1, ChartStyle.dashed(2f));
        r.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: T_VM = {1}, {2}",
                Format.labelFormat(3), Format.labelFormat(3)));
        NumberAxis x = new SubscriptAxis("VM period T_VM (α = " + Format.labelFormat(3).format(d.alpha())
                + ", X = " + Format.labelFormat(3).format(d.overhead()) + ")");
        NumberAxis y = new NumberAxis("max Ri / Ti");
        double hi = 1.2;
        for (double v : d.ratios()) {
            hi = Math.max(hi, v);
        }
        y.setRange(0, Math.min(CAP, hi) * 1.08);
        XYPlot plot = new XYPlot(ds, x, y, r);
        ValueMarker limit = ChartStyle.marker(1, ChartStyle.BAD, ChartStyle.line(2f), "limit 1", Color.BLACK,
                RectangleAnchor.TOP_LEFT, TextAnchor.BOTTOM_LEFT);
        plot.addRangeMarker(limit);
        if (Double.isFinite(d.leftBound()) && d.leftBound() > 0) {
            ValueMarker left = ChartStyle.marker(d.leftBound(), Color.GRAY, ChartStyle.dashed(2f), "left bound", Color.BLACK,
                    RectangleAnchor.TOP_RIGHT, TextAnchor.TOP_LEFT);
            plot.addDomainMarker(left);
        }
        ValueMarker cur = ChartStyle.marker(d.currentPeriod(), ChartStyle.CURRENT, ChartStyle.line(2f), "current period",
                ChartStyle.CURRENT,
                RectangleAnchor.BOTTOM_RIGHT, TextAnchor.BOTTOM_LEFT);
        plot.addDomainMarker(cur);
        JFreeChart chart = new JFreeChart("max Ri/Ti of " + d.vmName() + " against the VM period", ChartStyle.TITLE, plot, true);
        return ChartStyle.apply(chart);
    }
}

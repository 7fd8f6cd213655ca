package org.vmsched.chart;

import java.awt.Color;
import java.text.NumberFormat;
import org.vmsched.text.Format;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Response-time CDFs: per task the fraction of simulated jobs done within t, as a staircase,
 * with the analytic Ri as a dashed vertical line of the same colour: no simulated response
 * should pass it. Series i is task i. Stateless.
 */
public final class CdfChartFactory {

    /** Most tasks named in the legend and on the R lines; past that the chart says to hover instead. */
    public static final int MAX_NAMED = 12;

    private CdfChartFactory() {
    }

    /** Builds the chart. */
    public static JFreeChart create(CdfData d) {
        XYSeriesCollection ds = new XYSeriesCollection();
        XYStepRenderer r = new XYStepRenderer();
        NumberFormat f = Format.labelFormat(3);
        r.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: P(R ≤ {1}) = {2}", f, f));
        NumberAxis x = new NumberAxis("response time");
        NumberAxis y = new NumberAxis("fraction of jobs");
        y.setRange(0, 1.05);
        XYPlot plot = new XYPlot(ds, x, y, r);
        double right = 0;
        boolean named = d.tasks().size() <= MAX_NAMED;
        for (int i = 0; i < d.tasks().size(); i++) {
            CdfData.TaskSamples t = d.tasks().get(i);
            XYSeries s = new XYSeries(t.name(), true, true);
            double[] v = t.sortedResponseTimes();
            if (v.length > 0) {
                s.add(0, 0);
            }
            for (int k = 0; k < v.length; k++) {
                s.addOrUpdate(v[k], (k + 1) / (double) v.length);
            }
            ds.addSeries(s);
            right = Math.max(right, v.length > 0 ? v[v.length - 1] : 0);
            r.setSeriesPaint(i, ChartStyle.series(i));
            r.setSeriesStroke(i, ChartStyle.line(2.5f));
            if (t.analyticR() != null && Double.isFinite(t.analyticR())) {
                ValueMarker m = ChartStyle.marker(t.analyticR(), ChartStyle.series(i), ChartStyle.dashed(2f),
                        named ? "R(" + t.name() + ") = " + f.format(t.analyticR()) : null, ChartStyle.series(i),
                        RectangleAnchor.BOTTOM_LEFT, TextAnchor.BOTTOM_RIGHT);
                m.setLabelOffset(new RectangleInsets(0, 0, 20 + 18 * i, 0));
                plot.addDomainMarker(m);
                right = Math.max(right, t.analyticR());
            }
        }
        if (right > 0) {
            // the analytic R lines are markers, which do not widen the axis: widen it so they show
            x.setRange(0, right * 1.08);
        }
        // a legend of 200 tasks fills the chart: past MAX_NAMED the tooltips name the curves
        JFreeChart chart = new JFreeChart("Response times: simulated CDF, analytic R", ChartStyle.TITLE, plot, named);
        ChartStyle.apply(chart);
        if (!named) {
            TextTitle note = new TextTitle(d.tasks().size()
                    + " tasks: legend and R labels left out, hover a curve for its task", ChartStyle.TICK);
            note.setPaint(Color.DARK_GRAY);
            chart.addSubtitle(0, note);
        }
        return chart;
    }
}

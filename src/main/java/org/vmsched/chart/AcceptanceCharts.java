package org.vmsched.chart;

import java.awt.BasicStroke;
import java.awt.geom.Ellipse2D;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.WilsonInterval;

/**
 * The figure of an acceptance study, the figure of every real-time paper: the share of systems
 * each test accepts against the utilisation point, one curve per test, each point with its 95 %
 * Wilson score interval as an error bar (THEORY.md §16.4). No JavaFX. Stateless; each call builds
 * a new chart, owned by the caller.
 */
public final class AcceptanceCharts {

    private AcceptanceCharts() {
    }

    /** The one figure, "acceptance". */
    public static List<ExperimentCharts.Figure> figures(AcceptanceResult r) {
        return List.of(new ExperimentCharts.Figure("acceptance", chart(r), 900, 600));
    }

    /** Share accepted (%) against u, a curve per test with its intervals. */
    public static JFreeChart chart(AcceptanceResult r) {
        List<String> tests = r.study().tests();
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (int t = 0; t < tests.size(); t++) {
            YIntervalSeries s = new YIntervalSeries(tests.get(t), false, true);
            for (int p = 0; p < r.study().u().size(); p++) {
                long n = r.systems(p);
                if (n == 0) {
                    continue;
                }
                long k = r.accepted(p, t);
                WilsonInterval w = WilsonInterval.of(k, n);
                s.add(r.study().u().get(p), 100.0 * k / n, 100 * w.low(), 100 * w.high());
            }
            data.addSeries(s);
        }
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setErrorStroke(new BasicStroke(1.2f));
        renderer.setCapLength(6);
        for (int t = 0; t < tests.size(); t++) {
            renderer.setSeriesPaint(t, ExperimentCharts.color(t));
            renderer.setSeriesStroke(t, new BasicStroke(2f));
            renderer.setSeriesShape(t, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        }
        NumberAxis x = ExperimentCharts.axis("total utilisation / cores");
        x.setRange(0, 1.02);
        NumberAxis y = ExperimentCharts.axis("systems accepted (%)");
        y.setRange(0, 102);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        ExperimentCharts.style(plot);
        JFreeChart chart = new JFreeChart("Acceptance: " + r.experiment().name(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle(r.experiment().sets() + " systems per point, seed " + r.experiment().seed()
                + "; bars: 95 % Wilson score intervals"
                + (tests.contains("simulation") ? "; simulation: no miss seen, an upper bound" : "")));
        ExperimentCharts.finish(chart);
        return chart;
    }
}

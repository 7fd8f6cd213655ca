package org.vmsched.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.OverheadCurve;
import org.vmsched.experiment.OverheadPoint;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.OverheadStudy;
import org.vmsched.experiment.TmaxPoint;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.model.SimulationMode;
import org.vmsched.text.Format;

/**
 * JFreeChart figures of experiment results, laid out like the thesis's: for the Tmax study one
 * figure per u with mean Tmax/T1 against α (one curve per n, the upper bound 1/(2(1 − α))
 * drawn; thesis Fig. 4.5, 4.7, 4.9) above the standard deviation over the mean (Fig. 4.4, 4.6,
 * 4.8); for the overhead study one figure per u with a panel per α, mean max Ri/Ti against
 * T_VM, one curve per X, the schedulability limit 1 and the prediction-model lines (left bound,
 * mean lower-bound line; thesis Section 4.8.2 and Fig. 4.13 to 4.15). No JavaFX. Stateless;
 * each call builds new charts, owned by the caller (JFreeChart objects are not thread-safe).
 */
public final class ExperimentCharts {

    /** Colours for the curves, in order: one per n or per X. */
    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};
    private static final Stroke CURVE = new BasicStroke(2f);
    private static final Stroke BOUND = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f);
    private static final Stroke LEFT = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 4f}, 0f);
    private static final Stroke LIMIT = new BasicStroke(1.4f);
    private static final Font PANEL_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 13);

    private ExperimentCharts() {
    }

    /** A chart with the file name (no extension) and the pixel size it is meant for. */
    public record Figure(String name, JFreeChart chart, int width, int height) {
    }

    /** Every figure of a result, as written to its results folder. */
    public static List<Figure> figures(ExperimentResult r) {
        if (r instanceof TmaxResult t) {
            return tmax(t);
        }
        if (r instanceof AcceptanceResult a) {
            return AcceptanceCharts.figures(a);
        }
        return overhead((OverheadResult) r);
    }

    /** Every figure of a Tmax result, one per u, in grid order. */
    public static List<Figure> tmax(TmaxResult r) {
        List<Figure> out = new ArrayList<>();
        for (double u : r.study().u()) {
            out.add(new Figure("tmax-u" + Format.plain(u), tmaxFigure(r, u), 900, 800));
        }
        return out;
    }

    /** Every figure of an overhead result, one per u with a panel per α, in file order. */
    public static List<Figure> overhead(OverheadResult r) {
        List<Figure> out = new ArrayList<>();
        for (OverheadStudy.Panel p : r.study().panels()) {
            out.add(new Figure("overhead-u" + Format.plain(p.u()), overheadFigure(r, p), 900, 260 * p.alpha().size() + 160));
        }
        return out;
    }

    /** Mean Tmax/T1 (top) and standard deviation over mean (bottom) against α at one u. */
    public static JFreeChart tmaxFigure(TmaxResult r, double u) {
        TmaxStudy st = r.study();
        XYSeriesCollection means = new XYSeriesCollection();
        XYSeriesCollection spreads = new XYSeriesCollection();
        for (int n : st.n()) {
            XYSeries m = new XYSeries("n = " + n, false, true);
            XYSeries s = new XYSeries("n = " + n, false, true);
            for (TmaxPoint p : r.points()) {
                if (p.n() == n && p.u() == u) {
                    m.add(p.alpha(), p.meanTmaxOverT1());
                    s.add(p.alpha(), p.stdOverMean());
                }
            }
            means.addSeries(m);
            spreads.addSeries(s);
        }
        double lo = st.alpha().stream().mapToDouble(Double::doubleValue).min().orElse(0.1);
        double hi = st.alpha().stream().mapToDouble(Double::doubleValue).max().orElse(0.9);
        // The bound at the grid's α, joined by straight lines like the curves, so that a curve
        // below the bound at every α is also drawn below it in between.
        XYSeries bound = new XYSeries("upper bound 1/(2(1 − α))", false, true);
        for (double a : st.alpha()) {
            bound.add(a, 1 / (2 * (1 - a)));
        }

        XYPlot top = new XYPlot(means, null, axis("mean Tmax / T1"), curves(st.n().size(), true));
        top.setDataset(1, new XYSeriesCollection(bound));
        top.setRenderer(1, line(Color.BLACK, BOUND));
        TmaxStudy.Simulated sim = st.simulated();
        if (sim != null) {
            addSimulated(top, r, u);
        }
        top.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        style(top);
        XYPlot bottom = new XYPlot(spreads, null, axis("std. deviation / mean of Tmax"), curves(st.n().size(), true));
        style(bottom);

        NumberAxis x = axis("bandwidth α = C_VM / T_VM");
        x.setRange(Math.max(0, lo - 0.05), Math.min(1, hi + 0.05));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(12);
        plot.add(top, 3);
        plot.add(bottom, 2);
        plot.setFixedLegendItems(tmaxLegend(st));
        JFreeChart chart = new JFreeChart("Tmax study, total utilisation u = " + Format.plain(u), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle(r.experiment().sets() + " task sets per (n, u), seed " + r.experiment().seed()
                + ", overhead X = " + Format.plain(st.overhead()) + "; Tmax exact (largest good VM period)"));
        if (sim != null) {
            chart.addSubtitle(new TextTitle("Markers: the first " + Math.min(sim.sets(), r.experiment().sets())
                    + " sets of each n, rounded to " + Format.plain(1 / sim.resolution())
                    + " time unit (wcet up, period down), simulated in " + sim.mode().jsonName() + " mode "
                    + (sim.mode() == SimulationMode.SYNCHRONOUS
                        ? "for at most " + Format.plain(sim.horizonPeriods()) + " longest task periods per period tried (no miss"
                            + " there is no proof unless the schedule repeats sooner)"
                        : "over " + Format.plain(sim.horizonPeriods()) + " longest task periods")
                    + ", beside the analysis of the same rounded sets"));
        }
        finish(chart);
        return chart;
    }

    /**
     * On a Tmax panel, the simulated markers: dataset 2, the analysis of the same rounded sets as open
     * rings; dataset 3, drawn last, the simulated Tmax as crosses.
     */
    private static void addSimulated(XYPlot top, TmaxResult r, double u) {
        TmaxStudy st = r.study();
        XYSeriesCollection simulated = new XYSeriesCollection();
        XYSeriesCollection rounded = new XYSeriesCollection();
        for (int n : st.n()) {
            XYSeries sm = new XYSeries("simulated n = " + n, false, true);
            XYSeries rd = new XYSeries("analysis of rounded sets n = " + n, false, true);
            for (TmaxPoint p : r.points()) {
                if (p.n() == n && p.u() == u && p.simulated()) {
                    sm.add(p.alpha(), p.meanSimulatedTmaxOverT1());
                    rd.add(p.alpha(), p.meanRoundedAnalyticTmaxOverT1());
                }
            }
            simulated.addSeries(sm);
            rounded.addSeries(rd);
        }
        top.setDataset(2, rounded);
        top.setRenderer(2, markers(st.n().size(), RING, false));
        top.setDataset(3, simulated);
        top.setRenderer(3, markers(st.n().size(), CROSS, true));
    }

    /** The Tmax figure's legend: a curve per n, the upper bound, and the markers when the study simulates. */
    private static LegendItemCollection tmaxLegend(TmaxStudy st) {
        TmaxStudy.Simulated sim = st.simulated();
        LegendItemCollection legend = new LegendItemCollection();
        for (int i = 0; i < st.n().size(); i++) {
            legend.add(item("n = " + st.n().get(i), color(i), CURVE, true));
        }
        legend.add(item("upper bound 1/(2(1 − α))", Color.BLACK, BOUND, false));
        if (sim != null) {
            legend.add(marker("simulated Tmax (" + sim.mode().jsonName() + ")", CROSS, true));
            legend.add(marker("analytic Tmax of the same rounded sets", RING, false));
        }
        return legend;
    }

    /** Mean max Ri/Ti against T_VM at one u: a panel per α, a curve per X, with the prediction model. */
    public static JFreeChart overheadFigure(OverheadResult r, OverheadStudy.Panel panel) {
        OverheadStudy st = r.study();
        double cap = st.responseRatioCap();
        double tMin = st.periods().from();
        double tMax = st.periods().values()[st.periods().values().length - 1];
        NumberAxis x = axis("VM period T_VM");
        x.setRange(0, tMax);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(14);
        for (double alpha : panel.alpha()) {
            plot.add(overheadPanel(r.panel(panel.u(), alpha), alpha, cap, tMax), 1);
        }
        LegendItemCollection legend = new LegendItemCollection();
        for (int i = 0; i < st.overhead().size(); i++) {
            legend.add(item("X = " + Format.plain(st.overhead().get(i)), color(i), CURVE, false));
        }
        legend.add(item("limit max Ri/Ti = 1", Color.BLACK, LIMIT, false));
        legend.add(item("lower-bound line (2(1−α)T + C1 + X)/T1, mean", Color.DARK_GRAY, BOUND, false));
        legend.add(item("left bound T = X/(α − u)", Color.DARK_GRAY, LEFT, false));
        plot.setFixedLegendItems(legend);
        JFreeChart chart = new JFreeChart("Overhead study, total utilisation u = " + Format.plain(panel.u()),
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle("Mean over " + r.experiment().sets() + " sets of " + st.n() + " tasks (seed "
                + r.experiment().seed() + ") of max Ri/Ti at VM periods " + Format.plain(tMin) + " .. " + Format.plain(tMax)
                + "; a ratio counts as " + Format.plain(cap) + " once Ri passes " + Format.plain(cap) + "·Ti"));
        if (st.source() == OverheadStudy.Source.SIMULATION) {
            chart.addSubtitle(new TextTitle("Ri simulated in worst-case mode on each set rounded to " + Format.plain(1 / st.resolution())
                    + " time unit (wcet up, period down); equal to the analysis of the rounded set where that is ≤ 1"));
        }
        finish(chart);
        return chart;
    }

    /** One α's panel: a curve per X, its lower-bound lines and left bounds, the limit Ri/Ti = 1. */
    private static XYPlot overheadPanel(List<OverheadCurve> curves, double alpha, double cap, double tMax) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeriesCollection lower = new XYSeriesCollection();
        for (OverheadCurve c : curves) {
            XYSeries s = new XYSeries("X = " + Format.plain(c.overhead()), false, true);
            for (OverheadPoint p : c.points()) {
                s.add(p.period(), p.meanMaxResponseRatio());
            }
            data.addSeries(s);
            // The line only up to where it leaves the panel: it is a straight line.
            XYSeries lb = new XYSeries("lower bound X = " + Format.plain(c.overhead()), false, true);
            double end = Math.min(tMax, (cap - c.lowerBoundOffset()) / c.lowerBoundSlope());
            lb.add(0, c.lowerBoundLine(0));
            lb.add(end, c.lowerBoundLine(end));
            lower.addSeries(lb);
        }
        NumberAxis y = axis("mean max Ri/Ti");
        y.setRange(0, cap * 1.02);
        XYPlot sub = new XYPlot(data, null, y, curves(curves.size(), false));
        XYLineAndShapeRenderer lr = new XYLineAndShapeRenderer(true, false);
        lr.setDrawSeriesLineAsPath(true);
        for (int i = 0; i < curves.size(); i++) {
            lr.setSeriesPaint(i, color(i));
            lr.setSeriesStroke(i, BOUND);
        }
        sub.setDataset(1, lower);
        sub.setRenderer(1, lr);
        for (int i = 0; i < curves.size(); i++) {
            double left = curves.get(i).leftBound();
            if (Double.isFinite(left) && left <= tMax) {
                ValueMarker m = new ValueMarker(left, color(i), LEFT);
                sub.addDomainMarker(m, Layer.BACKGROUND);
            }
        }
        sub.addRangeMarker(new ValueMarker(1, Color.BLACK, LIMIT), Layer.FOREGROUND);
        XYTextAnnotation title = new XYTextAnnotation("α = " + Format.plain(alpha), tMax * 0.985, cap * 0.97);
        title.setFont(PANEL_FONT);
        title.setTextAnchor(TextAnchor.TOP_RIGHT);
        sub.addAnnotation(title);
        style(sub);
        return sub;
    }

    private static XYLineAndShapeRenderer curves(int count, boolean shapes) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, shapes);
        r.setDrawSeriesLineAsPath(true);
        Shape dot = new Ellipse2D.Double(-3.5, -3.5, 7, 7);
        for (int i = 0; i < count; i++) {
            r.setSeriesPaint(i, color(i));
            r.setSeriesStroke(i, CURVE);
            r.setSeriesShape(i, dot);
        }
        return r;
    }

    private static final Shape CROSS = ShapeUtils.createDiagonalCross(6f, 1.2f);
    private static final Shape RING = new Ellipse2D.Double(-7, -7, 14, 14);

    /** Markers only, one colour per n: filled or as outlines. */
    private static XYLineAndShapeRenderer markers(int count, Shape shape, boolean filled) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setUseFillPaint(false);
        r.setDrawOutlines(true);
        r.setUseOutlinePaint(false);
        for (int i = 0; i < count; i++) {
            r.setSeriesPaint(i, filled ? color(i).darker().darker() : color(i));
            r.setSeriesShape(i, shape);
            r.setSeriesShapesFilled(i, filled);
            r.setSeriesOutlineStroke(i, new BasicStroke(1.6f));
        }
        return r;
    }

    private static LegendItem marker(String label, Shape shape, boolean filled) {
        return new LegendItem(label, null, null, null, true, shape, filled, Color.DARK_GRAY, true, Color.DARK_GRAY,
                new BasicStroke(1.6f), false, new Line2D.Double(-9, 0, 9, 0), CURVE, Color.DARK_GRAY);
    }

    private static XYLineAndShapeRenderer line(Paint paint, Stroke stroke) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setDrawSeriesLineAsPath(true);
        r.setSeriesPaint(0, paint);
        r.setSeriesStroke(0, stroke);
        return r;
    }

    private static LegendItem item(String label, Paint paint, Stroke stroke, boolean shape) {
        LegendItem li = new LegendItem(label, null, null, null, shape, new Ellipse2D.Double(-3.5, -3.5, 7, 7), shape,
                paint, false, paint, stroke, true, new Line2D.Double(-9, 0, 9, 0), stroke, paint);
        return li;
    }

    static NumberAxis axis(String label) {
        NumberAxis a = Subscripts.has(label) ? new SubscriptAxis(label) : new NumberAxis(label);
        a.setAutoRangeIncludesZero(true);
        return a;
    }

    static void style(XYPlot p) {
        p.setBackgroundPaint(Color.WHITE);
        p.setDomainGridlinePaint(new Color(0xdddddd));
        p.setRangeGridlinePaint(new Color(0xdddddd));
        p.setOutlinePaint(Color.GRAY);
    }

    static void finish(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        chart.setAntiAlias(true);
    }

    static Color color(int i) {
        return COLORS[i % COLORS.length];
    }
}

package org.vmsched.chart;

import org.vmsched.text.Format;

import java.awt.geom.Ellipse2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Supply and demand (THEORY.md §2): the server's sbf(t) against the demand staircase Wi(t) of a
 * task under RM (or the VM's dbf(t) under EDF), with the crossing marked: under RM the first t
 * where sbf(t) ≥ Wi(t) is the response time. Dataset 0 is the supply, 1 the demand. Stateless.
 */
public final class SupplyDemandChartFactory {

    private SupplyDemandChartFactory() {
    }

    /** The data for task {@code taskIndex} of the VM (under EDF the whole VM's dbf). */
    public static SupplyDemandData compute(VirtualMachine vm, int taskIndex) {
        return compute(vm, taskIndex, new Supply(vm.period(), vm.budget(), vm.overhead()));
    }

    /** As {@link #compute(VirtualMachine, int)} with the VM's supply among its neighbours (THEORY.md §6). */
    public static SupplyDemandData compute(VirtualMachine vm, int taskIndex, Supply s) {
        List<Task> tasks = vm.tasks();
        Task task = tasks.get(taskIndex);
        if (vm.scheduler().byDeadline()) {
            double maxD = 0;
            for (Task t : tasks) {
                maxD = Math.max(maxD, t.deadline());
            }
            double end = Math.min(Math.max(3 * maxD, s.blackout() * 1.5), 200 * maxD);
            double[][] pts = EdfDemand.demandPoints(tasks, end);
            List<double[]> steps = new ArrayList<>();
            steps.add(new double[] {0, 0});
            double crossT = Double.NaN;
            double crossW = Double.NaN;
            if (pts != null) {
                for (double[] p : pts) {
                    steps.add(p);
                    if (Double.isNaN(crossT) && p[1] > s.sbf(p[0]) + 1e-9) {
                        crossT = p[0];
                        crossW = p[1];
                    }
                }
            }
            return new SupplyDemandData("dbf(t) and sbf(t) of " + vm.name() + " (EDF)", "dbf(t)", supply(s, end),
                    steps.toArray(new double[0][]), crossT, crossW, maxD, end);
        }
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        List<Task> higher = new ArrayList<>();
        for (int idx : order) {
            if (idx == taskIndex) {
                break;
            }
            higher.add(tasks.get(idx));
        }
        List<ResponseTimeAnalysis.Step> it = ResponseTimeAnalysis.explain(s, tasks, taskIndex, task.deadline());
        double r = it.isEmpty() ? Double.POSITIVE_INFINITY : it.get(it.size() - 1).time();
        boolean met = Double.isFinite(r) && r <= task.deadline() * (1 + 1e-9);
        double end = Math.max(task.deadline(), met ? r : 0) * 1.25;
        TreeSet<Double> breaks = new TreeSet<>();
        breaks.add(0.0);
        for (Task h : higher) {
            for (double k = h.period(); k < end && breaks.size() < 20_000; k += h.period()) {
                breaks.add(k);
            }
        }
        List<double[]> steps = new ArrayList<>();
        for (double b : breaks) {
            steps.add(new double[] {b, demandJustAfter(task, higher, b)});
        }
        double crossT = met ? r : Double.NaN;
        double crossW = met ? demandJustAfter(task, higher, Math.nextDown(r)) : Double.NaN;
        return new SupplyDemandData("Supply and demand of " + task.name() + " in " + vm.name(), "W(t) of " + task.name(),
                supply(s, end), steps.toArray(new double[0][]), crossT, crossW, task.deadline(), end);
    }

    private static double demandJustAfter(Task task, List<Task> higher, double t) {
        double w = task.wcet();
        for (Task h : higher) {
            w += (Math.floor(t / h.period()) + 1) * h.wcet();
        }
        return w;
    }

    /** The corners of sbf on [0, end]: flat during the blackout, then rising chunk by chunk. */
    private static double[][] supply(Supply s, double end) {
        List<double[]> pts = new ArrayList<>();
        pts.add(new double[] {0, 0});
        double b = s.blackout();
        if (s.chunk() <= 0 || b >= end) {
            pts.add(new double[] {end, 0});
            return pts.toArray(new double[0][]);
        }
        pts.add(new double[] {b, 0});
        for (double k = 0; pts.size() < 40_000; k++) {
            double up = b + k * s.period() + s.chunk();
            double flatEnd = b + (k + 1) * s.period();
            if (up >= end) {
                pts.add(new double[] {end, s.sbf(end)});
                break;
            }
            pts.add(new double[] {up, s.sbf(up)});
            if (flatEnd >= end) {
                pts.add(new double[] {end, s.sbf(end)});
                break;
            }
            pts.add(new double[] {flatEnd, s.sbf(flatEnd)});
        }
        return pts.toArray(new double[0][]);
    }

    /** The legend of the measured supply series ({@link #create(SupplyDemandData, double[][])}). */
    public static final String MEASURED = "measured supply (least in a window of the trace)";

    /**
     * The chart with the supply a trace measured (docs/linux-loop.md) beside the sbf: {@code measured}
     * holds {t, least supply received in any window of length t}, drawn as points joined (dataset 3)
     * up to the chart's end; null or empty draws the chart without it.
     */
    public static JFreeChart create(SupplyDemandData d, double[][] measured) {
        JFreeChart chart = create(d);
        if (measured == null || measured.length == 0) {
            return chart;
        }
        XYSeries m = new XYSeries(MEASURED, true, true);
        for (double[] p : measured) {
            if (p[0] <= d.end()) {
                m.add(p[0], p[1]);
            }
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        r.setSeriesPaint(0, ChartStyle.SIMULATED);
        r.setSeriesStroke(0, ChartStyle.dashed(2f));
        r.setSeriesShape(0, new Ellipse2D.Double(-4, -4, 8, 8));
        NumberFormat f = Format.labelFormat(3);
        r.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: window {1}, least {2}", f, f));
        XYPlot plot = chart.getXYPlot();
        plot.setDataset(3, new XYSeriesCollection(m));
        plot.setRenderer(3, r);
        return chart;
    }

    /** Builds the chart. */
    public static JFreeChart create(SupplyDemandData d) {
        XYSeries supply = new XYSeries("sbf(t) (least supply)", false, true);
        for (double[] p : d.supply()) {
            supply.add(p[0], p[1]);
        }
        XYSeries demand = new XYSeries(d.demandName() + " (demand)", false, true);
        for (double[] p : d.demand()) {
            demand.add(p[0], p[1]);
        }
        double last = d.demand()[d.demand().length - 1][1];
        demand.add(d.end(), last);
        NumberFormat f = Format.labelFormat(3);
        XYLineAndShapeRenderer sr = new XYLineAndShapeRenderer(true, false);
        sr.setSeriesPaint(0, ChartStyle.ANALYTIC);
        sr.setSeriesStroke(0, ChartStyle.line(2.5f));
        sr.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: t = {1}, {2}", f, f));
        XYStepRenderer dr = new XYStepRenderer();
        dr.setSeriesPaint(0, ChartStyle.BOUND);
        dr.setSeriesStroke(0, ChartStyle.line(2.5f));
        dr.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: from t = {1}, {2}", f, f));
        NumberAxis x = new NumberAxis("time t");
        NumberAxis y = new NumberAxis("work (time units)");
        XYPlot plot = new XYPlot(new XYSeriesCollection(supply), x, y, sr);
        plot.setDataset(1, new XYSeriesCollection(demand));
        plot.setRenderer(1, dr);
        // labelled at its foot: at its top the label met "R = 36" of a task whose R is its deadline
        // (the R label sits up-left of the crossing), and the miss note, both drawn there (issue 19)
        ValueMarker dl = ChartStyle.marker(d.deadline(), ChartStyle.BAD, ChartStyle.dashed(2f), "deadline", ChartStyle.BAD,
                RectangleAnchor.BOTTOM_LEFT, TextAnchor.BOTTOM_RIGHT);
        plot.addDomainMarker(dl);
        if (!Double.isNaN(d.crossT())) {
            XYSeries cross = new XYSeries(d.demandName().startsWith("dbf") ? "first overload" : "crossing: R", false, true);
            cross.add(d.crossT(), d.crossW());
            XYLineAndShapeRenderer cr = new XYLineAndShapeRenderer(false, true);
            boolean bad = d.demandName().startsWith("dbf");
            cr.setSeriesPaint(0, bad ? ChartStyle.BAD : ChartStyle.GOOD);
            cr.setSeriesShape(0, new Ellipse2D.Double(-7, -7, 14, 14));
            plot.setDataset(2, new XYSeriesCollection(cross));
            plot.setRenderer(2, cr);
            XYPointerAnnotation a = new XYPointerAnnotation((bad ? "dbf > sbf at t = " : "R = ") + f.format(d.crossT()),
                    d.crossT(), d.crossW(), -2.3);
            a.setFont(ChartStyle.LABEL);
            a.setTextAnchor(TextAnchor.BOTTOM_RIGHT);
            plot.addAnnotation(a);
        }
        if (Double.isNaN(d.crossT()) && !d.demandName().startsWith("dbf")) {
            XYTextAnnotation miss = new XYTextAnnotation(
                    "sbf never reaches W by the deadline: miss", d.deadline(), last * 1.03);
            miss.setFont(ChartStyle.LABEL);
            miss.setPaint(ChartStyle.BAD);
            miss.setTextAnchor(TextAnchor.BOTTOM_RIGHT);
            plot.addAnnotation(miss);
        }
        JFreeChart chart = new JFreeChart(d.title(), ChartStyle.TITLE, plot, true);
        return ChartStyle.apply(chart);
    }
}

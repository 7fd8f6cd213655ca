package org.vmsched.chart;

import java.awt.Color;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.math3.fraction.BigFraction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.ExactDecimal;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.analysis.mpr.ScheduleSupply;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * The supply chart of a VM of a global policy (THEORY.md §15.17, §15.19, §15.20): the MPR supply of
 * its vCPUs, each budget within Δ of its release, and where the analysis read the host's own schedule
 * its least supply sbf_Q, above it where the schedule gives the budget earlier than Δ allows, with the
 * task's deadline and what proved the VM. Dataset 0 is the MPR supply, 1 the schedule's. Stateless.
 */
public final class GlobalSupplyChartFactory {

    /** The legend of the schedule's least supply. */
    public static final String SCHEDULE = "sbf_Q: host's own schedule";

    private GlobalSupplyChartFactory() {
    }

    /**
     * The data for task {@code taskIndex} of {@code vm}, whose verdict is {@code v}: {@code mpr} its
     * MPR supply, {@code schedule} the least supply of the host's own schedule or null; the latter is
     * drawn where the analysis tried it (the MPR supply did not prove the tasks).
     */
    public static GlobalSupplyData compute(VirtualMachine vm, int taskIndex, VmVerdict v, MprSupply mpr, ScheduleSupply schedule) {
        Task task = vm.tasks().get(taskIndex);
        double period = mpr.period().doubleValue();
        double end = Math.max(2 * task.deadline(), mpr.blackout().doubleValue() + 3 * period);
        BigFraction hi = ExactDecimal.fraction(end);
        List<BigFraction> at = new ArrayList<>(List.of(BigFraction.ZERO));
        at.addAll(mpr.corners(BigFraction.ZERO, hi));
        at.add(hi);
        String mprName = "sbf: MPR (Π = " + Format.exact(period) + ", Θ = "
                + Format.exact(mpr.budget().doubleValue()) + ", m′ = " + mpr.concurrency() + ")";
        boolean tried = schedule != null && v.provedOn() != ProvedOn.EDP;
        double[][] table = null;
        String tableName = null;
        if (tried) {
            List<BigFraction> points = new ArrayList<>(schedule.points(hi));
            points.add(hi);
            table = polyline(points, schedule::sbf);
            tableName = SCHEDULE;
        }
        return new GlobalSupplyData("Supply of " + vm.name() + "'s " + Format.count(vm.vcpus(), "vCPU", "vCPUs"), proof(v),
                mprName, polyline(at, mpr::sbf), tableName, table, task.deadline(),
                "D(" + task.name() + ") = " + Format.screen(task.deadline()), end);
    }

    /**
     * What proved the VM, short enough for a line over the chart: the supply drawn that proved it (the
     * VM's text and the Explain pane name the test too).
     */
    static String proof(VmVerdict v) {
        String on = switch (v.provedOn() == null ? ProvedOn.NONE : v.provedOn()) {
            case EDP -> "sbf, the MPR supply (§15.17)";
            case HOST_SCHEDULE -> "sbf_Q, the host's own schedule (§15.19)";
            case LEVELS -> "the host's own schedule level by level (§15.20)";
            case CORE_EACH_LEVELS -> "its vCPUs level by level, all serving at once (§15.20)";
            case GANG -> "its vCPUs serving together, in the VM's own time (§15.23)";
            case TASK_BY_TASK -> "the supplies tried, each task by its own test (§15.22)";
            case NONE -> null;
        };
        return on == null ? "not proved on any supply tried" : (v.coreNote() == null ? "" : "given its vCPUs' budgets, ") + "proved on " + on;
    }

    private static double[][] polyline(List<BigFraction> at, Function<BigFraction, BigFraction> sbf) {
        double[][] out = new double[at.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = new double[] {at.get(i).doubleValue(), sbf.apply(at.get(i)).doubleValue()};
        }
        return out;
    }

    /** Builds the chart. */
    public static JFreeChart create(GlobalSupplyData d) {
        NumberFormat f = Format.labelFormat(3);
        XYSeries mpr = series(d.mprName(), d.mpr());
        XYLineAndShapeRenderer mr = new XYLineAndShapeRenderer(true, false);
        mr.setSeriesPaint(0, ChartStyle.ANALYTIC);
        mr.setSeriesStroke(0, ChartStyle.line(2.5f));
        mr.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: t = {1}, {2}", f, f));
        XYPlot plot = new XYPlot(new XYSeriesCollection(mpr), new NumberAxis("window length t"),
                new NumberAxis("least supply (time units)"), mr);
        if (d.schedule() != null) {
            XYLineAndShapeRenderer sr = new XYLineAndShapeRenderer(true, false);
            sr.setSeriesPaint(0, ChartStyle.GOOD);
            sr.setSeriesStroke(0, ChartStyle.dashed(2.5f)); // dashed and on top: where the two agree, both show
            sr.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}: t = {1}, {2}", f, f));
            plot.setDataset(1, new XYSeriesCollection(series(d.scheduleName(), d.schedule())));
            plot.setRenderer(1, sr);
            plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        }
        ValueMarker dl = ChartStyle.marker(d.deadline(), ChartStyle.BAD, ChartStyle.dashed(2f), d.deadlineLabel(), ChartStyle.BAD,
                RectangleAnchor.TOP_RIGHT, TextAnchor.TOP_LEFT); // right of the line: a short D is near the axis
        plot.addDomainMarker(dl);
        JFreeChart chart = new JFreeChart(d.title(), ChartStyle.TITLE, plot, true);
        ChartStyle.apply(chart);
        TextTitle proof = new TextTitle(d.proof(), ChartStyle.TICK);
        proof.setPaint(Color.DARK_GRAY);
        chart.addSubtitle(0, proof);
        return chart;
    }

    private static XYSeries series(String name, double[][] points) {
        XYSeries s = new XYSeries(name, false, true);
        for (double[] p : points) {
            s.add(p[0], p[1]);
        }
        return s;
    }
}

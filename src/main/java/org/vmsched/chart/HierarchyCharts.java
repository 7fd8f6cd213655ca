package org.vmsched.chart;

import java.awt.Color;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.CbsReservation;
import org.vmsched.analysis.hier.ReservationSupply;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.experiment.HierarchyComparison;
import org.vmsched.experiment.TwoVmExample;
import org.vmsched.text.Format;

/**
 * Figures of the seed reproductions of issue 10 (THEORY.md §11.6, §11.7): the share of random
 * systems each hierarchy schedules against total utilisation, with the seed's two figures
 * marked; and the supply a reservation gives the seed's VMa against its demand. No JavaFX.
 * Stateless; each call builds a new chart.
 */
public final class HierarchyCharts {

    private HierarchyCharts() {
    }

    /** Percent schedulable against U: CBS/FP, FP/FP (best VM order), FP/FP (VMs by shortest period). */
    public static JFreeChart comparison(HierarchyComparison.Result r) {
        XYSeries cbs = new XYSeries("CBS/FP (least reservations, Σ Q/P ≤ 1)", false, true);
        XYSeries opt = new XYSeries("FP/FP, best VM order (Audsley)", false, true);
        XYSeries rm = new XYSeries("FP/FP, VMs ordered by shortest task period", false, true);
        for (HierarchyComparison.Point p : r.points()) {
            cbs.add(p.u(), p.cbsPercent());
            opt.add(p.u(), p.fpOptimalPercent());
            rm.add(p.u(), p.fpByPeriodPercent());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(cbs);
        data.addSeries(opt);
        data.addSeries(rm);
        XYLineAndShapeRenderer rend = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < 3; i++) {
            rend.setSeriesPaint(i, ChartStyle.series(i));
            rend.setSeriesStroke(i, ChartStyle.line(2f));
        }
        NumberAxis x = new NumberAxis("total utilisation U of the system");
        x.setRange(0, 1);
        NumberAxis y = new NumberAxis("systems schedulable (%)");
        y.setRange(0, 102);
        XYPlot plot = new XYPlot(data, x, y, rend);
        plot.addRangeMarker(ChartStyle.marker(HierarchyComparison.SEED_CBS_FP, ChartStyle.series(0), ChartStyle.dashed(1.2f),
                "seed, all systems: CBS/FP 88.4 %", Color.DARK_GRAY, RectangleAnchor.BOTTOM_LEFT, TextAnchor.TOP_LEFT));
        plot.addRangeMarker(ChartStyle.marker(HierarchyComparison.SEED_FP_FP, ChartStyle.series(2), ChartStyle.dashed(1.2f),
                "seed, all systems: FP/FP 72 %", Color.DARK_GRAY, RectangleAnchor.BOTTOM_LEFT, TextAnchor.TOP_LEFT));
        JFreeChart chart = new JFreeChart("CBS/FP against FP/FP on random systems", ChartStyle.TITLE, plot, true);
        HierarchyComparison.Params p = r.params();
        chart.addSubtitle(new TextTitle(String.format(Locale.ROOT,
                "%d systems per U, seed %d; over all: CBS/FP %s %%, FP/FP %s %% (best order), %s %% (by period)",
                p.systems(), p.seed(), Format.fixed(r.cbsPercent(), 1), Format.fixed(r.fpOptimalPercent(), 1),
                Format.fixed(r.fpByPeriodPercent(), 1))));
        chart.addSubtitle(new TextTitle(String.format(Locale.ROOT,
                "%d–%d VMs, %d–%d tasks each, periods %d–%d ms, RM inside, overhead %d µs",
                p.minVms(), p.maxVms(), p.minTasks(), p.maxTasks(), p.periodMinMs(), p.periodMaxMs(), p.overheadUs())));
        return ChartStyle.apply(chart);
    }

    /**
     * VMa's τ2 demand (Σ ⌈t/Ti⌉·Ci of both tasks) and the least supply of three servers of period 50:
     * a CBS with 27 (fresh at each release, B = P − Q), a periodic server with 27 and one with 32
     * (any phase, B = 2(P − Q)). Times in ms.
     */
    public static JFreeChart twoVmSupply() {
        List<TickTask> tasks = TwoVmExample.VMA;
        long ms = TwoVmExample.MS;
        XYSeries demand = new XYSeries("VMa demand, τ1 + τ2 (RM)", false, true);
        for (long t = 0; t <= 200; t++) {
            long w = 0;
            long after = 0; // just after t, where a release at t has arrived
            for (TickTask tk : tasks) {
                w += ((t * ms + tk.period() - 1) / tk.period()) * tk.wcet();
                after += (t * ms / tk.period() + 1) * tk.wcet();
            }
            demand.add(t, w / (double) ms);
            if (after != w && t < 200) {
                demand.add(t, after / (double) ms);
            }
        }
        XYSeriesCollection data = new XYSeriesCollection(demand);
        addSupply(data, "CBS (27, 50): fresh at every release, B = 23", CbsFp.supply(CbsReservation.of(27 * ms, 50 * ms, 0), 0,
                CbsFp.Phase.ALIGNED));
        addSupply(data, "periodic server (27, 50), any phase: B = 46", CbsFp.supply(CbsReservation.of(27 * ms, 50 * ms, 0), 0,
                CbsFp.Phase.ANY));
        addSupply(data, "periodic server (32, 50), any phase: B = 36", CbsFp.supply(CbsReservation.of(32 * ms, 50 * ms, 0), 0,
                CbsFp.Phase.ANY));
        XYLineAndShapeRenderer rend = new XYLineAndShapeRenderer(true, false);
        rend.setDrawSeriesLineAsPath(true); // the dashes run on along the dashed supply's 200 points
        rend.setSeriesPaint(0, Color.BLACK);
        rend.setSeriesStroke(0, ChartStyle.line(2.2f));
        for (int i = 1; i < 4; i++) {
            rend.setSeriesPaint(i, ChartStyle.series(i - 1));
            rend.setSeriesStroke(i, i == 2 ? ChartStyle.dashed(2f) : ChartStyle.line(2f));
        }
        NumberAxis x = new NumberAxis("window length t (ms)");
        x.setRange(0, 200);
        NumberAxis y = new NumberAxis("time (ms)");
        XYPlot plot = new XYPlot(data, x, y, rend);
        plot.addDomainMarker(ChartStyle.marker(150, Color.GRAY, ChartStyle.dashed(1f), "τ2 needs 80 by t = 150",
                Color.DARK_GRAY, RectangleAnchor.TOP_LEFT, TextAnchor.TOP_RIGHT));
        JFreeChart chart = new JFreeChart("Seed's VMa: what a CBS and a periodic server guarantee", ChartStyle.TITLE, plot, true);
        chart.addSubtitle(new TextTitle("VMa = {(30, 150), (50, 200)} ms; τ2 meets its deadline where a supply reaches the demand"));
        return ChartStyle.apply(chart);
    }

    private static void addSupply(XYSeriesCollection data, String name, ReservationSupply s) {
        XYSeries ser = new XYSeries(name, false, true);
        long ms = TwoVmExample.MS;
        for (long t = 0; t <= 200; t++) {
            ser.add(t, s.sbf(t * ms) / (double) ms);
        }
        data.addSeries(ser);
    }
}

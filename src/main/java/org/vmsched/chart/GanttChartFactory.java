package org.vmsched.chart;

import java.awt.Color;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.GeneralPath;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The Gantt chart of a simulation trace: time on x, one lane per core and per task on y. VM
 * slices are coloured per VM, overhead dark grey, late execution red; releases are up
 * triangles, deadlines down triangles, misses red crosses. Hovering shows the slice. Stateless.
 */
public final class GanttChartFactory {

    private static final double HALF = 0.35;

    private GanttChartFactory() {
    }

    /** Builds the chart over the trace's whole time range. */
    public static JFreeChart create(GanttData d) {
        return create(d, d.start(), d.end());
    }

    /** Builds the chart showing the time window [from, to] (zoom by the user still works). */
    public static JFreeChart create(GanttData d, double from, double to) {
        int n = d.lanes().size();
        Map<String, XYIntervalSeries> bySeries = new LinkedHashMap<>();
        Map<String, Paint> paints = new HashMap<>();
        Map<String, List<String>> tips = new HashMap<>();
        int vmColour = 0;
        for (int li = 0; li < n; li++) {
            GanttData.Lane lane = d.lanes().get(li);
            double y = n - 1 - li;
            for (GanttData.Slice s : lane.slices()) {
                String key;
                Paint paint;
                switch (s.kind()) {
                    case OVERHEAD -> {
                        key = "overhead";
                        paint = ChartStyle.OVERHEAD;
                    }
                    case VM -> {
                        key = s.owner();
                        paint = paints.containsKey(key) ? paints.get(key) : ChartStyle.series(vmColour++);
                    }
                    default -> {
                        key = s.late() ? "late execution" : "execution";
                        paint = s.late() ? ChartStyle.BAD : ChartStyle.GOOD;
                    }
                }
                XYIntervalSeries series = bySeries.computeIfAbsent(key, XYIntervalSeries::new);
                paints.putIfAbsent(key, paint);
                series.add((s.start() + s.end()) / 2, s.start(), s.end(), y, y - HALF, y + HALF);
                tips.computeIfAbsent(key, k -> new ArrayList<>()).add(lane.name() + ": " + s.owner() + " "
                        + fmt(s.start()) + "–" + fmt(s.end()) + (s.kind() == GanttData.SliceKind.OVERHEAD ? " (overhead)" : ""));
            }
        }
        XYIntervalSeriesCollection slices = new XYIntervalSeriesCollection();
        List<List<String>> tipList = new ArrayList<>();
        XYBarRenderer bars = new XYBarRenderer();
        bars.setUseYInterval(true);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(true);
        bars.setDefaultOutlinePaint(Color.WHITE);
        int si = 0;
        for (Map.Entry<String, XYIntervalSeries> e : bySeries.entrySet()) {
            slices.addSeries(e.getValue());
            bars.setSeriesPaint(si++, paints.get(e.getKey()));
            tipList.add(tips.get(e.getKey()));
        }
        bars.setDefaultToolTipGenerator((ds, s, i) -> tipList.get(s).get(i));

        XYSeries release = new XYSeries("release", false, true);
        XYSeries deadline = new XYSeries("deadline", false, true);
        XYSeries miss = new XYSeries("miss", false, true);
        List<String> releaseTips = new ArrayList<>();
        List<String> deadlineTips = new ArrayList<>();
        List<String> missTips = new ArrayList<>();
        for (int li = 0; li < n; li++) {
            GanttData.Lane lane = d.lanes().get(li);
            double y = n - 1 - li;
            for (GanttData.Mark m : lane.marks()) {
                String tip = lane.name() + ": " + m.label() + " at " + fmt(m.time());
                switch (m.kind()) {
                    case RELEASE -> {
                        release.add(m.time(), y - HALF);
                        releaseTips.add(tip);
                    }
                    case DEADLINE -> {
                        deadline.add(m.time(), y + HALF);
                        deadlineTips.add(tip);
                    }
                    default -> {
                        miss.add(m.time(), y);
                        missTips.add(tip);
                    }
                }
            }
        }
        XYSeriesCollection marks = new XYSeriesCollection();
        marks.addSeries(release);
        marks.addSeries(deadline);
        marks.addSeries(miss);
        List<List<String>> markTips = List.of(releaseTips, deadlineTips, missTips);
        XYLineAndShapeRenderer mr = new XYLineAndShapeRenderer(false, true);
        mr.setSeriesPaint(0, Color.BLACK);
        mr.setSeriesShape(0, triangle(true));
        mr.setSeriesPaint(1, new Color(0x44, 0x44, 0x44));
        mr.setSeriesShape(1, triangle(false));
        mr.setSeriesPaint(2, ChartStyle.BAD);
        mr.setSeriesShape(2, cross());
        mr.setDefaultToolTipGenerator((ds, s, i) -> markTips.get(s).get(i));

        String[] names = new String[n];
        for (int li = 0; li < n; li++) {
            names[n - 1 - li] = d.lanes().get(li).name();
        }
        SymbolAxis y = new SymbolAxis(null, names);
        y.setGridBandsVisible(false);
        NumberAxis x = new NumberAxis("time");
        x.setRange(from, Math.max(to, from + 1e-9));
        XYPlot plot = new XYPlot(slices, x, y, bars);
        plot.setDataset(1, marks);
        plot.setRenderer(1, mr);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        JFreeChart chart = new JFreeChart("Simulation trace", ChartStyle.TITLE, plot, true);
        return ChartStyle.apply(chart);
    }

    private static String fmt(double t) {
        return new DecimalFormat("0.###").format(t);
    }

    private static Shape triangle(boolean up) {
        GeneralPath p = new GeneralPath();
        float s = up ? 1 : -1;
        p.moveTo(0, -6 * s);
        p.lineTo(5, 3 * s);
        p.lineTo(-5, 3 * s);
        p.closePath();
        return p;
    }

    private static Shape cross() {
        GeneralPath p = new GeneralPath();
        p.moveTo(-6, -6);
        p.lineTo(6, 6);
        p.moveTo(-6, 6);
        p.lineTo(6, -6);
        return new java.awt.BasicStroke(3f).createStrokedShape(p);
    }
}

package org.vmsched.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.GeneralPath;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.vmsched.text.Format;

/**
 * The marks on a Gantt chart's lanes ({@link GanttChartFactory}): releases as up triangles,
 * deadlines as down triangles, misses as red crosses, migrations as small marks, each with its
 * tooltip, in the lanes' y positions (the first lane on top). Immutable.
 *
 * @param dataset the four series: release, deadline, miss, migration
 * @param renderer their shapes, paints and tooltips
 * @param misses how many misses there are (the subtitle says it)
 */
record GanttMarks(XYSeriesCollection dataset, XYLineAndShapeRenderer renderer, int misses) {

    private static final double HALF = LaneAxis.HALF_BAR;

    /** The marks of every lane of {@code d}. */
    static GanttMarks of(GanttData d) {
        int n = d.lanes().size();
        XYSeries release = new XYSeries("release", false, true);
        XYSeries deadline = new XYSeries("deadline", false, true);
        XYSeries miss = new XYSeries("miss", false, true);
        XYSeries migration = new XYSeries("migration", false, true);
        List<String> migrationTips = new ArrayList<>();
        List<String> releaseTips = new ArrayList<>();
        List<String> deadlineTips = new ArrayList<>();
        List<String> missTips = new ArrayList<>();
        for (int li = 0; li < n; li++) {
            GanttData.Lane lane = d.lanes().get(li);
            double y = n - 1 - li;
            for (GanttData.Mark m : lane.marks()) {
                String tip = lane.name() + ": " + m.label() + " at " + Format.label(m.time(), true);
                switch (m.kind()) {
                    case RELEASE -> {
                        release.add(m.time(), y - HALF);
                        releaseTips.add(tip);
                    }
                    case DEADLINE -> {
                        deadline.add(m.time(), y + HALF);
                        deadlineTips.add(tip);
                    }
                    case MIGRATION -> {
                        migration.add(m.time(), y + HALF);
                        migrationTips.add(tip);
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
        marks.addSeries(migration);
        List<List<String>> markTips = List.of(releaseTips, deadlineTips, missTips, migrationTips);
        return new GanttMarks(marks, markRenderer(marks, markTips), miss.getItemCount());
    }

    /** Releases as up triangles, deadlines as down triangles, misses as red crosses, migrations as small marks. */
    private static XYLineAndShapeRenderer markRenderer(XYSeriesCollection marks, List<List<String>> markTips) {
        XYLineAndShapeRenderer mr = new GanttRenderers.LaneMarks();
        mr.setSeriesPaint(0, Color.BLACK);
        mr.setSeriesShape(0, triangle(true));
        mr.setSeriesPaint(1, new Color(0x44, 0x44, 0x44));
        mr.setSeriesShape(1, triangle(false));
        mr.setSeriesPaint(2, ChartStyle.BAD);
        mr.setSeriesShape(2, cross());
        mr.setSeriesVisibleInLegend(0, marks.getSeries(0).getItemCount() > 0);
        mr.setSeriesVisibleInLegend(1, marks.getSeries(1).getItemCount() > 0);
        mr.setSeriesVisibleInLegend(2, marks.getSeries(2).getItemCount() > 0);
        mr.setSeriesPaint(3, new Color(0x1f, 0x5f, 0xbf));
        // a core lane can have a migration every few time units: small marks leave the lane's slices in view
        mr.setSeriesShape(3, triangle(false, 0.5));
        mr.setSeriesVisibleInLegend(3, marks.getSeries(3).getItemCount() > 0);
        mr.setDefaultToolTipGenerator((ds, s, i) -> markTips.get(s).get(i));
        return mr;
    }

    private static Shape triangle(boolean up) {
        return triangle(up, 1);
    }

    /** A triangle 10 px wide and 9 px high times {@code scale}, pointing up or down. */
    private static Shape triangle(boolean up, double scale) {
        GeneralPath p = new GeneralPath();
        float s = (float) ((up ? 1 : -1) * scale);
        float w = (float) scale;
        p.moveTo(0, -6 * s);
        p.lineTo(5 * w, 3 * s);
        p.lineTo(-5 * w, 3 * s);
        p.closePath();
        return p;
    }

    private static Shape cross() {
        GeneralPath p = new GeneralPath();
        p.moveTo(-6, -6);
        p.lineTo(6, 6);
        p.moveTo(-6, 6);
        p.lineTo(6, -6);
        return new BasicStroke(3f).createStrokedShape(p);
    }
}

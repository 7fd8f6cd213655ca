package org.vmsched.chart;

import java.util.ArrayList;
import java.util.List;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * The Gantt chart's bars, each with the {@link GanttData.Slice} it draws: what a bar's position
 * does not say (its virtual CPU and job, its owner) stays at hand for the tooltips and for the
 * chart's data export ({@link ChartCsv}). Filled by {@link GanttChartFactory} only; not thread-safe.
 */
final class GanttSlices extends XYIntervalSeriesCollection {

    private static final long serialVersionUID = 1L;

    private final transient List<List<GanttData.Slice>> slices = new ArrayList<>();

    /** Adds {@code series}, whose item i draws {@code items.get(i)}. */
    void addSeries(XYIntervalSeries series, List<GanttData.Slice> items) {
        super.addSeries(series);
        slices.add(items);
    }

    /** The slice item {@code item} of series {@code series} draws. */
    GanttData.Slice slice(int series, int item) {
        return slices.get(series).get(item);
    }

    /** True when some slice names a virtual CPU: a global run's chart. */
    boolean namesVcpus() {
        for (List<GanttData.Slice> series : slices) {
            for (GanttData.Slice s : series) {
                if (s.vcpu() >= 0) {
                    return true;
                }
            }
        }
        return false;
    }
}

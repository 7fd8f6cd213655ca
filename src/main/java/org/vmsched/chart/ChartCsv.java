package org.vmsched.chart;

import org.vmsched.text.Csv;
import org.vmsched.text.Format;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The data behind an XY chart as CSV text a reader understands without the window: columns
 * named after the chart's axes with their units, and no plotting artefacts (bar widths, lane
 * positions). Three shapes:
 * <ul>
 *   <li>a chart with named lanes (the Gantt chart): {@code lane,series,time start,time end} for
 *       each slice and {@code lane,series,time,} for each mark (release, deadline, miss); for a
 *       global run then {@code vcpu,task,job release}, a slice's virtual CPU, and its job's task and release;</li>
 *   <li>a chart of ranges (the good-period map): {@code series,x,y from,y to};</li>
 *   <li>any other XY chart (curves, points, CDF steps): {@code series,x,y}.</li>
 * </ul>
 * Stateless.
 */
public final class ChartCsv {

    private static final Pattern TIME = Pattern.compile("\\b(time|period|T_VM|Tmax)\\b");

    private ChartCsv() {
    }

    /** The chart's data as CSV (header line first); just a header when it has none. */
    public static String toCsv(JFreeChart chart) {
        if (!(chart.getPlot() instanceof XYPlot plot)) {
            return "series,x,y\n";
        }
        String xName = column(plot.getDomainAxis() == null ? null : plot.getDomainAxis().getLabel(), "x");
        String yName = column(plot.getRangeAxis() == null ? null : plot.getRangeAxis().getLabel(), "y");
        ValueAxis range = plot.getRangeAxis();
        if (range instanceof SymbolAxis lanes) {
            return lanes(plot, lanes, xName);
        }
        boolean ranges = false;
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            ranges |= isRanges(plot.getDataset(d));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("series,").append(quote(xName)).append(',');
        if (ranges) {
            sb.append(quote(yName + " from")).append(',').append(quote(yName + " to")).append('\n');
        } else {
            sb.append(quote(yName)).append('\n');
        }
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            if (ds == null) {
                continue;
            }
            boolean interval = ranges && isRanges(ds);
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                String key = quote(String.valueOf(ds.getSeriesKey(s)));
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    sb.append(key).append(',').append(Format.csv(ds.getXValue(s, i))).append(',');
                    if (interval) {
                        IntervalXYDataset iv = (IntervalXYDataset) ds;
                        sb.append(Format.csv(iv.getStartYValue(s, i))).append(',').append(Format.csv(iv.getEndYValue(s, i)));
                    } else if (ranges) {
                        // a point on a chart of ranges: a range of one value
                        sb.append(Format.csv(ds.getYValue(s, i))).append(',').append(Format.csv(ds.getYValue(s, i)));
                    } else {
                        sb.append(Format.csv(ds.getYValue(s, i)));
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    /**
     * Slices and marks by lane name: a slice's start and end, a mark's instant (end empty); when the
     * slices name virtual CPUs (a global run), then each slice's vCPU and job (its task and release
     * time), empty where it has none and on a mark.
     */
    private static String lanes(XYPlot plot, SymbolAxis lanes, String xName) {
        boolean vcpus = false;
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            vcpus |= plot.getDataset(d) instanceof GanttSlices g && g.namesVcpus();
        }
        StringBuilder sb = new StringBuilder("lane,series,").append(quote(xName + " start")).append(',')
                .append(quote(xName + " end"));
        if (vcpus) {
            sb.append(",vcpu,task,job release (time units)"); // the trace's vcpu; the job by its task and release, in the time axis's unit
        }
        sb.append('\n');
        String[] names = lanes.getSymbols();
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            if (ds == null) {
                continue;
            }
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                String key = quote(String.valueOf(ds.getSeriesKey(s)));
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    long lane = Math.round(ds.getYValue(s, i));
                    String name = lane >= 0 && lane < names.length ? names[(int) lane] : "";
                    sb.append(quote(name)).append(',').append(key).append(',');
                    if (isRanges(ds) && ds instanceof IntervalXYDataset iv) {
                        sb.append(Format.csv(iv.getStartXValue(s, i))).append(',').append(Format.csv(iv.getEndXValue(s, i)));
                    } else {
                        sb.append(Format.csv(ds.getXValue(s, i))).append(',');
                    }
                    if (vcpus) {
                        GanttData.Slice slice = ds instanceof GanttSlices g ? g.slice(s, i) : null;
                        sb.append(',').append(slice == null || slice.vcpu() < 0 ? "" : String.valueOf(slice.vcpu()))
                                .append(',').append(slice == null || slice.task() == null ? "" : quote(slice.task()))
                                .append(',').append(slice == null ? "" : Format.csv(slice.release()));
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    /**
     * A column name from an axis label, with its unit: times and periods are in the scenario's
     * time unit; a label that already states a unit or a ratio keeps it.
     */
    static String column(String label, String fallback) {
        if (label == null || label.isBlank()) {
            return fallback;
        }
        String l = label.strip();
        if (l.contains("(") || l.contains("/ T1") || l.contains("Ri / Ti") || l.startsWith("fraction")) {
            return l;
        }
        if (TIME.matcher(l).find()) {
            return l + " (time units)";
        }
        if (l.contains("α")) {
            return l + " (share of a core)";
        }
        return l;
    }

    /** A CSV field ({@link Csv#quote}: quoted when it holds a comma, quote, "\r" or "\n"). */
    static String quote(String s) {
        return Csv.quote(s);
    }

    /** A dataset whose items are ranges (bars, bands), not just points drawn as bars. */
    private static boolean isRanges(XYDataset ds) {
        return ds instanceof IntervalXYDataset && !(ds instanceof XYSeriesCollection)
                && !(ds instanceof DefaultTableXYDataset);
    }
}

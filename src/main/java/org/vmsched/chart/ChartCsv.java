package org.vmsched.chart;

import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;

/**
 * The data behind an XY chart as CSV text: one row per item with the dataset, series, x and y
 * (and the x/y intervals for interval datasets such as the good-period map and the Gantt chart).
 * Stateless.
 */
public final class ChartCsv {

    private ChartCsv() {
    }

    /** CSV with header {@code dataset,series,x,y,x_start,x_end,y_start,y_end}. */
    public static String toCsv(JFreeChart chart) {
        StringBuilder sb = new StringBuilder("dataset,series,x,y,x_start,x_end,y_start,y_end\n");
        if (!(chart.getPlot() instanceof XYPlot plot)) {
            return sb.toString();
        }
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            if (ds == null) {
                continue;
            }
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                String key = quote(String.valueOf(ds.getSeriesKey(s)));
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    sb.append(d).append(',').append(key).append(',').append(num(ds.getXValue(s, i))).append(',')
                            .append(num(ds.getYValue(s, i)));
                    if (ds instanceof IntervalXYDataset iv) {
                        sb.append(',').append(num(iv.getStartXValue(s, i))).append(',').append(num(iv.getEndXValue(s, i)))
                                .append(',').append(num(iv.getStartYValue(s, i))).append(',').append(num(iv.getEndYValue(s, i)));
                    } else {
                        sb.append(",,,,");
                    }
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    /** A CSV field, quoted when it holds a comma, quote or newline. */
    public static String quote(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%s", v);
    }
}

package org.vmsched.chart;

import java.util.List;
import org.vmsched.analysis.Interval;

/**
 * The good-period map of one VM: for each bandwidth column its exact good VM periods, the
 * column width, the VM's current (α, T_VM) and the top of the y range. Immutable.
 */
public record GoodPeriodMapData(String vmName, List<Column> columns, double columnWidth, double currentAlpha,
                                double currentPeriod, double yMax) {

    /** One α column and its good periods (intervals and isolated points). */
    public record Column(double alpha, List<Interval> good) {
        public Column {
            good = List.copyOf(good);
        }
    }

    public GoodPeriodMapData {
        columns = List.copyOf(columns);
    }
}

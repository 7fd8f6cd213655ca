package org.vmsched.ui.analysis;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.value.ObservableValue;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.GlobalSupplyChartFactory;
import org.vmsched.chart.GoodPeriodMapFactory;
import org.vmsched.chart.ResponseRatioChartFactory;
import org.vmsched.chart.SupplyDemandChartFactory;
import org.vmsched.chart.TmaxChartFactory;

/**
 * Draws the analysis's charts from what {@link AnalysisViewModel} holds ({@link AnalysisChart}),
 * with the chart factories, for {@link ChartsView} (issue 31: a ViewModel holds a chart's data,
 * its View draws it). Stateless.
 */
public final class ChartDrawing {

    private ChartDrawing() {
    }

    /** The chart of {@code c}; null for null (nothing analysed yet). */
    public static JFreeChart of(AnalysisChart c) {
        if (c == null) {
            return null;
        }
        if (c instanceof AnalysisChart.Message m) {
            return ChartStyle.message(m.title(), m.text());
        }
        if (c instanceof AnalysisChart.Tmax t) {
            return TmaxChartFactory.create(t.data());
        }
        if (c instanceof AnalysisChart.Map m) {
            return GoodPeriodMapFactory.create(m.data());
        }
        if (c instanceof AnalysisChart.Ratio r) {
            return ResponseRatioChartFactory.create(r.data());
        }
        if (c instanceof AnalysisChart.GlobalSupply g) {
            return GlobalSupplyChartFactory.create(g.data());
        }
        AnalysisChart.Supply s = (AnalysisChart.Supply) c;
        return SupplyDemandChartFactory.create(s.data(), s.measured());
    }

    /** The chart of {@code chart}'s value, drawn again whenever it changes; keep it while shown. */
    public static ObjectBinding<JFreeChart> of(ObservableValue<AnalysisChart> chart) {
        return Bindings.createObjectBinding(() -> of(chart.getValue()), chart);
    }
}

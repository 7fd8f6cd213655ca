package org.vmsched.ui.analysis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import org.vmsched.chart.SimulatedTmaxPoint;
import org.vmsched.chart.SupplyDemandData;
import org.vmsched.chart.TmaxChartData;

/**
 * What the analysis charts show beside the analysis ({@link AnalysisViewModel}): the Tmax points
 * simulated for each VM, with a note on how, and each VM's supply measured in an imported trace;
 * each drawn on the chart shown as soon as it is set, and on every chart the analysis draws later;
 * and the Tmax chart shown redrawn when its axis switches to Tmax/T1 and back. Sets the Tmax and
 * supply chart properties it is given. Set and shown on the ui thread; the
 * measured supply and the note may be read from any thread.
 */
final class ChartOverlays {

    private final ObjectProperty<TmaxChartData> tmaxData;
    private final ObjectProperty<AnalysisChart> tmaxChart;
    private final ObjectProperty<AnalysisChart> supplyChart;
    private final Map<String, List<SimulatedTmaxPoint>> simulatedTmax = new HashMap<>();
    private volatile String simulatedNote = "";
    /** Each VM's measured supply from an imported trace, drawn on its sbf chart; empty for none. */
    private volatile Map<String, double[][]> measuredSupply = Map.of();
    /** The supply chart's data shown and its VM, to draw it again with a measured supply. */
    private SupplyDemandData supplyData;
    private String supplyVm;

    /** Redraws the Tmax chart shown whenever {@code normalized} switches its axis (Tmax or Tmax/T1). */
    ChartOverlays(ObjectProperty<TmaxChartData> tmaxData, ObjectProperty<AnalysisChart> tmaxChart,
                  ObjectProperty<AnalysisChart> supplyChart, ReadOnlyBooleanProperty normalized) {
        this.tmaxData = tmaxData;
        this.tmaxChart = tmaxChart;
        this.supplyChart = supplyChart;
        normalized.addListener((o, a, b) -> {
            TmaxChartData d = tmaxData.get();
            if (d != null) {
                TmaxChartData n = d.withNormalized(b);
                tmaxData.set(n);
                tmaxChart.set(new AnalysisChart.Tmax(n));
            }
        });
    }

    /** The simulated Tmax points by VM name, a copy for a request to draw. */
    Map<String, List<SimulatedTmaxPoint>> simulatedTmax() {
        return new HashMap<>(simulatedTmax);
    }

    /** The note on how the Tmax points were simulated; "" for none. */
    String simulatedNote() {
        return simulatedNote;
    }

    /** Each VM's measured supply by VM name, as set last; empty for none. */
    Map<String, double[][]> measuredSupply() {
        return measuredSupply;
    }

    /**
     * Shows {@code supply}, the supply chart of {@code sd} for VM {@code vm} made with the measured
     * supplies {@code measured}, or that chart again with the measured supply set since.
     */
    void showSupply(SupplyDemandData sd, String vm, Map<String, double[][]> measured, AnalysisChart supply) {
        supplyData = sd;
        supplyVm = vm;
        supplyChart.set(measured == measuredSupply ? supply
                : new AnalysisChart.Supply(sd, measuredSupply.get(vm)));
    }

    /** The supply chart shown is a message: a measured supply set later draws no chart. */
    void noSupplyShown() {
        supplyData = null;
    }

    /** See {@link AnalysisViewModel#clearSimulatedTmax()}. */
    void clearSimulatedTmax() {
        simulatedTmax.clear();
        simulatedNote = "";
        TmaxChartData d = tmaxData.get();
        if (d != null && !d.simulated().isEmpty()) {
            TmaxChartData n = d.withSimulated(List.of(), "");
            tmaxData.set(n);
            tmaxChart.set(new AnalysisChart.Tmax(n));
        }
    }

    /** See {@link AnalysisViewModel#setMeasuredSupply}. */
    void setMeasuredSupply(Map<String, double[][]> byVm) {
        measuredSupply = Map.copyOf(byVm);
        if (supplyData != null) {
            supplyChart.set(new AnalysisChart.Supply(supplyData, measuredSupply.get(supplyVm)));
        }
    }

    /** See {@link AnalysisViewModel#setSimulatedTmax(String, List, String)}. */
    void setSimulatedTmax(String vmName, List<SimulatedTmaxPoint> points, String note) {
        simulatedTmax.put(vmName, List.copyOf(points));
        simulatedNote = note == null ? "" : note;
        TmaxChartData d = tmaxData.get();
        if (d != null && d.vmName().equals(vmName)) {
            TmaxChartData n = d.withSimulated(points, simulatedNote);
            tmaxData.set(n);
            tmaxChart.set(new AnalysisChart.Tmax(n));
        }
    }
}

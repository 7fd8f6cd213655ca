package org.vmsched.chart;

import java.util.List;
import org.vmsched.analysis.TmaxCurve;

/**
 * What the Tmax chart of one VM draws: the analytic curve with its upper bound, simulated
 * points (possibly none), the VM's current (α, T_VM), τ1's period T1 (for the normalised axis)
 * and whether the y axis shows Tmax/T1; {@code simulatedNote} (never null, may be empty) says
 * how the points were simulated and is shown under the title when there are points. Immutable;
 * lists are copies.
 */
public record TmaxChartData(String vmName, List<TmaxCurve.Point> curve, List<SimulatedTmaxPoint> simulated,
                            double currentAlpha, double currentPeriod, double t1, boolean normalized, String simulatedNote) {

    public TmaxChartData {
        curve = List.copyOf(curve);
        simulated = List.copyOf(simulated);
        simulatedNote = simulatedNote == null ? "" : simulatedNote;
    }

    /** Without a note on the simulated points. */
    public TmaxChartData(String vmName, List<TmaxCurve.Point> curve, List<SimulatedTmaxPoint> simulated,
                         double currentAlpha, double currentPeriod, double t1, boolean normalized) {
        this(vmName, curve, simulated, currentAlpha, currentPeriod, t1, normalized, "");
    }

    /** The same data with other simulated points. */
    public TmaxChartData withSimulated(List<SimulatedTmaxPoint> points) {
        return withSimulated(points, simulatedNote);
    }

    /** The same data with other simulated points and a note on how they were simulated (e.g. the mode). */
    public TmaxChartData withSimulated(List<SimulatedTmaxPoint> points, String note) {
        return new TmaxChartData(vmName, curve, points, currentAlpha, currentPeriod, t1, normalized, note);
    }
}

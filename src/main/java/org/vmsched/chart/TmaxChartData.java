package org.vmsched.chart;

import java.util.List;
import org.vmsched.analysis.TmaxCurve;

/**
 * What the Tmax chart of one VM draws: the analytic curve among its core mates ({@code curve})
 * with its upper bound, the curve of the VM alone on a core ({@code aloneCurve}, empty when not
 * drawn: the VM has no core mates, or the caller has none), simulated points (possibly none),
 * the VM's current (α, T_VM), τ1's period T1 (for the normalised axis) and whether the y axis
 * shows Tmax/T1; {@code simulatedNote} (never null, may be empty) says how the points were
 * simulated and is shown under the title when there are points. Immutable; lists are copies.
 */
public record TmaxChartData(String vmName, List<TmaxCurve.Point> curve, List<TmaxCurve.Point> aloneCurve,
                            List<SimulatedTmaxPoint> simulated, double currentAlpha, double currentPeriod, double t1,
                            boolean normalized, String simulatedNote) {

    public TmaxChartData {
        curve = List.copyOf(curve);
        aloneCurve = aloneCurve == null ? List.of() : List.copyOf(aloneCurve);
        simulated = List.copyOf(simulated);
        simulatedNote = simulatedNote == null ? "" : simulatedNote;
    }

    /** Without the curve alone on a core. */
    public TmaxChartData(String vmName, List<TmaxCurve.Point> curve, List<SimulatedTmaxPoint> simulated,
                         double currentAlpha, double currentPeriod, double t1, boolean normalized, String simulatedNote) {
        this(vmName, curve, List.of(), simulated, currentAlpha, currentPeriod, t1, normalized, simulatedNote);
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
        return new TmaxChartData(vmName, curve, aloneCurve, points, currentAlpha, currentPeriod, t1, normalized, note);
    }

    /** The same data with the y axis normalised to T1 or not. */
    public TmaxChartData withNormalized(boolean n) {
        return new TmaxChartData(vmName, curve, aloneCurve, simulated, currentAlpha, currentPeriod, t1, n, simulatedNote);
    }
}

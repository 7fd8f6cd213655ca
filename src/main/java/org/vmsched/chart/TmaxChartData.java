package org.vmsched.chart;

import java.util.List;
import org.vmsched.analysis.TmaxCurve;

/**
 * What the Tmax chart of one VM draws: the analytic curve with its upper bound, simulated
 * points (possibly none), the VM's current (α, T_VM), τ1's period T1 (for the normalised axis)
 * and whether the y axis shows Tmax/T1. Immutable; lists are copies.
 */
public record TmaxChartData(String vmName, List<TmaxCurve.Point> curve, List<SimulatedTmaxPoint> simulated,
                            double currentAlpha, double currentPeriod, double t1, boolean normalized) {

    public TmaxChartData {
        curve = List.copyOf(curve);
        simulated = List.copyOf(simulated);
    }

    /** The same data with other simulated points. */
    public TmaxChartData withSimulated(List<SimulatedTmaxPoint> points) {
        return new TmaxChartData(vmName, curve, points, currentAlpha, currentPeriod, t1, normalized);
    }
}

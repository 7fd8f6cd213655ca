package org.vmsched.ui.simulation;

import java.util.List;
import java.util.Map;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulatedTmaxPoint;

/**
 * What a simulation run gives the GUI: the trace for the Gantt chart (null when none was
 * recorded), the response-time samples for the CDF chart, simulated Tmax points per VM name
 * (empty unless the run swept periods), and a one-line summary (e.g. "1440 time units, 0 misses").
 * Immutable.
 */
public record SimulationResult(GanttData gantt, CdfData responseTimes, Map<String, List<SimulatedTmaxPoint>> simulatedTmax,
                               String summary) {

    public SimulationResult {
        simulatedTmax = Map.copyOf(simulatedTmax);
    }
}

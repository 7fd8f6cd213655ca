package org.vmsched.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.linux.SchedTraceParser;
import org.vmsched.linux.TraceComparison;
import org.vmsched.linux.TraceMeasure;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.TaskStats;

/**
 * A trace measured and held against the model (docs/linux-loop.md): per task the measurement
 * beside the analytic R and the worst-case simulation's R ({@link TraceComparison}), the parser's
 * counts and the notes of the reading. What {@code vmsched trace} prints and the window's File &gt;
 * Import Trace shows: one computation for both. Immutable.
 */
public record TraceReport(List<TraceComparison.Row> rows, TraceMeasure.Measurement measurement,
                          SchedTraceParser.Summary summary, List<String> notes) {

    public TraceReport {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * The comparison of {@code measured} (read from a trace with counts {@code summary} and the
     * reading's {@code readNotes}) with the analysis of {@code s} and its worst-case simulation; a
     * simulation that cannot run leaves the simulated R out and says why in the notes.
     */
    public static TraceReport of(Scenario s, TraceMeasure.Measurement measured, SchedTraceParser.Summary summary,
                                 List<String> readNotes) {
        List<String> notes = new ArrayList<>(readNotes);
        if (summary.unreadable() + summary.overlong() > 0) {
            notes.add((summary.unreadable() + summary.overlong()) + " lines were not events we read and were skipped");
        }
        AnalysisReport analysis = AnalysisReport.of(s);
        Map<String, Double> simulated = new HashMap<>();
        try {
            SimulationResult sim = SimulationReport.of(analysis, SimulationOptions.from(s.simulation())
                    .withMode(SimulationMode.WORST_CASE).withTrace(false)).result();
            s.vms().forEach(vm -> vm.tasks().forEach(t -> {
                TaskStats ts = sim.task(vm.name(), t.name());
                if (ts != null && ts.completed() > 0) {
                    simulated.put(vm.name() + "/" + t.name(), ts.maxResponseTime());
                }
            }));
        } catch (RuntimeException e) {
            notes.add("no simulated R: " + Limits.oneLine(String.valueOf(e.getMessage()), 300));
        }
        return new TraceReport(TraceComparison.compare(s, measured, analysis.result(), simulated), measured, summary, notes);
    }
}

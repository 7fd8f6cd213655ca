package org.vmsched.ui.simulation;

import java.util.List;
import java.util.Objects;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.GanttWindow;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.StepRecorder;

/**
 * One run recorded for the step-through ({@link StepViewModel}) and what each of its positions
 * shows. Position 0 is before the first instant; position k shows step k (the last step is the end
 * of the run): the Gantt chart of the whole run cut at that instant, over a window that keeps the
 * instant in view. Keeps the scenario and the settings it was recorded with, so that a later Step
 * can tell whether to record again. Immutable, free of JavaFX; never null inside.
 */
final class RecordedRun {

    /** Position k: its instant in time units (NaN at 0), the run up to it, and the window the chart shows. */
    record Position(double time, GanttData shown, GanttWindow frame) {
    }

    private final Scenario scenario;
    private final SimulationSettings settings;
    private final List<StepRecorder.Step> steps;
    private final GanttData full;

    private RecordedRun(Scenario scenario, SimulationSettings settings, List<StepRecorder.Step> steps, GanttData full) {
        this.scenario = scenario;
        this.settings = settings;
        this.steps = steps;
        this.full = full;
    }

    /**
     * Records the run of {@code s} with {@code set} ({@link StepRecorder}: the simulator's own
     * engine, watched instant by instant, up to {@code maxSteps} instants) and the Gantt chart of
     * all of it; on the calling thread, which the step-through keeps off the ui thread. Throws what
     * {@link StepRecorder#record(Scenario, SimulationOptions, int, Progress, Cancellation)} throws.
     */
    static RecordedRun record(Scenario s, SimulationSettings set, int maxSteps, Progress progress, Cancellation cancel)
            throws CancelledException {
        SimulationOptions o = SimulationOptions.from(set);
        StepRecorder.Recording r = StepRecorder.record(s, o, maxSteps, progress, cancel);
        GanttData g = SimulationChartData.gantt(s, r.result(), Integer.MAX_VALUE, o.serverPolicy());
        return new RecordedRun(s, set, r.steps(), g);
    }

    /** Whether this is the run of {@code s} with {@code set} (either may be null: then it is not). */
    boolean isOf(Scenario s, SimulationSettings set) {
        return Objects.equals(scenario, s) && Objects.equals(settings, set);
    }

    /** Steps in the run (its instants and the end): the last position. */
    int size() {
        return steps.size();
    }

    /** What happened at step {@code k} (1 to {@link #size()}) and why. */
    String narration(int k) {
        return steps.get(k - 1).narration();
    }

    /** What position {@code k} (0 to {@link #size()}) shows; step k's instant is marked. */
    Position at(int k) {
        if (k == 0) {
            GanttData shown = full.until(full.start());
            return new Position(Double.NaN, shown, window(shown, full.start(), Double.NaN));
        }
        double t = steps.get(k - 1).time();
        GanttData shown = full.until(t);
        return new Position(t, shown, window(shown, t, t));
    }

    /** The schedule so far, over a window that keeps the current instant in view, with {@code mark} marked. */
    private GanttWindow window(GanttData d, double t, double mark) {
        // a few VM periods wide, so that a step's change is visible; never wider than a full run's first view
        double width = Math.min(full.viewEnd() - full.start(), 4 * longestVmPeriod());
        double from = full.start();
        double to = full.start() + width;
        if (t > full.start() + 0.9 * width) {
            from = t - 0.9 * width;
            to = t + 0.1 * width;
        }
        // only the window and one more to its left (for a pan back) are drawn: a step costs the same at t = 10 and at t = 10^6
        return new GanttWindow(d.between(from - width, to), from, to, mark);
    }

    private double longestVmPeriod() {
        double p = 0;
        for (VirtualMachine v : scenario.vms()) {
            p = Math.max(p, v.period());
        }
        return p > 0 ? p : Double.POSITIVE_INFINITY;
    }
}

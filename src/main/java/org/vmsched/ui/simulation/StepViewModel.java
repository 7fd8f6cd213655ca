package org.vmsched.ui.simulation;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.StepRecorder;

/**
 * Stepping through a schedule: Step, Back, Play at a speed, Reset. The first Step records the
 * run of the current scenario with the Simulation panel's settings ({@link StepRecorder}: the
 * simulator's own engine, watched instant by instant); each position then shows the Gantt chart
 * up to that instant with the instant marked, the narration of it and of the instants before.
 * Position 0 is before the first instant; position k shows step k (the last step is the end of
 * the run). Back and Step move one position, so Back is exact and costs one chart.
 *
 * <p>When the scenario or the settings change, the next Step records again and starts over (it
 * says so). Playing is a flag and a speed (instants per second) the View's timer reads; it calls
 * {@link #advance}. Plain JUnit-testable: no control and no toolkit thread needed. Use from the
 * ui thread only.
 */
public final class StepViewModel {

    /** Fastest Play, in instants per second. */
    public static final double MAX_SPEED = 1000;

    private final Supplier<Scenario> scenario;
    private final Supplier<SimulationSettings> settings;
    private final Supplier<String> invalidReason;
    private final int maxSteps;

    private Scenario recordedScenario;
    private SimulationSettings recordedSettings;
    private List<StepRecorder.Step> steps = List.of();
    private GanttData full;
    /** Said in the status line until the next Reset (e.g. that a changed scenario started over). */
    private String note = "";

    private final ReadOnlyIntegerWrapper position = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyStringWrapper narration = new ReadOnlyStringWrapper(START);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper now = new ReadOnlyDoubleWrapper(Double.NaN);
    private final ObservableList<String> history = FXCollections.observableArrayList();
    /** One read-only view, kept: a listener on a view that is dropped would be collected with it. */
    private final ObservableList<String> historyView = FXCollections.unmodifiableObservableList(history);
    private final ReadOnlyObjectWrapper<GanttData> shown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<JFreeChart> chart = new ReadOnlyObjectWrapper<>(empty());
    private final ReadOnlyBooleanWrapper canBack = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper atEnd = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final DoubleProperty speed = new SimpleDoubleProperty(4);

    static final String START = "Press Step (F6) to go through the schedule instant by instant, Play (F7) to watch it run.";

    /**
     * A stepper over the scenario being edited and the simulation settings as typed (null when
     * the horizon is bad); {@code invalidReason} gives why the scenario cannot run, or null.
     */
    public StepViewModel(Supplier<Scenario> scenario, Supplier<SimulationSettings> settings, Supplier<String> invalidReason) {
        this(scenario, settings, invalidReason, StepRecorder.DEFAULT_MAX_STEPS);
    }

    StepViewModel(Supplier<Scenario> scenario, Supplier<SimulationSettings> settings, Supplier<String> invalidReason,
                  int maxSteps) {
        this.scenario = scenario;
        this.settings = settings;
        this.invalidReason = invalidReason;
        this.maxSteps = maxSteps;
    }

    private static JFreeChart empty() {
        return ChartStyle.message("Step through the schedule", "Press Step (F6) or Play (F7).");
    }

    /** Back to before the first instant (the run is recorded again at the next Step if anything changed). */
    public void reset() {
        playing.set(false);
        note = "";
        show(0);
    }

    /** One instant on (recording the run first when there is none or it is out of date). */
    public void step() {
        advance(1);
    }

    /** {@code n} instants on, drawing the chart once; stops Play at the end of the run. */
    public void advance(int n) {
        if (!upToDate() && !record()) {
            playing.set(false);
            return;
        }
        int to = Math.min(steps.size(), position.get() + Math.max(0, n));
        if (to == position.get()) {
            playing.set(false);
            return;
        }
        show(to);
        if (to == steps.size()) {
            playing.set(false);
        }
    }

    /** One instant back: the state shown before the last Step. */
    public void back() {
        playing.set(false);
        if (position.get() > 0) {
            show(position.get() - 1);
        }
    }

    /** Starts or stops Play (from the start again when at the end). */
    public void togglePlay() {
        if (playing.get()) {
            playing.set(false);
            return;
        }
        if (atEnd.get() && upToDate()) {
            show(0);
        }
        playing.set(true);
    }

    private boolean upToDate() {
        return full != null && Objects.equals(recordedScenario, scenario.get()) && Objects.equals(recordedSettings, settings.get());
    }

    /** Records the run; false (with the reason in the narration line) when it cannot run. */
    private boolean record() {
        Scenario s = scenario.get();
        SimulationSettings set = settings.get();
        boolean again = full != null;
        String invalid = invalidReason.get();
        if (s == null || invalid != null || set == null) {
            forget();
            narration.set("Cannot step: " + (invalid != null ? invalid : set == null ? "the horizon in the Simulation panel is not valid"
                    : "no scenario"));
            return false;
        }
        SimulationOptions o = SimulationOptions.from(set);
        try {
            StepRecorder.Recording r = StepRecorder.record(s, o, maxSteps, null, null);
            steps = r.steps();
            full = SimulationChartData.gantt(s, r.result(), Integer.MAX_VALUE, o.serverPolicy());
        } catch (IllegalArgumentException e) { // SimulationInputException among them: a message for the user
            forget();
            narration.set("Cannot step: " + e.getMessage());
            return false;
        } catch (org.vmsched.progress.CancelledException e) {
            forget();
            return false;
        }
        recordedScenario = s;
        recordedSettings = set;
        count.set(steps.size());
        history.clear();
        position.set(0);
        note = again ? "the scenario or the settings changed: started over from t = 0" : "";
        return true;
    }

    private void forget() {
        full = null;
        steps = List.of();
        recordedScenario = null;
        recordedSettings = null;
        count.set(0);
        history.clear();
        position.set(0);
        shown.set(null);
        chart.set(empty());
        now.set(Double.NaN);
        canBack.set(false);
        atEnd.set(false);
    }

    /** Shows position k: the chart up to step k's instant, its narration, and the lines before it. */
    private void show(int k) {
        if (full == null) {
            position.set(0);
            narration.set(START);
            return;
        }
        // the history changes by the lines between the old and the new position only
        if (k < history.size()) {
            history.remove(k, history.size());
        } else {
            for (int i = history.size(); i < k; i++) {
                history.add(steps.get(i).narration());
            }
        }
        position.set(k);
        canBack.set(k > 0);
        atEnd.set(k == steps.size());
        if (k == 0) {
            narration.set(START);
            now.set(Double.NaN);
            shown.set(full.until(full.start()));
            chart.set(draw(shown.get(), full.start(), Double.NaN));
            updateStatus();
            return;
        }
        StepRecorder.Step s = steps.get(k - 1);
        narration.set(s.narration());
        now.set(s.time());
        shown.set(full.until(s.time()));
        chart.set(draw(shown.get(), s.time(), s.time()));
        updateStatus();
    }

    private void updateStatus() {
        int k = position.get();
        String where = k == 0 ? "before t = 0" : "t = " + num(now.get());
        status.set(k + " / " + steps.size() + " · " + where
                + (k == steps.size() && k > 0 ? " · end of the run" : "") + (note.isEmpty() ? "" : " · " + note));
    }

    /** The chart of the schedule so far, over a window that keeps the current instant in view. */
    private JFreeChart draw(GanttData d, double t, double mark) {
        // a few VM periods wide, so that a step's change is visible; never wider than a full run's first view
        double width = Math.min(full.viewEnd() - full.start(), 4 * longestVmPeriod());
        double from = full.start();
        double to = full.start() + width;
        if (t > full.start() + 0.9 * width) {
            from = t - 0.9 * width;
            to = t + 0.1 * width;
        }
        // only the window and one more to its left (for a pan back) are drawn: a step costs the same at t = 10 and at t = 10^6
        JFreeChart c = GanttChartFactory.create(d.between(from - width, to), from, to);
        c.setTitle((org.jfree.chart.title.TextTitle) null); // the tab says what it is: the room goes to the lanes
        if (!Double.isNaN(mark)) {
            GanttChartFactory.markNow(c, mark);
        }
        return c;
    }

    private double longestVmPeriod() {
        double p = 0;
        for (org.vmsched.model.VirtualMachine v : recordedScenario.vms()) {
            p = Math.max(p, v.period());
        }
        return p > 0 ? p : Double.POSITIVE_INFINITY;
    }

    private static String num(double x) {
        return org.vmsched.model.Numbers.label(x);
    }

    /** Steps taken: 0 before the first instant, {@link #countProperty()} at the end of the run. */
    public ReadOnlyIntegerProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** Steps in the recorded run (its instants and the end); 0 before the first Step. */
    public ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    /** What happened at the current instant and why. */
    public ReadOnlyStringProperty narrationProperty() {
        return narration.getReadOnlyProperty();
    }

    /** Where the stepping stands ("3 / 120 · t = 4": instants shown of all), and why it started over. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The current instant in time units; NaN before the first. */
    public ReadOnlyDoubleProperty nowProperty() {
        return now.getReadOnlyProperty();
    }

    /** The narration of every step up to the current one, oldest first. Read-only for callers. */
    public ObservableList<String> history() {
        return historyView;
    }

    /** The schedule shown: the recorded run up to the current instant (null before a recording). */
    public ReadOnlyObjectProperty<GanttData> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The Gantt chart of {@link #shownProperty()} with the current instant marked. */
    public ReadOnlyObjectProperty<JFreeChart> chartProperty() {
        return chart.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canBackProperty() {
        return canBack.getReadOnlyProperty();
    }

    /** True at the last step (the end of the run). */
    public ReadOnlyBooleanProperty atEndProperty() {
        return atEnd.getReadOnlyProperty();
    }

    /** True while Play runs; the View's timer advances while it is set. */
    public BooleanProperty playingProperty() {
        return playing;
    }

    /** Play speed in instants per second, 1 to {@link #MAX_SPEED}. */
    public DoubleProperty speedProperty() {
        return speed;
    }
}

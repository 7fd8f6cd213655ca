package org.vmsched.ui.simulation;

import org.vmsched.text.Format;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executor;
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
import org.vmsched.ui.Background;

/**
 * Stepping through a schedule: Step, Back, Play at a speed, Reset. The first Step records the
 * run of the current scenario with the Simulation panel's settings ({@link StepRecorder}: the
 * simulator's own engine, watched instant by instant); each position then shows the Gantt chart
 * up to that instant with the instant marked, the narration of it and of the instants before.
 * Position 0 is before the first instant; position k shows step k (the last step is the end of
 * the run). Back and Step move one position, so Back is exact and costs one chart.
 *
 * <p>The recording (up to {@value StepRecorder#DEFAULT_MAX_STEPS} instants, half a second on a
 * loaded machine) runs on {@link Background} with a {@link Cancellation}, its progress in the
 * status line; Steps asked for meanwhile are taken once it is in, and Reset stops it. When the
 * scenario or the settings change, the next Step records again and starts over (it says so).
 * Playing is a flag and a speed (instants per second) the View's timer reads; it calls
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
    private final Executor ui;
    private final Background background;
    /** The recording under way (null when none) and the instants asked for while it runs. */
    private Cancellation recording;
    private int pendingSteps;

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
    private final ReadOnlyObjectWrapper<GanttWindow> frame = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper canBack = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper atEnd = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper recordingNow = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(false);
    /** The document revision now, and the one the recording shown was made for (−1: none). */
    private long revision;
    private long recordedRevision = -1;
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final DoubleProperty speed = new SimpleDoubleProperty(4);

    /** The status line while the run shown is of an earlier revision of the scenario. */
    public static final String STALE = "From the previous scenario: Step (F6) records the current one and starts over.";

    /** The note over the chart of such a run (the status line says the rest). */
    public static final String STALE_NOTE = "From the previous scenario: F6 to record it again";

    static final String START = "Press Step (F6) to go through the schedule instant by instant, Play (F7) to watch it run.";

    /**
     * A stepper over the scenario being edited and the simulation settings as typed (null when
     * the horizon is bad); {@code invalidReason} gives why the scenario cannot run, or null. The
     * run is recorded on {@code background}; its progress and result come back through {@code ui}.
     */
    public StepViewModel(Supplier<Scenario> scenario, Supplier<SimulationSettings> settings, Supplier<String> invalidReason,
                         Executor ui, Background background) {
        this(scenario, settings, invalidReason, StepRecorder.DEFAULT_MAX_STEPS, ui, background);
    }

    /** As above, recording at once on the calling thread (tests). */
    StepViewModel(Supplier<Scenario> scenario, Supplier<SimulationSettings> settings, Supplier<String> invalidReason) {
        this(scenario, settings, invalidReason, StepRecorder.DEFAULT_MAX_STEPS, Runnable::run, Background.immediate());
    }

    StepViewModel(Supplier<Scenario> scenario, Supplier<SimulationSettings> settings, Supplier<String> invalidReason,
                  int maxSteps, Executor ui, Background background) {
        this.ui = ui;
        this.background = background;
        this.scenario = scenario;
        this.settings = settings;
        this.invalidReason = invalidReason;
        this.maxSteps = maxSteps;
    }

    /**
     * Back to before the first instant (the run is recorded again at the next Step if anything
     * changed); stops a recording under way.
     */
    public void reset() {
        playing.set(false);
        note = "";
        if (recording != null) {
            recording.cancel();
            recording = null;
            pendingSteps = 0;
            recordingNow.set(false);
        }
        show(0);
    }

    /** One instant on (recording the run first when there is none or it is out of date). */
    public void step() {
        advance(1);
    }

    /**
     * {@code n} instants on, drawing the chart once; stops Play at the end of the run. Without an
     * up-to-date recording, records first (in the background) and moves once it is in.
     */
    public void advance(int n) {
        if (recording != null) {
            pendingSteps += Math.max(0, n);
            return;
        }
        if (!upToDate()) {
            record(Math.max(0, n));
            return;
        }
        retag();
        move(n);
    }

    private void move(int n) {
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
        if (recording != null) {
            pendingSteps = Math.max(0, pendingSteps - 1);
            return;
        }
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

    /**
     * The document is at {@code scenarioRevision}: a run recorded for another revision stays on
     * screen marked {@linkplain #staleProperty() stale} (the status says so) and Play stops; the
     * next Step records the current scenario.
     */
    public void scenarioChanged(long scenarioRevision) {
        revision = scenarioRevision;
        if (full != null && recordedRevision != revision) {
            playing.set(false);
        }
        updateStale();
    }

    /**
     * The document is at {@code scenarioRevision} with the same schedule as before (only its
     * description changed): a run recorded for the revision before stays current.
     */
    public void sameSchedule(long scenarioRevision) {
        boolean current = recordedRevision == revision;
        revision = scenarioRevision;
        if (current) {
            recordedRevision = scenarioRevision;
        }
        updateStale();
    }

    /** Another document (New, Open): the run shown and a recording under way are dropped. */
    public void clear(long scenarioRevision) {
        revision = scenarioRevision;
        reset();
        forget();
        narration.set(START);
        status.set("");
        updateStale();
    }

    /** The scenario and settings are those recorded (an undo came back to them): the run shown is current again. */
    private void retag() {
        if (recordedRevision != revision) {
            recordedRevision = revision;
            updateStale();
            if (full != null) {
                updateStatus();
            }
        }
    }

    private void updateStale() {
        boolean old = full != null && recordedRevision != revision;
        stale.set(old);
        if (old && recording == null) {
            status.set(STALE);
        }
    }

    private boolean upToDate() {
        return full != null && Objects.equals(recordedScenario, scenario.get()) && Objects.equals(recordedSettings, settings.get());
    }

    /**
     * Starts recording the run off the ui thread, then moves {@code n} instants on (and as many
     * more as are asked for meanwhile); says why in the narration line when it cannot run.
     */
    private void record(int n) {
        Scenario s = scenario.get();
        SimulationSettings set = settings.get();
        boolean again = full != null;
        String invalid = invalidReason.get();
        if (s == null || invalid != null || set == null) {
            forget();
            playing.set(false);
            narration.set("Cannot step: " + (invalid != null ? invalid : set == null ? "the horizon in the Simulation panel is not valid"
                    : "no scenario"));
            return;
        }
        SimulationOptions o = SimulationOptions.from(set);
        long rev = revision;
        Cancellation c = new Cancellation();
        recording = c;
        pendingSteps = n;
        recordingNow.set(true);
        status.set("Recording the schedule…");
        Progress progress = Background.onUi(ui, (done, total, what) -> {
            if (recording == c) {
                status.set(String.format(Locale.ROOT, "Recording the schedule… %d instants",
                        done));
            }
        });
        background.schedule(() -> {
            try {
                StepRecorder.Recording r = StepRecorder.record(s, o, maxSteps, progress, c);
                GanttData g = SimulationChartData.gantt(s, r.result(), Integer.MAX_VALUE, o.serverPolicy());
                ui.execute(() -> recorded(c, s, set, r.steps(), g, again, rev));
            } catch (CancelledException e) {
                ui.execute(() -> failed(c, null)); // Reset stopped it: already said
            } catch (IllegalArgumentException e) { // SimulationInputException among them: a message for the user
                ui.execute(() -> failed(c, "Cannot step: " + e.getMessage()));
            } catch (RuntimeException e) {
                ui.execute(() -> failed(c, "Cannot step: the recording failed: " + e));
            }
        }, c, 0);
    }

    private void recorded(Cancellation c, Scenario s, SimulationSettings set, List<StepRecorder.Step> recorded,
                          GanttData g, boolean again, long rev) {
        if (recording != c) {
            return; // stopped by Reset
        }
        recordedRevision = rev;
        recording = null;
        recordingNow.set(false);
        steps = recorded;
        full = g;
        recordedScenario = s;
        recordedSettings = set;
        count.set(steps.size());
        updateStale();
        history.clear();
        position.set(0);
        note = again ? "the scenario or the settings changed: started over from t = 0" : "";
        int n = pendingSteps;
        pendingSteps = 0;
        if (n > 0) {
            advance(n); // records again if the scenario moved on meanwhile
        } else {
            show(0);
        }
    }

    private void failed(Cancellation c, String message) {
        if (recording != c) {
            return;
        }
        recording = null;
        pendingSteps = 0;
        recordingNow.set(false);
        playing.set(false);
        forget();
        if (message != null) {
            narration.set(message);
        }
        status.set("");
    }

    private void forget() {
        full = null;
        recordedRevision = -1;
        stale.set(false);
        steps = List.of();
        recordedScenario = null;
        recordedSettings = null;
        count.set(0);
        history.clear();
        position.set(0);
        shown.set(null);
        frame.set(null);
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
            frame.set(window(shown.get(), full.start(), Double.NaN));
            updateStatus();
            return;
        }
        StepRecorder.Step s = steps.get(k - 1);
        narration.set(s.narration());
        now.set(s.time());
        shown.set(full.until(s.time()));
        frame.set(window(shown.get(), s.time(), s.time()));
        updateStatus();
    }

    private void updateStatus() {
        if (stale.get()) {
            status.set(STALE);
            return;
        }
        int k = position.get();
        String where = k == 0 ? "before t = 0" : "t = " + Format.label(now.get());
        status.set(k + " / " + steps.size() + " · " + where
                + (k == steps.size() && k > 0 ? " · end of the run" : "") + (note.isEmpty() ? "" : " · " + note));
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
        for (VirtualMachine v : recordedScenario.vms()) {
            p = Math.max(p, v.period());
        }
        return p > 0 ? p : Double.POSITIVE_INFINITY;
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

    /**
     * What the Gantt chart shows: {@link #shownProperty()} over a window around the current instant,
     * which is marked; null before a recording (the view draws it, {@link SimulationCharts#step}).
     */
    public ReadOnlyObjectProperty<GanttWindow> frameProperty() {
        return frame.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canBackProperty() {
        return canBack.getReadOnlyProperty();
    }

    /** True while the run is being recorded (the first Step after a change). */
    public ReadOnlyBooleanProperty recordingProperty() {
        return recordingNow.getReadOnlyProperty();
    }

    /** True at the last step (the end of the run). */
    public ReadOnlyBooleanProperty atEndProperty() {
        return atEnd.getReadOnlyProperty();
    }

    /** True while the run shown was recorded for an earlier revision of the scenario (the view dims it). */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
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

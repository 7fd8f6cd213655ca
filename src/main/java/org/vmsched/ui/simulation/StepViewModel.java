package org.vmsched.ui.simulation;

import org.vmsched.text.Format;

import java.util.Locale;
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
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
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

    /** The run shown; null before the first recording and after a failed one. */
    private RecordedRun run;
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
        int to = Math.min(run.size(), position.get() + Math.max(0, n));
        if (to == position.get()) {
            playing.set(false);
            return;
        }
        show(to);
        if (to == run.size()) {
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
        if (run != null && recordedRevision != revision) {
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
            if (run != null) {
                updateStatus();
            }
        }
    }

    private void updateStale() {
        boolean old = run != null && recordedRevision != revision;
        stale.set(old);
        if (old && recording == null) {
            status.set(STALE);
        }
    }

    private boolean upToDate() {
        return run != null && run.isOf(scenario.get(), settings.get());
    }

    /**
     * Starts recording the run off the ui thread, then moves {@code n} instants on (and as many
     * more as are asked for meanwhile); says why in the narration line when it cannot run.
     */
    private void record(int n) {
        Scenario s = scenario.get();
        SimulationSettings set = settings.get();
        boolean again = run != null;
        String invalid = invalidReason.get();
        if (s == null || invalid != null || set == null) {
            forget();
            playing.set(false);
            narration.set("Cannot step: " + (invalid != null ? invalid : set == null ? "the horizon in the Simulation panel is not valid"
                    : "no scenario"));
            return;
        }
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
                RecordedRun r = RecordedRun.record(s, set, maxSteps, progress, c);
                ui.execute(() -> recorded(c, r, again, rev));
            } catch (CancelledException e) {
                ui.execute(() -> failed(c, null)); // Reset stopped it: already said
            } catch (IllegalArgumentException e) { // SimulationInputException among them: a message for the user
                ui.execute(() -> failed(c, "Cannot step: " + e.getMessage()));
            } catch (RuntimeException e) {
                ui.execute(() -> failed(c, "Cannot step: the recording failed: " + e));
            }
        }, c, 0);
    }

    private void recorded(Cancellation c, RecordedRun recorded, boolean again, long rev) {
        if (recording != c) {
            return; // stopped by Reset
        }
        recordedRevision = rev;
        recording = null;
        recordingNow.set(false);
        run = recorded;
        count.set(run.size());
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
        run = null;
        recordedRevision = -1;
        stale.set(false);
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
        if (run == null) {
            position.set(0);
            narration.set(START);
            return;
        }
        // the history changes by the lines between the old and the new position only
        if (k < history.size()) {
            history.remove(k, history.size());
        } else {
            for (int i = history.size(); i < k; i++) {
                history.add(run.narration(i + 1));
            }
        }
        position.set(k);
        canBack.set(k > 0);
        atEnd.set(k == run.size());
        RecordedRun.Position p = run.at(k);
        narration.set(k == 0 ? START : run.narration(k));
        now.set(p.time());
        shown.set(p.shown());
        frame.set(p.frame());
        updateStatus();
    }

    private void updateStatus() {
        if (stale.get()) {
            status.set(STALE);
            return;
        }
        int k = position.get();
        String where = k == 0 ? "before t = 0" : "t = " + Format.label(now.get());
        status.set(k + " / " + run.size() + " · " + where
                + (k == run.size() && k > 0 ? " · end of the run" : "") + (note.isEmpty() ? "" : " · " + note));
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

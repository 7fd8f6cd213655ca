package org.vmsched.ui.simulation;

import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.GanttWindow;
import org.vmsched.model.MissPolicy;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.ui.Background;
import org.vmsched.ui.document.DraftField;
import org.vmsched.ui.document.Tagged;

/**
 * Simulation controls: horizon (text, empty = default), mode, server and miss policies, Run
 * with progress and Cancel. Runs the {@link SimulationBackend} on {@link Background}; progress
 * and the result come back through the {@code ui} executor. Settings changes are reported to
 * {@code onSettingsChanged} (the scenario stores them).
 *
 * <p>A result belongs to the scenario revision it was run for ({@link #resultRevisionProperty()}).
 * Once the scenario moves on ({@link #scenarioChanged}) it is {@linkplain #staleProperty() stale}:
 * still shown, but the summary line says it is from the previous scenario, and it is not handed
 * to {@code onResult}; a run that finishes after the scenario moved on arrives stale.
 * {@link #clear} (another document) forgets the result and drops a run still going. Use from
 * the ui thread only.
 */
public final class SimulationViewModel {

    private final Executor ui;
    private final Background background;
    private SimulationBackend backend;
    private Consumer<SimulationSettings> onSettingsChanged = s -> { };
    private Consumer<SimulationResult> onResult = r -> { };
    private Cancellation token;
    private SimulationMode resultMode = SimulationMode.SYNCHRONOUS;
    private long revision;
    /** The first revision with the schedule of {@link #revision} (later ones only re-described it); −1 before any. */
    private long scheduleSince = -1;
    private String resultSummary = "";

    private final StringProperty horizon = new SimpleStringProperty("");
    private final ObjectProperty<SimulationMode> mode = new SimpleObjectProperty<>(SimulationMode.SYNCHRONOUS);
    private final ObjectProperty<ServerPolicy> serverPolicy = new SimpleObjectProperty<>(ServerPolicy.PERIODIC);
    private final ObjectProperty<MissPolicy> missPolicy = new SimpleObjectProperty<>(MissPolicy.CONTINUE);
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("Not run yet.");
    private final StringProperty horizonError = new SimpleStringProperty(null);
    /** The result shown and the revision it was run for: the one source of {@link #resultProperty()}, its revision and staleness. */
    private Tagged<SimulationResult> shown = Tagged.none();
    private final ObjectProperty<SimulationResult> result = new SimpleObjectProperty<>();
    private final LongProperty resultRevision = new SimpleLongProperty(-1);
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper(false);
    private final ObjectProperty<GanttWindow> gantt = new SimpleObjectProperty<>();
    private final ObjectProperty<CdfData> responseTimes = new SimpleObjectProperty<>();
    private final StringProperty windowFrom = new SimpleStringProperty("");
    private final StringProperty windowTo = new SimpleStringProperty("");

    public SimulationViewModel(Executor ui, Background background, SimulationBackend backend) {
        this.ui = ui;
        this.background = background;
        this.backend = backend;
        horizonField = DraftField.text(horizon, x -> settingsEdited());
        modeField = DraftField.choice(mode, x -> settingsEdited());
        serverPolicyField = DraftField.choice(serverPolicy, x -> settingsEdited());
        missPolicyField = DraftField.choice(missPolicy, x -> settingsEdited());
    }

    /**
     * The Gantt chart now shows [from, to] after a drag zoom, a pan or Reset zoom: the time
     * window's fields say so (they kept the window they were opened on). Called by the view
     * ({@link SimulationCharts}), which follows the chart's time axis.
     */
    public void windowShown(double from, double to) {
        windowFrom.set(Format.upTo(from, 3));
        windowTo.set(Format.upTo(to, 3));
    }

    private final DraftField<String> horizonField;
    private final DraftField<SimulationMode> modeField;
    private final DraftField<ServerPolicy> serverPolicyField;
    private final DraftField<MissPolicy> missPolicyField;

    public void setBackend(SimulationBackend backend) {
        this.backend = backend;
    }

    public void setOnSettingsChanged(Consumer<SimulationSettings> c) {
        this.onSettingsChanged = c;
    }

    public void setOnResult(Consumer<SimulationResult> c) {
        this.onResult = c;
    }

    /**
     * Shows the settings stored in a (new, reopened or undone) scenario without reporting a
     * change; a horizon typed as "1e3" for 1000 stays as typed.
     */
    public void load(SimulationSettings s) {
        horizonField.show(s.horizon() == null ? "" : Format.exact(s.horizon()));
        modeField.show(s.mode());
        serverPolicyField.show(s.serverPolicy());
        missPolicyField.show(s.missPolicy());
        horizonError.set(null);
    }

    private void settingsEdited() {
        SimulationSettings s = settings();
        if (s != null) {
            onSettingsChanged.accept(s);
        }
    }

    /** The settings as typed, or null (with {@link #horizonErrorProperty()} set) when the horizon is bad. */
    public SimulationSettings settings() {
        String h = horizon.get() == null ? "" : horizon.get().trim();
        Double hv = null;
        if (!h.isEmpty()) {
            try {
                hv = Double.parseDouble(h);
            } catch (NumberFormatException e) {
                horizonError.set("horizon must be a number, got \"" + h + "\"");
                return null;
            }
            if (!(hv > 0) || !Double.isFinite(hv)) {
                horizonError.set("horizon must be positive, got " + h);
                return null;
            }
        }
        horizonError.set(null);
        return new SimulationSettings(hv, mode.get(), serverPolicy.get(), missPolicy.get());
    }

    /** The summary line of a stale result. */
    static String staleSummary(String summary) {
        return "From the previous scenario: " + summary + ". F5 to re-run.";
    }

    /** Starts a run of {@code scenario} as the current revision (invalid: refused with a status message). */
    public void run(Scenario scenario, String invalidReason) {
        run(scenario, revision, invalidReason);
    }

    /**
     * Starts a run of {@code scenario}, revision {@code scenarioRevision} of the edited scenario
     * (invalid: refused with a status message). Ignored while a run is going.
     */
    public void run(Scenario scenario, long scenarioRevision, String invalidReason) {
        if (running.get()) {
            return;
        }
        SimulationSettings s = settings();
        if (s == null) {
            status.set("Cannot run: " + horizonError.get());
            return;
        }
        if (invalidReason != null) {
            status.set("Cannot run: " + invalidReason);
            return;
        }
        Cancellation t = new Cancellation();
        token = t;
        running.set(true);
        progress.set(0);
        status.set("Running…");
        SimulationBackend b = backend;
        background.schedule(() -> {
            try {
                SimulationResult r = b.run(scenario, s, Background.onUi(ui, (done, total, m) -> {
                    if (token == t && running.get()) {
                        progress.set(Progress.ratio(done, total));
                        if (!m.isEmpty()) {
                            status.set(scenarioRevision >= scheduleSince ? m
                                    : "Running for the previous scenario (its result will be marked stale): " + m);
                        }
                    }
                }), t);
                ui.execute(() -> finish(t, r, r.summary(), s.mode(), scenarioRevision));
            } catch (CancelledException e) {
                ui.execute(() -> finish(t, null, "Cancelled.", null, scenarioRevision));
            } catch (UnsupportedOperationException | IllegalArgumentException e) {
                ui.execute(() -> finish(t, null, "Cannot simulate: " + e.getMessage(), null, scenarioRevision));
            } catch (RuntimeException e) {
                ui.execute(() -> finish(t, null, "Simulation failed: " + e, null, scenarioRevision));
            }
        }, t, 0);
    }

    private void finish(Cancellation t, SimulationResult r, String msg, SimulationMode runMode, long runRevision) {
        if (token != t) {
            return; // dropped by clear(), or superseded
        }
        running.set(false);
        status.set(msg);
        if (r != null) {
            progress.set(1);
            resultMode = runMode;
            resultSummary = msg;
            // a run for an earlier revision of the same schedule is a run of this one
            show(new Tagged<>(runRevision >= scheduleSince ? revision : runRevision, r));
            // one chart of each kind per result: an absent trace or CDF must not leave the previous run's chart
            gantt.set(r.gantt() != null ? new GanttWindow(r.gantt(), r.gantt().start(), r.gantt().viewEnd()) : null);
            if (r.gantt() != null) {
                windowFrom.set(Format.exact(r.gantt().start()));
                windowTo.set(Format.exact(r.gantt().viewEnd()));
            }
            responseTimes.set(r.responseTimes());
            updateStale();
            if (!stale.get()) {
                onResult.accept(r);
            }
        } else {
            progress.set(0);
        }
    }

    /**
     * The edited scenario is now revision {@code scenarioRevision}: a result of another revision
     * becomes stale, and the summary line says so.
     */
    public void scenarioChanged(long scenarioRevision) {
        revision = scenarioRevision;
        scheduleSince = scenarioRevision;
        updateStale();
    }

    /**
     * The edited scenario is now revision {@code scenarioRevision} with the same schedule as the
     * revision before (only its description changed): a result current before stays current, and
     * a run going for the revision before is taken as one of this revision.
     */
    public void sameSchedule(long scenarioRevision) {
        long before = revision;
        revision = scenarioRevision;
        if (shown.isCurrentAt(before)) {
            show(new Tagged<>(scenarioRevision, shown.value()));
        }
        if (scheduleSince < 0 || before < scheduleSince) {
            scheduleSince = before;
        }
        updateStale();
    }

    private void show(Tagged<SimulationResult> t) {
        shown = t;
        result.set(t.value());
        resultRevision.set(t.revision());
    }

    private void updateStale() {
        boolean old = shown.isStaleAt(revision);
        stale.set(old);
        if (old && !running.get()) {
            status.set(staleSummary(resultSummary));
        }
    }

    /**
     * Another document (New, Open): forgets the shown result, stops a run still going (its result
     * is dropped) and starts over at revision {@code scenarioRevision}.
     */
    public void clear(long scenarioRevision) {
        revision = scenarioRevision;
        scheduleSince = scenarioRevision;
        if (token != null && running.get()) {
            token.cancel();
        }
        token = null;
        running.set(false);
        progress.set(0);
        show(Tagged.none());
        resultSummary = "";
        resultMode = SimulationMode.SYNCHRONOUS;
        stale.set(false);
        gantt.set(null);
        responseTimes.set(null);
        windowFrom.set("");
        windowTo.set("");
        status.set("Not run yet.");
    }

    /** Asks the running simulation to stop; the status says "Cancelled." once it has. */
    public void cancel() {
        if (token != null && running.get()) {
            token.cancel();
            status.set("Cancelling…");
        }
    }

    /** Shows the time window typed in {@link #windowFromProperty()}..{@link #windowToProperty()} of the trace. */
    public void zoomGantt() {
        SimulationResult r = result.get();
        if (r == null || r.gantt() == null) {
            status.set("No trace to zoom: run a simulation first.");
            return;
        }
        try {
            double from = Double.parseDouble(windowFrom.get().trim());
            double to = Double.parseDouble(windowTo.get().trim());
            if (!(to > from)) {
                status.set("Time window: 'to' must be after 'from'.");
                return;
            }
            gantt.set(new GanttWindow(r.gantt(), from, to));
        } catch (NumberFormatException e) {
            status.set("Time window: from and to must be numbers.");
        }
    }

    /** The trace's Gantt chart to draw ({@link SimulationCharts#gantt}): the schedule and its time window; null before a trace. */
    public ObjectProperty<GanttWindow> ganttProperty() {
        return gantt;
    }

    /** The response times of the result shown, for the CDF chart ({@link SimulationCharts#cdf}); null when none. */
    public ObjectProperty<CdfData> responseTimesProperty() {
        return responseTimes;
    }

    public StringProperty windowFromProperty() {
        return windowFrom;
    }

    public StringProperty windowToProperty() {
        return windowTo;
    }

    public StringProperty horizonProperty() {
        return horizon;
    }

    public ObjectProperty<SimulationMode> modeProperty() {
        return mode;
    }

    public ObjectProperty<ServerPolicy> serverPolicyProperty() {
        return serverPolicy;
    }

    public ObjectProperty<MissPolicy> missPolicyProperty() {
        return missPolicy;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty horizonErrorProperty() {
        return horizonError;
    }

    public ObjectProperty<SimulationResult> resultProperty() {
        return result;
    }

    /** The scenario revision the shown result was run for; −1 when none is shown. */
    public LongProperty resultRevisionProperty() {
        return resultRevision;
    }

    /** Whether the shown result is of an earlier revision than the scenario being edited. */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /** The mode the shown result was simulated in. */
    public SimulationMode resultMode() {
        return resultMode;
    }

    /** What the simulated Tmax points of the shown result mean, for the note on the Tmax chart. */
    public String simulatedTmaxNote() {
        return resultMode == SimulationMode.WORST_CASE
                ? "simulated points: worst-case supply, each VM alone; they should lie on the analytic curve"
                : "simulated points: synchronous releases, not the worst case; they may lie above the analytic curve";
    }
}

package org.vmsched.ui.main;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import org.vmsched.model.Scenario;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.document.ScenarioDocument;
import org.vmsched.ui.document.Selection;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationViewModel;
import org.vmsched.ui.simulation.StepViewModel;
import org.vmsched.ui.trace.TraceViewModel;

/**
 * The results that follow the {@link ScenarioDocument}: the analysis, the simulation, the
 * step-through and the status line composed from them. Each new revision of the document reaches
 * every result: the analysis is asked for it, the simulation's and the step-through's results of
 * an older revision are marked stale (cleared on New and Open), the simulated Tmax points leave
 * the Tmax chart, an imported trace ({@link TraceViewModel}) is marked stale the same way (forgotten
 * on New and Open), and the status line is composed again ({@link StatusLine}) from the same verdict
 * rows the table shows. A move that only edits the name or the description changes no schedule (no
 * engine reads them): the results current before are current at the new revision too. Split out of {@link MainViewModel}, which owns the document. Ui thread only.
 */
final class DocumentResults {

    private final ScenarioDocument doc;
    private final Selection selection;
    private final Consumer<String> status;
    private final AnalysisViewModel analysis;
    private final SimulationViewModel simulation;
    private final StepViewModel stepping;
    private final TraceViewModel trace;
    private final StatusLine statusLine;
    /** The scenario and its problems as the results last heard them: a move that only renames or re-describes it keeps them. */
    private Scenario heard;
    private String heardInvalid;
    /** True while a keystroke goes into the document ({@link #keystroke}): its revision is analysed once typing pauses. */
    private boolean typing;

    DocumentResults(ScenarioDocument doc, Selection selection, Consumer<String> status, Executor ui,
                    Background analysisWorker, Background simulationWorker, Background fileWorker, long debounceMillis,
                    SimulationBackend backend) {
        this.doc = doc;
        this.selection = selection;
        this.status = status;
        this.analysis = new AnalysisViewModel(ui, analysisWorker, debounceMillis);
        this.simulation = new SimulationViewModel(ui, simulationWorker, backend);
        this.stepping = new StepViewModel(doc::scenario, simulation::settings, doc::invalidReason, ui, simulationWorker);
        this.trace = new TraceViewModel(ui, fileWorker);
        this.statusLine = new StatusLine(doc, analysis, simulation, stepping);
    }

    /** Makes every result follow the document and the selection, starting with the document as it is. */
    void follow() {
        simulation.setOnSettingsChanged(s -> doc.edit(sc -> sc.withSimulation(s)));
        simulation.setOnResult(r -> r.simulatedTmax().forEach((name, points) ->
                analysis.setSimulatedTmax(name, points, simulation.simulatedTmaxNote())));
        analysis.messageProperty().addListener((o, a, b) -> updateStatus());
        analysis.stateProperty().addListener((o, a, b) -> updateStatus());
        analysis.rows().addListener((ListChangeListener<Object>) c -> updateStatus());
        simulation.staleProperty().addListener((o, a, b) -> updateStatus());
        stepping.staleProperty().addListener((o, a, b) -> updateStatus());
        // the measured schedule follows the simulated chart's time window; the measured supply is
        // drawn on the sbf chart while the measurement is of the scenario edited
        simulation.windowFromProperty().addListener((o, a, b) -> followWindow());
        simulation.windowToProperty().addListener((o, a, b) -> followWindow());
        trace.importedProperty().addListener((o, a, b) -> followWindow());
        trace.measuredSupply().addListener((o, a, b) -> measuredSupply());
        trace.staleProperty().addListener((o, a, b) -> measuredSupply());
        trace.messageProperty().addListener((o, a, b) -> {
            if (!b.isEmpty()) {
                note(b);
            }
        });
        selection.vmProperty().addListener((o, a, b) -> reanalyse());
        selection.taskProperty().addListener((o, a, b) -> reanalyse());
        doc.addRevisionListener(this::documentMoved);
        documentMoved(doc.revision(), true);
    }

    /** Every result hears the new revision; then the status line and a new analysis. */
    private void documentMoved(long revision, boolean newDocument) {
        if (!newDocument && onlyRelabelled()) {
            // the name and the description are not part of the schedule: what was current stays current (issue 30)
            heard = doc.scenario();
            simulation.sameSchedule(revision);
            stepping.sameSchedule(revision);
            trace.sameSchedule(revision);
            if (!analysis.carryTo(doc.scenario(), revision)) {
                reanalyse();
            }
            statusLine.note(null);
            updateStatus();
            return;
        }
        heard = doc.scenario();
        heardInvalid = doc.invalidReason();
        statusLine.note(null);
        selection.clampTo(doc.scenario());
        simulation.load(doc.scenario().simulation());
        if (newDocument) {
            simulation.clear(revision);
            stepping.clear(revision);
            trace.clear(revision);
        } else {
            simulation.scenarioChanged(revision);
            stepping.scenarioChanged(revision);
            trace.scenarioChanged(revision);
        }
        analysis.clearSimulatedTmax();
        updateStatus();
        reanalyse();
    }

    /**
     * Whether the document moved from {@link #heard} by its name or description alone (nothing
     * else, the same problems).
     */
    private boolean onlyRelabelled() {
        Scenario now = doc.scenario();
        return heard != null && !heard.equals(now)
                && heard.withName(now.name()).withDescription(now.description()).equals(now)
                && Objects.equals(heardInvalid, doc.invalidReason());
    }

    /** A note after the status line's words until the document moves on ({@link StatusLine#note}). */
    void note(String note) {
        statusLine.note(note);
        updateStatus();
    }

    /** File > Import Trace…: reads {@code file} as a trace of the current scenario, as its current revision. */
    void importTrace(Path file) {
        trace.importTrace(file, doc.scenario(), doc.revision(), doc.invalidReason());
    }

    private void followWindow() {
        trace.window(simulation.windowFromProperty().get(), simulation.windowToProperty().get());
    }

    private void measuredSupply() {
        analysis.setMeasuredSupply(trace.staleProperty().get() ? Map.of() : trace.measuredSupply().get());
    }

    /** Runs the simulation on the current scenario, as its current revision. */
    void runSimulation() {
        simulation.run(doc.scenario(), doc.revision(), doc.invalidReason());
    }

    private void updateStatus() {
        status.accept(statusLine.compose());
    }

    /** Asks the analysis for the current revision and selection. */
    void reanalyse() {
        analysis.request(doc.scenario(), selection.vmProperty().get(), selection.taskProperty().get(), doc.invalidReason(),
                doc.revision(), typing);
    }

    /**
     * Puts a keystroke into the document ({@code type}, e.g. {@link ScenarioDocument#typeLive}):
     * the revision it makes is analysed once typing pauses, so the characters of "512" are not
     * three analyses. Returns what {@code type} returns.
     */
    boolean keystroke(BooleanSupplier type) {
        typing = true;
        try {
            return type.getAsBoolean();
        } finally {
            typing = false;
        }
    }

    /** The field was left or Enter pressed: what was typed is analysed now, without waiting for the pause. */
    void typingEnded() {
        analysis.analyseNow();
    }

    AnalysisViewModel analysis() {
        return analysis;
    }

    SimulationViewModel simulation() {
        return simulation;
    }

    StepViewModel stepping() {
        return stepping;
    }

    TraceViewModel trace() {
        return trace;
    }
}

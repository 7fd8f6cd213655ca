package org.vmsched.ui.main;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.vmsched.exercise.Exercise;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.report.PrintedReport;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.document.ScenarioCommands;
import org.vmsched.ui.document.ScenarioDocument;
import org.vmsched.ui.document.ScenarioEdits;
import org.vmsched.ui.document.ScenarioPaths;
import org.vmsched.ui.document.Selection;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationViewModel;
import org.vmsched.ui.simulation.StepViewModel;
import org.vmsched.ui.trace.TraceViewModel;

/**
 * The main window's state: the {@link ScenarioDocument} being edited (scenario, revision, undo,
 * drafts, problems, file), the {@link Selection}, the status line, the recent files, and the
 * result ViewModels (analysis, simulation, step-through) that follow the document. Never touches
 * a control; dialogs are the View's job. Use from the ui thread only.
 *
 * <p>Each new revision of the document reaches every result ({@link DocumentResults}); the files
 * (New, Open, Save, the recent files) are {@link ScenarioFiles}'s, the servers set by the slider
 * and by clicks on the charts {@link ServerEdits}'.
 *
 * <p>Typed values go through {@link #setTaskField}, {@link #setVmField} and
 * {@link #setScenarioName}: see {@link ScenarioDocument} for drafts and problems.
 */
public final class MainViewModel {

    /** Editable task columns, with their JSON field names. */
    public enum TaskField {
        NAME("name"), WCET("wcet"), PERIOD("period"), DEADLINE("deadline"), OFFSET("offset");

        public final String json;

        TaskField(String json) {
            this.json = json;
        }
    }

    /** Editable VM fields, with their JSON field names. */
    public enum VmField {
        NAME("name"), PERIOD("period"), BUDGET("budget"), OVERHEAD("overhead"), CORE("core"), VCPUS("vcpus"),
        PRIORITY("priority"), OFFSET("offset");

        public final String json;

        VmField(String json) {
            this.json = json;
        }
    }

    /** The bundled example scenarios, listed in this resource (a jar folder cannot be listed). */
    public static final String EXAMPLE_INDEX = "/org/vmsched/ui/examples.txt";

    private final PolicyMemory policyMemory = new PolicyMemory();
    private final ScenarioDocument doc = new ScenarioDocument(blank(), TypedInput.TYPING);
    private final Selection selection = new Selection();
    private final ScenarioCommands commands = new ScenarioCommands(doc, selection);
    private final StringProperty status = new SimpleStringProperty("");
    private DisplayPrefs display = DisplayPrefs.inMemory();
    private final DialogFolders folders = new DialogFolders(() -> doc.file().fileProperty().get(),
            Path.of(System.getProperty("user.home")));
    private final ScenarioFiles files;
    private final DocumentResults results;
    private final ServerEdits servers;
    private final ExerciseMode exercises;
    private final Executor ui;
    /** The scenario as its description was last written: opened, or the description edited (the report's note). */
    private Scenario described = doc.scenario();
    /** The file being read by {@link #openInBackground}: a later open supersedes it. */
    private final FileReading reading;

    /** Files are read on the calling thread ({@link #openInBackground} then finishes through {@code ui}). */
    public MainViewModel(Executor ui, Background analysisWorker, Background simulationWorker, long debounceMillis,
                         RecentFiles recent, SimulationBackend backend) {
        this(ui, analysisWorker, simulationWorker, Background.immediate(), debounceMillis, recent, backend);
    }

    /** {@code fileWorker} reads the files {@link #openInBackground} opens, off the ui thread. */
    public MainViewModel(Executor ui, Background analysisWorker, Background simulationWorker, Background fileWorker,
                         long debounceMillis, RecentFiles recent, SimulationBackend backend) {
        this.ui = ui;
        this.files = new ScenarioFiles(doc, recent, () -> {
            policyMemory.clear();
            selection.reset();
        }, status::set);
        this.results = new DocumentResults(doc, selection, status::set, ui, analysisWorker, simulationWorker, fileWorker,
                debounceMillis, backend);
        this.servers = new ServerEdits(doc, commands, status::set, results::note);
        this.reading = new FileReading(ui, fileWorker, files);
        this.exercises = new ExerciseMode(doc, () -> {
            policyMemory.clear();
            selection.reset();
        });
        doc.onRefused(status::set);
        doc.addRevisionListener((revision, newDocument) -> {
            if (newDocument || !doc.scenario().description().equals(described.description())) {
                described = doc.scenario();
            }
        });
        results.follow();
    }

    /** A new scenario: one core, one VM with one task. */
    public static Scenario blank() {
        return Scenario.of("Untitled", List.of(VirtualMachine.of("VM1", 10, 5, 0, List.of(Task.of("t1", 1, 20)))));
    }

    // ---------------------------------------------------------------- files

    /** The bundled examples' file names, e.g. "thesis-example.json". */
    public static List<String> examples() {
        return ScenarioFiles.examples();
    }

    /**
     * What the PDF report prints: the scenario as it is, its description with a note when the
     * values changed since the description was last written (the file opened, or the description
     * edited), the verdicts, and the simulation's pages only when they are of the current revision.
     */
    public PrintedReport printedReport() {
        SimulationViewModel sim = simulation();
        PrintedReport.Simulation run = sim.resultProperty().get() == null
                ? PrintedReport.Simulation.NONE
                : sim.staleProperty().get() ? PrintedReport.Simulation.STALE
                : PrintedReport.Simulation.CURRENT;
        // from the model and the analysis result, not from the verdict table's display strings
        return PrintedReport.of(scenario(), described, analysis().resultProperty().get(),
                analysis().messageProperty().get(), run);
    }

    /** Starts over with {@link #blank()}. The View asks about unsaved changes first. */
    public void newScenario() {
        reading.supersede();
        files.newScenario();
    }

    /** Opens a file; on failure the current scenario stays and the exception names file, path and reason. */
    public void open(Path path) throws InvalidScenarioException {
        reading.supersede();
        files.open(path);
    }

    /**
     * Opens a file as {@link #open} does, reading it on the file worker so that a slow disk or a
     * large file does not freeze the window: the document is replaced on the ui thread once the
     * file is read, or {@code failed} gets the loader's message there (the current scenario stays).
     * A later open, or {@link #newScenario}, supersedes a file still being read. When the document
     * has moved on while the file was read (edits typed meanwhile), {@code replaceEdits} is asked on
     * the ui thread before they are replaced, and the document stays on {@code false}: the prompt
     * answered before the read spoke for the document as it was then.
     */
    public void openInBackground(Path path, Consumer<InvalidScenarioException> failed,
            BooleanSupplier replaceEdits) {
        openInBackground(path, failed, replaceEdits, e -> showExercise(e, path));
    }

    /** As above; an exercise file (issue 33) goes to {@code exercise} (and the recent files): it replaces nothing. */
    public void openInBackground(Path path, Consumer<InvalidScenarioException> failed,
            BooleanSupplier replaceEdits, Consumer<Exercise> exercise) {
        reading.open(path, failed, replaceEdits, exercise, this::revision);
    }

    /** Shows {@code e}'s scenario read-only, named after {@code file} (may be null), until {@link #closeExercise()}. */
    public void showExercise(Exercise e, Path file) {
        reading.supersede();
        exercises.show(e, ExerciseMode.name(e, file));
    }

    /** Puts the user's own document back, as it was when the first exercise was shown; nothing when none is. */
    public void closeExercise() {
        exercises.close();
    }

    /** The exercise whose scenario the editor shows, null when none. */
    public ReadOnlyObjectProperty<Exercise> exerciseProperty() {
        return exercises.shownProperty();
    }

    /**
     * The folder a file dialog (open, save, an export) opens in: the one last chosen in such a
     * dialog in this session, else the open scenario file's, else the user's home (an example).
     */
    public Path dialogFolder() {
        return folders.folder();
    }

    /** A file dialog answered {@code chosen} (null when cancelled): later dialogs open in its folder. */
    public void dialogUsed(Path chosen) {
        folders.chosen(chosen);
    }

    /** Opens a bundled example as an untitled copy (Save asks where). */
    public void openExample(String name) throws InvalidScenarioException {
        reading.supersede();
        files.openExample(name);
    }

    /** Saves to the current file; false when there is none (the View then asks for one). See {@link ScenarioFiles#save}. */
    public boolean save() throws IOException, InvalidScenarioException {
        return files.save();
    }

    /** Saves atomically to {@code path}, which becomes the current file; see {@link ScenarioFiles#saveAs}. */
    public void saveAs(Path path) throws IOException, InvalidScenarioException {
        files.saveAs(path);
    }

    /** Throws, naming every problem in words, when the scenario cannot be saved; see {@link ScenarioFiles#checkSavable}. */
    public void checkSavable() throws InvalidScenarioException {
        files.checkSavable();
    }

    /** Every problem, in document order, as a sentence: "VM1 / t3: wcet must be a number, got \"4x\"". */
    public List<String> problemsInWords() {
        return doc.problemsInWords();
    }

    /** A JSON path of the edited scenario in the words of the window: "scenario: name", "VM1: budget", "VM1 / t3: wcet". */
    public String inWords(String path) {
        return doc.inWords(path);
    }

    // ---------------------------------------------------------------- edits

    /** Applies an edit as one undoable step; a no-op edit (equal scenario) is ignored. Returns whether the scenario changed. */
    public boolean edit(UnaryOperator<Scenario> change) {
        return doc.edit(change);
    }

    /** A programmatic setup (a snapshot's simulation mode), not the user's edit: see {@link ScenarioDocument#setUp}. */
    public void setUp(UnaryOperator<Scenario> change) {
        doc.setUp(change);
    }

    /**
     * Sets a VM field as the user types: each keystroke is validated at once and applied when
     * valid (else kept as a draft), and the keystrokes of one field make one undo step until
     * {@link #endLiveEdit()}; the analysis waits for typing to pause ({@link AnalysisViewModel#TYPING_PAUSE_MILLIS})
     * or for {@link #endLiveEdit()}. Returns whether the text is in the model.
     */
    public boolean setVmFieldLive(int v, VmField f, String text) {
        return results.keystroke(() -> doc.typeLive(vmPath(v, f), text));
    }

    /**
     * Sets a policy parameter ({@link PolicyParam#path}: "vms[0].params.weight",
     * "hypervisor.params.tick") from typed text, live as {@link #setVmFieldLive}; empty text puts
     * its default back. Returns whether the text is in the model.
     */
    public boolean setParamLive(String path, String text) {
        return results.keystroke(() -> doc.typeLive(path, text));
    }

    /**
     * Ends a run of live keystrokes (the field lost focus or Enter was pressed). Text that cannot go
     * in stays red in its field, its problem on the status line, and the document goes back to
     * before the run, the valid prefixes typed on the way taken back ({@link ScenarioDocument#endLiveEdit()}).
     */
    public void endLiveEdit() {
        doc.endLiveEdit();
        results.typingEnded();
    }

    /** Escape in the field at {@code path}: its red text is dropped; the status line says what was not applied. */
    public void cancelLiveEdit(String path) {
        String refused = doc.cancelLiveEdit(path);
        results.typingEnded();
        if (refused != null) {
            results.note("Not applied (dropped): " + refused + ".");
        }
    }

    /** Undoes what was typed last: the values not applied (drafts) if there are any, else the last edit. */
    public void undo() {
        doc.undo();
    }

    /** Redoes the last undone edit, dropping values not applied. */
    public void redo() {
        doc.redo();
    }

    /**
     * Sets a task field from typed text. Text that is not a number, or a value with a problem, is
     * kept out of the model as a draft and reported at the cell's path. Returns whether the text
     * is in the model.
     */
    public boolean setTaskField(int v, int t, TaskField f, String text) {
        return doc.type(taskPath(v, t, f), text);
    }

    /** What would be wrong with typing {@code text} into a task cell, without applying it, or null. */
    public String previewTaskField(int v, int t, TaskField f, String text) {
        return ScenarioPaths.inWindowWords(TypedInput.draftProblem(doc.scenario(), taskPath(v, t, f), text));
    }

    /** Sets a VM field from typed text; as {@link #setTaskField}. */
    public boolean setVmField(int v, VmField f, String text) {
        return doc.typeInRun(vmPath(v, f), text);
    }

    public void setVmScheduler(int v, GuestScheduler g) {
        edit(s -> ScenarioEdits.replaceVm(s, v, s.vms().get(v).withScheduler(g)));
    }

    /**
     * Switches the hypervisor policy as one step: the parameters of the policy left are kept
     * aside, and those the new one had when it was left come back (see {@link PolicyMemory}).
     */
    public void setHypervisorPolicy(HypervisorPolicy p) {
        edit(s -> policyMemory.switchTo(s, p));
    }

    /** Sets the hypervisor-wide parameters of the current policy (Credit's boost, the share preset) as one step. */
    public void setHypervisorParams(HypervisorParams hp) {
        edit(s -> !hp.policy().equals(s.hypervisor().policy()) ? s
                : s.withHypervisor(new Platform(s.hypervisor().policy(), s.hypervisor().cores(), hp)));
    }

    /** Sets the scenario's name from typed text; an empty name is kept out like any invalid value. */
    public void setScenarioName(String name) {
        doc.type("name", name);
    }

    /**
     * Sets the scenario's description from typed text (line breaks kept, the ends stripped) as one
     * undoable step; a text over {@link org.vmsched.model.Limits#MAX_DESCRIPTION} is kept out as a
     * draft with its problem, like any invalid value. Returns whether the text is in the model.
     */
    public boolean setScenarioDescription(String text) {
        return doc.type("description", text);
    }

    /** Budget = α·T_VM of VM {@code v} (the bandwidth slider): see {@link ServerEdits#setBandwidth}. */
    public void setBandwidth(int v, double alpha) {
        servers.setBandwidth(v, alpha);
    }

    /** Period T and budget α·T of VM {@code v}, rounded: see {@link ServerEdits#setServer}. */
    public void setServer(int v, double alpha, double period) {
        servers.setServer(v, alpha, period);
    }

    /**
     * The server a click on a chart at ({@code alpha}, {@code period}) proposes for VM {@code v},
     * snapped ({@link ServerSnap#snap}), without setting it; null (said on the status line) outside
     * the chart. {@link #setServer(int, ServerSnap.Server)} sets it.
     */
    public ServerSnap.Server proposeServerAt(int v, double alpha, double period, double alphaPerPixel, double periodPerPixel,
                                             boolean onCurve) {
        return servers.snapAt(v, alpha, period, alphaPerPixel, periodPerPixel, onCurve);
    }

    /** Sets VM {@code v}'s period and budget to exactly {@code srv}'s as one step: see {@link ServerEdits#set}. */
    public void setServer(int v, ServerSnap.Server srv) {
        servers.set(v, srv);
    }

    public void addVm() {
        say(commands.addVm());
    }

    public void addTask() {
        say(commands.addTask());
    }

    public void addCore() {
        say(commands.addCore());
    }

    /** Duplicates the selected task, else the selected VM. */
    public void duplicateSelected() {
        say(commands.duplicateSelected());
    }

    /** Removes the selected task, else the selected VM, else the selected (empty) core. */
    public void removeSelected() {
        say(commands.removeSelected());
    }

    /** Moves the selected task (else VM) by {@code delta} places. */
    public void moveSelected(int delta) {
        say(commands.moveSelected(delta));
    }

    private void say(String message) {
        if (message != null) {
            status.set(message);
        }
    }

    /** Selects VM {@code v} (−1: the core {@code core} itself) and task {@code t} (−1: none). */
    public void select(int core, int v, int t) {
        selection.select(core, v, t);
    }

    /** Runs the simulation on the current scenario, as its current revision. */
    public void runSimulation() {
        results.runSimulation();
    }

    /** The reason the scenario cannot be analysed, or null when it is valid. */
    public String invalidReason() {
        return doc.invalidReason();
    }

    /** Re-runs the analysis (e.g. after the chart options changed). */
    public void refresh() {
        results.reanalyse();
    }

    /** The problem at a JSON path (a cell or field), or null. */
    public String problemAt(String path) {
        return doc.problemAt(path);
    }

    /** The text typed at a JSON path that is not in the model (it has a problem), or null. */
    public String draftAt(String path) {
        return doc.draftAt(path);
    }

    public static String taskPath(int vm, int task, TaskField f) {
        return ScenarioCommands.taskPath(vm, task, f.json);
    }

    public static String vmPath(int vm, VmField f) {
        return ScenarioCommands.vmPath(vm, f.json);
    }

    // ---------------------------------------------------------------- properties

    /** The document edited: scenario, revision, history, drafts, problems and file state. */
    public ScenarioDocument document() {
        return doc;
    }

    /** What is selected in the scenario. */
    public Selection selection() {
        return selection;
    }

    /** See {@link ScenarioDocument#revisionProperty()}. */
    public ReadOnlyLongProperty revisionProperty() {
        return doc.revisionProperty();
    }

    /** See {@link ScenarioDocument#inputResetProperty()}. */
    public ReadOnlyLongProperty inputResetProperty() {
        return doc.inputResetProperty();
    }

    public long revision() {
        return doc.revision();
    }

    public ReadOnlyObjectProperty<Scenario> scenarioProperty() {
        return doc.scenarioProperty();
    }

    public Scenario scenario() {
        return doc.scenario();
    }

    public ReadOnlyObjectProperty<Path> fileProperty() {
        return doc.file().fileProperty();
    }

    public ReadOnlyStringProperty displayNameProperty() {
        return doc.file().displayNameProperty();
    }

    public ReadOnlyBooleanProperty modifiedProperty() {
        return doc.file().modifiedProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return doc.file().titleProperty();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return doc.canUndoProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return doc.canRedoProperty();
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** How the window looks (View > High Contrast), kept between sessions by the application. */
    public DisplayPrefs display() {
        return display;
    }

    /** Takes the display choices the application keeps ({@link DisplayPrefs#persistent()}); before the view is built. */
    public void useDisplay(DisplayPrefs prefs) {
        display = prefs;
    }

    /**
     * File > Print of the chart titled {@code what} on {@code printer}: the status line says what
     * happened (printed, cancelled, no printer installed, why it could not print); never throws.
     */
    public void print(ChartPrinting.Printer printer, String what) {
        status.set(ChartPrinting.print(printer, what));
    }

    /** Problems by JSON path, validator's and unparseable input's. Read-only. */
    public ObservableMap<String, String> problems() {
        return doc.problems();
    }

    public IntegerProperty selectedVmProperty() {
        return selection.vmProperty();
    }

    public IntegerProperty selectedTaskProperty() {
        return selection.taskProperty();
    }

    public IntegerProperty selectedCoreProperty() {
        return selection.coreProperty();
    }

    public ObservableList<Path> recentFiles() {
        return files.recentFiles();
    }

    public AnalysisViewModel analysis() {
        return results.analysis();
    }

    public SimulationViewModel simulation() {
        return results.simulation();
    }

    /** File > Import Trace…: reads {@code file}, a Linux scheduler trace of a run of the scenario, on the file worker. */
    public void importTrace(Path file) {
        results.importTrace(file);
    }

    /** The imported trace: the measured schedule, R and supply shown beside the simulated ones. */
    public TraceViewModel trace() {
        return results.trace();
    }

    /** Stepping through the schedule of the scenario being edited, with the Simulation panel's settings. */
    public StepViewModel stepping() {
        return results.stepping();
    }
}

package org.vmsched.ui.main;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Background;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulationViewModel;

/**
 * The main window's state: the scenario being edited (an immutable snapshot replaced on every
 * edit), its file, the modified mark, undo/redo, inline validation problems by JSON path, the
 * selection, and the live analysis and simulation ViewModels. Never touches a control; dialogs
 * are the View's job. Use from the ui thread only.
 *
 * <p>Every change of the scenario (edit, undo, redo, New, Open) bumps {@link #revisionProperty()},
 * a counter that never goes back. The analysis and the simulation are asked for a revision and
 * their results carry it, so a result of an older revision is never shown as current: the
 * simulation's is marked stale (and cleared on New and Open), its simulated Tmax points leave the
 * Tmax chart, and the status line does not say "up to date" while a stale result is on screen.
 *
 * <p>Typed values go through {@link #setTaskField}, {@link #setVmField} and {@link #setScenarioName}.
 * A value that is not a number, breaks a rule at its own field, or would make another value
 * break one (a period below the budget) never enters the model: it is kept as a <em>draft</em>
 * at its JSON path ({@link #draftAt}), shown red with its problem ({@link #problemAt}), and
 * applied as soon as it becomes valid (the budget 12 once the period is 15). Drafts count as
 * unsaved changes, Undo drops them first, and Save and Save As refuse while any problem is
 * left ({@link #checkSavable()}).
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
        NAME("name"), PERIOD("period"), BUDGET("budget"), OVERHEAD("overhead"), CORE("core"), PRIORITY("priority"),
        OFFSET("offset");

        public final String json;

        VmField(String json) {
            this.json = json;
        }
    }

    /** The bundled example scenarios, listed in this resource (a jar folder cannot be listed). */
    public static final String EXAMPLE_INDEX = "/org/vmsched/ui/examples.txt";

    private final History history = new History();
    private final PolicyMemory policyMemory = new PolicyMemory();
    private final RecentFiles recent;
    private final AnalysisViewModel analysis;
    private final SimulationViewModel simulation;
    private Scenario saved;
    private String liveKey;
    private boolean liveEditing;

    private final ObjectProperty<Scenario> scenario = new SimpleObjectProperty<>();
    private final org.vmsched.ui.simulation.StepViewModel stepping;
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final StringProperty displayName = new SimpleStringProperty("Untitled");
    private final BooleanProperty modified = new SimpleBooleanProperty(false);
    private final StringProperty title = new SimpleStringProperty("VMSched");
    private final BooleanProperty canUndo = new SimpleBooleanProperty(false);
    private final BooleanProperty canRedo = new SimpleBooleanProperty(false);
    private final StringProperty status = new SimpleStringProperty("");
    private final ObservableMap<String, String> problems = FXCollections.observableHashMap();
    /** Typed text not (yet) in the model, by JSON path, oldest first. */
    private final Map<String, String> drafts = new LinkedHashMap<>();
    private final IntegerProperty selectedVm = new SimpleIntegerProperty(0);
    private final IntegerProperty selectedTask = new SimpleIntegerProperty(-1);
    private final IntegerProperty selectedCore = new SimpleIntegerProperty(0);
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(0);
    private final ReadOnlyLongWrapper inputReset = new ReadOnlyLongWrapper(0);

    public MainViewModel(Executor ui, Background analysisWorker, Background simulationWorker, long debounceMillis,
                         RecentFiles recent, SimulationBackend backend) {
        this.recent = recent;
        this.analysis = new AnalysisViewModel(ui, analysisWorker, debounceMillis);
        this.simulation = new SimulationViewModel(ui, simulationWorker, backend);
        this.stepping = new org.vmsched.ui.simulation.StepViewModel(scenario::get, simulation::settings, this::invalidReason,
                ui, simulationWorker);
        recentFiles.setAll(recent.list());
        simulation.setOnSettingsChanged(s -> edit(sc -> sc.withSimulation(s)));
        simulation.setOnResult(r -> r.simulatedTmax().forEach((name, points) ->
                analysis.setSimulatedTmax(name, points, simulation.simulatedTmaxNote())));
        analysis.messageProperty().addListener((o, a, b) -> updateStatus());
        simulation.staleProperty().addListener((o, a, b) -> updateStatus());
        selectedVm.addListener((o, a, b) -> reanalyse());
        selectedTask.addListener((o, a, b) -> reanalyse());
        replace(blank(), null, "Untitled");
    }

    /** A new scenario: one core, one VM with one task. */
    public static Scenario blank() {
        return Scenario.of("Untitled", List.of(VirtualMachine.of("VM1", 10, 5, 0, List.of(Task.of("t1", 1, 20)))));
    }

    // ---------------------------------------------------------------- files

    /** The bundled examples' file names, e.g. "thesis-example.json". */
    public static List<String> examples() {
        return org.vmsched.ui.ResourceIndex.lines(MainViewModel.class, EXAMPLE_INDEX);
    }

    /** The text pages of the PDF report: the scenario, its VMs and tasks, and the verdict table. */
    public List<String> reportLines() {
        // from the model and the analysis result, not from the verdict table's display strings
        return org.vmsched.io.ResultTables.reportLines(scenario(), analysis().resultProperty().get(),
                analysis().messageProperty().get());
    }

    /** Starts over with {@link #blank()}. The View asks about unsaved changes first. */
    public void newScenario() {
        replace(blank(), null, "Untitled");
    }

    /** Opens a file; on failure the current scenario stays and the exception names file, path and reason. */
    public void open(Path path) throws InvalidScenarioException {
        Scenario s = ScenarioJson.load(path);
        replace(s, path, path.getFileName().toString());
        recent.add(path);
        recentFiles.setAll(recent.list());
    }

    /** Opens a bundled example as an untitled copy (Save asks where). */
    public void openExample(String name) throws InvalidScenarioException {
        try (InputStream in = MainViewModel.class.getResourceAsStream("/scenarios/" + name)) {
            if (in == null) {
                throw new InvalidScenarioException(name, "no such bundled example");
            }
            Scenario s = ScenarioJson.load(name, in);
            replace(s, null, name + " (example)");
        } catch (IOException e) {
            throw new InvalidScenarioException(name, "cannot be read: " + e.getMessage());
        }
    }

    /**
     * Saves to the current file; false when there is none (the View then asks for one). Refused
     * like {@link #saveAs} while there are problems.
     */
    public boolean save() throws IOException, InvalidScenarioException {
        checkSavable();
        if (file.get() == null) {
            return false;
        }
        saveAs(file.get());
        return true;
    }

    /**
     * Saves atomically to {@code path}, which becomes the current file. While the scenario or a
     * typed value has a problem nothing is written: {@link #checkSavable()} throws and the
     * modified mark stays.
     */
    public void saveAs(Path path) throws IOException, InvalidScenarioException {
        checkSavable();
        ScenarioJson.save(scenario.get(), path);
        saved = scenario.get();
        file.set(path);
        displayName.set(path.getFileName().toString());
        recent.add(path);
        recentFiles.setAll(recent.list());
        updateModified();
        status.set("Saved " + path.getFileName());
    }

    /**
     * Whether the scenario can be saved: throws, naming every problem in words (e.g. "VM1 budget
     * must not exceed the period 10, got 12"), and says so on the status line, when it cannot —
     * a file that would not open again is never written.
     */
    public void checkSavable() throws InvalidScenarioException {
        List<String> words = problemsInWords();
        if (words.isEmpty()) {
            return;
        }
        status.set("Not saved: " + (words.size() == 1 ? "1 problem: " : words.size() + " problems, first: ") + words.get(0));
        List<Problem> list = new ArrayList<>();
        for (String path : sortedProblemPaths()) {
            list.add(new Problem(ScenarioPaths.inWords(scenario.get(), path), problems.get(path)));
        }
        throw new InvalidScenarioException(displayName.get(), list);
    }

    /** Every problem, in document order, as a sentence: "VM1 / t3: wcet must be a number, got \"4x\"". */
    public List<String> problemsInWords() {
        List<String> out = new ArrayList<>();
        for (String path : sortedProblemPaths()) {
            out.add(ScenarioPaths.inWords(scenario.get(), path) + " " + problems.get(path));
        }
        return out;
    }

    /** The problem paths in document order (vms[2] before vms[10]). */
    private List<String> sortedProblemPaths() {
        List<String> paths = new ArrayList<>(problems.keySet());
        paths.sort(java.util.Comparator.comparing(ScenarioPaths::sortKey));
        return paths;
    }


    /** A JSON path of the edited scenario in the words of the window: "scenario: name", "VM1: budget", "VM1 / t3: wcet". */
    public String inWords(String path) {
        return ScenarioPaths.inWords(scenario.get(), path);
    }


    private void replace(Scenario s, Path path, String name) {
        history.clear();
        policyMemory.clear();
        drafts.clear();
        saved = s;
        file.set(path);
        displayName.set(name);
        selectedVm.set(0);
        selectedTask.set(-1);
        selectedCore.set(0);
        setScenario(s, true);
        inputReset.set(inputReset.get() + 1);
    }

    // ---------------------------------------------------------------- edits

    /**
     * Applies an edit as one undoable step; a no-op edit (equal scenario) is ignored. Returns
     * whether the scenario changed.
     */
    public boolean edit(UnaryOperator<Scenario> change) {
        liveKey = null;
        boolean changed = apply(change, true);
        if (changed && !drafts.isEmpty()) {
            settle(false); // a typed value the edit made valid goes in with it, as the same step
        }
        return changed;
    }

    /**
     * Changes the scenario as part of a programmatic setup (a snapshot's simulation mode), not as
     * the user's edit: nothing to undo, and an unmodified scenario stays unmodified.
     */
    public void setUp(UnaryOperator<Scenario> change) {
        boolean unmodified = !modified.get();
        Scenario after = change.apply(scenario.get());
        if (after == null || after.equals(scenario.get())) {
            return;
        }
        if (unmodified) {
            saved = after;
        }
        setScenario(after, false);
    }

    private boolean apply(UnaryOperator<Scenario> change, boolean undoable) {
        Scenario before = scenario.get();
        Scenario after = change.apply(before);
        if (after == null || after.equals(before)) {
            return false;
        }
        if (undoable) {
            history.push(before);
        }
        setScenario(after, false);
        return true;
    }

    /**
     * Sets a VM field as the user types: each keystroke is validated at once and applied when
     * valid (else kept as a draft), and the keystrokes of one field make one undo step until
     * {@link #endLiveEdit()}. Returns whether the text is in the model.
     */
    public boolean setVmFieldLive(int v, VmField f, String text) {
        return typeLive(vmPath(v, f), text);
    }

    /**
     * Sets a policy parameter ({@link PolicyParam#path}: "vms[0].params.weight",
     * "hypervisor.params.tick") from typed text, live as {@link #setVmFieldLive}; empty text puts
     * its default back. Returns whether the text is in the model.
     */
    public boolean setParamLive(String path, String text) {
        return typeLive(path, text);
    }

    private boolean typeLive(String key, String text) {
        boolean first = !key.equals(liveKey);
        liveEditing = !first;
        Scenario before = scenario.get();
        try {
            boolean ok = type(key, text, !liveEditing);
            if (scenario.get() != before) {
                liveKey = key;
            }
            return ok;
        } finally {
            liveEditing = false;
        }
    }

    /** Ends a run of live keystrokes (the field lost focus or Enter was pressed). */
    public void endLiveEdit() {
        liveKey = null;
    }

    /**
     * Undoes what was typed last: the values not applied (drafts) if there are any, else the last
     * edit. A run of live keystrokes ends here, so typing after it is a new step.
     */
    public void undo() {
        liveKey = null;
        if (!drafts.isEmpty()) {
            drafts.clear();
            inputChanged();
            inputReset.set(inputReset.get() + 1);
            return;
        }
        Scenario s = history.undo(scenario.get());
        if (s != null) {
            setScenario(s, false);
            clampSelection();
        }
        inputReset.set(inputReset.get() + 1);
    }

    /** Redoes the last undone edit, dropping values not applied; ends a run of live keystrokes like {@link #undo()}. */
    public void redo() {
        liveKey = null;
        Scenario s = history.redo(scenario.get());
        if (s != null) {
            drafts.clear();
            setScenario(s, false);
            clampSelection();
        }
        inputReset.set(inputReset.get() + 1);
    }

    /** Installs {@code s} as a new revision; {@code newDocument} (New, Open) forgets the old simulation entirely. */
    private void setScenario(Scenario s, boolean newDocument) {
        scenario.set(s);
        simulation.load(s.simulation());
        canUndo.set(history.canUndo() || !drafts.isEmpty());
        canRedo.set(history.canRedo());
        updateModified();
        refreshProblems();
        newRevision(newDocument);
    }

    /**
     * The drafts changed but the model did not: still a new revision of what the window shows
     * (a simulation of the model is no longer what the fields say).
     */
    private void inputChanged() {
        canUndo.set(history.canUndo() || !drafts.isEmpty());
        updateModified();
        refreshProblems();
        newRevision(false);
    }

    /** Counts a new revision (scenario and drafts already in place) and tells the results so. */
    private void newRevision(boolean newDocument) {
        revision.set(revision.get() + 1);
        if (newDocument) {
            simulation.clear(revision.get());
        } else {
            simulation.scenarioChanged(revision.get());
        }
        analysis.clearSimulatedTmax();
        reanalyse();
    }

    private void updateModified() {
        modified.set(!scenario.get().equals(saved) || !drafts.isEmpty());
        title.set((modified.get() ? "*" : "") + displayName.get() + " — VMSched");
    }

    private void refreshProblems() {
        Map<String, String> all = new LinkedHashMap<>();
        for (Problem p : ScenarioValidator.validate(scenario.get())) {
            all.putIfAbsent(p.path(), p.message());
        }
        drafts.forEach((path, text) -> all.put(path, TypedInput.draftProblem(scenario.get(), path, text)));
        problems.clear();
        problems.putAll(all);
        updateStatus();
    }

    private void updateStatus() {
        if (!problems.isEmpty()) {
            String first = sortedProblemPaths().get(0);
            status.set(problems.size() + (problems.size() == 1 ? " problem: " : " problems, first: ") + inWords(first)
                    + " " + problems.get(first));
        } else if (simulation.staleProperty().get()) {
            // the verdicts may be current, the simulation shown is not: never "up to date" then
            AnalysisResult r = analysis.resultProperty().get();
            String head = analysis.stateProperty().get() == AnalysisViewModel.State.CURRENT && r != null
                    ? "Analysis of this scenario: the system is " + (r.schedulable() ? "schedulable." : "NOT schedulable.")
                    : analysis.messageProperty().get();
            status.set(head + " The simulation shown is from the previous scenario: F5 to re-run.");
        } else {
            status.set(analysis.messageProperty().get());
        }
    }

    /** The reason the scenario cannot be analysed, or null when it is valid. */
    public String invalidReason() {
        if (problems.isEmpty()) {
            return null;
        }
        String first = sortedProblemPaths().get(0);
        return (problems.size() == 1 ? "1 problem: " : problems.size() + " problems, e.g. ") + inWords(first) + " "
                + problems.get(first);
    }

    private void reanalyse() {
        if (scenario.get() == null) {
            return;
        }
        analysis.request(scenario.get(), selectedVm.get(), selectedTask.get(), invalidReason(), revision.get());
    }

    /** Re-runs the analysis (e.g. after the chart options changed). */
    public void refresh() {
        reanalyse();
    }

    /** The problem at a JSON path (a cell or field), or null. */
    public String problemAt(String path) {
        return problems.get(path);
    }

    /** The text typed at a JSON path that is not in the model (it has a problem), or null. */
    public String draftAt(String path) {
        return drafts.get(path);
    }

    public static String taskPath(int vm, int task, TaskField f) {
        return "vms[" + vm + "].tasks[" + task + "]." + f.json;
    }

    public static String vmPath(int vm, VmField f) {
        return "vms[" + vm + "]." + f.json;
    }



    /**
     * Types {@code text} at {@code path}: it becomes the newest draft, then every draft the model
     * accepts goes in (oldest first, again until none does), as one step when {@code undoable},
     * else merged into the last one. Returns whether the text is in the model.
     */
    private boolean type(String path, String text, boolean undoable) {
        String t = text == null ? "" : text;
        Map<String, String> before = new LinkedHashMap<>(drafts);
        drafts.remove(path);
        drafts.put(path, t);
        settle(undoable, before);
        return !drafts.containsKey(path);
    }

    private void settle(boolean undoable) {
        settle(undoable, new LinkedHashMap<>(drafts));
    }

    private void settle(boolean undoable, Map<String, String> draftsBefore) {
        Scenario s = scenario.get();
        boolean progress = true;
        while (progress) {
            progress = false;
            for (java.util.Iterator<Map.Entry<String, String>> it = drafts.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, String> d = it.next();
                TypedInput.Typed t = TypedInput.typed(s, d.getKey(), d.getValue());
                if (t == null) {
                    it.remove(); // its field is gone
                } else if (TypedInput.draftProblem(s, d.getKey(), d.getValue()) == null) {
                    s = t.scenario();
                    it.remove();
                    progress = true;
                }
            }
        }
        Scenario after = s;
        if (!apply(x -> after, undoable) && !drafts.equals(draftsBefore)) {
            inputChanged();
        }
    }

    /** Drops the draft at {@code path} (a control set that value another way); whether there was one. */
    private boolean dropDraft(String path) {
        return drafts.remove(path) != null;
    }

    /**
     * Sets a task field from typed text. Text that is not a number, or a value with a problem, is
     * kept out of the model as a draft and reported at the cell's path. Returns whether the text
     * is in the model.
     */
    public boolean setTaskField(int v, int t, TaskField f, String text) {
        liveKey = null;
        return type(taskPath(v, t, f), text, true);
    }

    /**
     * What would be wrong with typing {@code text} into a task cell, without applying it: the
     * problem that would keep it out of the model, or null. For live feedback while the cell is
     * being edited.
     */
    public String previewTaskField(int v, int t, TaskField f, String text) {
        return TypedInput.draftProblem(scenario.get(), taskPath(v, t, f), text);
    }

    /** Sets a VM field from typed text; as {@link #setTaskField}. */
    public boolean setVmField(int v, VmField f, String text) {
        return type(vmPath(v, f), text, !liveEditing);
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
    public void setHypervisorParams(org.vmsched.model.HypervisorParams hp) {
        edit(s -> hp.policy() != s.hypervisor().policy() ? s
                : s.withHypervisor(new Platform(s.hypervisor().policy(), s.hypervisor().cores(), hp)));
    }

    /** Sets the scenario's name from typed text; an empty name is kept out like any invalid value. */
    public void setScenarioName(String name) {
        liveKey = null;
        type("name", name, true);
    }

    /** Budget = α·T_VM of VM {@code v} (the bandwidth slider); it replaces a budget typed but not applied. */
    public void setBandwidth(int v, double alpha) {
        VirtualMachine vm = scenario.get().vms().get(v);
        double budget = Math.round(alpha * vm.period() * 1e6) / 1e6;
        boolean dropped = dropDraft(vmPath(v, VmField.BUDGET));
        if (!edit(s -> ScenarioEdits.replaceVm(s, v, vm.withServer(vm.period(), budget, vm.overhead()))) && dropped) {
            inputChanged();
        }
    }

    /**
     * Period T and budget α·T of VM {@code v} (a click on the good-period map), rounded to 3
     * decimals; they replace a period or budget typed but not applied.
     */
    public void setServer(int v, double alpha, double period) {
        VirtualMachine vm = scenario.get().vms().get(v);
        double t = Math.round(period * 1000) / 1000.0;
        double a = Math.round(alpha * 1000) / 1000.0;
        if (!(t > 0) || !(a > 0) || a > 1) {
            status.set("Click inside the map: α in (0, 1] and T_VM > 0.");
            return;
        }
        double budget = Math.round(a * t * 1e6) / 1e6;
        boolean dropped = dropDraft(vmPath(v, VmField.PERIOD)) | dropDraft(vmPath(v, VmField.BUDGET));
        if (!edit(s -> ScenarioEdits.replaceVm(s, v, vm.withServer(t, budget, vm.overhead()))) && dropped) {
            inputChanged();
        }
    }

    /**
     * Sets the server of VM {@code v} from a click on the good-period map ({@code onCurve} false)
     * or the Tmax curve at ({@code alpha}, {@code period}), snapped by {@link ServerSnap}: round
     * values, or a good interval's end, an isolated good point or Tmax(α) near the click, as a
     * decimal on its safe side (the status line then shows the exact end beside it). Replaces a
     * period or budget typed but not applied. Returns the server set, or null.
     */
    public ServerSnap.Server setServerAt(int v, double alpha, double period, double alphaPerPixel, double periodPerPixel,
                                         boolean onCurve) {
        ServerSnap.Server srv = ServerSnap.snap(scenario.get(), v, alpha, period, alphaPerPixel, periodPerPixel, onCurve);
        if (srv == null) {
            status.set("Click inside the chart: α in (0, 1] and T_VM > 0.");
            return null;
        }
        VirtualMachine vm = scenario.get().vms().get(v);
        boolean dropped = dropDraft(vmPath(v, VmField.PERIOD)) | dropDraft(vmPath(v, VmField.BUDGET));
        if (!edit(s -> ScenarioEdits.replaceVm(s, v, vm.withServer(srv.period(), srv.budget(), vm.overhead()))) && dropped) {
            inputChanged();
        }
        if (srv.note() != null) {
            status.set(srv.note()); // the exact end beside the decimal set (issue 18)
        }
        return srv;
    }

    public void addVm() {
        int core = selectedVmOrMinus() >= 0 ? scenario.get().vms().get(selectedVm.get()).core() : selectedCore.get();
        if (edit(s -> ScenarioEdits.addVm(s, Math.max(0, Math.min(core, s.hypervisor().cores() - 1))))) {
            selectedTask.set(-1);
            selectedVm.set(scenario.get().vms().size() - 1);
        }
    }

    public void addTask() {
        int v = selectedVmOrMinus();
        if (v < 0) {
            status.set("Select a VM to add a task to.");
            return;
        }
        if (edit(s -> ScenarioEdits.addTask(s, v))) {
            selectedTask.set(scenario.get().vms().get(v).tasks().size() - 1);
        }
    }

    public void addCore() {
        edit(ScenarioEdits::addCore);
    }

    /** Duplicates the selected task, else the selected VM. */
    public void duplicateSelected() {
        int v = selectedVmOrMinus();
        int t = selectedTask.get();
        if (v < 0) {
            return;
        }
        if (t >= 0) {
            remapTaskDrafts(v, i -> i > t ? i + 1 : i);
            if (edit(s -> ScenarioEdits.duplicateTask(s, v, t))) {
                selectedTask.set(t + 1);
            }
        } else {
            remapVmDrafts(i -> i > v ? i + 1 : i);
            if (edit(s -> ScenarioEdits.duplicateVm(s, v))) {
                selectedVm.set(v + 1);
            }
        }
    }

    /** Removes the selected task, else the selected VM, else the selected (empty) core. */
    public void removeSelected() {
        int v = selectedVmOrMinus();
        int t = selectedTask.get();
        if (v < 0) {
            Scenario r = ScenarioEdits.removeCore(scenario.get(), selectedCore.get());
            if (r == null) {
                status.set("Only an empty core can be removed, and not the last one.");
            } else {
                edit(s -> r);
                selectedCore.set(0);
            }
            return;
        }
        if (t >= 0) {
            remapTaskDrafts(v, i -> i == t ? -1 : i > t ? i - 1 : i);
            edit(s -> ScenarioEdits.removeTask(s, v, t));
        } else {
            remapVmDrafts(i -> i == v ? -1 : i > v ? i - 1 : i);
            edit(s -> ScenarioEdits.removeVm(s, v));
        }
        clampSelection();
    }

    /** Moves the selected task (else VM) by {@code delta} places. */
    public void moveSelected(int delta) {
        int v = selectedVmOrMinus();
        int t = selectedTask.get();
        if (v < 0) {
            return;
        }
        if (t >= 0) {
            int n = scenario.get().vms().get(v).tasks().size();
            remapTaskDrafts(v, moved(t, Math.max(0, Math.min(n - 1, t + delta))));
            if (edit(s -> ScenarioEdits.moveTask(s, v, t, delta))) {
                selectedTask.set(Math.max(0, Math.min(n - 1, t + delta)));
            }
        } else {
            int n = scenario.get().vms().size();
            remapVmDrafts(moved(v, Math.max(0, Math.min(n - 1, v + delta))));
            if (edit(s -> ScenarioEdits.moveVm(s, v, delta))) {
                selectedVm.set(Math.max(0, Math.min(n - 1, v + delta)));
            }
        }
    }

    /** Where each index goes when the item at {@code from} moves to {@code to}. */
    private static IntUnaryOperator moved(int from, int to) {
        return i -> i == from ? to
                : from < to && i > from && i <= to ? i - 1
                : to < from && i >= to && i < from ? i + 1
                : i;
    }

    /** Drafts follow their VM when VMs are inserted, removed or moved: index i goes to map(i), −1 drops it. */
    private void remapVmDrafts(IntUnaryOperator map) {
        remapDrafts(-1, map);
    }

    /** As {@link #remapVmDrafts}, for the tasks of VM {@code v}. */
    private void remapTaskDrafts(int v, IntUnaryOperator map) {
        remapDrafts(v, map);
    }

    private void remapDrafts(int tasksOf, IntUnaryOperator map) {
        if (drafts.isEmpty()) {
            return;
        }
        Map<String, String> out = new LinkedHashMap<>();
        drafts.forEach((path, text) -> {
            Matcher m = ScenarioPaths.ITEM.matcher(path);
            if (!m.matches()) {
                out.put(path, text);
                return;
            }
            int v = Integer.parseInt(m.group(1));
            String task = m.group(2);
            String rest = m.group(3);
            if (tasksOf < 0) {
                int nv = map.applyAsInt(v);
                if (nv >= 0) {
                    out.put("vms[" + nv + "]" + (task == null ? "" : ".tasks[" + task + "]") + rest, text);
                }
            } else if (v == tasksOf && task != null) {
                int nt = map.applyAsInt(Integer.parseInt(task));
                if (nt >= 0) {
                    out.put("vms[" + v + "].tasks[" + nt + "]" + rest, text);
                }
            } else {
                out.put(path, text);
            }
        });
        drafts.clear();
        drafts.putAll(out);
    }

    /** Selects VM {@code v} (−1: the core {@code core} itself) and task {@code t} (−1: none). */
    public void select(int core, int v, int t) {
        selectedCore.set(core);
        selectedVm.set(v);
        selectedTask.set(t);
    }

    private int selectedVmOrMinus() {
        int v = selectedVm.get();
        return v >= 0 && v < scenario.get().vms().size() ? v : -1;
    }

    private void clampSelection() {
        int nv = scenario.get().vms().size();
        if (selectedVm.get() >= nv) {
            selectedVm.set(nv - 1);
        }
        int v = selectedVm.get();
        if (v >= 0) {
            int nt = scenario.get().vms().get(v).tasks().size();
            if (selectedTask.get() >= nt) {
                selectedTask.set(nt - 1);
            }
        }
    }

    /** The settings the simulation panel shows, stored in the scenario. */
    public SimulationSettings simulationSettings() {
        return scenario.get().simulation();
    }

    /** Runs the simulation on the current scenario, as its current revision. */
    public void runSimulation() {
        simulation.run(scenario.get(), revision.get(), invalidReason());
    }

    // ---------------------------------------------------------------- properties

    /**
     * The revision of the edited scenario: bumped by every change of the model or of the values
     * typed but not applied, New and Open, after the change is in place; never goes back.
     */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /**
     * Bumped when what is typed in the fields must give way to the model (Undo, Redo, New,
     * Open): a field being typed in shows the model's value again.
     */
    public ReadOnlyLongProperty inputResetProperty() {
        return inputReset.getReadOnlyProperty();
    }

    public long revision() {
        return revision.get();
    }

    public ObjectProperty<Scenario> scenarioProperty() {
        return scenario;
    }

    public Scenario scenario() {
        return scenario.get();
    }

    public ObjectProperty<Path> fileProperty() {
        return file;
    }

    public StringProperty displayNameProperty() {
        return displayName;
    }

    public BooleanProperty modifiedProperty() {
        return modified;
    }

    public StringProperty titleProperty() {
        return title;
    }

    public BooleanProperty canUndoProperty() {
        return canUndo;
    }

    public BooleanProperty canRedoProperty() {
        return canRedo;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** Problems by JSON path, validator's and unparseable input's. */
    public ObservableMap<String, String> problems() {
        return problems;
    }

    public IntegerProperty selectedVmProperty() {
        return selectedVm;
    }

    public IntegerProperty selectedTaskProperty() {
        return selectedTask;
    }

    public IntegerProperty selectedCoreProperty() {
        return selectedCore;
    }

    public ObservableList<Path> recentFiles() {
        return recentFiles;
    }

    public AnalysisViewModel analysis() {
        return analysis;
    }

    public SimulationViewModel simulation() {
        return simulation;
    }

    /** Stepping through the schedule of the scenario being edited, with the Simulation panel's settings. */
    public org.vmsched.ui.simulation.StepViewModel stepping() {
        return stepping;
    }
}

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
import java.util.function.UnaryOperator;
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
    private final RecentFiles recent;
    private final AnalysisViewModel analysis;
    private final SimulationViewModel simulation;
    private Scenario saved;
    private String liveKey;
    private boolean liveEditing;

    private final ObjectProperty<Scenario> scenario = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final StringProperty displayName = new SimpleStringProperty("Untitled");
    private final BooleanProperty modified = new SimpleBooleanProperty(false);
    private final StringProperty title = new SimpleStringProperty("VMSched");
    private final BooleanProperty canUndo = new SimpleBooleanProperty(false);
    private final BooleanProperty canRedo = new SimpleBooleanProperty(false);
    private final StringProperty status = new SimpleStringProperty("");
    private final ObservableMap<String, String> problems = FXCollections.observableHashMap();
    private final Map<String, String> parseErrors = new LinkedHashMap<>();
    private final IntegerProperty selectedVm = new SimpleIntegerProperty(0);
    private final IntegerProperty selectedTask = new SimpleIntegerProperty(-1);
    private final IntegerProperty selectedCore = new SimpleIntegerProperty(0);
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(0);

    public MainViewModel(Executor ui, Background analysisWorker, Background simulationWorker, long debounceMillis,
                         RecentFiles recent, SimulationBackend backend) {
        this.recent = recent;
        this.analysis = new AnalysisViewModel(ui, analysisWorker, debounceMillis);
        this.simulation = new SimulationViewModel(ui, simulationWorker, backend);
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
        List<String> lines = new ArrayList<>();
        Scenario s = scenario();
        lines.add("Scenario: " + s.name() + "   hypervisor " + s.hypervisor().policy() + ", " + s.hypervisor().cores() + " core(s)");
        for (String d : s.description().split("(?<=\\G.{110})")) {
            if (!d.isBlank()) {
                lines.add(d);
            }
        }
        lines.add("");
        for (VirtualMachine m : s.vms()) {
            lines.add(String.format(Locale.ROOT, "%s: T_VM = %s, C_VM = %s, X = %s, core %d, %s%s", m.name(),
                    AnalysisViewModel.num(m.period()), AnalysisViewModel.num(m.budget()), AnalysisViewModel.num(m.overhead()),
                    m.core(), m.scheduler(), m.priority() == null ? "" : ", priority " + m.priority()));
            for (Task t : m.tasks()) {
                lines.add(String.format(Locale.ROOT, "    %-16s C = %-8s T = %-8s D = %-8s offset = %s", t.name(),
                        AnalysisViewModel.num(t.wcet()), AnalysisViewModel.num(t.period()), AnalysisViewModel.num(t.deadline()),
                        AnalysisViewModel.num(t.offset())));
            }
        }
        lines.add("");
        lines.add("Verdicts");
        if (analysis().rows().isEmpty()) {
            lines.add("  " + analysis().messageProperty().get());
        }
        for (ResultRow r : analysis().rows()) {
            lines.add(String.format(Locale.ROOT, "  %-7s %-48s R = %-9s D = %-9s %s", r.level(), r.item(), r.responseTime(),
                    r.deadline(), r.verdict()));
        }
        return lines;
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

    /** Saves to the current file; false when there is none (the View then asks for one). */
    public boolean save() throws IOException {
        if (file.get() == null) {
            return false;
        }
        saveAs(file.get());
        return true;
    }

    /** Saves atomically to {@code path}, which becomes the current file. */
    public void saveAs(Path path) throws IOException {
        ScenarioJson.save(scenario.get(), path);
        saved = scenario.get();
        file.set(path);
        displayName.set(path.getFileName().toString());
        recent.add(path);
        recentFiles.setAll(recent.list());
        updateModified();
        status.set("Saved " + path.getFileName());
    }

    private void replace(Scenario s, Path path, String name) {
        history.clear();
        parseErrors.clear();
        saved = s;
        file.set(path);
        displayName.set(name);
        selectedVm.set(0);
        selectedTask.set(-1);
        selectedCore.set(0);
        setScenario(s, true);
    }

    // ---------------------------------------------------------------- edits

    /**
     * Applies an edit as one undoable step; a no-op edit (equal scenario) is ignored. Returns
     * whether the scenario changed.
     */
    public boolean edit(UnaryOperator<Scenario> change) {
        liveKey = null;
        return apply(change, true);
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
     * Sets a VM field as the user types: each keystroke is applied and validated at once, and the
     * keystrokes of one field make one undo step until {@link #endLiveEdit()}.
     */
    public boolean setVmFieldLive(int v, VmField f, String text) {
        String key = vmPath(v, f);
        boolean first = !key.equals(liveKey);
        liveEditing = !first;
        Scenario before = scenario.get();
        try {
            boolean ok = setVmField(v, f, text);
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

    /** Undoes the last edit; a run of live keystrokes ends here, so typing after it is a new step. */
    public void undo() {
        liveKey = null;
        Scenario s = history.undo(scenario.get());
        if (s != null) {
            parseErrors.clear();
            setScenario(s, false);
            clampSelection();
        }
    }

    /** Redoes the last undone edit; ends a run of live keystrokes like {@link #undo()}. */
    public void redo() {
        liveKey = null;
        Scenario s = history.redo(scenario.get());
        if (s != null) {
            parseErrors.clear();
            setScenario(s, false);
            clampSelection();
        }
    }

    /** Installs {@code s} as a new revision; {@code newDocument} (New, Open) forgets the old simulation entirely. */
    private void setScenario(Scenario s, boolean newDocument) {
        revision.set(revision.get() + 1);
        if (newDocument) {
            simulation.clear(revision.get());
        } else {
            simulation.scenarioChanged(revision.get());
        }
        analysis.clearSimulatedTmax();
        scenario.set(s);
        simulation.load(s.simulation());
        canUndo.set(history.canUndo());
        canRedo.set(history.canRedo());
        updateModified();
        refreshProblems();
        reanalyse();
    }

    private void updateModified() {
        modified.set(!scenario.get().equals(saved));
        title.set((modified.get() ? "*" : "") + displayName.get() + " — VMSched");
    }

    private void refreshProblems() {
        Map<String, String> all = new LinkedHashMap<>();
        for (Problem p : ScenarioValidator.validate(scenario.get())) {
            all.putIfAbsent(p.path(), p.message());
        }
        all.putAll(parseErrors);
        problems.clear();
        problems.putAll(all);
        updateStatus();
    }

    private void updateStatus() {
        if (!problems.isEmpty()) {
            Map.Entry<String, String> first = problems.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey()).findFirst().orElseThrow();
            status.set(problems.size() + (problems.size() == 1 ? " problem: " : " problems, first: ") + first.getKey()
                    + " " + first.getValue());
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
        Map.Entry<String, String> first = problems.entrySet().iterator().next();
        return problems.size() + " problem(s), e.g. " + first.getKey() + " " + first.getValue();
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

    public static String taskPath(int vm, int task, TaskField f) {
        return "vms[" + vm + "].tasks[" + task + "]." + f.json;
    }

    public static String vmPath(int vm, VmField f) {
        return "vms[" + vm + "]." + f.json;
    }

    private Double parseNumber(String path, String text) {
        String t = text == null ? "" : text.trim();
        try {
            double v = Double.parseDouble(t);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            parseErrors.put(path, "must be a number, got \"" + t + "\"");
            refreshProblems();
            reanalyse();
            return null;
        }
    }

    private void clearParseError(String path) {
        if (parseErrors.remove(path) != null) {
            refreshProblems();
            reanalyse();
        }
    }

    /**
     * Sets a task field from typed text. Text that is not a number is kept out of the model and
     * reported at the cell's path; a number breaking a rule goes in and the validator reports it.
     * Returns whether the text was accepted.
     */
    public boolean setTaskField(int v, int t, TaskField f, String text) {
        String path = taskPath(v, t, f);
        Task old = scenario.get().vms().get(v).tasks().get(t);
        Task nt;
        if (f == TaskField.NAME) {
            nt = old.withName(text == null ? "" : text.trim());
        } else {
            Double x = parseNumber(path, text);
            if (x == null) {
                return false;
            }
            nt = switch (f) {
                case WCET -> old.withWcet(x);
                case PERIOD -> new Task(old.name(), old.wcet(), x, old.deadline() == old.period() ? x : old.deadline(), old.offset());
                case DEADLINE -> new Task(old.name(), old.wcet(), old.period(), x, old.offset());
                case OFFSET -> new Task(old.name(), old.wcet(), old.period(), old.deadline(), x);
                default -> old;
            };
        }
        boolean hadError = parseErrors.remove(path) != null;
        if (!edit(s -> ScenarioEdits.replaceTask(s, v, t, nt)) && hadError) {
            refreshProblems();
            reanalyse();
        }
        return true;
    }

    /**
     * What would be wrong with typing {@code text} into a task cell, without applying it: the
     * parse error or the validator's message for that cell, or null. For live feedback while
     * the cell is being edited.
     */
    public String previewTaskField(int v, int t, TaskField f, String text) {
        String path = taskPath(v, t, f);
        Task old = scenario.get().vms().get(v).tasks().get(t);
        String txt = text == null ? "" : text.trim();
        Task nt;
        if (f == TaskField.NAME) {
            nt = old.withName(txt);
        } else {
            double x;
            try {
                x = Double.parseDouble(txt);
            } catch (NumberFormatException e) {
                return "must be a number, got \"" + txt + "\"";
            }
            nt = switch (f) {
                case WCET -> old.withWcet(x);
                case PERIOD -> new Task(old.name(), old.wcet(), x, old.deadline() == old.period() ? x : old.deadline(), old.offset());
                case DEADLINE -> new Task(old.name(), old.wcet(), old.period(), x, old.offset());
                case OFFSET -> new Task(old.name(), old.wcet(), old.period(), old.deadline(), x);
                default -> old;
            };
        }
        for (Problem p : ScenarioValidator.validate(ScenarioEdits.replaceTask(scenario.get(), v, t, nt))) {
            if (p.path().equals(path)) {
                return p.message();
            }
        }
        return null;
    }

    /** Sets a VM field from typed text; as {@link #setTaskField}. */
    public boolean setVmField(int v, VmField f, String text) {
        String path = vmPath(v, f);
        VirtualMachine old = scenario.get().vms().get(v);
        VirtualMachine nv;
        String t = text == null ? "" : text.trim();
        if (f == VmField.NAME) {
            nv = old.withName(t);
        } else if (f == VmField.PRIORITY && t.isEmpty()) {
            nv = old.withPriority(null);
        } else {
            Double x = parseNumber(path, t);
            if (x == null) {
                return false;
            }
            if ((f == VmField.CORE || f == VmField.PRIORITY) && x != Math.rint(x)) {
                parseErrors.put(path, "must be a whole number, got \"" + t + "\"");
                refreshProblems();
                reanalyse();
                return false;
            }
            nv = switch (f) {
                case PERIOD -> old.withServer(x, old.budget(), old.overhead());
                case BUDGET -> old.withServer(old.period(), x, old.overhead());
                case OVERHEAD -> old.withServer(old.period(), old.budget(), x);
                case CORE -> old.withCore((int) Math.round(x));
                case PRIORITY -> old.withPriority((int) Math.round(x));
                case OFFSET -> old.withOffset(x);
                default -> old;
            };
        }
        boolean hadError = parseErrors.remove(path) != null;
        String keep = liveKey;
        boolean changed = apply(s -> ScenarioEdits.replaceVm(s, v, nv), !liveEditing);
        liveKey = keep;
        if (!changed && hadError) {
            refreshProblems();
            reanalyse();
        }
        return true;
    }

    public void setVmScheduler(int v, GuestScheduler g) {
        edit(s -> ScenarioEdits.replaceVm(s, v, s.vms().get(v).withScheduler(g)));
    }

    public void setHypervisorPolicy(HypervisorPolicy p) {
        edit(s -> s.withHypervisor(new Platform(p, s.hypervisor().cores())));
    }

    public void setScenarioName(String name) {
        edit(s -> s.withName(name == null ? "" : name.trim()));
    }

    /** Budget = α·T_VM of VM {@code v} (the bandwidth slider). */
    public void setBandwidth(int v, double alpha) {
        VirtualMachine vm = scenario.get().vms().get(v);
        double budget = Math.round(alpha * vm.period() * 1e6) / 1e6;
        clearParseError(vmPath(v, VmField.BUDGET));
        edit(s -> ScenarioEdits.replaceVm(s, v, vm.withServer(vm.period(), budget, vm.overhead())));
    }

    /** Period T and budget α·T of VM {@code v} (a click on the good-period map), rounded to 3 decimals. */
    public void setServer(int v, double alpha, double period) {
        VirtualMachine vm = scenario.get().vms().get(v);
        double t = Math.round(period * 1000) / 1000.0;
        double a = Math.round(alpha * 1000) / 1000.0;
        if (!(t > 0) || !(a > 0) || a > 1) {
            status.set("Click inside the map: α in (0, 1] and T_VM > 0.");
            return;
        }
        double budget = Math.round(a * t * 1e6) / 1e6;
        edit(s -> ScenarioEdits.replaceVm(s, v, vm.withServer(t, budget, vm.overhead())));
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
            if (edit(s -> ScenarioEdits.duplicateTask(s, v, t))) {
                selectedTask.set(t + 1);
            }
        } else if (edit(s -> ScenarioEdits.duplicateVm(s, v))) {
            selectedVm.set(v + 1);
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
            edit(s -> ScenarioEdits.removeTask(s, v, t));
        } else {
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
            if (edit(s -> ScenarioEdits.moveTask(s, v, t, delta))) {
                selectedTask.set(Math.max(0, Math.min(n - 1, t + delta)));
            }
        } else {
            int n = scenario.get().vms().size();
            if (edit(s -> ScenarioEdits.moveVm(s, v, delta))) {
                selectedVm.set(Math.max(0, Math.min(n - 1, v + delta)));
            }
        }
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

    /** The revision of the edited scenario: bumped by every change, New and Open; never goes back. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
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
}

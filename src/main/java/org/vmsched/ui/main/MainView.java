package org.vmsched.ui.main;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.converter.DefaultStringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.XYPlot;
import org.vmsched.chart.ChartCsv;
import org.vmsched.chart.ChartStyle;
import org.vmsched.io.AtomicFiles;
import org.vmsched.io.ChartExport;
import org.vmsched.io.ReportPdf;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.analysis.ResultRow;
import org.vmsched.ui.main.MainViewModel.TaskField;
import org.vmsched.ui.main.MainViewModel.VmField;
import org.vmsched.ui.experiment.ExperimentView;
import org.vmsched.ui.experiment.ExperimentViewModel;
import org.vmsched.ui.simulation.SimulationView;

/**
 * The main window's content: the scenario tree and VM editor on the left, the task table,
 * verdicts, Explain and simulation panel in the middle, two chart tab panes on the right.
 * Binds to a {@link MainViewModel}; asks the user through {@link Dialogs}. FX thread only.
 */
public final class MainView extends BorderPane {

    /** The charts by name, in report order. */
    public static final List<String> CHARTS = List.of("tmax", "map", "ratio", "supply", "gantt", "cdf");

    private final MainViewModel vm;
    private final Dialogs dialogs;
    private final TreeView<Node> tree = new TreeView<>();
    private final ObservableList<Task> taskRows = FXCollections.observableArrayList();
    private final TableView<Task> taskTable = new TableView<>(taskRows);
    private final TableView<ResultRow> resultTable = new TableView<>();
    private final java.util.Map<String, ChartViewer> viewers = new java.util.LinkedHashMap<>();
    private final java.util.Map<String, Tab> tabs = new java.util.HashMap<>();
    private Tab simTab;
    private ExperimentView experiments;
    private final List<VmFieldControl> vmFields = new ArrayList<>();
    private final Label taskTitle = new Label();
    private boolean syncingTree;
    private boolean syncingFields;
    private boolean refreshAllFields;
    private boolean syncingTable;
    private boolean typingInVmField;
    private Slider bandwidth;
    private Label bandwidthLabel;
    private ComboBox<GuestScheduler> scheduler;
    private ComboBox<HypervisorPolicy> policy;
    private TextField scenarioName;
    private Menu recentMenu;

    /** A node of the scenario tree: a core, a VM (index) or a task (VM and task index). */
    public record Node(int core, int vm, int task, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private record VmFieldControl(VmField field, TextField text) {
    }

    public MainView(MainViewModel vm, Dialogs dialogs) {
        this.vm = vm;
        this.dialogs = dialogs;
        setId("mainView");
        getStylesheets().add(MainView.class.getResource("/org/vmsched/ui/vmsched.css").toExternalForm());
        setTop(menuBar());
        SplitPane center = new SplitPane(leftPane(), middlePane(), chartsPane());
        center.setDividerPositions(0.21, 0.53);
        setCenter(center);
        setBottom(statusBar());

        vm.scenarioProperty().addListener((o, a, b) -> refreshAll());
        vm.selectedVmProperty().addListener((o, a, b) -> {
            refreshAll();
            showModelInVmFields(); // a focused field must not keep the previous VM's value
        });
        // also a change of the values typed but not applied (Undo drops them, the map replaces them)
        vm.revisionProperty().addListener((o, a, b) -> {
            if (!typingInVmField) {
                showModelInVmFields();
            }
            if (!scenarioName.isFocused()) {
                scenarioName.setText(vm.draftAt("name") != null ? vm.draftAt("name") : vm.scenario().name());
            }
            taskTable.refresh();
        });
        vm.selectedTaskProperty().addListener((o, a, b) -> syncTreeSelection());
        vm.problems().addListener((javafx.collections.MapChangeListener<String, String>) c -> refreshProblems());
        vm.recentFiles().addListener((javafx.collections.ListChangeListener<Path>) c -> refreshRecent());
        refreshAll();
        refreshRecent();
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, undoKeys);
            }
            if (b != null) {
                b.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, undoKeys);
            }
        });
    }

    private static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination REDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
            KeyCombination.SHIFT_DOWN);
    private static final KeyCombination REDO_Y = new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);

    /**
     * Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y always mean the app's undo and redo, also inside a text
     * field (which would otherwise undo its own typing and leave the scenario as it was): the
     * field is committed first (its Enter action), so what was typed becomes the step undone.
     */
    private final javafx.event.EventHandler<javafx.scene.input.KeyEvent> undoKeys = this::undoKey;

    private void undoKey(javafx.scene.input.KeyEvent e) {
        boolean undo = UNDO.match(e);
        if (!undo && !REDO.match(e) && !REDO_Y.match(e)) {
            return;
        }
        e.consume();
        javafx.scene.Node focus = getScene() == null ? null : getScene().getFocusOwner();
        if (focus instanceof TextField tf && tf.getOnAction() != null) {
            tf.getOnAction().handle(new javafx.event.ActionEvent(tf, tf));
        }
        if (undo) {
            vm.undo();
        } else {
            vm.redo();
        }
        showModelInFocusedField();
    }

    /** The VM fields show the model's values or the drafts, also the focused one. */
    private void showModelInVmFields() {
        boolean was = syncingFields;
        syncingFields = true;
        try {
            refreshAllFields = true;
            refreshVmEditor();
        } finally {
            refreshAllFields = false;
            syncingFields = was;
        }
    }

    /** After an undo the focused field shows the restored value, not the text typed before it. */
    private void showModelInFocusedField() {
        syncingFields = true;
        try {
            refreshAllFields = true;
            refreshAll();
        } finally {
            refreshAllFields = false;
            syncingFields = false;
        }
    }

    // ------------------------------------------------------------------ menus

    private MenuBar menuBar() {
        Menu file = new Menu("_File");
        file.setId("fileMenu");
        Menu examples = new Menu("Open _Example");
        examples.setId("openExample");
        for (String name : MainViewModel.examples()) {
            MenuItem it = new MenuItem(name);
            it.setId("example-" + name.replace(".json", ""));
            it.setOnAction(e -> openExample(name));
            examples.getItems().add(it);
        }
        recentMenu = new Menu("Open _Recent");
        recentMenu.setId("openRecent");
        Menu export = new Menu("Export _Chart");
        for (String c : CHARTS) {
            MenuItem it = new MenuItem(chartTitle(c) + "…");
            it.setOnAction(e -> exportChart(c));
            export.getItems().add(it);
        }
        Menu exportData = new Menu("Export Chart _Data (CSV)");
        for (String c : CHARTS) {
            MenuItem it = new MenuItem(chartTitle(c) + "…");
            it.setOnAction(e -> exportChartCsv(c));
            exportData.getItems().add(it);
        }
        file.getItems().addAll(
                item("_New", "fileNew", new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), this::newScenario),
                item("_Open…", "fileOpen", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), this::open),
                examples, recentMenu, new SeparatorMenuItem(),
                item("_Save", "fileSave", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), this::save),
                item("Save _As…", "fileSaveAs", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN,
                        KeyCombination.SHIFT_DOWN), this::saveAs),
                new SeparatorMenuItem(), export, exportData,
                item("Export _Tables (CSV)…", "exportTables", null, this::exportTables),
                item("Export _Report (PDF)…", "exportReport", new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN),
                        this::exportReport),
                new SeparatorMenuItem(),
                item("_Quit", "fileQuit", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), this::quit));
        Menu edit = new Menu("_Edit");
        MenuItem undo = item("_Undo", "editUndo", new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN), vm::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not());
        MenuItem redo = item("_Redo", "editRedo", new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN), vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        MenuItem redoY = item("Redo (Ctrl+Y)", "editRedoY", new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN), vm::redo);
        redoY.disableProperty().bind(vm.canRedoProperty().not());
        edit.getItems().addAll(undo, redo, redoY, new SeparatorMenuItem(),
                item("Add _Core", "editAddCore", null, vm::addCore),
                item("Add _VM", "editAddVm", new KeyCodeCombination(KeyCode.M, KeyCombination.SHORTCUT_DOWN), vm::addVm),
                item("Add _Task", "editAddTask", new KeyCodeCombination(KeyCode.T, KeyCombination.SHORTCUT_DOWN), vm::addTask),
                item("_Duplicate", "editDuplicate", new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN),
                        vm::duplicateSelected),
                item("Remo_ve", "editRemove", new KeyCodeCombination(KeyCode.DELETE, KeyCombination.SHORTCUT_DOWN),
                        vm::removeSelected),
                item("Move _Up", "editUp", new KeyCodeCombination(KeyCode.UP, KeyCombination.ALT_DOWN), () -> vm.moveSelected(-1)),
                item("Move Dow_n", "editDown", new KeyCodeCombination(KeyCode.DOWN, KeyCombination.ALT_DOWN),
                        () -> vm.moveSelected(1)));
        Menu sim = new Menu("_Simulation");
        MenuItem run = item("_Run", "menuRun", new KeyCodeCombination(KeyCode.F5), vm::runSimulation);
        run.disableProperty().bind(vm.simulation().runningProperty());
        MenuItem cancel = item("_Cancel", "menuCancel", new KeyCodeCombination(KeyCode.F5, KeyCombination.SHIFT_DOWN),
                vm.simulation()::cancel);
        sim.getItems().addAll(run, cancel);
        Menu tools = new Menu("_Tools");
        tools.setId("toolsMenu");
        tools.getItems().addAll(
                item("Run Thesis _Study…", "toolsThesisStudy", new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN),
                        () -> openExperiments(false)),
                item("Run _Experiment File…", "toolsExperimentFile", null, () -> openExperiments(true)),
                item("_Design Interfaces…", "toolsDesign", null, () -> org.vmsched.ui.design.DesignView.open(getScene().getWindow(), vm.scenario(), vm::edit)));
        Menu help = new Menu("_Help");
        help.getItems().add(item("_Keyboard Shortcuts", "helpKeys", new KeyCodeCombination(KeyCode.F1),
                () -> dialogs.info("Keyboard shortcuts", SHORTCUTS)));
        MenuBar bar = new MenuBar(file, edit, sim, tools, help);
        bar.setId("menuBar");
        return bar;
    }

    /** The shortcuts, as the Help menu shows them. */
    public static final String SHORTCUTS = String.join("\n",
            "Ctrl+N  new scenario", "Ctrl+O  open", "Ctrl+S  save", "Ctrl+Shift+S  save as",
            "Ctrl+P  export the PDF report", "Ctrl+Q  quit",
            "Ctrl+Z  undo", "Ctrl+Shift+Z or Ctrl+Y  redo (also while typing in a field: the field is committed, then undone)",
            "Ctrl+M  add a VM", "Ctrl+T  add a task", "Ctrl+D  duplicate the selection",
            "Ctrl+Delete  remove the selection", "Alt+Up / Alt+Down  move the selection",
            "F5  run the simulation", "Shift+F5  cancel it", "Ctrl+E  run a thesis study (experiment dialog)", "F1  this list",
            "Charts: drag right-down to zoom, drag left-up to zoom out, Ctrl+drag (or Alt+drag) to pan,",
            "wheel to zoom, right-click for Reset zoom and export; click the good-period map to set α and T_VM");

    private MenuItem item(String text, String id, KeyCombination key, Runnable action) {
        MenuItem it = new MenuItem(text);
        it.setId(id);
        if (key != null) {
            it.setAccelerator(key);
        }
        it.setOnAction(e -> action.run());
        return it;
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        for (Path p : vm.recentFiles()) {
            MenuItem it = new MenuItem(p.toString());
            it.setOnAction(e -> {
                if (confirmDiscard()) {
                    openPath(p);
                }
            });
            recentMenu.getItems().add(it);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    // ------------------------------------------------------------------ left: tree and VM editor

    private VBox leftPane() {
        javafx.scene.layout.FlowPane tools = new javafx.scene.layout.FlowPane(4, 4,
                button("+Core", "addCore", "Add a core", vm::addCore),
                button("+VM", "addVm", "Add a VM (Ctrl+M)", vm::addVm),
                button("+Task", "addTask", "Add a task to the selected VM (Ctrl+T)", vm::addTask),
                button("Dup", "duplicate", "Duplicate the selection (Ctrl+D)", vm::duplicateSelected),
                button("Del", "remove", "Remove the selection (Ctrl+Delete)", vm::removeSelected),
                button("↑", "moveUp", "Move up (Alt+Up)", () -> vm.moveSelected(-1)),
                button("↓", "moveDown", "Move down (Alt+Down)", () -> vm.moveSelected(1)));
        HBox undoBar = new HBox(4, button("Undo", "undo", "Undo (Ctrl+Z)", vm::undo),
                button("Redo", "redo", "Redo (Ctrl+Shift+Z, Ctrl+Y)", vm::redo));
        ((Button) undoBar.getChildren().get(0)).disableProperty().bind(vm.canUndoProperty().not());
        ((Button) undoBar.getChildren().get(1)).disableProperty().bind(vm.canRedoProperty().not());
        tree.setId("tree");
        tree.setShowRoot(true);
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (syncingTree || b == null) {
                return;
            }
            Node n = b.getValue();
            vm.select(n.core(), n.vm(), n.task());
        });
        VBox.setVgrow(tree, Priority.ALWAYS);

        scenarioName = new TextField();
        scenarioName.setId("scenarioName");
        scenarioName.setOnAction(e -> vm.setScenarioName(scenarioName.getText()));
        scenarioName.focusedProperty().addListener((o, a, f) -> {
            if (!f) {
                vm.setScenarioName(scenarioName.getText());
            }
        });
        policy = new ComboBox<>(FXCollections.observableArrayList(HypervisorPolicy.values()));
        policy.setId("hvPolicy");
        policy.setOnAction(e -> {
            if (policy.getValue() != null && policy.getValue() != vm.scenario().hypervisor().policy()) {
                vm.setHypervisorPolicy(policy.getValue());
            }
        });
        GridPane sc = new GridPane();
        sc.setHgap(6);
        sc.setVgap(4);
        sc.addRow(0, new Label("Scenario"), scenarioName);
        sc.addRow(1, new Label("Hypervisor"), policy);

        GridPane g = new GridPane();
        g.setHgap(6);
        g.setVgap(4);
        int row = 0;
        for (VmField f : VmField.values()) {
            TextField t = new TextField();
            t.setId("vm" + Character.toUpperCase(f.json.charAt(0)) + f.json.substring(1));
            t.setPrefColumnCount(7);
            t.textProperty().addListener((o, a, b) -> {
                if (t.isFocused() && !syncingFields && vm.selectedVmProperty().get() >= 0) {
                    typingInVmField = true;
                    try {
                        vm.setVmFieldLive(vm.selectedVmProperty().get(), f, b);
                    } finally {
                        typingInVmField = false;
                    }
                }
            });
            t.setOnAction(e -> vm.endLiveEdit());
            t.focusedProperty().addListener((o, a, foc) -> {
                if (!foc) {
                    vm.endLiveEdit();
                    refreshVmEditor();
                }
            });
            vmFields.add(new VmFieldControl(f, t));
            g.addRow(row++, new Label(label(f)), t);
        }
        scheduler = new ComboBox<>(FXCollections.observableArrayList(GuestScheduler.values()));
        scheduler.setId("vmScheduler");
        scheduler.setOnAction(e -> {
            int v = vm.selectedVmProperty().get();
            if (v >= 0 && scheduler.getValue() != null && scheduler.getValue() != vm.scenario().vms().get(v).scheduler()) {
                vm.setVmScheduler(v, scheduler.getValue());
            }
        });
        g.addRow(row++, new Label("Scheduler"), scheduler);
        bandwidth = new Slider(0.01, 1, 0.5);
        bandwidth.setId("bandwidth");
        bandwidthLabel = new Label();
        bandwidth.valueChangingProperty().addListener((o, a, changing) -> {
            if (!changing) {
                commitBandwidth();
            }
        });
        bandwidth.valueProperty().addListener((o, a, b) -> {
            bandwidthLabel.setText(String.format(Locale.ROOT, "α = %.3f", b.doubleValue()));
            if (!bandwidth.isValueChanging() && bandwidth.isFocused()) {
                commitBandwidth();
            }
        });
        g.addRow(row, new Label("Bandwidth"), bandwidth);
        g.add(bandwidthLabel, 1, row + 1);
        Label vmTitle = new Label("Selected VM");
        vmTitle.getStyleClass().add("section");
        Label scTitle = new Label("Scenario");
        scTitle.getStyleClass().add("section");
        VBox box = new VBox(6, scTitle, sc, tools, undoBar, tree, vmTitle, g);
        tools.setPrefWrapLength(250);
        box.setPadding(new Insets(6));
        box.setMinWidth(260);
        return box;
    }

    private void commitBandwidth() {
        int v = vm.selectedVmProperty().get();
        if (v >= 0 && v < vm.scenario().vms().size()
                && Math.abs(vm.scenario().vms().get(v).bandwidth() - bandwidth.getValue()) > 1e-6) {
            vm.setBandwidth(v, bandwidth.getValue());
        }
    }

    private static String label(VmField f) {
        return switch (f) {
            case NAME -> "Name";
            case PERIOD -> "Period T_VM";
            case BUDGET -> "Budget C_VM";
            case OVERHEAD -> "Overhead X";
            case CORE -> "Core";
            case PRIORITY -> "Priority (FP)";
            case OFFSET -> "Offset";
        };
    }

    private Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    // ------------------------------------------------------------------ middle: tasks, verdicts, explain, simulation

    private SplitPane middlePane() {
        taskTable.setId("taskTable");
        taskTable.setEditable(true);
        taskTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        for (TaskField f : TaskField.values()) {
            TableColumn<Task, String> c = new TableColumn<>(f.json);
            c.setCellValueFactory(d -> new SimpleStringProperty(switch (f) {
                case NAME -> d.getValue().name();
                case WCET -> AnalysisViewModel.num(d.getValue().wcet());
                case PERIOD -> AnalysisViewModel.num(d.getValue().period());
                case DEADLINE -> AnalysisViewModel.num(d.getValue().deadline());
                case OFFSET -> AnalysisViewModel.num(d.getValue().offset());
            }));
            c.setCellFactory(col -> new TaskCell(f));
            c.setOnEditCommit(e -> {
                int v = vm.selectedVmProperty().get();
                int t = e.getTablePosition().getRow();
                vm.setTaskField(v, t, f, e.getNewValue());
                taskTable.refresh();
            });
            c.setSortable(false);
            taskTable.getColumns().add(c);
        }
        taskTable.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> {
            if (!syncingTable && b.intValue() >= 0) {
                vm.selectedTaskProperty().set(b.intValue());
            }
        });
        taskTitle.getStyleClass().add("section");
        VBox tasks = new VBox(4, taskTitle, taskTable);
        VBox.setVgrow(taskTable, Priority.ALWAYS);
        tasks.setPadding(new Insets(6));

        resultTable.setId("resultTable");
        resultTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        resultTable.setRowFactory(tv -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(ResultRow r, boolean empty) {
                super.updateItem(r, empty);
                setTooltip(empty || r == null ? null : new Tooltip(r.item() + ": " + r.verdict()
                        + (r.responseTime().isEmpty() ? "" : ", R = " + r.responseTime() + ", D = " + r.deadline())));
            }
        });
        resultTable.setItems(vm.analysis().rows());
        resultTable.getColumns().add(column("Item", ResultRow::item, 240));
        resultTable.getColumns().add(column("R", ResultRow::responseTime, 50));
        resultTable.getColumns().add(column("D", ResultRow::deadline, 50));
        TableColumn<ResultRow, String> verdict = column("OK?", r -> r.undecided() ? "? undecided" : r.ok() ? "✔ yes" : "✖ NO",
                70);
        verdict.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeAll("verdict-ok", "verdict-bad", "verdict-undecided");
                ResultRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : item);
                if (r != null) {
                    getStyleClass().add(r.undecided() ? "verdict-undecided" : r.ok() ? "verdict-ok" : "verdict-bad");
                }
            }
        });
        resultTable.getColumns().add(verdict);
        Label placeholder = new Label();
        placeholder.textProperty().bind(vm.analysis().messageProperty());
        placeholder.setWrapText(true);
        resultTable.setPlaceholder(placeholder);
        Label resTitle = new Label("Verdicts (analysis)");
        resTitle.getStyleClass().add("section");
        VBox results = new VBox(4, resTitle, resultTable);
        VBox.setVgrow(resultTable, Priority.ALWAYS);
        results.setPadding(new Insets(6));

        TextArea explain = new TextArea();
        explain.setId("explain");
        explain.setEditable(false);
        explain.setWrapText(true);
        explain.textProperty().bind(vm.analysis().explanationProperty());
        Tab explainTab = new Tab("Explain", explain);
        explainTab.setId("explainTab");
        simTab = new Tab("Simulation", new SimulationView(vm.simulation(), vm::runSimulation));
        simTab.setId("simulationTab");
        TabPane bottom = new TabPane(explainTab, simTab);
        bottom.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        bottom.setId("middleTabs");
        SplitPane sp = new SplitPane(tasks, results, bottom);
        sp.setOrientation(Orientation.VERTICAL);
        sp.setDividerPositions(0.28, 0.62);
        return sp;
    }

    private static TableColumn<ResultRow, String> column(String name, Function<ResultRow, String> f, double width) {
        TableColumn<ResultRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new SimpleStringProperty(f.apply(d.getValue())));
        c.setSortable(false);
        c.setPrefWidth(width);
        return c;
    }

    /** A task cell: inline text editing, red with the reason in a tooltip when its path has a problem. */
    private final class TaskCell extends TextFieldTableCell<Task, String> {
        private final TaskField field;

        TaskCell(TaskField field) {
            super(new DefaultStringConverter());
            this.field = field;
        }

        @Override
        public void startEdit() {
            super.startEdit();
            if (getGraphic() instanceof TextField tf) {
                tf.setId("cellEditor");
                int v = vm.selectedVmProperty().get();
                int row = getIndex();
                String draft = vm.draftAt(MainViewModel.taskPath(v, row, field));
                if (draft != null) {
                    tf.setText(draft); // go on from what was typed, not from the model's value
                    tf.selectAll();
                }
                tf.textProperty().addListener((o, a, b) -> {
                    String p = vm.previewTaskField(v, row, field, b);
                    tf.getStyleClass().remove("invalid");
                    tf.setTooltip(null);
                    if (p != null) {
                        tf.getStyleClass().add("invalid");
                        tf.setTooltip(new Tooltip(field.json + " " + p));
                        vm.statusProperty().set(MainViewModel.taskPath(v, row, field) + " " + p);
                    }
                });
            }
        }

        @Override
        public void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().remove("invalid");
            setTooltip(null);
            if (empty || getIndex() < 0) {
                setId(null);
                return;
            }
            setId("task-" + getIndex() + "-" + field.json);
            String path = MainViewModel.taskPath(vm.selectedVmProperty().get(), getIndex(), field);
            String draft = vm.draftAt(path);
            if (draft != null && !isEditing()) {
                setText(draft); // typed but not applied: shown red until corrected
            }
            String p = vm.problemAt(path);
            if (p != null) {
                getStyleClass().add("invalid");
                setTooltip(new Tooltip(field.json + " " + p));
            }
        }
    }

    // ------------------------------------------------------------------ right: charts

    private SplitPane chartsPane() {
        AnalysisViewModel a = vm.analysis();
        TabPane top = new TabPane(
                chartTab("tmax", a.tmaxChartProperty()),
                chartTab("map", a.mapChartProperty()),
                chartTab("ratio", a.ratioChartProperty()));
        top.setId("chartsTop");
        TabPane bottom = new TabPane(
                chartTab("supply", a.supplyChartProperty()),
                chartTab("gantt", vm.simulation().ganttChartProperty()),
                chartTab("cdf", vm.simulation().cdfChartProperty()));
        bottom.setId("chartsBottom");
        for (TabPane p : List.of(top, bottom)) {
            p.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        }
        CheckBox norm = new CheckBox("Tmax / T1");
        norm.setId("normalized");
        norm.selectedProperty().bindBidirectional(a.normalizedProperty());
        ((VBox) top.getTabs().get(0).getContent()).getChildren().add(0, new HBox(8, norm));
        ChartViewer map = viewers.get("map");
        map.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX e) {
                if (e.getTrigger().getClickCount() == 1 && e.getTrigger().isStillSincePress()) {
                    mapClicked(map, e.getTrigger().getX(), e.getTrigger().getY());
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX e) {
            }
        });
        SplitPane sp = new SplitPane(top, bottom);
        sp.setOrientation(Orientation.VERTICAL);
        sp.setId("charts");
        sp.opacityProperty().bind(javafx.beans.binding.Bindings.when(
                a.stateProperty().isEqualTo(AnalysisViewModel.State.CURRENT)).then(1.0).otherwise(0.45));
        return sp;
    }

    private void mapClicked(ChartViewer viewer, double x, double y) {
        JFreeChart chart = viewer.getChart();
        if (chart == null || viewer.getRenderingInfo() == null || !(chart.getPlot() instanceof XYPlot plot)) {
            return;
        }
        java.awt.geom.Rectangle2D area = viewer.getRenderingInfo().getPlotInfo().getDataArea();
        if (!area.contains(x, y)) {
            return;
        }
        double alpha = plot.getDomainAxis().java2DToValue(x, area, plot.getDomainAxisEdge());
        double period = plot.getRangeAxis().java2DToValue(y, area, plot.getRangeAxisEdge());
        int v = Math.max(0, vm.selectedVmProperty().get());
        vm.setServer(v, alpha, period);
    }

    private Tab chartTab(String name, ObjectProperty<JFreeChart> chart) {
        ChartViewer viewer = new ChartViewer(chart.get() == null ? ChartStyle.message(chartTitle(name), "Analysing…") : chart.get());
        viewer.setId("chart-" + name);
        viewer.getCanvas().setTooltipEnabled(true);
        // JFreeChart-FX pans with Alt+drag, which many Linux desktops take for moving windows: Ctrl+drag too
        viewer.getCanvas().addMouseHandler(new org.jfree.chart.fx.interaction.PanHandlerFX("panCtrl", false, true, false, false));
        java.util.List<org.jfree.data.Range> home = new java.util.ArrayList<>();
        Runnable remember = () -> {
            home.clear();
            if (viewer.getChart() != null && viewer.getChart().getPlot() instanceof XYPlot p && p.getDomainAxis() != null) {
                home.add(p.getDomainAxis().getRange());
                home.add(p.getRangeAxis().getRange());
            }
        };
        remember.run();
        chart.addListener((o, a, b) -> {
            if (b != null) {
                viewer.setChart(b);
                remember.run();
            }
        });
        MenuItem reset = new MenuItem("Reset zoom");
        reset.setOnAction(e -> {
            if (home.size() == 2 && viewer.getChart().getPlot() instanceof XYPlot p) {
                p.getDomainAxis().setRange(home.get(0));
                p.getRangeAxis().setRange(home.get(1));
            }
        });
        MenuItem exp = new MenuItem("Export this chart (PNG, SVG, PDF) at a chosen size…");
        exp.setOnAction(e -> exportChart(name));
        MenuItem csv = new MenuItem("Export this chart's data (CSV)…");
        csv.setOnAction(e -> exportChartCsv(name));
        viewer.getContextMenu().getItems().addAll(new SeparatorMenuItem(), reset, exp, csv);
        viewers.put(name, viewer);
        javafx.scene.Node content = viewer;
        if (SIMULATION_CHARTS.contains(name)) {
            content = markedWhenStale(name, viewer);
        }
        VBox box = new VBox(content);
        VBox.setVgrow(content, Priority.ALWAYS);
        Tab t = new Tab(chartTitle(name), box);
        t.setId("tab-" + name);
        tabs.put(name, t);
        return t;
    }

    /** The charts a simulation fills; they are dimmed and labelled while their result is stale. */
    private static final List<String> SIMULATION_CHARTS = List.of("gantt", "cdf");

    /** The text over a simulation chart whose run was for an earlier scenario revision. */
    public static final String STALE_NOTE = "From the previous scenario: F5 to re-run";

    /** The chart dimmed, with {@link #STALE_NOTE} on top, while the simulation result is stale. */
    private javafx.scene.layout.StackPane markedWhenStale(String name, ChartViewer viewer) {
        javafx.beans.value.ObservableBooleanValue stale = vm.simulation().staleProperty();
        Label note = new Label(STALE_NOTE);
        note.setId("simStale-" + name);
        note.getStyleClass().add("stale-note");
        note.setMouseTransparent(true);
        note.visibleProperty().bind(stale);
        viewer.opacityProperty().bind(javafx.beans.binding.Bindings.when(stale).then(0.3).otherwise(1.0));
        javafx.scene.layout.StackPane pane = new javafx.scene.layout.StackPane(viewer, note);
        javafx.scene.layout.StackPane.setAlignment(note, javafx.geometry.Pos.CENTER);
        return pane;
    }

    /** The tab title of a chart. */
    public static String chartTitle(String name) {
        return switch (name) {
            case "tmax" -> "Tmax curve";
            case "map" -> "Good-period map";
            case "ratio" -> "max Ri/Ti";
            case "supply" -> "Supply & demand";
            case "gantt" -> "Gantt";
            case "cdf" -> "Response times";
            default -> name;
        };
    }

    /** Brings the tab of the named chart to the front of its tab pane. */
    public void showChart(String name) {
        Tab t = tabs.get(name);
        if (t != null && t.getTabPane() != null) {
            t.getTabPane().getSelectionModel().select(t);
        }
    }

    /** Brings the Simulation panel to the front. */
    public void showSimulationPanel() {
        simTab.getTabPane().getSelectionModel().select(simTab);
    }

    /** The chart currently shown under that name (for exports and tests). */
    public JFreeChart chart(String name) {
        return viewers.get(name).getChart();
    }

    // ------------------------------------------------------------------ status bar

    private HBox statusBar() {
        Label status = new Label();
        status.setId("status");
        status.textProperty().bind(vm.statusProperty());
        status.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(status, Priority.ALWAYS);
        Label state = new Label();
        state.setId("analysisState");
        state.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> switch (vm.analysis().stateProperty().get()) {
            case CURRENT -> vm.simulation().staleProperty().get() ? "◐ simulation stale (F5)" : "✔ up to date";
            case ANALYSING -> "… analysing";
            case INVALID -> "✖ invalid input";
            case FAILED -> "✖ analysis failed";
        }, vm.analysis().stateProperty(), vm.simulation().staleProperty()));
        vm.problems().addListener((javafx.collections.MapChangeListener<String, String>) c -> {
            status.getStyleClass().remove("status-error");
            if (!vm.problems().isEmpty()) {
                status.getStyleClass().add("status-error");
            }
        });
        HBox bar = new HBox(12, status, state);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    // ------------------------------------------------------------------ refresh from the ViewModel

    private void refreshAll() {
        Scenario s = vm.scenario();
        if (s == null) {
            return;
        }
        if (!scenarioName.isFocused() || refreshAllFields) {
            scenarioName.setText(vm.draftAt("name") != null ? vm.draftAt("name") : s.name());
        }
        policy.setValue(s.hypervisor().policy());
        rebuildTree();
        int v = vm.selectedVmProperty().get();
        syncingTable = true;
        try {
            if (v >= 0 && v < s.vms().size()) {
                taskRows.setAll(s.vms().get(v).tasks());
                taskTitle.setText("Tasks of " + s.vms().get(v).name() + " (double-click a cell to edit)");
            } else {
                taskRows.clear();
                taskTitle.setText("Tasks (select a VM)");
            }
            int t = vm.selectedTaskProperty().get();
            if (t >= 0 && t < taskRows.size()) {
                taskTable.getSelectionModel().select(t);
            }
        } finally {
            syncingTable = false;
        }
        refreshVmEditor();
        taskTable.refresh();
    }

    private void refreshVmEditor() {
        Scenario s = vm.scenario();
        int v = vm.selectedVmProperty().get();
        boolean has = v >= 0 && v < s.vms().size();
        VirtualMachine m = has ? s.vms().get(v) : null;
        for (VmFieldControl c : vmFields) {
            c.text().setDisable(!has);
            if (!has) {
                c.text().setText("");
            } else if (vm.draftAt(MainViewModel.vmPath(v, c.field())) != null) {
                // typed but not applied: the red text stays so it can be corrected
                if (!c.text().isFocused() || refreshAllFields) {
                    c.text().setText(vm.draftAt(MainViewModel.vmPath(v, c.field())));
                }
            } else if (!c.text().isFocused() || refreshAllFields) {
                c.text().setText(switch (c.field()) {
                    case NAME -> m.name();
                    case PERIOD -> AnalysisViewModel.num(m.period());
                    case BUDGET -> AnalysisViewModel.num(m.budget());
                    case OVERHEAD -> AnalysisViewModel.num(m.overhead());
                    case CORE -> Integer.toString(m.core());
                    case PRIORITY -> m.priority() == null ? "" : m.priority().toString();
                    case OFFSET -> AnalysisViewModel.num(m.offset());
                });
            }
        }
        scheduler.setDisable(!has);
        bandwidth.setDisable(!has);
        if (has) {
            scheduler.setValue(m.scheduler());
            if (!bandwidth.isValueChanging() && !bandwidth.isFocused()) {
                bandwidth.setValue(Math.max(0.01, Math.min(1, m.bandwidth())));
            }
            bandwidthLabel.setText(String.format(Locale.ROOT, "α = %.3f", m.bandwidth()));
        }
        refreshProblems();
    }

    private void refreshProblems() {
        String np = vm.problemAt("name");
        scenarioName.getStyleClass().remove("invalid");
        scenarioName.setTooltip(null);
        if (np != null) {
            scenarioName.getStyleClass().add("invalid");
            scenarioName.setTooltip(new Tooltip("name " + np));
        }
        int v = vm.selectedVmProperty().get();
        for (VmFieldControl c : vmFields) {
            String p = v < 0 ? null : vm.problemAt(MainViewModel.vmPath(v, c.field()));
            c.text().getStyleClass().remove("invalid");
            c.text().setTooltip(null);
            if (p != null) {
                c.text().getStyleClass().add("invalid");
                c.text().setTooltip(new Tooltip(c.field().json + " " + p));
            }
        }
        taskTable.refresh();
    }

    private void rebuildTree() {
        Scenario s = vm.scenario();
        syncingTree = true;
        try {
            TreeItem<Node> root = new TreeItem<>(new Node(-1, -1, -1, s.name() + " (" + s.hypervisor().policy() + ")"));
            root.setExpanded(true);
            for (int c = 0; c < s.hypervisor().cores(); c++) {
                TreeItem<Node> core = new TreeItem<>(new Node(c, -1, -1, "core " + c));
                core.setExpanded(true);
                root.getChildren().add(core);
            }
            for (int v = 0; v < s.vms().size(); v++) {
                VirtualMachine m = s.vms().get(v);
                TreeItem<Node> vmItem = new TreeItem<>(new Node(m.core(), v, -1, m.name() + "  (T=" + AnalysisViewModel.num(m.period())
                        + ", C=" + AnalysisViewModel.num(m.budget()) + ", " + m.scheduler() + ")"));
                vmItem.setExpanded(m.tasks().size() <= 50);
                for (int t = 0; t < m.tasks().size(); t++) {
                    Task task = m.tasks().get(t);
                    vmItem.getChildren().add(new TreeItem<>(new Node(m.core(), v, t, task.name() + "  (C=" + AnalysisViewModel.num(task.wcet())
                            + ", T=" + AnalysisViewModel.num(task.period()) + ")")));
                }
                TreeItem<Node> parent = m.core() >= 0 && m.core() < root.getChildren().size() ? root.getChildren().get(m.core()) : root;
                parent.getChildren().add(vmItem);
            }
            tree.setRoot(root);
        } finally {
            syncingTree = false;
        }
        syncTreeSelection();
    }

    private void syncTreeSelection() {
        TreeItem<Node> root = tree.getRoot();
        if (root == null) {
            return;
        }
        int v = vm.selectedVmProperty().get();
        int t = vm.selectedTaskProperty().get();
        TreeItem<Node> found = find(root, v, t);
        syncingTree = true;
        try {
            if (found != null) {
                tree.getSelectionModel().select(found);
            }
        } finally {
            syncingTree = false;
        }
        syncingTable = true;
        try {
            if (t >= 0 && t < taskRows.size()) {
                taskTable.getSelectionModel().select(t);
            }
        } finally {
            syncingTable = false;
        }
    }

    private static TreeItem<Node> find(TreeItem<Node> item, int v, int t) {
        Node n = item.getValue();
        if (n.vm() == v && n.task() == t && v >= 0) {
            return item;
        }
        for (TreeItem<Node> c : item.getChildren()) {
            TreeItem<Node> f = find(c, v, t);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ file actions

    /** True when it is fine to drop the current scenario (saved, discarded or unmodified). */
    public boolean confirmDiscard() {
        if (!vm.modifiedProperty().get()) {
            return true;
        }
        return switch (dialogs.askUnsaved(vm.displayNameProperty().get())) {
            case SAVE -> save();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    private void newScenario() {
        if (confirmDiscard()) {
            vm.newScenario();
        }
    }

    private void open() {
        if (!confirmDiscard()) {
            return;
        }
        Path p = dialogs.chooseOpen();
        if (p != null) {
            openPath(p);
        }
    }

    /** Opens a file; a bad one shows the loader's message and keeps the current scenario. */
    public void openPath(Path p) {
        try {
            vm.open(p);
        } catch (InvalidScenarioException e) {
            dialogs.error("Cannot open " + p.getFileName(), e.getMessage());
        }
    }

    private void openExample(String name) {
        if (!confirmDiscard()) {
            return;
        }
        try {
            vm.openExample(name);
        } catch (InvalidScenarioException e) {
            dialogs.error("Cannot open example " + name, e.getMessage());
        }
    }

    private boolean save() {
        try {
            if (vm.save()) {
                return true;
            }
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        } catch (IOException e) {
            dialogs.error("Cannot save", e.getMessage());
            return false;
        }
        return saveAs();
    }

    private boolean saveAs() {
        try {
            vm.checkSavable(); // before asking where: a scenario with problems is not written anywhere
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        }
        Path p = dialogs.chooseSave("Save scenario", suggested("json"), "json");
        if (p == null) {
            return false;
        }
        try {
            vm.saveAs(p);
            return true;
        } catch (InvalidScenarioException e) {
            refused(e);
            return false;
        } catch (IOException e) {
            dialogs.error("Cannot save " + p.getFileName(), e.getMessage());
            return false;
        }
    }

    /** Tells why the scenario was not saved: each problem on its own line. */
    private void refused(InvalidScenarioException e) {
        int n = e.problems().size();
        StringBuilder b = new StringBuilder(n == 1 ? "The scenario has a problem:" : "The scenario has " + n + " problems:");
        for (org.vmsched.model.Problem p : e.problems()) {
            b.append("\n  • ").append(p);
        }
        b.append("\n\nCorrect the values marked red (or undo them), then save again. Nothing was written.");
        dialogs.error(n == 1 ? "Not saved: 1 problem" : "Not saved: " + n + " problems", b.toString());
    }

    private String suggested(String ext) {
        String n = vm.displayNameProperty().get().replace(" (example)", "").replaceAll("\\.json$", "");
        return n.replaceAll("[^A-Za-z0-9._-]", "_") + "." + ext;
    }

    private void quit() {
        if (getScene() != null && getScene().getWindow() != null) {
            getScene().getWindow().fireEvent(new javafx.stage.WindowEvent(getScene().getWindow(),
                    javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    // ------------------------------------------------------------------ exports

    /** Exports the named chart as PNG, SVG or PDF (by the chosen file's extension) at a chosen size. */
    public void exportChart(String name) {
        int[] size = dialogs.askSize(1200, 800);
        if (size == null) {
            return;
        }
        Path p = dialogs.chooseSave("Export " + chartTitle(name), suggested(name + ".png"), "png", "svg", "pdf");
        if (p == null) {
            return;
        }
        try {
            ChartExport.write(chart(name), p, size[0], size[1]);
            vm.statusProperty().set("Exported " + p.getFileName());
        } catch (IOException e) {
            dialogs.error("Cannot export", e.getMessage());
        }
    }

    private void exportChartCsv(String name) {
        Path p = dialogs.chooseSave("Export data of " + chartTitle(name), name + ".csv", "csv");
        if (p == null) {
            return;
        }
        writeText(p, ChartCsv.toCsv(chart(name)));
    }

    private void exportTables() {
        Path p = dialogs.chooseSave("Export tables", suggested("csv"), "csv");
        if (p == null) {
            return;
        }
        StringBuilder sb = new StringBuilder("table,level,item,wcet,period,deadline,offset,response_time,verdict\n");
        Scenario s = vm.scenario();
        for (VirtualMachine m : s.vms()) {
            for (Task t : m.tasks()) {
                sb.append("tasks,task,").append(ChartCsv.quote(m.name() + "/" + t.name())).append(',').append(t.wcet()).append(',')
                        .append(t.period()).append(',').append(t.deadline()).append(',').append(t.offset()).append(",,\n");
            }
        }
        for (ResultRow r : vm.analysis().rows()) {
            sb.append("verdicts,").append(r.level()).append(',').append(ChartCsv.quote(r.item())).append(",,,")
                    .append(ChartCsv.quote(r.deadline())).append(",,").append(ChartCsv.quote(r.responseTime())).append(',')
                    .append(r.undecided() ? "undecided" : r.ok() ? "schedulable" : "not schedulable").append('\n');
        }
        writeText(p, sb.toString());
    }

    private void writeText(Path p, String text) {
        try {
            AtomicFiles.write(p, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
            vm.statusProperty().set("Exported " + p.getFileName());
        } catch (IOException e) {
            dialogs.error("Cannot export", e.getMessage());
        }
    }

    private void exportReport() {
        Path p = dialogs.chooseSave("Export report", suggested("pdf"), "pdf");
        if (p == null) {
            return;
        }
        List<String> lines = vm.reportLines();
        Scenario s = vm.scenario();
        List<JFreeChart> charts = new ArrayList<>();
        for (String c : CHARTS) {
            charts.add(chart(c));
        }
        try {
            ReportPdf.write(p, "VMSched report: " + s.name(), lines, charts);
            vm.statusProperty().set("Exported report " + p.getFileName());
        } catch (IOException e) {
            dialogs.error("Cannot export the report", e.getMessage());
        }
    }

    /**
     * Opens the experiment dialog (one per main window; a second call brings it to the front)
     * with the first bundled study, or asks for an experiment file when {@code file}.
     */
    public ExperimentView openExperiments(boolean file) {
        if (experiments == null || experiments.getScene() == null || !experiments.getScene().getWindow().isShowing()) {
            experiments = ExperimentView.open(getScene() == null ? null : getScene().getWindow(), dialogs);
            if (!file && !ExperimentViewModel.builtIns().isEmpty()) {
                experiments.loadBuiltIn(ExperimentViewModel.builtIns().get(0));
            }
        }
        ((javafx.stage.Stage) experiments.getScene().getWindow()).toFront();
        if (file) {
            experiments.openFile();
        }
        return experiments;
    }

    /** The ViewModel (for the application and tests). */
    public MainViewModel viewModel() {
        return vm;
    }
}

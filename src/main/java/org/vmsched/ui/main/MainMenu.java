package org.vmsched.ui.main;

import java.nio.file.Path;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.compare.CompareView;
import org.vmsched.ui.compare.CompareViewModel;
import org.vmsched.ui.design.DesignView;
import org.vmsched.ui.help.About;
import org.vmsched.ui.help.GuideView;

/**
 * The main window's menu bar: File, Edit, View, Simulation, Tools and Help. Every menu item of
 * the main window is registered here; a feature adds its items to the menu it belongs to through
 * {@link #menu(String)} (e.g. {@code menu("simulationMenu")}). FX thread only.
 */
public final class MainMenu extends MenuBar {

    /** What the View menu asks the window to do. */
    public interface ViewActions {
        void zoom(int steps);

        void zoomReset();

        void togglePresent();

        /** Shows the Step-through view, then does a stepping action there. */
        void stepping(Runnable action);

        void nextPresented(int delta);

        /** Whether the window presents a chart (present mode): a dialog opened then uses its large type. */
        boolean presenting();
    }

    /** The shortcuts, as the Help menu shows them. */
    public static final String SHORTCUTS = String.join("\n",
            "Ctrl+N  new scenario", "Ctrl+O  open", "Ctrl+S  save", "Ctrl+Shift+S  save as",
            "Ctrl+P  export the PDF report, Ctrl+Shift+P  print the chart in view", "Ctrl+Q  quit",
            "Ctrl+Z  undo (also while typing in a field: the field is committed, then undone)",
            "Ctrl+Shift+Z or Ctrl+Y  redo",
            "Ctrl+M  add a VM", "Ctrl+T  add a task", "Ctrl+D  duplicate the selection",
            "Ctrl+Delete  remove the selection", "Alt+Up / Alt+Down  move the selection",
            "Ctrl+Plus / Ctrl+Minus / Ctrl+0  zoom in / out / reset (every text and control)",
            "F11  present: one chart full-window in large type; Page Up / Page Down the previous or next chart, Esc back",
            "Esc  close the Design Interfaces or Compare Global vs Partitioned dialog, or the Guide",
            "F5  run the simulation", "Shift+F5  cancel it",
            "F6  step through the schedule, Shift+F6  step back, F7  play / pause", "Ctrl+E  run a thesis study (experiment dialog)", "F1  this list",
            "Bandwidth slider: arrow keys ±0.01, Shift+arrow ±0.1",
            "Charts: drag right-down to zoom, drag left-up to zoom out, Ctrl+drag (or Alt+drag) to pan,",
            "wheel to zoom, right-click for Reset zoom and export; click the good-period map or the Tmax curve",
            "to propose α and T_VM (snapped as the guide says); Set, Enter or a second click sets them, Esc drops them");

    private final Menu recentMenu = new Menu("Open _Recent");

    public MainMenu(MainViewModel vm, FileActions files, ViewActions view, Dialogs dialogs) {
        setId("menuBar");
        getMenus().addAll(fileMenu(files), editMenu(vm), viewMenu(vm, view), simulationMenu(vm, view),
                toolsMenu(vm, files, view), helpMenu(files, dialogs));

        vm.recentFiles().addListener((ListChangeListener<Path>) c -> showRecent(vm, files));
        showRecent(vm, files);
    }

    /** File: new, open (an example, a recent file), import, save, the exports, print and quit. */
    private Menu fileMenu(FileActions files) {
        Menu file = new Menu("_File");
        file.setId("fileMenu");
        Menu examples = examplesMenu(files);
        recentMenu.setId("openRecent");
        Menu export = new Menu("Export _Chart");
        Menu exportData = new Menu("Export Chart _Data (CSV)");
        for (ChartKind c : ChartKind.values()) {
            export.getItems().add(item(c.title() + "…", "exportChart-" + c.id(), null, () -> files.exportChart(c)));
            exportData.getItems().add(item(c.title() + "…", "exportCsv-" + c.id(), null, () -> files.exportChartCsv(c)));
        }
        file.getItems().addAll(
                item("_New", "fileNew", key(KeyCode.N), files::newScenario),
                item("_Open…", "fileOpen", key(KeyCode.O), files::open),
                examples, recentMenu,
                item("Import _Trace…", "fileImportTrace", null, files::importTrace), new SeparatorMenuItem(),
                item("_Save", "fileSave", key(KeyCode.S), files::save),
                item("Save _As…", "fileSaveAs", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN,
                        KeyCombination.SHIFT_DOWN), files::saveAs),
                new SeparatorMenuItem(), export, exportData,
                item("Export _Tables (CSV)…", "exportTables", null, files::exportTables),
                item("Export _Report (PDF)…", "exportReport", key(KeyCode.P), files::exportReport),
                item("_Print Chart…", "filePrint", new KeyCodeCombination(KeyCode.P, KeyCombination.SHORTCUT_DOWN,
                        KeyCombination.SHIFT_DOWN), files::print),
                new SeparatorMenuItem(),
                item("_Quit", "fileQuit", key(KeyCode.Q), files::quit));
        return file;
    }

    /** File > Open Example: the bundled examples by title in teaching order, a subfolder's under a heading of its own. */
    private static Menu examplesMenu(FileActions files) {
        Menu examples = new Menu("Open _Example");
        examples.setId("openExample");
        // by title in teaching order, a subfolder's files under a heading of their own (issue 30, item 12)
        String group = "";
        for (Examples.Entry ex : Examples.all()) {
            if (!ex.group().equals(group)) {
                group = ex.group();
                MenuItem heading = new MenuItem(Examples.groupTitle(group));
                heading.setDisable(true);
                examples.getItems().addAll(new SeparatorMenuItem(), heading);
            }
            MenuItem it = new MenuItem(ex.title());
            it.setMnemonicParsing(false);
            it.setId("example-" + ex.file().replace(".json", "").replace('/', '-'));
            it.setOnAction(e -> files.openExample(ex.file()));
            examples.getItems().add(it);
        }
        return examples;
    }

    /** Edit: undo and redo, then the scenario's edits (disabled while an exercise's scenario is shown). */
    private static Menu editMenu(MainViewModel vm) {
        Menu edit = new Menu("_Edit");
        edit.setId("editMenu");
        MenuItem undo = item("_Undo", "editUndo", key(KeyCode.Z), vm::undo);
        ObservableBooleanValue readOnly = vm.document().readOnlyProperty(); // an exercise's scenario
        undo.disableProperty().bind(vm.canUndoProperty().not().or(readOnly));
        MenuItem redo = item("_Redo", "editRedo", new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_DOWN), vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not().or(readOnly));
        MenuItem redoY = item("Redo (Ctrl+Y)", "editRedoY", key(KeyCode.Y), vm::redo);
        redoY.disableProperty().bind(vm.canRedoProperty().not().or(readOnly));
        edit.getItems().addAll(undo, redo, redoY, new SeparatorMenuItem(),
                item("Add _Core", "editAddCore", null, vm::addCore),
                item("Add _VM", "editAddVm", key(KeyCode.M), vm::addVm),
                item("Add _Task", "editAddTask", key(KeyCode.T), vm::addTask),
                item("_Duplicate", "editDuplicate", key(KeyCode.D), vm::duplicateSelected),
                item("Remo_ve", "editRemove", key(KeyCode.DELETE), vm::removeSelected),
                item("Move _Up", "editUp", new KeyCodeCombination(KeyCode.UP, KeyCombination.ALT_DOWN), () -> vm.moveSelected(-1)),
                item("Move Dow_n", "editDown", new KeyCodeCombination(KeyCode.DOWN, KeyCombination.ALT_DOWN),
                        () -> vm.moveSelected(1)));
        edit.getItems().stream().skip(4).forEach(it -> it.disableProperty().bind(readOnly));
        return edit;
    }

    /** View: zoom, high contrast and present mode. */
    private static Menu viewMenu(MainViewModel vm, ViewActions view) {
        Menu viewMenu = new Menu("_View");
        viewMenu.setId("viewMenu");
        viewMenu.getItems().addAll(
                item("Zoom _In", "viewZoomIn", key(KeyCode.PLUS), () -> view.zoom(1)),
                item("Zoom _Out", "viewZoomOut", key(KeyCode.MINUS), () -> view.zoom(-1)),
                item("_Reset Zoom", "viewZoomReset", key(KeyCode.DIGIT0), view::zoomReset),
                highContrast(vm),
                new SeparatorMenuItem(),
                item("_Present Chart", "viewPresent", new KeyCodeCombination(KeyCode.F11), view::togglePresent),
                item("Ne_xt Chart", "viewNext", new KeyCodeCombination(KeyCode.PAGE_DOWN), () -> view.nextPresented(1)),
                item("Pre_vious Chart", "viewPrevious", new KeyCodeCombination(KeyCode.PAGE_UP), () -> view.nextPresented(-1)));
        return viewMenu;
    }

    /** Simulation: run, cancel and step through. */
    private static Menu simulationMenu(MainViewModel vm, ViewActions view) {
        Menu sim = new Menu("_Simulation");
        sim.setId("simulationMenu");
        MenuItem run = item("_Run", "menuRun", new KeyCodeCombination(KeyCode.F5), vm::runSimulation);
        run.disableProperty().bind(vm.simulation().runningProperty());
        MenuItem cancel = item("_Cancel", "menuCancel", new KeyCodeCombination(KeyCode.F5, KeyCombination.SHIFT_DOWN),
                vm.simulation()::cancel);
        sim.getItems().addAll(run, cancel, new SeparatorMenuItem(),
                item("_Step", "menuStep", new KeyCodeCombination(KeyCode.F6), () -> view.stepping(vm.stepping()::step)),
                item("_Back", "menuStepBack", new KeyCodeCombination(KeyCode.F6, KeyCombination.SHIFT_DOWN),
                        () -> view.stepping(vm.stepping()::back)),
                item("_Play / Pause", "menuPlay", new KeyCodeCombination(KeyCode.F7),
                        () -> view.stepping(vm.stepping()::togglePlay)),
                item("Reset S_tepping", "menuStepReset", null, () -> view.stepping(vm.stepping()::reset)));
        return sim;
    }

    /** Tools: the experiments, Design Interfaces, Exercises and Compare Global vs Partitioned. */
    private Menu toolsMenu(MainViewModel vm, FileActions files, ViewActions view) {
        Menu tools = new Menu("_Tools");
        tools.setId("toolsMenu");
        tools.getItems().addAll(
                item("Run Thesis _Study…", "toolsThesisStudy", key(KeyCode.E), () -> files.openExperiments(false)),
                item("Run _Experiment File…", "toolsExperimentFile", null, () -> files.openExperiments(true)),
                item("_Design Interfaces…", "toolsDesign", null,
                        () -> DesignView.open(getScene().getWindow(), vm.scenarioProperty(), vm::edit)),
                item("E_xercises…", "toolsExercises", null,
                        () -> files.openExercise(null, null)),
                new SeparatorMenuItem(),
                compareItem(vm, view));
        return tools;
    }

    /** Help: the guide, the shortcuts and About. */
    private Menu helpMenu(FileActions files, Dialogs dialogs) {
        Menu help = new Menu("_Help");
        help.setId("helpMenu");
        help.getItems().addAll(
                item("_Guide", "helpGuide", null,
                        () -> GuideView.open(getScene().getWindow(), files::openExample, null)),
                item("_Keyboard Shortcuts", "helpKeys", new KeyCodeCombination(KeyCode.F1),
                        () -> dialogs.info("Keyboard shortcuts", SHORTCUTS)),
                new SeparatorMenuItem(),
                item("_About VMSched", "helpAbout", null,
                        () -> dialogs.info(About.TITLE, About.text())));
        return help;
    }

    /** The menu with that id: fileMenu, editMenu, viewMenu, simulationMenu, toolsMenu, helpMenu; null if none. */
    public Menu menu(String id) {
        return getMenus().stream().filter(m -> id.equals(m.getId())).findFirst().orElse(null);
    }

    private void showRecent(MainViewModel vm, FileActions files) {
        recentMenu.getItems().clear();
        for (Path p : vm.recentFiles()) {
            MenuItem it = new MenuItem(p.toString());
            it.setOnAction(e -> files.openRecent(p));
            recentMenu.getItems().add(it);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    /**
     * Tools > Compare Global vs Partitioned (issue 32, item 3): enabled when the scenario has a VM of
     * several vCPUs or a global host; otherwise disabled, its tooltip and its text saying why.
     */
    private CustomMenuItem compareItem(MainViewModel vm, ViewActions view) {
        Label label = new Label(COMPARE);
        Tooltip why = new Tooltip();
        why.setWrapText(true);
        why.setMaxWidth(420);
        label.setTooltip(why);
        CustomMenuItem it = new CustomMenuItem(label);
        it.setId("toolsCompare");
        it.setOnAction(e -> CompareView.open(getScene().getWindow(), vm.scenarioProperty(),
                view.presenting()));
        Runnable update = () -> {
            String reason = CompareViewModel.unavailable(vm.scenarioProperty().get());
            it.setDisable(reason != null);
            // a custom item's label is not greyed by the menu when disabled (seen under Xvfb): grey it here
            label.setOpacity(reason == null ? 1 : 0.55);
            label.setText(reason == null ? COMPARE : COMPARE + " (needs a VM of several vCPUs or a global host)");
            why.setText(reason == null ? "Global EDF beside the partitioned placement of the same vCPUs: verdicts,"
                    + " response times and both Gantt charts, as the compare command" : "Disabled: " + reason + ".");
        };
        vm.scenarioProperty().addListener((o, a, b) -> update.run());
        update.run();
        return it;
    }

    private static final String COMPARE = "Compare Global vs Partitioned…";

    /** View > High Contrast: black on white with thick lines for a projector, kept for the next session. */
    private static CheckMenuItem highContrast(MainViewModel vm) {
        CheckMenuItem it = new CheckMenuItem("_High Contrast");
        it.setId("viewHighContrast");
        it.selectedProperty().bindBidirectional(vm.display().highContrastProperty());
        return it;
    }

    private static KeyCombination key(KeyCode code) {
        return new KeyCodeCombination(code, KeyCombination.SHORTCUT_DOWN);
    }

    static MenuItem item(String text, String id, KeyCombination key, Runnable action) {
        MenuItem it = new MenuItem(text);
        it.setId(id);
        if (key != null) {
            it.setAccelerator(key);
        }
        it.setOnAction(e -> action.run());
        return it;
    }
}

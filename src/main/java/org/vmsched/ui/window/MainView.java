package org.vmsched.ui.window;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.DoubleUnaryOperator;
import javafx.event.ActionEvent;
import javafx.event.EventHandler;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.stage.Window;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.FittingTabs;
import org.vmsched.ui.analysis.ChartsView;
import org.vmsched.ui.analysis.PresentView;
import org.vmsched.ui.analysis.VerdictTableView;
import org.vmsched.ui.experiment.ExperimentView;
import org.vmsched.ui.help.GuideView;
import org.vmsched.ui.main.ChartActions;
import org.vmsched.ui.main.DisplayPrefs;
import org.vmsched.ui.main.FileActions;
import org.vmsched.ui.main.MainMenu;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.ZoomModel;
import org.vmsched.ui.scenario.ScenarioTreeView;
import org.vmsched.ui.scenario.ScenarioTreeViewModel;
import org.vmsched.ui.simulation.SimulationView;
import org.vmsched.ui.simulation.StepView;
import org.vmsched.ui.status.StatusBarView;
import org.vmsched.ui.status.StatusBarViewModel;
import org.vmsched.ui.tasks.TaskTableView;
import org.vmsched.ui.tasks.TaskTableViewModel;
import org.vmsched.ui.vm.VmEditorView;
import org.vmsched.ui.vm.VmEditorViewModel;
import org.vmsched.text.Format;

/**
 * The main window's content, composed of feature views: {@link ScenarioTreeView} and
 * {@link VmEditorView} on the left; {@link TaskTableView}, {@link VerdictTableView} and the
 * Explain and {@link SimulationView} tabs in the middle; {@link ChartsView} on the right;
 * {@link StatusBarView} below; {@link MainMenu} on top (menu items are registered there, the
 * File and Tools actions live in {@link FileActions}). Also the window-wide keys: undo and redo
 * in any field, zoom, and present mode ({@link PresentView}). FX thread only.
 */
public final class MainView extends BorderPane implements MainMenu.ViewActions {

    /** The charts by name, in report order (as {@link ChartKind#id()}). */
    public static final List<String> CHARTS = Arrays.stream(ChartKind.values()).map(ChartKind::id).toList();

    /** The shortcuts, as the Help menu shows them. */
    public static final String SHORTCUTS = MainMenu.SHORTCUTS;

    /** The text over a simulation chart whose run was for an earlier scenario revision. */
    public static final String STALE_NOTE = ChartsView.STALE_NOTE;

    /** The root font size at zoom 1, in px (the style sheet's). */
    public static final double BASE_FONT = 14;

    private final MainViewModel vm;
    private final FileActions files;
    private final ChartsView charts;
    private final PresentView present;
    private final MainMenu menu;
    private final SplitPane content;
    private final Tab simTab;
    private final ZoomModel zoom = new ZoomModel();

    private final Tab stepTab;
    private final StepView stepView;

    static {
        // the Explain pane's face (vmsched.css): bundled, so "Θ" looks the same on every system
        try (InputStream in = MainView.class.getResourceAsStream("/org/vmsched/fonts/DejaVuSans.ttf")) {
            if (in != null) {
                Font.loadFont(in, BASE_FONT);
            }
        } catch (IOException e) {
            // the style sheet falls back to the system's sans-serif face
        }
    }

    public MainView(MainViewModel vm, Dialogs dialogs) {
        this.vm = vm;
        setId("mainView");
        getStylesheets().add(MainView.class.getResource("/org/vmsched/ui/vmsched.css").toExternalForm());
        Consumer<Boolean> theme = highContrastSheet();
        ChartsView[] chartsRef = new ChartsView[1];
        files = new FileActions(vm, dialogs, this::window, k -> chartsRef[0].chart(k));
        charts = new ChartsView(vm.analysis(), vm.simulation(), files, ChartActions.serverClicks(vm));
        chartsRef[0] = charts;
        charts.showMeasured(vm.trace().ganttProperty(), vm.trace().staleProperty());
        files.setChartFontReset(charts::atBaseFonts);
        files.setPresenting(this::presenting);
        present = new PresentView(charts, vm.analysis());
        theme.accept(vm.display().highContrastProperty().get());
        vm.display().highContrastProperty().addListener((o, a, on) -> charts.setHighContrast(on));
        charts.setHighContrast(vm.display().highContrastProperty().get());
        files.setCurrentChart(() -> presenting() && present.shownProperty().get() != null ? present.shownProperty().get()
                : charts.lastChosenChart());
        stepView = new StepView(vm.stepping());
        stepTab = new Tab("Step-through", stepView);
        stepThrough();

        ScrollPane leftScroll = leftColumn();
        Tab explainTab = explainTab();
        SimulationView simulation = new SimulationView(vm.simulation(), vm::runSimulation);
        simulation.setId("simulationView");
        ScrollPane simScroll = new ScrollPane(simulation);
        simScroll.setFitToWidth(true);
        simTab = new Tab("Simulation", simScroll);
        simTab.setId("simulationTab");
        SplitPane middle = middleColumn(explainTab, simScroll, simulation);
        for (Region r : List.of(leftScroll, charts)) {
            r.setMinSize(0, 0); // a small window squeezes the panes; the dividers stay where they were
        }
        content = new SplitPane(leftScroll, middle, charts);
        content.setId("content");
        content.setDividerPositions(0.21, 0.57); // a wider middle: the verdicts' items on one line
        // kept as fractions when the window is resized: the split pane's skin spreads a change of width
        // over its three columns alike, so 1280 → 1024 px took the left column to 184 px and cut the
        // VM editor's fields (issue 30, item 8; LayoutTest)
        double[][] programmed = {content.getDividerPositions().clone()};
        KeptDividers.keep(content, () -> programmed[0].clone());
        setCenter(content);
        menu = new MainMenu(vm, files, this, dialogs);
        setTop(menu);
        setBottom(new StatusBarView(new StatusBarViewModel(vm)));

        zoom.factorProperty().addListener((o, a, f) -> applyZoom(f.doubleValue()));
        widenLeftWithZoom(programmed);
        applyZoom(zoom.factor());
        sceneProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeEventFilter(KeyEvent.KEY_PRESSED, keys);
            }
            if (b != null) {
                b.addEventFilter(KeyEvent.KEY_PRESSED, keys);
            }
        });
    }

    /**
     * View > High Contrast (issue 30, item 12): black on white and thick lines over the window's
     * sheet, following the display's setting; what puts the sheet on or off.
     */
    private Consumer<Boolean> highContrastSheet() {
        String contrast = MainView.class.getResource(DisplayPrefs.HIGH_CONTRAST_CSS).toExternalForm();
        Consumer<Boolean> theme = on -> {
            getStylesheets().remove(contrast);
            if (on) {
                getStylesheets().add(contrast);
            }
        };
        vm.display().highContrastProperty().addListener((o, a, on) -> theme.accept(on));
        return theme;
    }

    /** The Step-through tab beside the simulation charts, with its "?", presented after the charts. */
    private void stepThrough() {
        // the "?" on each chart: the guide at that chart's paragraph
        Consumer<String> guide = topic -> GuideView.open(window(), files::openExample, topic);
        charts.setGuide(guide);
        stepView.setGuide(guide);
        stepTab.setId("tab-step");
        charts.addBottomTab(stepTab);
        present.alsoPresent(stepTab, stepView::setPresentFactor); // Page Down goes on from the charts to Step-through
    }

    /** The left column: the scenario's tree over the selected VM's editor, scrolling when too short. */
    private ScrollPane leftColumn() {
        VmEditorView vmEditor = new VmEditorView(new VmEditorViewModel(vm));
        vmEditor.disableProperty().bind(vm.document().readOnlyProperty()); // an exercise's scenario: the rest refuses with a status
        VBox left = new VBox(8, new ScenarioTreeView(new ScenarioTreeViewModel(vm), vm), vmEditor);
        VBox.setVgrow(left.getChildren().get(0), Priority.ALWAYS);
        left.setPadding(new Insets(6));
        ScrollPane leftScroll = new ScrollPane(left);
        leftScroll.setId("leftPane");
        leftScroll.setFitToWidth(true);
        leftScroll.setFitToHeight(true);
        leftScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        left.setMinHeight(Region.USE_PREF_SIZE);
        return leftScroll;
    }

    /** The Explain tab: the analysis's explanation of the selected task. */
    private Tab explainTab() {
        TextArea explain = new TextArea();
        explain.setId("explain");
        explain.setEditable(false);
        explain.setWrapText(true);
        explain.textProperty().bind(vm.analysis().explanationProperty());
        Tab explainTab = new Tab("Explain", explain);
        explainTab.setId("explainTab");
        return explainTab;
    }

    /** The middle column: the task editor, the verdict table, and the Explain and Simulation tabs. */
    private SplitPane middleColumn(Tab explainTab, ScrollPane simScroll, SimulationView simulation) {
        TabPane bottom = new TabPane(explainTab, simTab);
        bottom.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        bottom.setId("middleTabs");
        FittingTabs.install(bottom);
        TaskTableView tasks = new TaskTableView(new TaskTableViewModel(vm));
        VerdictTableView verdicts = new VerdictTableView(vm.analysis());
        verdicts.showMeasured(vm.trace().measuredR(), vm.trace().staleProperty());
        SplitPane middle = new SplitPane(tasks, verdicts, bottom);
        middle.setOrientation(Orientation.VERTICAL);
        middle.setDividerPositions(0.18, 0.6); // until the first layout measures the panes
        // the dividers follow what the panes need at each size and zoom (issue 19): the task editor
        // four rows (it showed 2.5 at 1024x768 and 1280x720), the verdict table nine (a core, a VM
        // and its six tasks), the tabs below every Simulation control; the rest to the verdicts
        // and the tabs. Fixed fractions could not hold all three at both sizes.
        KeptDividers.keep(middle, () -> middleDividers(middle, tasks, verdicts, bottom, simScroll, simulation),
                zoom.factorProperty());
        for (Region r : List.of(tasks, verdicts, bottom, middle)) {
            r.setMinSize(0, 0); // a small window squeezes the panes; the dividers stay where they were
        }
        return middle;
    }

    /**
     * Widens the left column with the zoom, keeping {@code programmed[0]}, the content's divider
     * positions as set, up to date: at 121 % on 1024x768 its fixed share cut "+Task", the
     * hypervisor box and "α = 0.400" (issue 30, item 8).
     */
    private void widenLeftWithZoom(double[][] programmed) {
        // Its controls grow a little faster than the font (insets, arrows), hence the power; a column
        // dragged wider keeps its extra. Past 135 % it goes back to its share: there the middle
        // column's titles need the room more.
        DoubleUnaryOperator widen = z -> z <= 1.35 ? Math.pow(z, 1.5) : 1;
        zoom.factorProperty().addListener((o, a, f) -> {
            double[] d = content.getDividerPositions();
            double share = d[0] * widen.applyAsDouble(f.doubleValue()) / widen.applyAsDouble(a.doubleValue());
            content.setDividerPosition(0, Math.max(0.08, Math.min(share, Math.min(0.42, d[1] - 0.15))));
            programmed[0] = content.getDividerPositions().clone();
        });
    }

    /** Task rows the task editor has room for, and verdict rows the verdict table has room for. */
    static final int TASK_ROWS = 4;
    static final int VERDICT_ROWS = 9;

    /**
     * The middle column's divider positions for its current size (see {@link KeptDividers#threeWay}),
     * or null before its panes have skins to measure.
     */
    private static double[] middleDividers(SplitPane middle, TaskTableView tasks, VerdictTableView verdicts,
                                           TabPane bottom, ScrollPane simScroll, Node simulation) {
        middle.applyCss(); // a zoom just set: measure in the new font
        Node divider = middle.lookup(".split-pane-divider");
        Node tabHeader = bottom.lookup(".tab-header-area");
        if (!(divider instanceof Region d) || !(tabHeader instanceof Region header)) {
            return null;
        }
        double simWidth = bottom.getWidth() - simScroll.snappedLeftInset() - simScroll.snappedRightInset();
        double tabsNeed = header.prefHeight(-1) + simScroll.snappedTopInset() + simScroll.snappedBottomInset()
                + simulation.prefHeight(simWidth);
        // a pixel more for each: rounding must not leave a row or a control a pixel short
        // a divider's thickness is its laid-out height (its pref height is 0 in a vertical split)
        double thickness = d.getHeight() > 0 ? d.getHeight() : d.prefWidth(-1);
        return KeptDividers.threeWay(middle.getHeight(), thickness, tasks.heightFor(TASK_ROWS) + 1,
                verdicts.heightFor(VERDICT_ROWS) + 1, tabsNeed + 1);
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    // ------------------------------------------------------------------ window-wide keys

    private static final KeyCombination UNDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);
    private static final KeyCombination REDO = new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN,
            KeyCombination.SHIFT_DOWN);
    private static final KeyCombination REDO_Y = new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN);

    private final EventHandler<KeyEvent> keys = this::key;

    /**
     * Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y always mean the app's undo and redo, also inside a text field
     * (which would otherwise undo its own typing and leave the scenario as it was): the field is
     * committed first (its Enter action), so what was typed becomes the step undone. Zoom keys
     * are taken in every keyboard layout's spelling (Ctrl+= and the keypad's + too); F11, Esc and
     * Page Up/Down drive present mode.
     */
    private void key(KeyEvent e) {
        boolean undo = UNDO.match(e);
        if (undo || REDO.match(e) || REDO_Y.match(e)) {
            e.consume();
            Node focus = getScene() == null ? null : getScene().getFocusOwner();
            if (focus instanceof TextField tf && tf.getOnAction() != null) {
                tf.getOnAction().handle(new ActionEvent(tf, tf));
            }
            if (undo) {
                vm.undo();
            } else {
                vm.redo();
            }
            return;
        }
        if (e.isShortcutDown() && !e.isAltDown()) {
            switch (e.getCode()) {
                case PLUS, EQUALS, ADD -> zoom(1);
                case MINUS, SUBTRACT -> zoom(-1);
                case DIGIT0, NUMPAD0 -> zoomReset();
                default -> {
                    return;
                }
            }
            e.consume();
            return;
        }
        if (e.getCode() == KeyCode.F11) {
            togglePresent();
            e.consume();
        } else if (presenting() && e.getCode() == KeyCode.ESCAPE) {
            togglePresent();
            e.consume();
        } else if (presenting() && (e.getCode() == KeyCode.PAGE_DOWN || e.getCode() == KeyCode.PAGE_UP)) {
            nextPresented(e.getCode() == KeyCode.PAGE_DOWN ? 1 : -1);
            e.consume();
        }
    }

    // ------------------------------------------------------------------ zoom and present mode

    private void applyZoom(double factor) {
        setStyle("-fx-font-size: " + Format.fixed(BASE_FONT * factor, 2) + "px;");
        charts.setFontFactor(factor);
        stepView.setFontFactor(factor);
    }

    @Override
    public void zoom(int steps) {
        zoom.step(steps);
    }

    @Override
    public void zoomReset() {
        zoom.reset();
    }

    /** The zoom of every text and control (1: the style sheet's sizes). */
    public ZoomModel zoomModel() {
        return zoom;
    }

    /** Whether present mode is on. */
    public boolean presenting() {
        return getCenter() == present;
    }

    @Override
    public void togglePresent() {
        if (presenting()) {
            present.close();
            setCenter(content);
        } else {
            // the chart tab chosen last (the Gantt, Step-through, …), else the first chart
            ChartKind last = charts.lastChosenChart();
            if (charts.lastChosenExtra()) {
                present.showExtra();
            } else {
                present.show(last != null ? last : ChartKind.TMAX);
            }
            setCenter(present);
        }
    }

    @Override
    public void nextPresented(int delta) {
        if (!presenting()) {
            present(ChartKind.TMAX); // Page Down / Up from the window: the charts in report order, from the first
        }
        present.next(delta);
    }

    /** Shows {@code kind} full-window in present mode. */
    public void present(ChartKind kind) {
        if (!presenting()) {
            togglePresent();
        }
        present.show(kind);
    }

    // ------------------------------------------------------------------ for the application and tests

    /** True when it is fine to drop the current scenario (saved, discarded or unmodified). */
    public boolean confirmDiscard() {
        return files.confirmDiscard();
    }

    /** Opens a file; a bad one shows the loader's message and keeps the current scenario. */
    public void openPath(Path p) {
        files.openPath(p);
    }

    /** Exports the named chart as PNG, SVG, PDF or pgfplots at a chosen size. */
    public void exportChart(String name) {
        files.exportChart(ChartKind.byId(name));
    }

    /** Opens the experiment dialog (see {@link FileActions#openExperiments}). */
    public ExperimentView openExperiments(boolean file) {
        return files.openExperiments(file);
    }

    /** The tab title of a chart. */
    public static String chartTitle(String name) {
        ChartKind k = ChartKind.byId(name);
        return k == null ? name : k.title();
    }

    /** Brings the tab of the named chart (or "step", the Step-through view) to the front of its tab pane. */
    public void showChart(String name) {
        ChartKind k = ChartKind.byId(name);
        if (k != null) {
            charts.show(k);
        } else if ("step".equals(name) && stepTab.getTabPane() != null) {
            stepTab.getTabPane().getSelectionModel().select(stepTab);
        }
    }

    @Override
    public void stepping(Runnable action) {
        showChart("step");
        action.run();
    }

    /** Brings the Simulation panel to the front. */
    public void showSimulationPanel() {
        simTab.getTabPane().getSelectionModel().select(simTab);
    }

    /** The chart currently shown under that name (for exports and tests). */
    public JFreeChart chart(String name) {
        return charts.chart(ChartKind.byId(name));
    }

    /** The menu bar; features add their items through {@link MainMenu#menu(String)}. */
    public MainMenu menu() {
        return menu;
    }

    /** The File and Tools actions. */
    public FileActions files() {
        return files;
    }

    /** The ViewModel (for the application and tests). */
    public MainViewModel viewModel() {
        return vm;
    }
}

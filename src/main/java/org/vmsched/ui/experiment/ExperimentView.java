package org.vmsched.ui.experiment;

import java.nio.file.Path;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.ExperimentCharts;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.text.Format;
import org.vmsched.ui.Background;
import org.vmsched.ui.ChartViewers;
import org.vmsched.ui.Dialogs;
import org.vmsched.ui.FxDialogs;

/**
 * The experiment dialog: pick a bundled study or an experiment file, set the seed, the task
 * sets per cell and the results folder (each checked as typed, the reason beside the field),
 * Run with a progress bar and Cancel, then page through the figures; the folder written is
 * shown as selectable text. Bound to an {@link ExperimentViewModel}. FX thread only.
 */
public final class ExperimentView extends BorderPane {

    /** One worker for every experiment dialog: it only waits for the runner's own threads. */
    private static final Background WORKER = Background.daemon("vmsched-experiment");

    private final ExperimentViewModel vm;
    private final Dialogs dialogs;
    /** The main window's dialog folder, shared (set by {@link #open}). */
    private Folders folders = Folders.NONE;
    private final ComboBox<String> study = new ComboBox<>();
    private final TabPane figures = new TabPane();
    private boolean syncing;

    public ExperimentView(ExperimentViewModel vm, Dialogs dialogs) {
        this.vm = vm;
        this.dialogs = dialogs;
        setId("experimentView");
        getStylesheets().add(ExperimentView.class.getResource("/org/vmsched/ui/vmsched.css").toExternalForm());

        GridPane g = form();
        HBox buttons = runControls();
        Label status = new Label();
        status.setId("expStatus");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        HBox writtenRow = writtenRow();

        VBox top = new VBox(8, g, buttons, status, writtenRow);
        top.setPadding(new Insets(10));
        setTop(top);

        figures.setId("expFigures");
        figures.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        vm.figures().addListener((ListChangeListener<ExperimentCharts.Figure>) ch -> refreshFigures());
        refreshFigures();
        setCenter(figures);
        BorderPane.setMargin(figures, new Insets(0, 10, 10, 10));

        vm.sourceProperty().addListener((o, a, b) -> {
            syncing = true;
            try {
                study.setValue(study.getItems().contains(b) ? b : null);
            } finally {
                syncing = false;
            }
        });
    }

    /** The form: the study (bundled or a file) and its description, the seed, the sets per cell and the results folder. */
    private GridPane form() {
        study.setId("expStudy");
        study.setPromptText("bundled study…");
        study.getItems().setAll(ExperimentViewModel.builtIns());
        study.setOnAction(e -> {
            if (!syncing && study.getValue() != null) {
                loadBuiltIn(study.getValue());
            }
        });
        Button open = new Button("Open File…");
        open.setId("expOpen");
        open.setOnAction(e -> openFile());
        Label source = new Label();
        source.setId("expSource");
        // the combo box names a bundled study; a file's name shows here
        source.textProperty().bind(Bindings.createStringBinding(() ->
                study.getItems().contains(vm.sourceProperty().get()) ? "" : vm.sourceProperty().get(), vm.sourceProperty()));
        Label description = new Label();
        description.setId("expDescription");
        description.setWrapText(true);
        description.textProperty().bind(vm.descriptionProperty());
        description.setMaxWidth(Double.MAX_VALUE);

        TextField seed = field("expSeed", vm.seedProperty(), vm.seedErrorProperty());
        TextField sets = field("expSets", vm.setsProperty(), vm.setsErrorProperty());
        TextField folder = field("expFolder", vm.folderProperty(), vm.folderErrorProperty());
        Button chooseFolder = new Button("Choose…");
        chooseFolder.setId("expChooseFolder");
        chooseFolder.setOnAction(e -> {
            Path p = dialogs.chooseFolder("Results folder", vm.folderProperty().get().isBlank() ? folders.folder()
                    : Path.of(vm.folderProperty().get()));
            if (p != null) {
                vm.folderProperty().set(p.toString());
                folders.used(p.resolve("results")); // (its folder is the one chosen)
            }
        });

        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        ColumnConstraints c0 = new ColumnConstraints();
        c0.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints c1 = new ColumnConstraints();
        c1.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().addAll(c0, c1);
        g.addRow(0, new Label("Experiment"), new HBox(8, study, open, source));
        g.add(description, 1, 1);
        g.addRow(2, new Label("Seed"), withError(seed, vm.seedErrorProperty(), "expSeedError"));
        g.addRow(3, new Label("Task sets per cell"), withError(sets, vm.setsErrorProperty(), "expSetsError"));
        HBox folderRow = new HBox(8, folder, chooseFolder);
        HBox.setHgrow(folder, Priority.ALWAYS);
        g.addRow(4, new Label("Results folder"), withError(folderRow, vm.folderErrorProperty(), "expFolderError"));
        seed.setPrefColumnCount(14);
        seed.setMaxWidth(Region.USE_PREF_SIZE);
        sets.setPrefColumnCount(6);
        sets.setMaxWidth(Region.USE_PREF_SIZE);
        sets.setTooltip(new Tooltip("Random task sets per (n, u) cell; more sets, smoother means, longer run"));
        return g;
    }

    /** Run, Cancel and the progress bar. */
    private HBox runControls() {
        Button run = new Button("Run");
        run.setId("expRun");
        run.setDefaultButton(true);
        run.disableProperty().bind(vm.canRunProperty().not());
        run.setOnAction(e -> vm.run());
        Button cancel = new Button("Cancel");
        cancel.setId("expCancel");
        cancel.disableProperty().bind(vm.runningProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar bar = new ProgressBar();
        bar.setId("expProgress");
        bar.progressProperty().bind(vm.progressProperty());
        bar.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        HBox buttons = new HBox(8, run, cancel, bar);
        buttons.setAlignment(Pos.CENTER_LEFT);
        return buttons;
    }

    /** The folder the last run wrote to, selectable to copy. */
    private HBox writtenRow() {
        TextField written = new TextField();
        written.setId("expWritten");
        written.setEditable(false);
        written.setPromptText("the results folder appears here after a run");
        written.textProperty().bind(vm.writtenFolderProperty());
        written.setTooltip(new Tooltip("Select and copy the path to open the folder in your file manager"));
        HBox.setHgrow(written, Priority.ALWAYS);
        Label writtenLabel = new Label("Written to");
        writtenLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox writtenRow = new HBox(8, writtenLabel, written);
        writtenRow.setAlignment(Pos.CENTER_LEFT);
        return writtenRow;
    }

    private static TextField field(String id, StringProperty text, StringProperty error) {
        TextField t = new TextField();
        t.setId(id);
        t.textProperty().bindBidirectional(text);
        Runnable mark = () -> {
            t.getStyleClass().remove("invalid");
            if (error.get() != null) {
                t.getStyleClass().add("invalid");
            }
        };
        error.addListener((o, a, b) -> mark.run());
        mark.run();
        return t;
    }

    private static VBox withError(Node field, StringProperty error, String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add("status-error");
        l.setWrapText(true);
        l.textProperty().bind(error);
        l.visibleProperty().bind(error.isNotNull());
        l.managedProperty().bind(l.visibleProperty());
        return new VBox(2, field, l);
    }

    private void refreshFigures() {
        figures.getTabs().clear();
        if (vm.figures().isEmpty()) {
            Tab t = new Tab("Figures", ChartViewers.viewer(ChartStyle.message("Figures",
                    "Run the experiment to see its figures here (they are also written to the results folder).")));
            figures.getTabs().add(t);
            return;
        }
        for (ExperimentCharts.Figure f : vm.figures()) {
            ChartViewer v = ChartViewers.viewer(f.chart());
            v.setId("expFigure-" + f.name());
            figures.getTabs().add(new Tab(f.name(), v));
        }
    }

    /** Loads a bundled study; a bad one shows the loader's message. */
    public void loadBuiltIn(String name) {
        try {
            vm.loadBuiltIn(name);
        } catch (InvalidExperimentException e) {
            dialogs.error("Cannot open the study " + name, e.getMessage());
        }
    }

    /** Asks for an experiment file and loads it; a bad one shows the loader's message and keeps the current one. */
    public void openFile() {
        Path p = dialogs.chooseExperiment(folders.folder());
        folders.used(p);
        if (p != null) {
            openFile(p);
        }
    }

    /** Loads an experiment file; a bad one shows the loader's message and keeps the current one. */
    public void openFile(Path p) {
        try {
            vm.loadFile(p);
        } catch (InvalidExperimentException e) {
            dialogs.error("Cannot open " + p.getFileName(), e.getMessage());
        }
    }

    /** The ViewModel (for tests). */
    public ExperimentViewModel viewModel() {
        return vm;
    }

    /**
     * Opens the dialog as its own window beside {@code owner} (not modal: the main window stays
     * usable while an experiment runs); closing it cancels a run.
     */
    /**
     * Where the main window's file dialogs open ({@code folder}) and what they remember
     * ({@code used}, a file chosen or null): the experiment dialogs share them.
     */
    public interface Folders {
        /** No shared folder: the dialogs open where they like. */
        Folders NONE = new Folders() {
            @Override
            public Path folder() {
                return null;
            }

            @Override
            public void used(Path chosen) {
            }
        };

        Path folder();

        void used(Path chosen);
    }

    /** The dialog with no folder shared with a main window. */
    public static ExperimentView open(Window owner, Dialogs dialogs) {
        return open(owner, dialogs, Folders.NONE);
    }

    /** The experiment dialog over {@code owner}, its file dialogs opening where the window's do ({@code folders}). */
    public static ExperimentView open(Window owner, Dialogs dialogs, Folders folders) {
        ExperimentViewModel vm = new ExperimentViewModel(Platform::runLater, WORKER, Runtime.getRuntime().availableProcessors());
        Stage stage = new Stage();
        // real dialogs belong to this window, so they open above it, not behind it
        Dialogs own = dialogs instanceof FxDialogs ? new FxDialogs(() -> stage) : dialogs;
        ExperimentView view = new ExperimentView(vm, own);
        view.folders = folders;
        stage.setTitle("Run Experiment — VMSched");
        // sized to its content: the settings whole (at the window's zoom), the figures below them
        // in what the main window leaves; it asked for 1000×820, taller than a 768-high screen (issue 19)
        Rectangle2D room = FxDialogs.room(owner);
        double zoom = FxDialogs.zoomOf(owner);
        double width = Math.min(1000 * zoom, room.getWidth() - 40);
        Scene probe = new Scene(view);
        view.setStyle("-fx-font-size: " + Format.fixed(14 * zoom, 2) + "px;");
        view.applyCss();
        double settings = ((Region) view.getTop()).prefHeight(width);
        probe.setRoot(new Group());
        double height = Math.min(settings + 420 * zoom, room.getHeight() - 60);
        stage.setScene(new Scene(view, width, height));
        stage.setOnHidden(e -> vm.cancel());
        FxDialogs.showOwned(stage, owner);
        return view;
    }
}

package org.vmsched.ui.app;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import javax.imageio.ImageIO;
import org.vmsched.chart.ChartKind;
import org.vmsched.exercise.Exercise;
import org.vmsched.io.AtomicFolder;
import org.vmsched.io.OpenedFile;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.SimulationMode;
import org.vmsched.ui.Background;
import org.vmsched.ui.FxDialogs;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.experiment.ExperimentView;
import org.vmsched.ui.experiment.ExperimentViewModel;
import org.vmsched.ui.window.MainView;
import org.vmsched.ui.main.DisplayPrefs;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.simulation.SimulatorBackend;

/**
 * The JavaFX application: one main window with the thesis example, or the file given as the
 * first argument (an exercise file opens in the Exercises window over the thesis example). {@code --snapshot OUT.png} selects the first VM's last task, renders the
 * window once the analysis is up to date, writes a PNG of the scene and exits (for the README
 * screenshot and smoke tests); with it, {@code --snapshot-tab CHART} brings that chart's tab to the
 * front and {@code --simulate MODE} runs the simulation in that mode first.
 */
public final class VmschedApp extends Application {

    /** The example opened when no file is given. */
    public static final String DEFAULT_EXAMPLE = "thesis-example.json";

    /** Quiet time after the last keystroke before the analysis starts (keeps typing smooth on big sets). */
    public static final long DEBOUNCE_MILLIS = 40;

    /** The smallest window the layout is made for (it recovers from any size, but the WM may not go below). */
    public static final double MIN_WIDTH = 400;
    public static final double MIN_HEIGHT = 300;

    /** The size of a {@code --snapshot} image: a projector's 1280×720. */
    public static final int SNAPSHOT_WIDTH = 1280;
    public static final int SNAPSHOT_HEIGHT = 720;

    /** The simulator behind every window (tests pass their own to {@link #createView}). */
    private static final SimulationBackend backend = new SimulatorBackend();

    /** Builds the window's content with live workers; {@code file} null opens the default example. */
    public static MainView createView(Stage stage, Path file, RecentFiles recent, SimulationBackend sim)
            throws InvalidScenarioException {
        return createView(stage, file, recent, DisplayPrefs.inMemory(), sim);
    }

    /** As above, the window looking as {@code display} says (high contrast or not). */
    public static MainView createView(Stage stage, Path file, RecentFiles recent, DisplayPrefs display,
                                      SimulationBackend sim) throws InvalidScenarioException {
        MainViewModel vm = new MainViewModel(Platform::runLater, Background.daemon("vmsched-analysis"),
                Background.daemon("vmsched-simulation"), Background.daemon("vmsched-files"), DEBOUNCE_MILLIS, recent, sim);
        Exercise exercise = null;
        if (file == null) {
            vm.openExample(DEFAULT_EXAMPLE);
        } else if (OpenedFile.load(file) instanceof OpenedFile.ExerciseFile x) {
            vm.openExample(DEFAULT_EXAMPLE); // the scenario to return to when the exercise is closed
            exercise = x.exercise();
        } else {
            vm.open(file);
        }
        vm.useDisplay(display);
        MainView view = new MainView(vm, new FxDialogs(() -> stage));
        if (exercise != null) {
            Exercise shown = exercise;
            // after start() has shown and sized the main window (its runLater comes between): the
            // Exercises window is sized within its owner, which under openbox is 200×200 until then
            Platform.runLater(() -> Platform.runLater(() -> view.files().openExercise(shown, file)));
        }
        stage.titleProperty().bind(vm.titleProperty());
        stage.setOnCloseRequest(e -> {
            if (!view.confirmDiscard()) {
                e.consume();
            } else {
                Platform.exit();
            }
        });
        return view;
    }

    /** The command line: the file to open (null for the default example) and the {@code --snapshot} options. */
    private record Args(Path file, Path snapshot, String snapshotTab, SimulationMode simulate, boolean present) {

        /** Reads {@code args}: an option without its value, or an unknown one, is ignored. */
        static Args of(List<String> args) {
            Path file = null;
            Path snapshot = null;
            String snapshotTab = null;
            SimulationMode simulate = null;
            boolean present = false;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--snapshot") && i + 1 < args.size()) {
                    snapshot = Path.of(args.get(++i));
                } else if (a.equals("--snapshot-tab") && i + 1 < args.size()) {
                    snapshotTab = args.get(++i);
                } else if (a.equals("--present")) {
                    present = true;
                } else if (a.equals("--simulate") && i + 1 < args.size()) {
                    simulate = SimulationMode.fromJson(args.get(++i));
                } else if (!a.startsWith("--")) {
                    file = Path.of(a);
                }
            }
            return new Args(file, snapshot, snapshotTab, simulate, present);
        }
    }

    @Override
    public void start(Stage stage) {
        Args args = Args.of(getParameters().getRaw());
        Path snapshot = args.snapshot();
        MainView view;
        try {
            view = createView(stage, args.file(), snapshot == null ? RecentFiles.persistent() : RecentFiles.inMemory(),
                    snapshot == null ? DisplayPrefs.persistent() : DisplayPrefs.inMemory(),
                    backend);
        } catch (InvalidScenarioException e) {
            System.err.println("error: " + e.getMessage());
            Platform.exit();
            System.exit(2);
            return;
        }
        Scene scene = show(stage, view, snapshot == null);
        Platform.runLater(() -> {
            Node tree = view.lookup("#tree");
            if (tree != null) { // not shown in present mode
                tree.requestFocus();
            }
        });
        if (snapshot != null) {
            if ("experiment".equals(args.snapshotTab())) {
                prepareSnapshot(view, null, null, false);
                snapshotExperiment(view, snapshot);
                return;
            }
            prepareSnapshot(view, args.snapshotTab(), args.simulate(), args.present());
            takeSnapshot(view, scene, snapshot, 0);
        }
    }

    /**
     * Shows {@code view} in {@code stage}, centred: at 1400×900 within the screen when
     * {@code onScreen}, else at a snapshot's 1280×720; its scene.
     */
    private static Scene show(Stage stage, MainView view, boolean onScreen) {
        // snapshots at a projector's 1280×720: the README shows the window as a lecture hall sees it
        double width = !onScreen ? SNAPSHOT_WIDTH : 1400;
        double height = !onScreen ? SNAPSHOT_HEIGHT : 900;
        if (onScreen) {
            // never larger than the screen: on a 1024×768 projector a 1400×900 window opened with
            // its left column and its top off the screen
            Rectangle2D screen = Screen.getPrimary().getVisualBounds();
            width = Math.min(width, screen.getWidth());
            height = Math.min(height, screen.getHeight());
        }
        Scene scene = new Scene(view, width, height);
        stage.setScene(scene);
        // JavaFX 21 under some window managers (openbox) opens a stage at 200×200 and shrinks it back
        // there when a dialog opens (JDK-8316423, fixed in JavaFX 22): a minimum and an explicit size
        stage.setMinWidth(MIN_WIDTH);
        stage.setMinHeight(MIN_HEIGHT);
        stage.setWidth(width);
        stage.setHeight(height);
        stage.show();
        double w = width;
        double h = height;
        // after the WM has mapped it: the scene (not the window with its decorations) gets the size
        // asked for, so a --snapshot is 1280×720 also under a window manager (it was 398×275 under openbox)
        Platform.runLater(() -> {
            if (scene.getWidth() < w - 1 || scene.getHeight() < h - 1) {
                double[] size = stageSize(stage.getWidth(), stage.getHeight(), scene.getWidth(), scene.getHeight(), w, h,
                        onScreen ? Screen.getPrimary().getVisualBounds() : null);
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            }
            stage.centerOnScreen();
        });
        stage.centerOnScreen();
        return scene;
    }

    /**
     * Sets the window up for {@code --snapshot}: the first VM's last task selected (the thesis
     * example's t3 meets its deadline exactly), {@code tab} (a chart id, may be null) in front,
     * the simulation run in {@code simulate} (may be null), and the chart in present mode.
     */
    public static void prepareSnapshot(MainView view, String tab, SimulationMode simulate, boolean present) {
        int last = view.viewModel().scenario().vms().get(0).tasks().size() - 1;
        view.viewModel().select(view.viewModel().scenario().vms().get(0).core(), 0, last);
        if (tab != null) {
            view.showChart(tab);
        }
        if (simulate != null) {
            view.viewModel().setUp(s -> s.withSimulation(s.simulation().withMode(simulate)));
            view.showSimulationPanel();
            view.viewModel().runSimulation();
        }
        if (present && tab != null && ChartKind.byId(tab) != null) {
            view.present(ChartKind.byId(tab));
        }
    }

    /** Runs the first bundled study with one task set into a temporary folder, then snapshots the dialog. */
    private static void snapshotExperiment(MainView view, Path out) {
        ExperimentView ev = view.openExperiments(false);
        ExperimentViewModel evm = ev.viewModel();
        Path tmp;
        try {
            tmp = Files.createTempDirectory("vmsched-snapshot");
            evm.folderProperty().set(tmp.resolve("results").toString());
        } catch (IOException e) {
            System.err.println("error: no temporary folder: " + e.getMessage());
            Platform.exit();
            System.exit(1);
            return;
        }
        evm.setsProperty().set("1");
        evm.run();
        waitThen(() -> !evm.runningProperty().get(), 0, () -> {
            try {
                AtomicFolder.deleteTree(tmp);
            } catch (IOException e) {
                System.err.println("warning: could not remove " + tmp + ": " + e.getMessage());
            }
            write(ev.getScene(), out);
        });
    }

    private static void waitThen(BooleanSupplier ready, int tries, Runnable then) {
        PauseTransition wait = new PauseTransition(Duration.millis(250));
        wait.setOnFinished(e -> {
            if (!ready.getAsBoolean() && tries < 480) {
                waitThen(ready, tries + 1, then);
                return;
            }
            PauseTransition settle = new PauseTransition(Duration.millis(500));
            settle.setOnFinished(x -> then.run());
            settle.play();
        });
        wait.play();
    }

    private static void write(Scene scene, Path out) {
        WritableImage img = scene.snapshot(null);
        BufferedImage b = SwingFXUtils.fromFXImage(img, null);
        BufferedImage rgb = new BufferedImage(b.getWidth(), b.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.getGraphics().drawImage(b, 0, 0, null);
        int code = 0;
        try {
            ImageIO.write(rgb, "png", out.toFile());
            System.out.println("wrote " + out);
        } catch (IOException ex) {
            System.err.println("error: cannot write " + out + ": " + ex.getMessage());
            code = 1;
        }
        Platform.exit();
        System.exit(code);
    }

    private static void takeSnapshot(MainView view, Scene scene, Path out, int tries) {
        PauseTransition wait = new PauseTransition(Duration.millis(250));
        wait.setOnFinished(e -> {
            boolean ready = view.viewModel().analysis().stateProperty().get() != AnalysisViewModel.State.ANALYSING
                    && !view.viewModel().simulation().runningProperty().get();
            if (!ready && tries < 480) {
                takeSnapshot(view, scene, out, tries + 1);
                return;
            }
            // the image is the window's content at 1280×720 whatever size the window manager gave the
            // window (openbox left it at 398×275): the content moves into a scene of that size
            if (scene.getWidth() != SNAPSHOT_WIDTH || scene.getHeight() != SNAPSHOT_HEIGHT) {
                scene.setRoot(new Group());
                Scene sized = new Scene(view, SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT);
                sized.getStylesheets().setAll(scene.getStylesheets());
                sized.snapshot(null); // a first pass lays the charts out at the new size
                PauseTransition settle = new PauseTransition(Duration.millis(700));
                settle.setOnFinished(x -> write(sized, out));
                settle.play();
                return;
            }
            PauseTransition settle = new PauseTransition(Duration.millis(500));
            settle.setOnFinished(x -> write(scene, out));
            settle.play();
        });
        wait.play();
    }

    /**
     * The stage size that gives the scene w×h inside the window manager's decorations (the stage's
     * size less its scene's), kept inside {@code screen} when one is given: a window grown by its
     * title bar at 1024×768 put the status line below the screen's bottom edge (seen under openbox);
     * a {@code --snapshot} (no screen given) gets its full size.
     */
    static double[] stageSize(double stageW, double stageH, double sceneW, double sceneH, double w, double h,
                              Rectangle2D screen) {
        double sw = w + Math.max(0, stageW - sceneW);
        double sh = h + Math.max(0, stageH - sceneH);
        if (screen != null) {
            sw = Math.min(sw, screen.getWidth());
            sh = Math.min(sh, screen.getHeight());
        }
        return new double[] {sw, sh};
    }
}

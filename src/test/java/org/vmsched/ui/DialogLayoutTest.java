package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.chart.ExportOptions;
import org.vmsched.ui.design.DesignView;
import org.vmsched.ui.experiment.ExperimentView;
import org.vmsched.ui.experiment.ExperimentViewModel;
import org.vmsched.ui.help.About;
import org.vmsched.ui.help.GuideView;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.window.MainView;

/**
 * Every dialog as a lecture hall sees it (issue 19), over the main window at 1024×768 and
 * 1280×720, at zoom 1 and about 2 (Ctrl+Plus seven times): owned by the main window, titled,
 * centred across it and inside it, and no label or button shows its text cut ("pe…").
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class DialogLayoutTest {

    private Stage stage;
    private MainView view;
    private MainViewModel vm;

    @Start
    void start(Stage s) throws Exception {
        stage = s;
        view = HallFixture.show(s, "thesis-example.json", 1024, 768);
        vm = view.viewModel();
    }

    private static final String LONG_ERROR = "scenario.vms[0].tasks[2].period: must be a positive number, got \"-36\"; "
            + "scenario.vms[0].budget: must not exceed the period (4.5 > 4); scenario.hypervisor.cores: must be at least 1, "
            + "got 0. Fix the file and open it again; nothing was changed.";

    /** Opens the named dialog over {@code owner}; a modal one is opened later, from the event queue. */
    private void open(String dialog, Window owner) {
        FxDialogs fx = new FxDialogs(() -> owner);
        switch (dialog) {
            case "design" -> DesignView.open(owner, vm.scenario(), edit -> { });
            case "experiment" -> ExperimentView.open(owner, new HallFixture.NoDialogs()).loadBuiltIn(ExperimentViewModel.builtIns().get(0));
            case "export" -> Platform.runLater(() -> ExportOptionsDialog.ask(owner, ExportOptions.forColumn(1200, 800)));
            case "about" -> Platform.runLater(() -> fx.info(About.TITLE, About.text()));
            case "shortcuts" -> Platform.runLater(() -> fx.info("Keyboard shortcuts", MainView.SHORTCUTS));
            case "guide" -> GuideView.open(owner, name -> { }, "Gantt");
            case "unsaved" -> Platform.runLater(() -> fx.askUnsaved("thesis-example.json"));
            case "error" -> Platform.runLater(() -> fx.error("Cannot open broken.json", LONG_ERROR));
            default -> throw new IllegalArgumentException(dialog);
        }
    }

    private List<Window> others() {
        return Window.getWindows().stream().filter(w -> w != stage && w.isShowing() && w instanceof Stage).toList();
    }

    /** Every dialog the test opens, in this order at each size and zoom. */
    private static final List<String> DIALOGS = List.of("design", "experiment", "export", "about", "shortcuts", "guide",
            "unsaved", "error");

    // One window per size and zoom, every dialog opened over it in turn: one dialog per test at all
    // four sizes and zooms built eight windows and changed the window's zoom 24 times, each a full
    // CSS pass and layout of the main window (BENCHMARKS.md). The same dialogs, sizes, zooms and checks.
    @ParameterizedTest
    @CsvSource({"1024, 768, 0", "1024, 768, 7", "1280, 720, 0", "1280, 720, 7"})
    void everyDialogIsOwnedCentredAndShowsEveryLabelWhole(double w, double h, int zoom, FxRobot robot) throws Exception {
        List<String> problems = new ArrayList<>();
        // the window's and each dialog's own pulses waited for (Pulses), not TestFX's 50 ms sleeps:
        // seven of them a dialog, 32 dialogs, were about 11 s of the class's wall time (BENCHMARKS.md)
        Pulses.onFx(() -> {
            view.zoomModel().reset();
            view.zoomModel().step(zoom);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(w);
            stage.setHeight(h);
        });
        Pulses.settle(stage.getScene());
        for (String dialog : DIALOGS) {
            Pulses.onFx(() -> open(dialog, stage));
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> others().size() == 1);
            Stage d = (Stage) others().get(0);
            // laid out and placed (the placing runs once more after the first pulse): two pulses at least, the last clean
            Pulses.settle(d.getScene());
            String where = dialog + " at " + (int) w + "x" + (int) h + " zoom " + view.zoomModel().factor() + ": ";
            Pulses.onFx(() -> problems.addAll(problems(stage, d).stream().map(p -> where + p).toList()));
            Pulses.onFx(() -> close(d));
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> others().isEmpty());
        }
        assertEquals(List.of(), problems);
    }

    /** A dialog with buttons by its last (Cancel, or the only OK); a window by hiding it. */
    private static void close(Stage d) {
        if (d.getScene().getRoot() instanceof DialogPane pane && !pane.getButtonTypes().isEmpty()) {
            ((Button) pane.lookupButton(pane.getButtonTypes().get(pane.getButtonTypes().size() - 1))).fire();
        } else {
            d.close();
        }
    }

    /** What is wrong with dialog {@code d} over {@code main}: ownership, title, place, cut text. */
    static List<String> problems(Stage main, Stage d) {
        List<String> out = new ArrayList<>();
        if (d.getOwner() != main) {
            out.add("not owned by the main window");
        }
        if (d.getTitle() == null || d.getTitle().isBlank()) {
            out.add("no title");
        }
        if (Math.abs(FxDialogs.zoomOf(d) - FxDialogs.zoomOf(main)) > 0.01) {
            out.add("text at zoom " + FxDialogs.zoomOf(d) + ", the window's at " + FxDialogs.zoomOf(main));
        }
        double centre = d.getX() + d.getWidth() / 2;
        double mainCentre = main.getX() + main.getWidth() / 2;
        if (Math.abs(centre - mainCentre) > 2) {
            out.add("not centred across the main window (centre " + centre + ", the window's " + mainCentre + ")");
        }
        if (d.getX() < main.getX() - 1 || d.getY() < main.getY() - 1 || d.getX() + d.getWidth() > main.getX() + main.getWidth() + 1
                || d.getY() + d.getHeight() > main.getY() + main.getHeight() + 1) {
            out.add("not inside the main window: " + (int) d.getWidth() + "x" + (int) d.getHeight() + " at (" + (int) d.getX()
                    + ", " + (int) d.getY() + ")");
        }
        each(d.getScene().getRoot(), n -> {
            if (n instanceof Labeled l && l.getText() != null && !l.getText().isBlank() && showing(l)) {
                Text shown = (Text) l.getChildrenUnmodifiable().stream().filter(c -> c instanceof Text).findFirst().orElse(null);
                String whole = l.isMnemonicParsing() ? l.getText().replaceFirst("_(?=.)", "") : l.getText();
                if (shown != null && !shown.getText().equals(whole)) {
                    out.add(l.getClass().getSimpleName() + " '" + whole + "' shows '" + shown.getText() + "' (" + (int) l.getWidth()
                            + "x" + (int) l.getHeight() + ")");
                }
            }
        });
        return out;
    }

    private static boolean showing(Node n) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (!x.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static void each(Node n, Consumer<Node> f) {
        f.accept(n);
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                each(c, f);
            }
        }
    }
}

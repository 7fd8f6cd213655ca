package org.vmsched.ui;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.RecentFiles;
import org.vmsched.ui.simulation.SimulationBackend;
import org.vmsched.ui.window.MainView;

/**
 * One main window for all the tests of a class, on TestFX's primary stage, instead of a new
 * window per test: building a window (its charts, tables, style sheet and first analysis) was a
 * large part of a short window test. {@link #reset} puts back, before each test, what a test may
 * change: the document is opened again (no undo history, typed drafts, selection or results of
 * the previous test), present mode is left, the zoom reset, every tab pane shows the tab and every
 * split pane the dividers it showed when the window was new, the window has its first size, and
 * the stub dialogs answer nothing. A test that needs a window no other test has touched builds
 * its own. The window stays shown from test to test ({@link OneWindowPerClass.KeptWindow}); a
 * fixture that hides it anyway gets it shown again by {@link #reset}. Used from the test thread,
 * one test at a time.
 */
final class SharedWindow {

    /** Opens the document every test of the class starts from (on the FX thread). */
    interface Document {
        void open(MainViewModel vm) throws Exception;
    }

    final Stage stage;
    final MainViewModel vm;
    final MainView view;
    final MainWindowTest.StubDialogs dialogs;
    private final Document document;
    private final double width;
    private final double height;
    private final Map<TabPane, Integer> tabs = new LinkedHashMap<>();
    private final Map<SplitPane, double[]> dividers = new LinkedHashMap<>();

    private SharedWindow(Stage stage, MainViewModel vm, MainView view, MainWindowTest.StubDialogs dialogs,
                         Document document) {
        this.stage = stage;
        this.vm = vm;
        this.view = view;
        this.dialogs = dialogs;
        this.document = document;
        this.width = stage.getWidth();
        this.height = stage.getHeight();
        for (Node n : view.lookupAll(".tab-pane")) {
            tabs.put((TabPane) n, ((TabPane) n).getSelectionModel().getSelectedIndex());
        }
        for (Node n : view.lookupAll(".split-pane")) {
            dividers.put((SplitPane) n, ((SplitPane) n).getDividerPositions().clone());
        }
    }

    /**
     * Shows a new main window of {@code model} (made on the FX thread), with {@code document}
     * open, in a scene of {@code width} × {@code height}, on the primary stage.
     */
    static SharedWindow show(Supplier<MainViewModel> model, Document document, double width, double height)
            throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        SharedWindow[] made = new SharedWindow[1];
        FxToolkit.setupFixture(() -> {
            MainViewModel vm = model.get();
            try {
                document.open(vm);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            MainWindowTest.StubDialogs dialogs = new MainWindowTest.StubDialogs();
            MainView view = new MainView(vm, dialogs);
            stage.setScene(new Scene(view, width, height));
            // the primary stage keeps the size an earlier class's reset gave it unless told to fit
            stage.sizeToScene();
            stage.show();
            place(stage);
            made[0] = new SharedWindow(stage, vm, view, dialogs, document);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return made[0];
    }

    /**
     * Puts the window at the screen's top left corner: a window shown again is centred at its
     * size then, and grown to 1280 × 720 from there it ran past the right edge of Monocle's
     * 1280 × 800 screen, where a click on a tab header lands on another tab.
     */
    private static void place(Stage stage) {
        stage.setX(0);
        stage.setY(0);
    }

    /**
     * The window of {@link LayoutTest} and {@link LectureHallTest}: the thesis example in an
     * 800 × 600 scene, analysed without delay, no simulator; each test sizes it to a projector's
     * size first.
     */
    static SharedWindow thesisExample() throws Exception {
        return show(() -> new MainViewModel(Platform::runLater, Background.daemon("test-analysis"),
                        Background.daemon("test-sim"), 0, RecentFiles.inMemory(), SimulationBackend.unavailable()),
                vm -> vm.openExample("thesis-example.json"), 800, 600);
    }

    /** {@code window} reset for the next test, or a new window from {@code show} when there is none yet. */
    static SharedWindow reuse(SharedWindow window, Callable<SharedWindow> show) throws Exception {
        return reuse(window, show, false, false);
    }

    /**
     * {@link #reuse(SharedWindow, Callable)}, the size left to the test with {@code sizedByTest} and
     * the document with {@code openedByTest} ({@link #reset(boolean, boolean)}).
     */
    static SharedWindow reuse(SharedWindow window, Callable<SharedWindow> show, boolean sizedByTest,
                              boolean openedByTest) throws Exception {
        if (window == null) {
            return show.call();
        }
        window.reset(sizedByTest, openedByTest);
        return window;
    }

    /**
     * Sizes the window to {@code w} × {@code h} and lays it out, waiting for its pulses
     * ({@link Pulses#settle}) where four of TestFX's waits slept 200 ms. {@code robot} is not used
     * (the tests call this between robot actions).
     */
    void size(FxRobot robot, double w, double h) {
        Pulses.onFx(() -> resize(w, h));
        Pulses.settle(stage.getScene());
        Pulses.onFx(() -> view.getScene().getRoot().layout());
        Pulses.settle(stage.getScene());
    }

    /**
     * Gives the stage {@code w} × {@code h} (FX thread); nothing when it has that size. The window
     * stays shown between tests ({@link OneWindowPerClass.KeptWindow}), also when it shrinks, which
     * Monocle's painter does not take well: it keeps the pixel buffers of earlier frames for reuse
     * and hands a larger one to a smaller frame, whose upload leaves that buffer's limit at the
     * smaller size; when the window grows again the buffer is taken back for its capacity and fails
     * on its limit ("Too small int buffer size 1024x768 [786432] > 480000",
     * {@code QueuedPixelSource.getUnusedPixels}, JavaFX 21), a frame lost and a trace printed. So
     * every resize first drops the buffers kept for reuse ({@link #dropKeptPixels}); the next frame
     * takes a new one, as a window's first frame does. Hiding the window and showing it again did
     * the same with a new painter, but a shown window goes through a full CSS pass (about 5 % of a
     * window test's CPU, BENCHMARKS.md); that stays the way for a JavaFX whose painter differs.
     */
    private void resize(double w, double h) {
        if (stage.getWidth() == w && stage.getHeight() == h) {
            return;
        }
        boolean shrinks = w * h < stage.getWidth() * stage.getHeight();
        if (!dropKeptPixels() && shrinks && stage.isShowing()) {
            stage.hide();
            stage.setWidth(w);
            stage.setHeight(h);
            stage.show();
            place(stage);
        } else {
            stage.setWidth(w);
            stage.setHeight(h);
        }
    }

    /**
     * Empties the list of pixel buffers the window's painter keeps for reuse (JavaFX 21's
     * {@code ViewScene.painter.pixelSource.saved}, under the lock its {@code getUnusedPixels} holds),
     * so that no buffer of a larger frame with a smaller frame's limit is used again; the buffers of
     * frames being drawn or shown are not in it. False, nothing dropped, when the window has no such
     * painter (another JavaFX, or not shown).
     */
    private boolean dropKeptPixels() {
        try {
            Object painter = field(field(stage.getScene(), "peer"), "painter");
            Object source = field(painter, "pixelSource");
            List<?> kept = (List<?>) field(source, "saved");
            synchronized (source) {
                kept.clear();
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException noSuchPainter) {
            return false;
        }
    }

    /** The value of the field {@code name} of {@code o}, declared by its class or a superclass. */
    private static Object field(Object o, String name) throws ReflectiveOperationException {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return Objects.requireNonNull(f.get(o), name);
            } catch (NoSuchFieldException notHere) {
                // a superclass may declare it
            }
        }
        throw new NoSuchFieldException(name);
    }

    /** Puts the window back as {@link #show} left it (see the class comment) and waits for its analysis. */
    void reset() throws Exception {
        reset(false, false);
    }

    /**
     * {@link #reset()}, but with {@code sizedByTest} the window keeps the size the last test gave
     * it, for a class whose every test sizes it first ({@link OneWindowPerClass#eachTestSizesTheWindow}):
     * back to the first size and then to the test's, the window was laid out twice. Its dividers
     * then stay where the window's own layout put them at that size: the first size's fractions
     * at another size are a layout the window never makes (the middle column's task table 88 px
     * high at 1024 × 768 instead of its four rows' 127), and a test kept at an equal size would
     * start from it. No test of such a class moves a divider but to the window's own positions. With
     * {@code openedByTest} the document is not opened again, for a class whose every test opens its
     * own first ({@link OneWindowPerClass#eachTestOpensItsDocument}): the test's opening clears what
     * the reset's would have (undo history, drafts, selection, results), and the two openings were
     * 8 % of such a test's FX thread (BENCHMARKS.md).
     */
    void reset(boolean sizedByTest, boolean openedByTest) throws Exception {
        Pulses.onFx(() -> {
            if (view.presenting()) {
                view.togglePresent();
            }
            view.zoomReset();
            view.files().closeExercise(); // an exercise's scenario left shown gives back the document first
            try {
                if (!openedByTest) {
                    document.open(vm);
                }
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            dialogs.nextSave = null;
            dialogs.nextOpen = null;
            dialogs.nextExperiment = null;
            dialogs.lastError = "";
            dialogs.lastErrorTitle = "";
            tabs.forEach((pane, index) -> pane.getSelectionModel().select(index));
            if (!sizedByTest) {
                resize(width, height);
            }
            stage.show();
            place(stage);
        });
        // the dividers go back once the window has its size: a split pane moves them while it is resized
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> sizedByTest || stage.getWidth() == width && stage.getHeight() == height);
        Pulses.settle(stage.getScene());
        Pulses.onFx(() -> {
            view.getScene().getRoot().layout();
            if (!sizedByTest) {
                dividers.forEach(SplitPane::setDividerPositions);
                view.getScene().getRoot().layout();
            }
            view.requestFocus();
        });
        Pulses.settle(stage.getScene());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() != AnalysisViewModel.State.ANALYSING);
        Pulses.settle(stage.getScene());
    }
}

package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.window.MainView;

/**
 * The fixture of the main-window tests: one {@link SharedWindow} per test class, made by the
 * class's {@link #show()} for its first test and {@linkplain SharedWindow#reset() reset} before
 * each later one, dropped (and hidden) after its last. Surefire runs a JVM's classes one after
 * another, so one static window at a time. The window stays shown between the tests of its class
 * ({@link KeptWindow}).
 */
@Tag("gui")
@ExtendWith(OneWindowPerClass.KeptWindow.class)
abstract class OneWindowPerClass {

    private static SharedWindow window;
    SharedWindow shared;
    MainView view;
    MainViewModel vm;
    MainWindowTest.StubDialogs dialogs;

    /** The class's window, with the document each of its tests starts from. */
    abstract SharedWindow show() throws Exception;

    /**
     * True for a class whose every test sizes the window ({@link #size}) before it looks at it:
     * the reset then leaves the window the size the last test gave it, and a test that did not
     * size it fails after it ran.
     */
    boolean eachTestSizesTheWindow() {
        return false;
    }

    /**
     * True for a class whose every test opens its own document ({@link #open}) before it looks at
     * the window: the reset then leaves the last test's document open instead of opening the
     * class's one for the test to replace at once, and a test that did not open one fails after it ran.
     */
    boolean eachTestOpensItsDocument() {
        return false;
    }

    private boolean sized;
    private boolean opened;

    @BeforeEach
    void window() throws Exception {
        window = SharedWindow.reuse(window, this::show, eachTestSizesTheWindow(), eachTestOpensItsDocument());
        sized = false;
        opened = false;
        shared = window;
        view = window.view;
        vm = window.vm;
        dialogs = window.dialogs;
    }

    @AfterAll
    static void closeWindow() throws Exception {
        window = null;
        FxToolkit.cleanupStages(); // no later class finds this window's nodes
    }

    /**
     * TestFX's extension (the {@code FxRobot} parameter, the release of keys and buttons after a
     * test), except that after a test it hides every window but the class's own: hidden and shown
     * again for the next test, the whole window went through CSS and layout anew, about a tenth of
     * a window test's CPU ({@code BENCHMARKS.md}). Dialogs, menus and tooltips a test opened are
     * hidden as before. Before a test it registers the primary stage but sets up no application:
     * these classes have no {@code @Start}, {@code @Init} or {@code @Stop} method, so TestFX's setup
     * of an empty one was only its 50 ms wait ({@link Pulses}); keys and buttons are released only
     * when one is still pressed, for the same reason.
     */
    static final class KeptWindow extends ApplicationExtension {
        @Override
        public void beforeEach(ExtensionContext context) throws Exception {
            FxToolkit.registerPrimaryStage();
        }

        @Override
        public void afterEach(ExtensionContext context) throws Exception {
            Window kept = window == null ? null : window.stage;
            Pulses.onFx(() -> new ArrayList<>(Window.getWindows()).stream()
                    .filter(w -> w != kept).forEach(Window::hide));
            if (!robotContext().getMouseRobot().getPressedButtons().isEmpty()
                    || !robotContext().getKeyboardRobot().getPressedKeys().isEmpty()) {
                FxToolkit.cleanupInput(this);
            }
            if (kept != null && kept.getScene() != null) {
                Pulses.settle(kept.getScene());
            } else {
                WaitForAsyncUtils.waitForFxEvents();
            }
        }
    }

    @AfterEach
    void sizedIfItHadTo() {
        assertTrue(sized || !eachTestSizesTheWindow(),
                getClass().getSimpleName() + " leaves the window's size to each test, and this one did not size it");
        assertTrue(opened || !eachTestOpensItsDocument(),
                getClass().getSimpleName() + " leaves the document to each test, and this one did not open one");
    }

    /**
     * Opens the bundled example {@code example} (no undo history, drafts, selection or results of
     * an earlier document) and waits for its verdicts.
     */
    void open(FxRobot robot, String example) throws Exception {
        opened = true;
        robot.interact(() -> {
            try {
                vm.openExample(example);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        waitForVerdicts();
    }

    void size(FxRobot robot, double w, double h) {
        sized = true;
        shared.size(robot, w, h);
    }

    /** Sizes the window to {@code w} × {@code h} with its analysis in and the Simulation tab in front. */
    void onSimulationTab(FxRobot robot, double w, double h) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        robot.clickOn("#simulationTab");
        size(robot, w, h);
    }

    /** Sizes the window to {@code w} × {@code h} and steps three instants in the Step-through tab. */
    void stepThreeInstants(FxRobot robot, double w, double h) throws Exception {
        size(robot, w, h);
        waitForVerdicts();
        robot.clickOn("#tab-step");
        for (int i = 0; i < 3; i++) {
            robot.clickOn("#stepForward");
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.stepping().positionProperty().get() == 3);
        size(robot, w, h);
    }

    /** Waits until the shown scenario's analysis is current and its verdict rows are in. */
    void waitForVerdicts() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> vm.analysis().stateProperty().get() == AnalysisViewModel.State.CURRENT && !vm.analysis().rows().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }
}

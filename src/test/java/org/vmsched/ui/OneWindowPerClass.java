package org.vmsched.ui;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import org.vmsched.ui.analysis.AnalysisViewModel;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.window.MainView;

/**
 * The fixture of the main-window tests: one {@link SharedWindow} per test class, made by the
 * class's {@link #show()} for its first test and {@linkplain SharedWindow#reset() reset} before
 * each later one, dropped after its last. Surefire runs a JVM's classes one after another, so
 * one static window at a time.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
abstract class OneWindowPerClass {

    private static SharedWindow window;
    SharedWindow shared;
    MainView view;
    MainViewModel vm;
    MainWindowTest.StubDialogs dialogs;

    /** The class's window, with the document each of its tests starts from. */
    abstract SharedWindow show() throws Exception;

    @BeforeEach
    void window() throws Exception {
        window = SharedWindow.reuse(window, this::show);
        shared = window;
        view = window.view;
        vm = window.vm;
        dialogs = window.dialogs;
    }

    @AfterAll
    static void closeWindow() {
        window = null;
    }

    void size(FxRobot robot, double w, double h) {
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

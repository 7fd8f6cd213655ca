package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.geometry.Dimension2D;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A chart viewer draws its chart once when its window is resized, not once for the new width and
 * again for the new height, and a viewer in a tab not selected draws nothing until its tab is shown.
 * A profile of the window tests found a tenth of the FX thread's samples in these draws.
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class ChartRedrawCountTest {

    private Stage stage;
    private TabPane tabs;
    private final AtomicInteger shownDraws = new AtomicInteger();
    private final AtomicInteger hiddenDraws = new AtomicInteger();
    private final AtomicLong pulses = new AtomicLong();
    private Dimension2D decoration;

    @Start
    void start(Stage s) {
        stage = s;
        ChartViewer shown = ChartViewers.viewer(counted(shownDraws));
        ChartViewer hidden = ChartViewers.viewer(counted(hiddenDraws));
        tabs = new TabPane(new Tab("shown", shown), new Tab("hidden", hidden));
        stage.setScene(new Scene(tabs, 600, 400));
        stage.show();
        stage.getScene().addPostLayoutPulseListener(pulses::incrementAndGet);
        decoration = new Dimension2D(stage.getWidth() - stage.getScene().getWidth(),
                stage.getHeight() - stage.getScene().getHeight());
    }

    /** A chart that counts how often it is drawn. */
    private static JFreeChart counted(AtomicInteger draws) {
        JFreeChart chart = GanttCanvasRedrawTest.globalChart();
        chart.addProgressListener(e -> {
            if (e.getType() == ChartProgressEvent.DRAWING_STARTED) {
                draws.incrementAndGet();
            }
        });
        return chart;
    }

    private void resize(FxRobot robot, double w, double h) throws TimeoutException {
        afterNextPulse(robot, () -> {
            shownDraws.set(0);
            hiddenDraws.set(0);
            stage.setWidth(w);
            stage.setHeight(h);
        }, () -> stage.getScene().getWidth() == w - decoration.getWidth()
                && stage.getScene().getHeight() == h - decoration.getHeight());
    }

    /** Does {@code change} on the FX thread and waits for the pulse after it (its CSS, layout and drawing). */
    private void afterNextPulse(FxRobot robot, Runnable change, BooleanSupplier done) throws TimeoutException {
        robot.interact(change);
        // the window takes its new size a little later on Monocle, then a pulse lays it out
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, done::getAsBoolean);
        long[] at = new long[1];
        robot.interact(() -> {
            at[0] = pulses.get();
            Platform.requestNextPulse();
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> pulses.get() > at[0]);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aResizeOfWidthAndHeightDrawsTheShownChartOnceAndTheHiddenOneNot(FxRobot robot) throws TimeoutException {
        resize(robot, 820, 580);
        assertEquals(1, shownDraws.get(), "draws of the chart in the selected tab on one resize");
        assertEquals(0, hiddenDraws.get(), "draws of the chart in the tab not selected");
        resize(robot, 700, 500);
        assertEquals(1, shownDraws.get(), "draws of the chart in the selected tab on a second resize");
        assertEquals(0, hiddenDraws.get(), "draws of the chart in the tab not selected, second resize");
    }

    @Test
    void aHiddenChartIsDrawnOnceWhenItsTabIsShown(FxRobot robot) throws TimeoutException {
        resize(robot, 760, 540);
        afterNextPulse(robot, () -> {
            shownDraws.set(0);
            hiddenDraws.set(0);
            tabs.getSelectionModel().select(1);
        }, () -> true);
        assertEquals(1, hiddenDraws.get(), "draws of the chart whose tab was selected");
        assertEquals(0, shownDraws.get(), "draws of the chart whose tab was left");
    }
}

package org.vmsched.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartCanvas;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;

/**
 * A frame of a global-EDF Gantt chart (core slices labelled "v0/t1") leaves the window's canvas as
 * it found it. The label was drawn on a {@code create()}d copy of the graphics; on the window's
 * canvas that copy shares the canvas's drawing state, saves a clip to the plot area on it and never
 * gives it back. Every later frame was then clipped to that area: the axis, titles and legend of
 * earlier frames stayed on screen (Gantt "Show 0–20" kept "view 0–100" and its ticks over bars
 * drawn for 0–20; Step-through drew its axis three or four times over itself).
 */
@Tag("gui")
@ExtendWith(ApplicationExtension.class)
class GanttCanvasRedrawTest {

    private ChartCanvas canvas;

    @Start
    void start(Stage stage) {
        canvas = new ChartCanvas(null);
        canvas.setWidth(600);
        canvas.setHeight(400);
        stage.setScene(new Scene(new StackPane(canvas), 600, 400));
        stage.show();
    }

    private static GanttData.Slice onCore(double from, double to, String owner) {
        return new GanttData.Slice(from, to, GanttData.SliceKind.VM, owner, false);
    }

    /** rtds-global's first 20 time units in outline: wide core slices whose "v0/t1" labels fit. */
    static JFreeChart globalChart() {
        GanttData d = new GanttData(0, 20, List.of(
                new GanttData.Lane("core 0", GanttData.LaneKind.CORE,
                        List.of(onCore(0, 5, "control vCPU0/t1"), onCore(5, 10, "batch vCPU0/u1")), List.of()),
                new GanttData.Lane("core 1", GanttData.LaneKind.CORE, List.of(onCore(0, 6, "control vCPU1/t2")), List.of()),
                new GanttData.Lane("control/t1", GanttData.LaneKind.TASK,
                        List.of(new GanttData.Slice(0, 5, GanttData.SliceKind.EXECUTION, "t1", false)), List.of()),
                new GanttData.Lane("batch/u1", GanttData.LaneKind.TASK,
                        List.of(new GanttData.Slice(5, 10, GanttData.SliceKind.EXECUTION, "u1", false)), List.of())));
        return GanttChartFactory.create(d, 0, 20);
    }

    @Test
    void aFrameWithVcpuLabelsLeavesTheWholeCanvasPaintableForTheNextFrame(FxRobot robot) {
        AtomicReference<WritableImage> after = new AtomicReference<>();
        robot.interact(() -> {
            canvas.setChart(globalChart()); // draws one frame, as the viewer does on a new chart
            GraphicsContext gc = canvas.getGraphicsContext2D();
            // the next frame starts by clearing the whole canvas; paint it red to see where that reaches
            gc.save();
            gc.setFill(Color.RED);
            gc.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
            gc.restore();
            after.set(canvas.snapshot(null, null));
        });
        PixelReader px = after.get().getPixelReader();
        List<String> missed = new ArrayList<>();
        // the corners and the title's and the x axis's places lie outside the plot area
        for (int[] p : new int[][] {{2, 2}, {597, 2}, {2, 397}, {597, 397}, {300, 10}, {300, 380}}) {
            if (!px.getColor(p[0], p[1]).equals(Color.RED)) {
                missed.add(p[0] + "," + p[1] + " is " + px.getColor(p[0], p[1]));
            }
        }
        assertTrue(missed.isEmpty(), "the next frame could not paint outside the plot area: " + missed);
        assertEquals(Color.RED, px.getColor(300, 200), "nor inside it");
    }
}

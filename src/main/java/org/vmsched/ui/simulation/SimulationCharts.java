package org.vmsched.ui.simulation;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.event.AxisChangeListener;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.Range;
import org.vmsched.chart.CdfChartFactory;
import org.vmsched.chart.CdfData;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttWindow;

/**
 * The charts of the simulation panel and the step-through, drawn for the Views from what their
 * ViewModels hold (issue 31: a ViewModel holds a chart's data, its View draws it). An instance
 * draws a {@link SimulationViewModel}'s Gantt and CDF charts, each again whenever the ViewModel
 * holds a new trace, window or result, and keeps the ViewModel's time-window fields on the
 * window the Gantt chart shows after a drag zoom, a pan or Reset zoom. Keep the instance while
 * its charts are shown (its bindings follow the ViewModel only while referenced); use it on the
 * FX thread. The static methods are stateless.
 */
public final class SimulationCharts {

    private final ObjectBinding<JFreeChart> gantt;
    private final ObjectBinding<JFreeChart> cdf;
    /** The time range the fields were last set to from the chart. */
    private Range followedRange;

    /**
     * Keeps the time window's fields on the window the Gantt chart shows; a change of the axis
     * that leaves its range (its font, scaled by the window's zoom) keeps what is typed in them.
     */
    private final AxisChangeListener followZoom;

    public SimulationCharts(SimulationViewModel vm) {
        followZoom = e -> {
            if (e.getAxis() instanceof ValueAxis a && !a.getRange().equals(followedRange)) {
                followedRange = a.getRange();
                vm.windowShown(a.getLowerBound(), a.getUpperBound());
            }
        };
        gantt = Bindings.createObjectBinding(() -> gantt(vm.ganttProperty().get()), vm.ganttProperty());
        cdf = Bindings.createObjectBinding(() -> cdf(vm.responseTimesProperty().get()), vm.responseTimesProperty());
        gantt.addListener((o, was, now) -> {
            followed(was).ifPresent(a -> a.removeChangeListener(followZoom));
            followed(now).ifPresent(a -> a.addChangeListener(followZoom));
            followedRange = followed(now).map(ValueAxis::getRange).orElse(null);
        });
    }

    /** The Gantt chart of the trace shown, or a message before any. */
    public ObjectBinding<JFreeChart> gantt() {
        return gantt;
    }

    /** The response-time CDF chart of the result shown, or a message when there is none. */
    public ObjectBinding<JFreeChart> cdf() {
        return cdf;
    }

    private static Optional<ValueAxis> followed(JFreeChart chart) {
        return chart != null && chart.getPlot() instanceof XYPlot p && p.getDomainAxis() != null
                ? Optional.of(p.getDomainAxis()) : Optional.empty();
    }

    /** The Gantt chart of {@code window}; before a trace (null) a message. */
    public static JFreeChart gantt(GanttWindow window) {
        return window == null ? ChartStyle.message("Simulation trace", "Run a simulation to see its trace.")
                : GanttChartFactory.create(window.data(), window.from(), window.to());
    }

    /** The response-time CDF chart of {@code responseTimes}; without them (null) a message. */
    public static JFreeChart cdf(CdfData responseTimes) {
        return responseTimes == null ? ChartStyle.message("Response times", "Run a simulation to see the response-time CDFs.")
                : CdfChartFactory.create(responseTimes);
    }

    /**
     * The step-through's Gantt chart of {@code frame}: untitled (the tab says what it is, the room
     * goes to the lanes), the current instant marked; before a recording (null) a message.
     */
    public static JFreeChart step(GanttWindow frame) {
        if (frame == null) {
            return ChartStyle.message("Step through the schedule", "Press Step (F6) or Play (F7).");
        }
        JFreeChart c = GanttChartFactory.create(frame.data(), frame.from(), frame.to());
        c.setTitle((TextTitle) null);
        if (!Double.isNaN(frame.now())) {
            GanttChartFactory.markNow(c, frame.now());
        }
        return c;
    }

    /** The step-through's chart, drawn again each time {@code vm} moves to another position; keep it while shown. */
    public static ObjectBinding<JFreeChart> step(StepViewModel vm) {
        return Bindings.createObjectBinding(() -> step(vm.frameProperty().get()), vm.frameProperty());
    }
}

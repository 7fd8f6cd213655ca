package org.vmsched.chart;

import java.util.Objects;

/**
 * A Gantt chart to draw, as a ViewModel holds it for its View: the schedule, the time window
 * [from, to] the chart opens on, and an instant to mark as now ({@code NaN}: none). Equal only
 * to itself, so that a new window set on a property draws a new chart even over the same times
 * (it resets a drag zoom, as a new chart did). Immutable; the data is not null.
 */
public final class GanttWindow {

    private final GanttData data;
    private final double from;
    private final double to;
    private final double now;

    /** {@code data} over [from, to], no instant marked. */
    public GanttWindow(GanttData data, double from, double to) {
        this(data, from, to, Double.NaN);
    }

    /** {@code data} over [from, to] with the instant {@code now} marked ({@code NaN}: none). */
    public GanttWindow(GanttData data, double from, double to, double now) {
        this.data = Objects.requireNonNull(data, "data");
        this.from = from;
        this.to = to;
        this.now = now;
    }

    public GanttData data() {
        return data;
    }

    public double from() {
        return from;
    }

    public double to() {
        return to;
    }

    /** The instant marked as now; {@code NaN} for none. */
    public double now() {
        return now;
    }

    @Override
    public String toString() {
        return "GanttWindow[" + from + ".." + to + (Double.isNaN(now) ? "" : ", now " + now) + "]";
    }
}

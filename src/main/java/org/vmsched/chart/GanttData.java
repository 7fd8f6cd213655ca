package org.vmsched.chart;

import java.util.List;

/**
 * A simulation trace as the Gantt chart draws it, in the scenario's time unit: lanes top to
 * bottom (a lane per core with VM and overhead slices, then a lane per task with its execution
 * and its release, deadline and miss marks) over [start, end]. Immutable; lists are copies.
 * The simulator's result is converted into this record; the chart knows nothing else.
 */
public record GanttData(double start, double end, List<Lane> lanes) {

    /** What a lane shows. */
    public enum LaneKind { CORE, TASK }

    /** What a slice is: a VM running on a core, switch overhead, or a task executing. */
    public enum SliceKind { VM, OVERHEAD, EXECUTION }

    /** An instant on a task lane. */
    public enum MarkKind { RELEASE, DEADLINE, MISS }

    /** One row of the chart, e.g. "core 0" or "VM1/t1". */
    public record Lane(String name, LaneKind kind, List<Slice> slices, List<Mark> marks) {
        public Lane {
            slices = List.copyOf(slices);
            marks = List.copyOf(marks);
        }
    }

    /**
     * [start, end) of one activity; {@code owner} is the VM (core lanes) or job (task lanes),
     * e.g. "VM1" or "t1#3"; {@code late} marks execution after a missed deadline (drawn red).
     */
    public record Slice(double start, double end, SliceKind kind, String owner, boolean late) {
    }

    /** One instant; {@code label} is shown on hover, e.g. "t1#3 released". */
    public record Mark(double time, MarkKind kind, String label) {
    }

    public GanttData {
        lanes = List.copyOf(lanes);
    }
}

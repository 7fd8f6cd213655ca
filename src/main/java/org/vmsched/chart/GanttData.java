package org.vmsched.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A simulation trace as the Gantt chart draws it, in the scenario's time unit: lanes top to
 * bottom (a lane per core with VM and overhead slices, then a lane per task with its execution
 * and its release, deadline and miss marks) over [start, end]. Immutable; lists are copies.
 * The simulator's result is converted into this record; the chart knows nothing else.
 * {@code horizon} is where the simulation ended: when it is past {@code end}, the trace was cut
 * to keep the chart responsive. {@code viewEnd} (in [start, end]) is where the first view
 * stops, so that single slices stay visible.
 */
public record GanttData(double start, double end, List<Lane> lanes, double horizon, double viewEnd) {

    /** A whole trace shown whole: horizon and first view end at {@code end}. */
    public GanttData(double start, double end, List<Lane> lanes) {
        this(start, end, lanes, end, end);
    }

    /** True when the trace stops before the simulation did. */
    public boolean cut() {
        return horizon > end;
    }

    /** What a lane shows. */
    public enum LaneKind { CORE, TASK }

    /** What a slice is: a VM running on a core, switch overhead, or a task executing. */
    public enum SliceKind { VM, OVERHEAD, EXECUTION }

    /** An instant on a task lane, or (MIGRATION, global EDF) on a core lane where a virtual CPU or a job arrived from elsewhere. */
    public enum MarkKind { RELEASE, DEADLINE, MISS, MIGRATION }

    /** One row of the chart, e.g. "core 0" or "VM1/t1". */
    public record Lane(String name, LaneKind kind, List<Slice> slices, List<Mark> marks) {
        public Lane {
            slices = List.copyOf(slices);
            marks = List.copyOf(marks);
        }
    }

    /**
     * [start, end) of one activity; {@code owner} is the VM (core lanes) or task (task lanes),
     * e.g. "VM1" or "t1" (under global EDF "VM1 vCPU0/t1" on a core lane); {@code late} marks
     * execution after a missed deadline (drawn red). Under global EDF {@code vcpu} is the VM's
     * virtual CPU (from 0) the slice is on, and {@code release} the release time of the job it runs
     * (which job of its task, as the trace's {@link org.vmsched.sim.TraceSlice#release}) and
     * {@code task} that job's task; otherwise −1, NaN and null.
     */
    public record Slice(double start, double end, SliceKind kind, String owner, boolean late, int vcpu, double release,
                        String task) {

        /** A slice that names no virtual CPU and no job (a partitioned run). */
        public Slice(double start, double end, SliceKind kind, String owner, boolean late) {
            this(start, end, kind, owner, late, -1, Double.NaN, null);
        }

        /** This slice over [from, to), late or not; the rest unchanged. */
        public Slice over(double from, double to, boolean late) {
            return new Slice(from, to, kind, owner, late, vcpu, release, task);
        }

        /** True when {@code next} continues this slice: back to back, the same activity, vCPU and job. */
        boolean continuedBy(Slice next) {
            return end == next.start && kind == next.kind && late == next.late && owner.equals(next.owner)
                    && vcpu == next.vcpu && Double.compare(release, next.release) == 0;
        }
    }

    /** One instant; {@code label} is shown on hover, e.g. "t1#3 released". */
    public record Mark(double time, MarkKind kind, String label) {
    }

    /**
     * The schedule as far as time {@code t}: slices cut at {@code t}, marks up to {@code t}
     * (stepping through a run shows the chart growing). The result ends at {@code t}, or at
     * {@link #start()} when {@code t} is before it; horizon and first view end there too.
     */
    public GanttData until(double t) {
        double to = Math.max(start, Math.min(t, end));
        List<Lane> cut = new ArrayList<>(lanes.size());
        for (Lane lane : lanes) {
            List<Slice> slices = new ArrayList<>();
            for (Slice sl : lane.slices()) {
                if (sl.start() < to) {
                    slices.add(sl.end() <= to ? sl : sl.over(sl.start(), to, sl.late()));
                }
            }
            List<Mark> marks = new ArrayList<>();
            for (Mark m : lane.marks()) {
                if (m.time() <= to) {
                    marks.add(m);
                }
            }
            cut.add(new Lane(lane.name(), lane.kind(), slices, marks));
        }
        return new GanttData(start, to, cut, to, to);
    }

    /**
     * The slices that overlap [from, to] (uncut) and the marks in it, over the same time range:
     * what a window of a long schedule needs, so that drawing it costs the window, not the run.
     */
    public GanttData between(double from, double to) {
        List<Lane> kept = new ArrayList<>(lanes.size());
        for (Lane lane : lanes) {
            List<Slice> slices = new ArrayList<>();
            for (Slice sl : lane.slices()) {
                if (sl.end() >= from && sl.start() <= to) {
                    slices.add(sl);
                }
            }
            List<Mark> marks = new ArrayList<>();
            for (Mark m : lane.marks()) {
                if (m.time() >= from && m.time() <= to) {
                    marks.add(m);
                }
            }
            kept.add(new Lane(lane.name(), lane.kind(), slices, marks));
        }
        return new GanttData(start, end, kept, horizon, viewEnd);
    }

    public GanttData {
        lanes = List.copyOf(lanes);
        if (!(viewEnd > start) || viewEnd > end) {
            viewEnd = end;
        }
    }
}

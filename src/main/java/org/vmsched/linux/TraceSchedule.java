package org.vmsched.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The measured schedule of a trace's first {@code length} time units, as a Gantt chart draws it:
 * each stretch a followed thread ran on a CPU, with its VM and task, in the scenario's time unit
 * from the trace's origin (the first event of a followed thread, or {@code --from}). Filled by
 * {@link TraceMeasure} as the events stream past ({@link TraceMeasure#recordSchedule}); at most
 * {@link #MAX_RUNS} stretches are kept, so memory stays bounded on a long trace. Not thread-safe.
 */
public final class TraceSchedule {

    /** Most stretches kept; later ones are dropped and {@link Schedule#cut()} says so. */
    public static final int MAX_RUNS = 200_000;

    /** One stretch on a CPU: [start, end) in time units from the origin; {@code task} is the task's name in {@code vm}. */
    public record Ran(int cpu, String vm, String task, double start, double end) {
    }

    /**
     * The stretches in [0, {@code length}] in the order they ended, the CPUs they ran on (ascending)
     * and whether stretches past {@link #MAX_RUNS} were dropped.
     */
    public record Schedule(double length, List<Ran> runs, List<Integer> cpus, boolean cut) {
        public Schedule {
            runs = List.copyOf(runs);
            cpus = List.copyOf(cpus);
        }
    }

    private final double length;
    private final double unitNs;
    private final List<Ran> runs = new ArrayList<>();
    private final TreeSet<Integer> cpus = new TreeSet<>();
    private long origin = Long.MIN_VALUE;
    private boolean cut;

    /** The schedule of the first {@code length} time units, one unit = {@code unitNs} ns. */
    TraceSchedule(double length, double unitNs) {
        if (!(length > 0) || !Double.isFinite(length)) {
            throw new IllegalArgumentException("the length of the measured schedule must be positive, got " + length);
        }
        this.length = length;
        this.unitNs = unitNs;
    }

    /** Time 0 of the schedule, in the trace's ns; the first call counts. */
    void origin(long ns) {
        if (origin == Long.MIN_VALUE) {
            origin = ns;
        }
    }

    /** A followed thread of task {@code vm}/{@code task} ran on {@code cpu} over [from, to) ns. */
    void ran(int cpu, String vm, String task, long from, long to) {
        if (origin == Long.MIN_VALUE || to <= from || cpu < 0) {
            return;
        }
        double a = Math.max(0, (from - origin) / unitNs);
        double b = Math.min(length, (to - origin) / unitNs);
        if (b <= a) {
            return;
        }
        if (runs.size() >= MAX_RUNS) {
            cut = true;
            return;
        }
        runs.add(new Ran(cpu, vm, task, a, b));
        cpus.add(cpu);
    }

    /** What was recorded. */
    Schedule schedule() {
        return new Schedule(length, runs, new ArrayList<>(cpus), cut);
    }
}

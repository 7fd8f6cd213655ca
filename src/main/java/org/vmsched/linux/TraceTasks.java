package org.vmsched.linux;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The per-task side of a {@link TraceMeasure}: which task a thread of the trace belongs to (by
 * name, {@link ThreadNames}, or a map of names and thread ids), and each task's jobs, responses,
 * misses and start-ups as the trace shows them, reported as {@link TraceMeasure.MeasuredTask}s.
 * The event state machine and the per-VM supply stay in {@link TraceMeasure}. Not thread-safe.
 */
final class TraceTasks {

    /** One task's accounting; times in ns, -1 for a maximum not yet seen. */
    static final class Acc {
        final String vm;
        final Task task;
        final String thread;
        private final double unitNs;
        long jobs;
        long sumResponse;
        long maxResponse = -1;
        long sumExec;
        long maxExec = -1;
        long misses;
        final long[] hist = new long[TraceMeasure.BINS];
        long startups;
        long maxStartup = -1;
        long cut;
        long skipped;
        int threads;

        Acc(String vm, Task task, String thread, double unitNs) {
            this.vm = vm;
            this.task = task;
            this.thread = thread;
            this.unitNs = unitNs;
        }

        /** A start-up from {@code start} (-1 when it began before the trace) to {@code end}. */
        void startup(long start, long end) {
            startups++;
            if (start >= 0) {
                maxStartup = Math.max(maxStartup, end - start);
            }
        }

        /** A job from {@code start} to {@code end} that ran {@code exec} ns; skipped when woken before {@code fromNs}. */
        void job(long start, long end, long exec, long fromNs) {
            if (start < fromNs) {
                skipped++;
                return;
            }
            long r = end - start;
            jobs++;
            sumResponse += r;
            maxResponse = Math.max(maxResponse, r);
            sumExec += exec;
            maxExec = Math.max(maxExec, exec);
            double rel = r / (task.deadline() * unitNs);
            if (rel > 1 + 1e-9) {
                misses++;
            }
            hist[rel > 1 + 1e-9 ? TraceMeasure.BINS - 1 : Math.min(TraceMeasure.BINS - 2, (int) (rel * (TraceMeasure.BINS - 1)))]++;
        }

        TraceMeasure.MeasuredTask measured() {
            return new TraceMeasure.MeasuredTask(vm, task.name(), thread, jobs, units(maxResponse),
                    jobs == 0 ? Double.NaN : sumResponse / (double) jobs / unitNs, units(maxExec),
                    jobs == 0 ? Double.NaN : sumExec / (double) jobs / unitNs, misses, hist.clone(), startups,
                    units(maxStartup), cut, skipped, threads);
        }

        private double units(long ns) {
            return ns < 0 ? Double.NaN : ns / unitNs;
        }
    }

    private final Map<String, Acc> byName = new HashMap<>();
    private final Map<Integer, Acc> byPid = new HashMap<>();
    private final Map<String, Acc> tasks = new LinkedHashMap<>();

    /**
     * The tasks of {@code s}, one time unit = {@code unitNs} ns; {@code map} gives thread names or
     * ids (as decimal strings) to "VM/task", null to match by {@link ThreadNames}.
     *
     * @throws IllegalArgumentException naming the entry of {@code map} that names no task
     */
    TraceTasks(Scenario s, double unitNs, Map<String, String> map) {
        Map<String, String> names = ThreadNames.of(s);
        for (VirtualMachine vm : s.vms()) {
            for (Task t : vm.tasks()) {
                String key = vm.name() + "/" + t.name();
                Acc a = new Acc(vm.name(), t, names.get(key), unitNs);
                tasks.put(key, a);
                if (map == null) {
                    byName.put(a.thread, a);
                }
            }
        }
        if (map != null) {
            for (Map.Entry<String, String> e : map.entrySet()) {
                Acc a = tasks.get(e.getValue());
                if (a == null) {
                    throw new IllegalArgumentException("\"" + e.getKey() + "\": \"" + e.getValue() + "\" names no task of the"
                            + " scenario (expected \"VM/task\", one of " + String.join(", ", tasks.keySet()) + ")");
                }
                if (!e.getKey().isEmpty() && e.getKey().chars().allMatch(c -> c >= '0' && c <= '9') && e.getKey().length() < 10) {
                    byPid.put(Integer.parseInt(e.getKey()), a);
                } else {
                    byName.put(ThreadNames.cut(e.getKey()), a);
                }
            }
        }
    }

    /** The task a thread belongs to, by its id first, then its name; null for none. */
    Acc of(int pid, String comm) {
        Acc a = byPid.get(pid);
        return a != null ? a : byName.get(comm);
    }

    /** Every task in the scenario's order; a note for each followed by no thread or by several. */
    List<TraceMeasure.MeasuredTask> measured(List<String> notes) {
        List<TraceMeasure.MeasuredTask> out = new ArrayList<>();
        for (Acc a : tasks.values()) {
            out.add(a.measured());
            if (a.threads == 0) {
                notes.add(a.vm + "/" + a.task.name() + ": no thread named " + a.thread + " in the trace (give --map for other"
                        + " names or thread ids)");
            } else if (a.threads > 1) {
                notes.add(a.vm + "/" + a.task.name() + ": " + a.threads + " threads of that name (several runs or a restart):"
                        + " all of their jobs are counted for the task");
            }
        }
        return out;
    }
}

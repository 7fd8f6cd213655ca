package org.vmsched.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.Miss;
import org.vmsched.sim.ResponseTimeDistribution;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.Trace;
import org.vmsched.sim.TraceSlice;

/**
 * Turns a simulator result into the chart records: {@link GanttData} (a lane per core, then a
 * lane per task) and {@link CdfData} (response-time samples per task with the analytic Ri).
 * Bounded: the Gantt chart keeps the first {@code maxSlices} slices of the trace (the window it
 * covers is then shorter than the horizon) and a CDF at most {@link #MAX_SAMPLES} samples per
 * task, taken at evenly spaced ranks. Stateless.
 */
public final class SimulationChartData {

    /** Most samples per task handed to the CDF chart. */
    public static final int MAX_SAMPLES = 20_000;

    /** Most release and deadline marks per task lane. */
    public static final int MAX_MARKS = 2_000;

    private SimulationChartData() {
    }

    /**
     * The Gantt chart of the first {@code maxSlices} trace slices, for a run with the scenario's
     * own server policy.
     */
    public static GanttData gantt(Scenario scenario, SimulationResult result, int maxSlices) {
        return gantt(scenario, result, maxSlices, scenario.simulation().serverPolicy());
    }

    /** The lane of VM {@code vm}'s virtual CPU {@code vcpu} run alone (worst-case mode): "control vCPU 1 (alone)", or "control (alone)" when partitioned. */
    static String aloneLane(String vm, int vcpu, boolean global) {
        return global ? vm + " vCPU " + vcpu + " (alone)" : vm + " (alone)";
    }

    /**
     * The Gantt chart of the first {@code maxSlices} trace slices of a run under {@code serverPolicy}
     * (in worst-case mode it decides when the tasks were released, so where R is measured from).
     */
    public static GanttData gantt(Scenario scenario, SimulationResult result, int maxSlices, ServerPolicy serverPolicy) {
        Trace trace = result.trace();
        int n = Math.min(trace.size(), maxSlices);
        double end = n < trace.size() ? trace.get(n - 1).end() : result.end();
        boolean worstCase = result.mode() == SimulationMode.WORST_CASE;
        GanttLanes lanes = new GanttLanes(scenario.hypervisor().policy().global(), worstCase);
        lanes.addEmptyLanes(scenario, result, end, serverPolicy);
        lanes.addMisses(result, end);
        for (int i = 0; i < n; i++) {
            lanes.addSlice(trace.get(i));
        }
        lanes.markLateExecution(result);
        return new GanttData(0, end, lanes.lanes(), result.end(), Math.min(end, firstView(scenario)));
    }

    /**
     * The lanes of a Gantt chart as they fill: the core (or virtual CPU) lanes first, in the
     * order they are first met, then a lane per task in the scenario's order, with their marks.
     */
    private static final class GanttLanes {

        private final Map<String, List<GanttData.Slice>> coreSlices = new LinkedHashMap<>();
        private final Map<String, List<GanttData.Slice>> taskSlices = new LinkedHashMap<>();
        private final Map<String, List<GanttData.Mark>> taskMarks = new LinkedHashMap<>();
        private final Map<String, List<GanttData.Mark>> coreMarks = new LinkedHashMap<>();
        private final Map<String, Double> wcets = new LinkedHashMap<>();
        private final boolean global;
        private final boolean worstCase;

        GanttLanes(boolean global, boolean worstCase) {
            this.global = global;
            this.worstCase = worstCase;
        }

        /** Every core and task lane of the scenario, each task's with its releases and deadlines up to {@code end}. */
        void addEmptyLanes(Scenario scenario, SimulationResult result, double end, ServerPolicy serverPolicy) {
            if (global && !worstCase) {
                for (int c = 0; c < scenario.hypervisor().cores(); c++) { // one lane per core, virtual CPUs migrate
                    coreSlices.put("core " + c, new ArrayList<>());
                }
            }
            for (VirtualMachine vm : scenario.vms()) {
                if (worstCase) { // each VM alone: a lane per virtual CPU
                    for (int k = 0; k < (global ? vm.vcpus() : 1); k++) {
                        coreSlices.putIfAbsent(aloneLane(vm.name(), k, global), new ArrayList<>());
                    }
                } else if (!global) {
                    coreSlices.putIfAbsent("core " + vm.core(), new ArrayList<>());
                }
                for (Task t : vm.tasks()) {
                    String lane = vm.name() + "/" + t.name();
                    taskSlices.put(lane, new ArrayList<>());
                    wcets.put(lane, t.wcet());
                    List<GanttData.Mark> marks = new ArrayList<>();
                    // worst case: every task of the VM is released where its supply's worst window starts
                    double first = worstCase ? Simulator.worstCaseRelease(scenario, vm, serverPolicy) : t.offset();
                    // the run simulates no release at its horizon
                    for (double r = first; r < end && r < result.horizon() && marks.size() < MAX_MARKS; r += t.period()) {
                        marks.add(new GanttData.Mark(r, GanttData.MarkKind.RELEASE, t.name() + " released at " + Format.exact(r)));
                        if (r + t.deadline() <= end) {
                            marks.add(new GanttData.Mark(r + t.deadline(), GanttData.MarkKind.DEADLINE,
                                    t.name() + " deadline at " + Format.exact(r + t.deadline())));
                        }
                    }
                    taskMarks.put(lane, marks);
                }
            }
        }

        /** A miss mark on its task's lane for each deadline missed up to {@code end}. */
        void addMisses(SimulationResult result, double end) {
            for (Miss m : result.misses()) {
                List<GanttData.Mark> marks = taskMarks.get(m.vm() + "/" + m.task());
                if (marks != null && m.deadline() <= end) {
                    marks.add(new GanttData.Mark(m.deadline(), GanttData.MarkKind.MISS, m.task() + " released at "
                            + Format.exact(m.release()) + (m.aborted() ? " aborted" : " missed") + " its deadline " + Format.exact(m.deadline())));
                }
            }
        }

        /** Trace slice {@code s} on its core lane, and on its task's lane when it executes a task. */
        void addSlice(TraceSlice s) {
            if (s.kind() == SliceKind.IDLE) {
                return;
            }
            String coreLane = worstCase ? aloneLane(s.vm(), s.vcpu(), global) : "core " + s.core();
            List<GanttData.Slice> core = coreSlices.computeIfAbsent(coreLane, k -> new ArrayList<>());
            String vm = global ? s.vm() + " vCPU" + s.vcpu() : s.vm();
            if (s.migrated()) {
                coreMarks.computeIfAbsent(coreLane, k -> new ArrayList<>()).add(new GanttData.Mark(s.start(),
                        GanttData.MarkKind.MIGRATION, vm + (s.task() != null ? " with " + s.task() : "") + " migrated here"));
            }
            // under global EDF a slice names its virtual CPU and job (the trace's), partitioned neither
            int vcpu = global ? s.vcpu() : -1;
            if (s.kind() == SliceKind.OVERHEAD) {
                core.add(new GanttData.Slice(s.start(), s.end(), GanttData.SliceKind.OVERHEAD, vm, false, vcpu, Double.NaN, null));
                return;
            }
            String owner = s.kind() == SliceKind.IDLE_BURN ? vm + " (no ready task)"
                    : global && s.task() != null ? vm + "/" + s.task() : vm;
            core.add(new GanttData.Slice(s.start(), s.end(), GanttData.SliceKind.VM, owner, false, vcpu, s.release(),
                    global ? s.task() : null));
            if (s.kind() == SliceKind.EXECUTION && s.task() != null) {
                List<GanttData.Slice> lane = taskSlices.get(s.vm() + "/" + s.task());
                if (lane != null) {
                    lane.add(new GanttData.Slice(s.start(), s.end(), GanttData.SliceKind.EXECUTION, s.task(), false, vcpu,
                            s.release(), global ? s.task() : null));
                }
            }
        }

        /** The late part of each job that missed its deadline and went on, red on its task's lane. */
        void markLateExecution(SimulationResult result) {
            for (Miss m : result.misses()) {
                String lane = m.vm() + "/" + m.task();
                if (!m.aborted() && taskSlices.containsKey(lane)) {
                    taskSlices.put(lane, markLate(taskSlices.get(lane), m.release(), m.deadline(), wcets.get(lane)));
                }
            }
        }

        List<GanttData.Lane> lanes() {
            List<GanttData.Lane> lanes = new ArrayList<>();
            coreSlices.forEach((name, slices) -> lanes.add(new GanttData.Lane(name, GanttData.LaneKind.CORE, slices,
                    coreMarks.getOrDefault(name, List.of()))));
            taskSlices.forEach((name, slices) ->
                    lanes.add(new GanttData.Lane(name, GanttData.LaneKind.TASK, slices, taskMarks.get(name))));
            return lanes;
        }
    }

    /**
     * Marks as late the execution of a job that missed its deadline and went on (miss policy
     * continue): the work it still needed at the deadline (wcet minus what the task ran between
     * release and deadline), taken from the task's first slices after the deadline, since jobs of
     * one task run in release order. When an older job of the task was still running at the
     * release, the work before the deadline is counted for this job, so fewer slices turn red,
     * never wrong ones. Slices are split where the late part starts or ends.
     */
    static List<GanttData.Slice> markLate(List<GanttData.Slice> slices, double release, double deadline, double wcet) {
        double done = 0;
        for (GanttData.Slice s : slices) {
            done += Math.max(0, Math.min(s.end(), deadline) - Math.max(s.start(), release));
        }
        double left = wcet - done;
        if (!(left > 1e-12)) {
            return slices;
        }
        List<GanttData.Slice> out = new ArrayList<>(slices.size() + 2);
        for (GanttData.Slice s : slices) {
            if (left <= 1e-12 || s.end() <= deadline || s.late()) {
                out.add(s);
                continue;
            }
            double from = Math.max(s.start(), deadline);
            double to = Math.min(s.end(), from + left);
            if (from > s.start()) {
                out.add(s.over(s.start(), from, false));
            }
            out.add(s.over(from, to, true));
            if (to < s.end()) {
                out.add(s.over(to, s.end(), false));
            }
            left -= to - from;
        }
        return out;
    }

    /**
     * Where the Gantt chart's first view ends: three of the longest task periods (or ten of the
     * longest VM periods, if longer), so a job's slices are wide enough to see; the user zooms out.
     */
    static double firstView(Scenario scenario) {
        double task = 0;
        double vm = 0;
        for (VirtualMachine m : scenario.vms()) {
            vm = Math.max(vm, m.period());
            for (Task t : m.tasks()) {
                task = Math.max(task, t.period() + t.offset());
            }
        }
        double w = Math.max(3 * task, 10 * vm);
        return w > 0 && Double.isFinite(w) ? w : Double.POSITIVE_INFINITY;
    }

    /**
     * Response-time samples of every task, with its analytic Ri (null under EDF inside the VM or
     * when Ri exceeds the deadline). Only the response times are computed here, not the whole
     * {@code SystemAnalysis} with its good-period sets, which can take seconds on large sets.
     */
    public static CdfData cdf(Scenario scenario, SimulationResult result) {
        List<CdfData.TaskSamples> out = new ArrayList<>();
        for (VirtualMachine vm : scenario.vms()) {
            double[] r = vm.scheduler() == GuestScheduler.RM && scenario.hypervisor().policy().periodicServers()
                    ? ResponseTimeAnalysis.responseTimes(VmSupply.of(scenario, vm), vm.tasks(), 1.0)
                    : null;
            for (int t = 0; t < vm.tasks().size(); t++) {
                TaskStats stats = result.task(vm.name(), vm.tasks().get(t).name());
                if (stats == null) {
                    continue;
                }
                Double analytic = r != null && Double.isFinite(r[t]) ? r[t] : null;
                out.add(new CdfData.TaskSamples(vm.name() + "/" + stats.name(), samples(stats.responseTimes()), analytic));
            }
        }
        return new CdfData(out);
    }

    /** Sorted samples of a distribution: every one, or {@link #MAX_SAMPLES} at evenly spaced ranks. */
    static double[] samples(ResponseTimeDistribution d) {
        double[] values = d.values();
        long[] counts = d.counts();
        long total = d.total();
        int size = (int) Math.min(total, MAX_SAMPLES);
        double[] out = new double[size];
        int k = 0;
        long cum = 0;
        for (int i = 0; i < values.length && k < size; i++) {
            cum += counts[i];
            // sample j sits at rank floor(j·total/size); take it while that rank is below cum
            while (k < size && (long) Math.floor((double) k * total / size) < cum) {
                out[k++] = values[i];
            }
        }
        return k == size ? out : Arrays.copyOf(out, k);
    }

}

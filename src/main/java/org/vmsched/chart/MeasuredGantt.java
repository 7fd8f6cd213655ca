package org.vmsched.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.vmsched.linux.TraceSchedule;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The measured schedule of a trace ({@link TraceSchedule}) as the Gantt chart draws it: a lane per
 * CPU the tasks ran on ("CPU 0", the kernel's numbering) with each VM's stretches, then a lane per
 * task ("VM/task") in the scenario's order, as the simulated chart has them, so that each VM keeps
 * the colour it has there ({@link GanttChartFactory} colours VMs in task-lane order). Stateless.
 */
public final class MeasuredGantt {

    /** The title of the measured chart, over the simulated one. */
    public static final String TITLE = "Measured schedule (trace)";

    private MeasuredGantt() {
    }

    /** The schedule of {@code s}'s tasks as measured, over [0, its length]. */
    public static GanttData of(Scenario s, TraceSchedule.Schedule m) {
        Map<Integer, List<GanttData.Slice>> cpus = new LinkedHashMap<>();
        for (int cpu : m.cpus()) {
            cpus.put(cpu, new ArrayList<>());
        }
        Map<String, List<GanttData.Slice>> tasks = new LinkedHashMap<>();
        for (VirtualMachine vm : s.vms()) {
            for (Task t : vm.tasks()) {
                tasks.put(vm.name() + "/" + t.name(), new ArrayList<>());
            }
        }
        List<TraceSchedule.Ran> runs = new ArrayList<>(m.runs());
        runs.sort((a, b) -> Double.compare(a.start(), b.start()));
        for (TraceSchedule.Ran r : runs) {
            cpus.get(r.cpu()).add(new GanttData.Slice(r.start(), r.end(), GanttData.SliceKind.VM, r.vm(), false));
            List<GanttData.Slice> lane = tasks.get(r.vm() + "/" + r.task());
            if (lane != null) {
                lane.add(new GanttData.Slice(r.start(), r.end(), GanttData.SliceKind.EXECUTION, r.task(), false));
            }
        }
        List<GanttData.Lane> lanes = new ArrayList<>();
        cpus.forEach((cpu, slices) -> lanes.add(new GanttData.Lane("CPU " + cpu, GanttData.LaneKind.CORE, slices, List.of())));
        tasks.forEach((name, slices) -> lanes.add(new GanttData.Lane(name, GanttData.LaneKind.TASK, slices, List.of())));
        return new GanttData(0, m.length(), lanes);
    }

    /** The chart of a measured schedule's window, titled {@link #TITLE}. */
    public static JFreeChart create(GanttWindow w) {
        return create(w.data(), w.from(), w.to());
    }

    /** The chart of {@code d} over [from, to], titled {@link #TITLE}. */
    public static JFreeChart create(GanttData d, double from, double to) {
        JFreeChart c = GanttChartFactory.create(d.between(from, to), from, to);
        c.setTitle(TITLE);
        c.getTitle().setFont(ChartStyle.TITLE);
        return c;
    }
}

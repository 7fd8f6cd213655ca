package org.vmsched.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * A measurement held against the model (THEORY.md §17.4): per task the analytic R, the simulated
 * worst R and the measured one side by side, and where the measurement exceeds a guarantee (or
 * shows a miss) the reasons the data gives: execution above the WCET, less supply than the sbf;
 * when neither, a latency the model has no term for. Stateless.
 */
public final class TraceComparison {

    /** One task: measured, its model values (null where the model gives none) and the reasons. */
    public record Row(TraceMeasure.MeasuredTask measured, double wcet, double deadline, Double analyticR, Double simulatedR,
                      List<String> reasons) {
        public Row {
            reasons = List.copyOf(reasons);
        }
    }

    private TraceComparison() {
    }

    /** The rows in the scenario's order; {@code simulated} maps "VM/task" to the worst-case simulation's max R (may lack keys). */
    public static List<Row> compare(Scenario s, TraceMeasure.Measurement m, AnalysisResult analysis,
                                    Map<String, Double> simulated) {
        List<Row> rows = new ArrayList<>();
        for (TraceMeasure.MeasuredTask t : m.tasks()) {
            VirtualMachine vm = s.vm(t.vm());
            Task task = vm.tasks().stream().filter(x -> x.name().equals(t.task())).findFirst().orElseThrow();
            Double r = analyticR(analysis, t.vm(), t.task());
            rows.add(new Row(t, task.wcet(), task.deadline(), r, simulated.get(t.vm() + "/" + t.task()),
                    reasons(t, task, r, m)));
        }
        return rows;
    }

    /** The analysis's R of the task, or null when it has none (a miss, EDF inside, undecided). */
    static Double analyticR(AnalysisResult a, String vm, String task) {
        for (VmVerdict v : a.vms()) {
            if (v.name().equals(vm)) {
                for (TaskVerdict tv : v.tasks()) {
                    if (tv.name().equals(task) && v.response(tv) == VmVerdict.Response.VALUE) {
                        return tv.responseTime();
                    }
                }
            }
        }
        return null;
    }

    private static List<String> reasons(TraceMeasure.MeasuredTask t, Task task, Double r, TraceMeasure.Measurement m) {
        List<String> out = new ArrayList<>();
        if (t.jobs() == 0) {
            return out;
        }
        boolean above = r != null && t.maxResponse() > r * (1 + 1e-9);
        if (r == null && t.misses() == 0) {
            out.add("the analysis guarantees no R here, and the kernel kept every deadline in " + t.jobs() + " jobs"
                    + " (the analysis is a worst case the run may not have met)");
            return out;
        }
        if (!above && t.misses() == 0) {
            return out;
        }
        if (t.maxExecution() > task.wcet() * (1 + 1e-9)) {
            out.add("execution above the WCET: up to " + Format.significant(t.maxExecution(), 6) + " against "
                    + Format.significant(task.wcet(), 6));
        }
        for (TraceMeasure.MeasuredVm v : m.vms()) {
            if (!v.vm().equals(t.vm())) {
                continue;
            }
            VmSupplyWindows.Curve c = v.supply();
            for (int k = 0; k < c.lengths().length; k++) {
                if (!Double.isNaN(c.least()[k]) && !Double.isNaN(c.sbf()[k]) && c.least()[k] < c.sbf()[k] - 1e-9) {
                    out.add("less supply than the sbf: " + Format.significant(c.least()[k], 6) + " in a window of "
                            + Format.significant(c.lengths()[k], 6) + " against sbf " + Format.significant(c.sbf()[k], 6));
                    break;
                }
            }
        }
        if (out.isEmpty()) {
            out.add("neither execution above the WCET nor supply below the sbf in the data: a latency the model has no term"
                    + " for (wake-up, interrupts, kernel threads above the groups)");
        }
        return out;
    }
}

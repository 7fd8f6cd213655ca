package org.vmsched.linux;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * The numbers a measurement proposes for the model ({@code trace --suggest}): each task's WCET
 * becomes its measured worst execution times a margin, rounded up to a thousandth of a time unit
 * (a microsecond at the default unit) and kept within its deadline; a task without a measured job
 * keeps its WCET. The overhead X is left as it is (the lost supply does not yet give one). Stateless.
 */
public final class ModelSuggestion {

    private ModelSuggestion() {
    }

    /** The scenario with measured WCETs, and what changed (one line per task). */
    public record Suggested(Scenario scenario, List<String> changes) {
        public Suggested {
            changes = List.copyOf(changes);
        }
    }

    /** {@code s} with the WCETs {@code m} measured, times {@code margin} (at least 1). */
    public static Suggested of(Scenario s, TraceMeasure.Measurement m, double margin) {
        if (!(margin >= 1) || Double.isInfinite(margin)) {
            throw new IllegalArgumentException("margin must be a finite number >= 1, got " + margin);
        }
        List<VirtualMachine> vms = new ArrayList<>();
        List<String> changes = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            List<Task> tasks = new ArrayList<>();
            for (Task t : vm.tasks()) {
                TraceMeasure.MeasuredTask mt = m.tasks().stream()
                        .filter(x -> x.vm().equals(vm.name()) && x.task().equals(t.name())).findFirst().orElse(null);
                if (mt == null || mt.jobs() == 0 || Double.isNaN(mt.maxExecution())) {
                    tasks.add(t);
                    changes.add(vm.name() + "/" + t.name() + ": no job measured, WCET kept");
                    continue;
                }
                double w = Math.ceil(mt.maxExecution() * margin * 1000 - 1e-6) / 1000;
                boolean clamped = w > t.deadline();
                w = Math.max(1e-3, Math.min(w, t.deadline()));
                tasks.add(t.withWcet(w));
                changes.add(vm.name() + "/" + t.name() + ": WCET " + Format.significant(t.wcet(), 9) + " -> " + Format.significant(w, 9) + (clamped
                        ? " (the measured execution times the margin is above the deadline: kept at the deadline)" : ""));
            }
            vms.add(vm.withTasks(tasks));
        }
        return new Suggested(s.withVms(vms), changes);
    }
}

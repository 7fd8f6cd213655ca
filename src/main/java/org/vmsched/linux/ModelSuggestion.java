package org.vmsched.linux;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.text.Format;

/**
 * The numbers a measurement proposes for the model ({@code trace --suggest}): each task's WCET
 * becomes its measured worst execution times a margin, rounded up to a thousandth of a time unit
 * (a microsecond at the default unit) and kept within its deadline; a task without a measured job
 * keeps its WCET. Each VM's overhead X becomes the least, rounded up to a thousandth of a time
 * unit, with which the model's sbf stays at or below the supply measured at every window length
 * seen ({@link #overhead}; THEORY.md §17.4): the supply lost per period, as the model counts it. Stateless.
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
            VirtualMachine withTasks = vm.withTasks(tasks);
            TraceMeasure.MeasuredVm mv = m.vms().stream().filter(x -> x.vm().equals(vm.name())).findFirst().orElse(null);
            String why = mv == null ? "no supply measured" : null;
            double x = why == null ? overhead(s, vm, mv.supply()) : Double.NaN;
            if (why == null && Double.isNaN(x)) {
                why = "no supply measured, or no overhead below the budget explains it, or no sbf for this policy";
            }
            if (why != null) {
                vms.add(withTasks);
                changes.add(vm.name() + ": overhead X kept at " + Format.significant(vm.overhead(), 9) + " (" + why + ")");
                continue;
            }
            vms.add(withTasks.withServer(vm.period(), vm.budget(), x));
            changes.add(vm.name() + ": overhead X " + Format.significant(vm.overhead(), 9) + " -> " + Format.significant(x, 9)
                    + " (the least with which the sbf stays at or below the measured supply)");
        }
        return new Suggested(s.withVms(vms), changes);
    }

    /**
     * The least X, a whole number of thousandths of a time unit below the budget, with which
     * {@code vm}'s sbf in {@code s} stays at or below {@code measured}'s least supply at every
     * length where a window was seen: sbf only falls as X grows, so a bisection finds it. NaN when
     * no window was seen, the VM's policy has no sbf, or not even the largest X below the budget fits.
     */
    static double overhead(Scenario s, VirtualMachine vm, VmSupplyWindows.Curve measured) {
        boolean seen = false;
        for (double l : measured.least()) {
            seen |= !Double.isNaN(l);
        }
        if (!seen) {
            return Double.NaN;
        }
        long hi = (long) Math.ceil(vm.budget() * 1000) - 1;
        try {
            if (fits(s, vm, 0, measured)) {
                return 0;
            }
            if (hi <= 0 || !fits(s, vm, hi / 1000.0, measured)) {
                return Double.NaN;
            }
        } catch (RuntimeException e) {
            return Double.NaN; // a policy without a periodic-server supply
        }
        long lo = 0;
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (fits(s, vm, mid / 1000.0, measured)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi / 1000.0;
    }

    private static boolean fits(Scenario s, VirtualMachine vm, double x, VmSupplyWindows.Curve measured) {
        Supply sup = VmSupply.of(s, vm.withServer(vm.period(), vm.budget(), x));
        for (int k = 0; k < measured.lengths().length; k++) {
            double least = measured.least()[k];
            if (!Double.isNaN(least) && sup.sbf(measured.lengths()[k]) > least + 1e-9) {
                return false;
            }
        }
        return true;
    }
}

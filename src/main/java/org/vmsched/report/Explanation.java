package org.vmsched.report;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.EdfResult;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.Tolerance;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.text.Format;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The "Explain" text for one task: the response-time iteration of THEORY.md §2 step by step
 * (w, finv(w), next w), why it stops, and for a task that misses, which condition fails.
 * Under EDF it explains the demand-bound test instead. Stateless; plain text, no JavaFX.
 */
public final class Explanation {

    private Explanation() {
    }

    /** The explanation of task {@code taskIndex} of the VM, as lines of text. */
    public static String of(VirtualMachine vm, int taskIndex) {
        return of(vm, taskIndex, new Supply(vm.period(), vm.budget(), vm.overhead()));
    }

    /** As {@link #of(VirtualMachine, int)} with the VM's supply among its neighbours (THEORY.md §6). */
    public static String of(VirtualMachine vm, int taskIndex, Supply s) {
        Task task = vm.tasks().get(taskIndex);
        StringBuilder b = new StringBuilder();
        b.append("Task ").append(task.name()).append(": C = ").append(Format.screen(task.wcet())).append(", T = ").append(Format.screen(task.period()))
                .append(", D = ").append(Format.screen(task.deadline())).append(", in ").append(vm.name()).append(" (T_VM = ")
                .append(Format.screen(vm.period())).append(", C_VM = ").append(Format.screen(vm.budget())).append(", X = ").append(Format.screen(vm.overhead()))
                .append(") under ").append(vm.scheduler()).append(".\n\n");
        b.append("Supply: ").append(VmSupply.describe(s)).append(".\n");
        if (s.chunk() <= 0) {
            b.append("The budget C_VM = ").append(Format.screen(vm.budget())).append(" does not exceed the overhead it loses per period, ")
                    .append(Format.screen(s.lostPerPeriod())).append(": the VM supplies no useful time it can count on.\n")
                    .append("Verdict: ").append(Verdicts.of(Verdict.NOT_SCHEDULABLE, Verdicts.Audience.GUI))
                    .append(" (condition C_VM > ").append(s.isThesisSupply() ? "X" : "(1 + P)·X")
                    .append(" fails).\n");
            return b.toString();
        }
        b.append("The VM guarantees at least sbf(t) units of useful time in any window of length t. ")
                .append("It may supply nothing for the blackout B = ").append(blackoutFormula(s)).append(" = ")
                .append(Format.screen(s.blackout())).append(", then Θ = ").append(Format.screen(s.chunk())).append(" per period.\n")
                .append("finv(w) is the latest time by which w units have surely been served:\n")
                .append("  finv(w) = B + w + (⌈w / Θ⌉ − 1) · (T_VM − Θ).\n\n");
        if (vm.scheduler().byDeadline()) {
            return edf(b, vm, s);
        }
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
        List<Task> higher = new ArrayList<>();
        for (int idx : order) {
            if (idx == taskIndex) {
                break;
            }
            higher.add(vm.tasks().get(idx));
        }
        demand(b, task, higher);
        return iteration(b, vm, s, taskIndex, higher);
    }

    /** The demand W(t) of the task and the tasks above it ({@code higher}), and the first w. */
    private static void demand(StringBuilder b, Task task, List<Task> higher) {
        if (higher.isEmpty()) {
            b.append("No task has a shorter period: ").append(task.name()).append(" has the highest priority, so its demand is just its own C.\n");
        } else {
            b.append("Tasks with shorter periods run first (rate monotonic): ");
            for (int i = 0; i < higher.size(); i++) {
                Task h = higher.get(i);
                b.append(i == 0 ? "" : ", ").append(h.name()).append(" (C = ").append(Format.screen(h.wcet())).append(", T = ")
                        .append(Format.screen(h.period())).append(")");
            }
            b.append(".\nIn a window of length t they release ⌈t / Tj⌉ jobs each, so the demand is\n  W(t) = ")
                    .append(Format.screen(task.wcet()));
            for (Task h : higher) {
                b.append(" + ⌈t/").append(Format.screen(h.period())).append("⌉·").append(Format.screen(h.wcet()));
            }
            b.append(".\n");
        }
        b.append("Start with one job of each: w = ").append(Format.screen(task.wcet()));
        for (Task h : higher) {
            b.append(" + ").append(Format.screen(h.wcet()));
        }
        b.append(".\n\n");
    }

    /** The response-time iteration step by step, to the step where it stops, and the verdict. */
    private static String iteration(StringBuilder b, VirtualMachine vm, Supply s, int taskIndex, List<Task> higher) {
        Task task = vm.tasks().get(taskIndex);
        List<ResponseTimeAnalysis.Step> steps = ResponseTimeAnalysis.explain(s, vm.tasks(), taskIndex, task.deadline());
        // the steps are shown in floating point; the verdict is the exact one (no tolerance)
        double exact = ResponseTimeAnalysis.responseTimes(s, vm.tasks(), 1.0)[taskIndex];
        for (int k = 0; k < steps.size(); k++) {
            ResponseTimeAnalysis.Step st = steps.get(k);
            b.append("Step ").append(k + 1).append(": w = ").append(Format.screen(st.demand())).append(", finv(w) = ").append(Format.screen(st.time()));
            if (!Tolerance.le(st.time(), task.deadline()) || (k == steps.size() - 1 && Double.isInfinite(exact))) {
                b.append(" > D = ").append(Format.screen(task.deadline())).append(".\n\n")
                        .append("The time needed to serve the demand passes the deadline, so the iteration stops.\n")
                        .append("Verdict: ").append(task.name()).append(" MISSES its deadline: there is no t ≤ D = ")
                        .append(Format.screen(task.deadline())).append(" with sbf(t) ≥ W(t) (the supply never catches up with the demand in time).\n");
                if (!higher.isEmpty()) {
                    b.append("A larger budget, a shorter VM period or less higher-priority work would help.\n");
                }
                return b.toString();
            }
            double next = task.wcet();
            for (Task h : higher) {
                next += Tolerance.ceil(st.time() / h.period()) * h.wcet();
            }
            b.append(", next w = ").append(Format.screen(task.wcet()));
            for (Task h : higher) {
                b.append(" + ").append(Format.screen(Tolerance.ceil(st.time() / h.period()))).append("·").append(Format.screen(h.wcet()));
            }
            b.append(" = ").append(Format.screen(next));
            if (Tolerance.le(next, st.demand()) && Double.isFinite(exact)) {
                b.append(": unchanged, so it stops.\n\n")
                        .append("By time ").append(Format.screen(st.time())).append(" the VM has served all ").append(Format.screen(st.demand()))
                        .append(" units the task and its higher-priority jobs can demand.\n")
                        .append("Verdict: R = ").append(Format.screen(exact)).append(" ≤ D = ").append(Format.screen(task.deadline()))
                        .append(": ").append(task.name()).append(" meets its deadline.\n");
                return b.toString();
            }
            b.append(": more jobs arrived, go on.\n");
        }
        return b.toString();
    }

    /** Steps of the QPA walk shown before "… and N more". */
    static final int SHOWN_STEPS = 12;

    private static String edf(StringBuilder b, VirtualMachine vm, Supply s) {
        double u = EdfDemand.utilization(vm.tasks());
        double rate = s.chunk() / s.period();
        b.append("Under EDF the exact test is the demand bound: dbf(t) ≤ sbf(t) at every absolute deadline t,\n")
                .append("where dbf(t) = Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci is the work that must be done by t.\n")
                .append("Utilisation U = ").append(Format.exact(u)).append(", useful rate (C_VM − X)/T_VM = ").append(Format.exact(rate))
                .append(".\n");
        EdfResult r = EdfDemand.test(s, vm.tasks(), SHOWN_STEPS);
        if (r.note() != null) {
            b.append("The values are compared in exact integer ticks; here ").append(r.note()).append(".\n");
        }
        if (Double.isFinite(r.horizon())) {
            b.append("A missed deadline would show at or below L = ").append(Format.screen(r.horizon()))
                    .append(" (THEORY.md §8.3); the deadlines up to L are checked from the top down (QPA):\n")
                    .append("where dbf(t) ≤ sbf(t), every deadline from finv(dbf(t)) to t is safe too.\n\n");
        } else {
            b.append("\n");
        }
        for (EdfResult.Step st : r.trace()) {
            boolean ok = !Double.isNaN(st.next());  // decided exactly; only a failing step has no next
            b.append("t = ").append(Format.screen(st.t())).append(": dbf = ").append(Format.screen(st.demand())).append(ok ? " ≤ " : " > ")
                    .append("sbf = ").append(Format.screen(st.supply()));
            b.append(ok ? ", safe down to finv(" + Format.screen(st.demand()) + ") = " + Format.screen(st.next()) + "\n" : "  ← fails\n");
        }
        if (r.steps() > r.trace().size()) {
            b.append("… and ").append(r.steps() - r.trace().size()).append(" more steps.\n");
        }
        b.append("\nVerdict: ").append(Verdicts.of(r.verdict(), Verdicts.Audience.GUI)).append(": ").append(r.reason())
                .append(".\n");
        if (r.verdict() == Verdict.UNDECIDED) {
            b.append("The analysis reached one of its limits (THEORY.md §8.6); this is not a miss.\n");
        }
        return b.toString();
    }

    private static String blackoutFormula(Supply s) {
        return switch (s.kind()) {
            case PERIODIC -> s.preemptions() == 0 ? "2(T_VM − C_VM) + X" : "2(T_VM − C_VM) + (2P + 1)·X";
            case DEFERRABLE_UNDELAYED -> "T_VM − C_VM + 2X";
            case DEFERRABLE -> "2·T_VM − Θ";
        };
    }
}

package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code rta}: the response time of a task inside a VM on a periodic server with overhead X
 * (THEORY.md §2, thesis Eq. 5 and 6). Steps: Θ = C − X, B = 2(T − C) + X, then the fixed point
 * from w0 = Ci + Σ Cj, each R = finv(w) = B + w + (⌈w/Θ⌉ − 1)·(T − Θ) and each next
 * w = Ci + Σ ⌈R/Tj⌉·Cj, until w repeats (or R passes the deadline), then R and the verdict.
 * The supply is the tool's ({@link VmSupply}, {@link Supply#exactChunk()}), the priority order
 * the tool's ({@link ResponseTimeAnalysis#rateMonotonicOrder}). Stateless.
 */
final class RtaKind implements ExerciseKind {

    /** Steps of an exercise at most: a person does about a dozen by hand. */
    static final int MAX_STEPS = 24;

    @Override
    public String name() {
        return "rta";
    }

    @Override
    public String teaches() {
        return "the response time of a task inside a VM: every iteration of the fixed point through the supply's"
                + " inverse finv, then the verdict";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5254414c4556L * level);
        for (int attempt = 0; ; attempt++) {
            double x = level == 1 ? Num.between(r, 0, 1) : Num.pick(r, level, 0.5, 1.5);
            double period = Num.pick(r, level, 4, 10);
            double budget = Num.pick(r, level, x + 1, period - 1);
            int n = level == 1 ? Num.between(r, 2, 3) : level == 2 ? 3 : Num.between(r, 3, 4);
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double tp = Num.pick(r, level == 3 ? 1 : level, 2 * period, 8 * period);
                double c = Num.pick(r, level, 1, Math.max(1, Math.min(6, tp / 6)));
                tasks.add(Task.of("t" + (i + 1), c, tp));
            }
            VirtualMachine vm = VirtualMachine.of("vm1", period, budget, x, tasks);
            Scenario s = Scenario.of("rta exercise, seed " + seed + ", level " + level, List.of(vm))
                    .withDescription("Time unit: 1 ms. One VM alone on its core, a periodic server.");
            int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
            String target = tasks.get(order[order.length - 1]).name();
            SortedMap<String, String> params = new TreeMap<>();
            params.put("vm", "vm1");
            params.put("task", target);
            Exercise e = solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
            if (fits(e, level) || attempt >= 10_000) {
                return e;
            }
        }
    }

    /** The level's promise and a length a person does by hand: at least one update, at most 16 steps. */
    static boolean fits(Exercise e, int level) {
        if (e.steps().size() < 8 || e.steps().size() > 16) {
            return false;
        }
        for (ExactValue v : e.answers()) {
            if (v.isNumber() && !Num.keepsPromise(level, v.number(), level == 1 ? 999 : 9999)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        Problem p = Problem.of(scenario, params);
        List<Step> steps = new ArrayList<>();
        BigFraction period = Num.of(p.vm.period());
        BigFraction budget = Num.of(p.vm.budget());
        BigFraction x = Num.of(p.vm.overhead());
        steps.add(new Step("Θ", "the useful budget per period Θ", "Θ = C − X",
                v -> new Worked(ExactValue.of(budget.subtract(x)),
                        "Θ = C − X = " + Num.t(budget) + " − " + Num.t(x) + " = " + Num.t(budget.subtract(x)))));
        BigFraction blackout = period.subtract(budget).multiply(2).add(x);
        steps.add(new Step("B", "the blackout B, the longest time with no useful supply", "B = 2(T − C) + X",
                v -> new Worked(ExactValue.of(blackout), "B = 2(T − C) + X = 2·(" + Num.t(period) + " − " + Num.t(budget)
                        + ") + " + Num.t(x) + " = " + Num.t(blackout))));
        addIterationSteps(steps, p, period);
        steps.add(verdictStep(p, steps.size() - 1));
        String question = "VM " + p.vm.name() + " is a periodic server of period T = " + Num.t(period) + ", budget C = "
                + Num.t(budget) + " and overhead X = " + Num.t(x) + ", alone on its core; its tasks are scheduled by"
                + " rate monotonic priorities. Find the worst-case response time of task " + p.task.name()
                + " by the fixed-point iteration R = finv(w), w = C(" + p.task.name() + ") + Σ ⌈R/Tj⌉·Cj over the tasks"
                + " above it, and say whether it meets its deadline.";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /**
     * Adds the fixed-point iteration's steps (w0, R0, w1, R1, …) as far as the true values go (to a fixed
     * point or past the deadline), then R, the copy of the last response time.
     */
    private static void addIterationSteps(List<Step> steps, Problem p, BigFraction period) {
        // the true values, to know where the iteration stops
        BigFraction theta = Num.of(p.supply.exactChunk());
        BigFraction b = Num.of(p.supply.exactBlackout());
        BigFraction w = p.own;
        for (BigFraction c : p.c) {
            w = w.add(c);
        }
        BigFraction w0 = w;
        String sumText = sumText(p);
        steps.add(new Step("w0", "the first demand w0 of " + p.task.name() + " and the tasks above it",
                "w0 = C(" + p.task.name() + ")" + (p.c.isEmpty() ? "" : " + Σ Cj"),
                v -> new Worked(ExactValue.of(w0), "w0 = " + sumText + " = " + Num.t(w0))));
        int k = 0;
        BigFraction r = finv(b, theta, period, w);
        steps.add(finvStep(0, steps.size() - 1, period));
        while (true) {
            if (r.compareTo(p.deadline) > 0) {
                int at = steps.size() - 1;
                steps.add(copyStep("R", "the response time R (the last R computed, when it passed the deadline)", at));
                return;
            }
            k++;
            BigFraction next = p.own;
            for (int j = 0; j < p.c.size(); j++) {
                next = next.add(new BigFraction(Num.ceil(r.divide(p.t.get(j)))).multiply(p.c.get(j)));
            }
            steps.add(demandStep(k, steps.size() - 1, p));
            if (next.compareTo(w) <= 0) {
                steps.add(copyStep("R", "the response time R (the last R computed, when it passed the deadline)",
                        steps.size() - 2));
                return;
            }
            w = next;
            r = finv(b, theta, period, w);
            steps.add(finvStep(k, steps.size() - 1, period));
            if (steps.size() > MAX_STEPS) {
                throw new InvalidExerciseException("the iteration of " + p.task.name() + " needs more than " + MAX_STEPS
                        + " steps: too long to do by hand (choose a task with fewer iterations)");
            }
        }
    }

    /** The last step: yes when the response time R at step {@code rAt} is at most the task's deadline. */
    private static Step verdictStep(Problem p, int rAt) {
        BigFraction d = p.deadline;
        return new Step("verdict", "does " + p.task.name() + " meet its deadline D = " + Num.t(d) + "? (yes or no)",
                "yes when R ≤ D",
                v -> {
                    BigFraction rr = v.get(rAt).number();
                    if (rr == null) {
                        return new Worked(ExactValue.word("undefined"), "R is no number");
                    }
                    boolean meets = rr.compareTo(d) <= 0;
                    return new Worked(ExactValue.word(meets ? "yes" : "no"), "R = " + Num.t(rr) + (meets ? " ≤ " : " > ")
                            + "D = " + Num.t(d) + ": " + (meets ? "yes" : "no"));
                }, List.of("yes", "no"));
    }

    /** finv(w) = B + w + (⌈w/Θ⌉ − 1)·(T − Θ) (THEORY.md §2). */
    static BigFraction finv(BigFraction b, BigFraction theta, BigFraction period, BigFraction w) {
        BigInteger chunks = Num.ceil(w.divide(theta));
        return b.add(w).add(period.subtract(theta).multiply(new BigFraction(chunks.subtract(BigInteger.ONE))));
    }

    private static Step finvStep(int k, int wAt, BigFraction period) {
        String wk = "w" + k;
        return new Step("R" + k, "R" + k + " = finv(" + wk + "), the time by which " + wk + " is surely served",
                "R" + k + " = B + " + wk + " + (⌈" + wk + "/Θ⌉ − 1)·(T − Θ)",
                v -> {
                    BigFraction theta = v.get(0).number();
                    BigFraction b = v.get(1).number();
                    BigFraction w = v.get(wAt).number();
                    if (theta == null || b == null || w == null || theta.getNumerator().signum() <= 0) {
                        return new Worked(ExactValue.word("undefined"), "finv needs numbers and Θ > 0");
                    }
                    BigInteger chunks = Num.ceil(w.divide(theta));
                    BigFraction gap = period.subtract(theta);
                    BigFraction value = b.add(w).add(gap.multiply(new BigFraction(chunks.subtract(BigInteger.ONE))));
                    String text = "R" + k + " = " + Num.t(b) + " + " + Num.t(w) + " + (⌈" + Num.t(w) + "/" + Num.t(theta)
                            + "⌉ − 1)·(" + Num.t(period) + " − " + Num.t(theta) + ") = " + Num.t(b) + " + " + Num.t(w)
                            + " + " + chunks.subtract(BigInteger.ONE) + "·" + Num.p(gap) + " = " + Num.t(value);
                    return new Worked(ExactValue.of(value), text,
                            List.of(new Worked.Term("⌈" + Num.t(w) + "/" + Num.t(theta) + "⌉", chunks, gap, "")));
                });
    }

    private static Step demandStep(int k, int rAt, Problem p) {
        String rk = "R" + (k - 1);
        return new Step("w" + k, "the demand w" + k + " of " + p.task.name() + " and the tasks above it within " + rk,
                "w" + k + " = C(" + p.task.name() + ") + Σ ⌈" + rk + "/Tj⌉·Cj",
                v -> {
                    BigFraction r = v.get(rAt).number();
                    if (r == null) {
                        return new Worked(ExactValue.word("undefined"), rk + " is no number");
                    }
                    BigFraction w = p.own;
                    StringBuilder sym = new StringBuilder("w" + k + " = " + Num.t(p.own));
                    StringBuilder num = new StringBuilder(Num.t(p.own));
                    List<Worked.Term> terms = new ArrayList<>();
                    for (int j = 0; j < p.c.size(); j++) {
                        String q = "⌈" + Num.t(r) + "/" + Num.t(p.t.get(j)) + "⌉";
                        BigInteger n = Num.ceil(r.divide(p.t.get(j)));
                        w = w.add(new BigFraction(n).multiply(p.c.get(j)));
                        sym.append(" + ").append(q).append("·").append(Num.t(p.c.get(j)));
                        num.append(" + ").append(n).append("·").append(Num.t(p.c.get(j)));
                        terms.add(new Worked.Term(q, n, p.c.get(j), "for " + p.above.get(j).name()));
                    }
                    return new Worked(ExactValue.of(w), sym + " = " + num + " = " + Num.t(w), terms);
                });
    }

    private static Step copyStep(String symbol, String prompt, int at) {
        return new Step(symbol, prompt, "the last R", v -> new Worked(v.get(at), symbol + " = " + v.get(at).text()));
    }

    private static String sumText(Problem p) {
        StringBuilder s = new StringBuilder(Num.t(p.own));
        for (BigFraction c : p.c) {
            s.append(" + ").append(Num.t(c));
        }
        return s.toString();
    }

    /** What an rta exercise asks, checked: the VM, its supply, the task and the tasks above it in priority order. */
    private record Problem(VirtualMachine vm, Supply supply, Task task, BigFraction own, BigFraction deadline,
                           List<Task> above, List<BigFraction> c, List<BigFraction> t) {

        static Problem of(Scenario s, SortedMap<String, String> params) {
            for (String key : params.keySet()) {
                if (!key.equals("vm") && !key.equals("task")) {
                    throw new InvalidExerciseException("params." + key + " is not a parameter of rta (it takes vm and task)");
                }
            }
            String vmName = params.get("vm");
            String taskName = params.get("task");
            if (vmName == null || taskName == null) {
                throw new InvalidExerciseException("params must name the vm and the task of an rta exercise");
            }
            VirtualMachine vm = s.vm(vmName);
            if (vm == null) {
                throw new InvalidExerciseException("params.vm: no VM named " + Limits.quote(vmName) + " in the scenario");
            }
            Supply supply = VmSupply.of(s, vm);
            if (!supply.isThesisSupply() || vm.vcpus() != 1 || vm.scheduler() != GuestScheduler.RM) {
                throw new InvalidExerciseException("params.vm: an rta exercise needs a VM of one virtual CPU with RM inside,"
                        + " on a periodic server never preempted (alone on its core); " + vm.name() + " is not");
            }
            if (supply.exactChunk().signum() <= 0) {
                throw new InvalidExerciseException("params.vm: " + vm.name() + "'s budget must exceed its overhead");
            }
            int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
            List<Task> above = new ArrayList<>();
            for (int i : order) {
                Task t = vm.tasks().get(i);
                if (t.name().equals(taskName)) {
                    return new Problem(vm, supply, t, Num.of(t.wcet()), Num.of(t.deadline()), above,
                            above.stream().map(a -> Num.of(a.wcet())).toList(),
                            above.stream().map(a -> Num.of(a.period())).toList());
                }
                above.add(t);
            }
            throw new InvalidExerciseException("params.task: no task named " + Limits.quote(taskName) + " in VM " + vm.name());
        }
    }
}

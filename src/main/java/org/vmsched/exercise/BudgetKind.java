package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code budget}: the least budget C of a VM at a given period T and overhead X for its tasks
 * under RM (THEORY.md §2), the answer {@link BudgetSearch#minBudget} gives. A task meets its
 * deadline when sbf(t) ≥ W(t) = Ci + Σ ⌈t/Tj⌉·Cj at one of its scheduling points t (the
 * multiples of higher-priority periods below its deadline, and the deadline). At a point,
 * sbf(t) ≥ W exactly when finv(W) = W − X + (⌈W/Θ⌉ + 1)·(T − Θ) ≤ t, so with n chunks of Θ the
 * least Θ is max(W/n, T − (t − W + X)/(n + 1)) and the least budget there is
 * C(t) = X + min over n ≥ 1 of that. Steps: for each task in priority order and each of its
 * points W(t) and C(t); the task's least budget, the minimum over its points; the answer, the
 * maximum over the tasks. A VM with EDF inside is worked by {@link BudgetEdf} (half the generated
 * exercises). Stateless.
 */
final class BudgetKind implements ExerciseKind {

    /** Steps of an exercise at most. */
    static final int MAX_STEPS = 24;

    @Override
    public String name() {
        return "budget";
    }

    @Override
    public String teaches() {
        return "the least budget of a VM for a period: under RM, for each task the least budget at each scheduling"
                + " point, the least over its points, then the largest over the tasks; under EDF, the least budget at"
                + " each deadline that matters, then the largest";
    }

    @Override
    public Exercise generate(long seed, int level) {
        if (new SplittableRandom(seed ^ 0x4544463FL).nextBoolean()) { // half the exercises: EDF inside
            return BudgetEdf.generate(this, seed, level);
        }
        SplittableRandom r = new SplittableRandom(seed ^ 0x425544474554L * (level + 11));
        for (int attempt = 0; ; attempt++) {
            double x = level == 1 ? (r.nextBoolean() ? 0 : 0.5) : Num.pick(r, level, 0.5, 1.5);
            double period = Num.pick(r, level, 3, 8);
            int n = level == 1 ? 2 : level == 2 ? Num.between(r, 2, 3) : 3;
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double tp = Num.pick(r, level == 3 ? 1 : level, 2 * period, 6 * period);
                double c = Num.pick(r, level, 1, Math.max(1, Math.min(4, tp / 5)));
                tasks.add(Task.of("t" + (i + 1), c, tp));
            }
            // the budget in the file is not asked; the whole period is a budget the scenario accepts
            VirtualMachine vm = VirtualMachine.of("vm1", period, period, x, tasks);
            Scenario s = Scenario.of("budget exercise, seed " + seed + ", level " + level, List.of(vm))
                    .withDescription("Time unit: 1 ms. One VM alone on its core, a periodic server; its budget is"
                            + " what the exercise asks.");
            SortedMap<String, String> params = new TreeMap<>();
            params.put("vm", "vm1");
            Exercise e;
            try {
                e = solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
            } catch (InvalidExerciseException tooLong) {
                if (attempt >= 10_000) {
                    throw tooLong;
                }
                continue;
            }
            if (fits(e, level, period, x) || attempt >= 10_000) {
                return e;
            }
        }
    }

    /**
     * The level's promise: the answer a short exact value on the level's grid (integers at 1,
     * halves at 2, hundredths at 3) above X and at most T, every value a simple fraction, at most
     * {@link #MAX_STEPS} steps.
     */
    static boolean fits(Exercise e, int level, double period, double x) {
        List<ExactValue> a = e.answers();
        BigFraction answer = a.get(a.size() - 1).number();
        if (answer == null || !Num.keepsPromise(level, answer, 999) || answer.compareTo(Num.of(period)) > 0
                || answer.compareTo(Num.of(x)) <= 0) {
            return false;
        }
        for (ExactValue v : a) {
            if (!v.isNumber() || v.number().getDenominator().compareTo(BigInteger.valueOf(level == 1 ? 12 : 100)) > 0
                    || v.number().abs().compareTo(new BigFraction(9999)) > 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        VirtualMachine vm = budgetVm(scenario, params);
        if (vm.scheduler() == GuestScheduler.EDF) {
            return BudgetEdf.solve(this, scenario, vm, params, seed, level, salt);
        }
        if (params.containsKey("t")) {
            throw new InvalidExerciseException("params.t: the deadlines are named for a VM with EDF inside; " + vm.name()
                    + " has RM inside, whose scheduling points the tool finds itself");
        }
        BigFraction period = Num.of(vm.period());
        BigFraction x = Num.of(vm.overhead());
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
        List<Step> steps = new ArrayList<>();
        List<Integer> taskSteps = new ArrayList<>();
        List<Task> above = new ArrayList<>();
        for (int i : order) {
            Task task = vm.tasks().get(i);
            taskSteps.add(addTaskSteps(steps, task, List.copyOf(above), period, x));
            above.add(task);
        }
        steps.add(new Step("C", "the least budget C of " + vm.name() + " with which every task meets its deadline",
                "the largest of the tasks' least budgets", v -> extreme("C", v, taskSteps, true)));
        String question = "VM " + vm.name() + " is a periodic server of period T = " + Num.t(period) + " and overhead X = "
                + Num.t(x) + ", alone on its core; its tasks are scheduled by rate monotonic priorities. Find the least"
                + " budget C with which every task meets its deadline: for each task in priority order its demand"
                + " W(t) = Ci + Σ ⌈t/Tj⌉·Cj at each scheduling point t (the multiples of the periods above it before its"
                + " deadline, and the deadline) and the least budget with sbf(t) ≥ W(t) there; the task's least budget"
                + " (the least over its points); the largest over the tasks.";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /** The VM the parameters name, once the parameters and the VM are checked fit for a budget exercise. */
    private static VirtualMachine budgetVm(Scenario scenario, SortedMap<String, String> params) {
        for (String key : params.keySet()) {
            if (!key.equals("vm") && !key.equals("t")) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of budget (it takes vm, and t"
                        + " for a VM with EDF inside)");
            }
        }
        String vmName = params.get("vm");
        if (vmName == null) {
            throw new InvalidExerciseException("params must name the vm of a budget exercise");
        }
        VirtualMachine vm = scenario.vm(vmName);
        if (vm == null) {
            throw new InvalidExerciseException("params.vm: no VM named " + Limits.quote(vmName) + " in the scenario");
        }
        Supply supply = VmSupply.of(scenario, vm);
        if (!supply.isThesisSupply() || vm.vcpus() != 1
                || vm.scheduler() != GuestScheduler.RM && vm.scheduler() != GuestScheduler.EDF) {
            throw new InvalidExerciseException("params.vm: a budget exercise needs a VM of one virtual CPU with RM or EDF"
                    + " inside, on a periodic server never preempted (alone on its core); " + vm.name() + " is not");
        }
        return vm;
    }

    /**
     * Adds one task's steps (W(t) and C(t) at each of its scheduling points, then its least budget) and
     * returns the index of the last.
     */
    private static int addTaskSteps(List<Step> steps, Task task, List<Task> hp, BigFraction period, BigFraction x) {
        BigFraction own = Num.of(task.wcet());
        BigFraction d = Num.of(task.deadline());
        List<Integer> pointSteps = new ArrayList<>();
        for (BigFraction t : schedulingPoints(hp, d)) {
            String wSym = "W" + task.name() + "(" + Num.t(t) + ")";
            steps.add(demandStep(wSym, task, own, hp, t));
            int wAt = steps.size() - 1;
            String cSym = "C" + task.name() + "(" + Num.t(t) + ")";
            steps.add(new Step(cSym, "the least budget C with sbf(" + Num.t(t) + ") ≥ " + wSym,
                    "C = X + min over n ≥ 1 of max(W/n, T − (t − W + X)/(n + 1))",
                    v -> leastBudgetAt(cSym, t, v.get(wAt).number(), period, x)));
            pointSteps.add(steps.size() - 1);
            if (steps.size() > MAX_STEPS) {
                throw new InvalidExerciseException("the exercise needs more than " + MAX_STEPS
                        + " steps: too long to do by hand (choose fewer tasks or shorter periods)");
            }
        }
        String sym = "C" + task.name();
        steps.add(new Step(sym, "the least budget with which " + task.name() + " meets its deadline D = "
                + Num.t(d), "the least C(t) over " + task.name() + "'s points", v -> extreme(sym, v, pointSteps, false)));
        return steps.size() - 1;
    }

    /** A task's scheduling points: the multiples of the periods above it before its deadline d, and d. */
    private static TreeSet<BigFraction> schedulingPoints(List<Task> hp, BigFraction d) {
        TreeSet<BigFraction> points = new TreeSet<>();
        for (Task h : hp) {
            BigFraction th = Num.of(h.period());
            for (BigFraction m = th; m.compareTo(d) < 0; m = m.add(th)) {
                points.add(m);
            }
        }
        points.add(d);
        return points;
    }

    /** W(t) = Ci + Σ ⌈t/Tj⌉·Cj over the tasks above. */
    static Step demandStep(String sym, Task task, BigFraction own, List<Task> hp, BigFraction t) {
        return new Step(sym, "the demand of " + task.name() + " and the tasks above it in a window of length "
                + Num.t(t), "W(t) = C(" + task.name() + ")" + (hp.isEmpty() ? "" : " + Σ ⌈t/Tj⌉·Cj"), v -> {
                    BigFraction w = own;
                    StringBuilder symText = new StringBuilder(sym + " = " + Num.t(own));
                    StringBuilder num = new StringBuilder(Num.t(own));
                    List<Worked.Term> terms = new ArrayList<>();
                    for (Task h : hp) {
                        BigFraction c = Num.of(h.wcet());
                        String q = "⌈" + Num.t(t) + "/" + Num.t(h.period()) + "⌉";
                        BigInteger k = Num.ceil(t.divide(Num.of(h.period())));
                        w = w.add(new BigFraction(k).multiply(c));
                        symText.append(" + ").append(q).append("·").append(Num.t(c));
                        num.append(" + ").append(k).append("·").append(Num.t(c));
                        terms.add(new Worked.Term(q, k, c, "for " + h.name()));
                    }
                    String text = hp.isEmpty() ? sym + " = " + Num.t(w) : symText + " = " + num + " = " + Num.t(w);
                    return new Worked(ExactValue.of(w), text, terms);
                });
    }

    /**
     * The least budget C with sbf(t) ≥ w: X + min over n of max(w/n, T − (t − w + X)/(n + 1)). The
     * first term falls with n and the second rises, so the minimum is at n0, the least n where
     * w/n ≤ T − (t − w + X)/(n + 1), or at n0 − 1. It may exceed T: then no budget serves w by t.
     */
    static Worked leastBudgetAt(String sym, BigFraction t, BigFraction w, BigFraction period, BigFraction x) {
        if (w == null || w.getNumerator().signum() <= 0) {
            return new Worked(ExactValue.word("undefined"), "W must be a positive number");
        }
        BigFraction slack = t.subtract(w).add(x);
        int n0 = crossing(w, slack, period);
        BigFraction theta = second(period, slack, n0);
        String text;
        String at = "with n = " + n0 + ": max(" + Num.t(w) + "/" + n0 + ", " + Num.t(period) + " − " + Num.p(slack) + "/"
                + (n0 + 1) + ") = " + Num.t(theta);
        if (n0 > 1) {
            BigFraction before = w.divide(n0 - 1);
            at = "with n = " + (n0 - 1) + ": " + Num.t(w) + "/" + (n0 - 1) + " = " + Num.t(before) + "; " + at;
            if (before.compareTo(theta) < 0) {
                theta = before;
            }
        }
        BigFraction c = x.add(theta);
        text = sym + " = X + Θ with Θ the least of (" + at + ") = " + Num.t(x) + " + " + Num.t(theta) + " = " + Num.t(c)
                + (c.compareTo(period) > 0 ? " (more than T: no budget serves it by t)" : "");
        return new Worked(ExactValue.of(c), text);
    }

    /** The least budget with sbf(t) ≥ w (w positive), as {@link #leastBudgetAt} works it, without the text. */
    static BigFraction leastBudget(BigFraction t, BigFraction w, BigFraction period, BigFraction x) {
        BigFraction slack = t.subtract(w).add(x);
        int n0 = crossing(w, slack, period);
        BigFraction theta = second(period, slack, n0);
        if (n0 > 1 && w.divide(n0 - 1).compareTo(theta) < 0) {
            theta = w.divide(n0 - 1);
        }
        return x.add(theta);
    }

    /**
     * n0, the least n ≥ 1 with w/n ≤ T − s/(n + 1) (capped at 10^6). That is T·n² + (T − s − w)·n − w ≥ 0:
     * it starts at the root in doubles and settles exactly; counting from 1 took hundreds of steps in
     * fractions at a far deadline.
     */
    private static int crossing(BigFraction w, BigFraction slack, BigFraction period) {
        double tt = period.doubleValue();
        double b = tt - slack.doubleValue() - w.doubleValue();
        double root = (-b + Math.sqrt(b * b + 4 * tt * w.doubleValue())) / (2 * tt);
        int n0 = (int) Math.max(1, Math.min(1_000_000, Math.floor(root)));
        while (n0 > 1 && w.divide(n0 - 1).compareTo(second(period, slack, n0 - 1)) <= 0) {
            n0--;
        }
        while (w.divide(n0).compareTo(second(period, slack, n0)) > 0 && n0 < 1_000_000) {
            n0++;
        }
        return n0;
    }

    private static BigFraction second(BigFraction period, BigFraction slack, int n) {
        return period.subtract(slack.divide(n + 1));
    }

    /** The least (or largest) of the values at {@code at}. */
    static Worked extreme(String sym, List<ExactValue> v, List<Integer> at, boolean largest) {
        BigFraction best = null;
        List<String> parts = new ArrayList<>();
        for (int i : at) {
            BigFraction f = v.get(i).number();
            if (f == null) {
                return new Worked(ExactValue.word("undefined"), "a value it compares is no number");
            }
            parts.add(Num.t(f));
            if (best == null || (largest ? f.compareTo(best) > 0 : f.compareTo(best) < 0)) {
                best = f;
            }
        }
        return new Worked(ExactValue.of(best), sym + " = " + (largest ? "max" : "min") + "(" + String.join(", ", parts)
                + ") = " + Num.t(best));
    }
}

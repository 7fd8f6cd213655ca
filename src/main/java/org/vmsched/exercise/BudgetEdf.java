package org.vmsched.exercise;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The {@code budget} kind for a VM with EDF inside (THEORY.md §8, §8.7): the least budget C with
 * dbf(t) ≤ sbf(t) at every absolute deadline t that matters. sbf(t) ≥ W exactly when finv(W) ≤ t,
 * so at one deadline the least budget is C(t) = X + min over n ≥ 1 of max(dbf(t)/n,
 * T − (t − dbf(t) + X)/(n + 1)), as for a scheduling point under RM
 * ({@link BudgetKind#leastBudgetAt}); the answer is the largest C(t). The deadlines are named in
 * {@code params.t}; a generated exercise names every one up to the EDF test's horizon at the least
 * budget {@link BudgetSearch#minBudget} finds, and an exercise is made only when its answer is that
 * budget (one truth). Stateless.
 */
final class BudgetEdf {

    /** Deadlines one exercise asks at most (two steps each, and the answer). */
    static final int MAX_POINTS = 10;

    private BudgetEdf() {
    }

    /** An exercise of the budget kind with EDF inside, from this seed and level. */
    static Exercise generate(BudgetKind kind, long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x4544464255L * (level + 13));
        Exercise last = null;
        for (int attempt = 0; attempt < 10_000; attempt++) {
            double x = level == 1 ? (r.nextBoolean() ? 0 : 0.5) : Num.pick(r, level, 0.5, 1.5);
            double period = Num.pick(r, level, 3, 8);
            int n = level == 1 ? 2 : level == 2 ? Num.between(r, 2, 3) : 3;
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double tp = Num.pick(r, level == 3 ? 1 : level, 2 * period, 6 * period);
                double c = Num.pick(r, level, 1, Math.max(1, Math.min(4, tp / 5)));
                double d = r.nextBoolean() ? tp : Num.pick(r, level, Math.max(c, tp / 2), tp);
                tasks.add(new Task("t" + (i + 1), c, tp, d, 0));
            }
            VirtualMachine vm = VirtualMachine.of("vm1", period, period, x, tasks).withScheduler(GuestScheduler.EDF);
            // The largest C(t) over the first deadlines, exactly and cheaply: it is the least budget whenever
            // the deadlines that matter are among them (each C(t) is at most the least budget, which passes at
            // every t), which an exercise needs. The tool's search runs once, in solve, which refuses an
            // exercise whose answer is not the tool's.
            BigFraction least = largestAt(tasks, firstDeadlines(tasks, 4 * MAX_POINTS), Num.of(period), Num.of(x));
            if (least.compareTo(Num.of(period)) > 0 || least.compareTo(Num.of(x)) <= 0
                    || !Num.keepsPromise(level, least, 999)) {
                continue;
            }
            VirtualMachine atLeast = vm.withServer(period, least.doubleValue(), x);
            List<BigFraction> points;
            try {
                points = EdfKind.pointsThatMatter(Scenario.of("at the least budget", List.of(atLeast)), atLeast);
            } catch (AnalysisLimitException undecided) {
                continue;
            }
            if (points == null || points.isEmpty() || points.size() > MAX_POINTS) {
                continue;
            }
            // the budget in the file is not asked; the whole period is a budget the scenario accepts
            Scenario s = Scenario.of("budget exercise, seed " + seed + ", level " + level, List.of(vm))
                    .withDescription("Time unit: 1 ms. One VM alone on its core, a periodic server; EDF inside; its"
                            + " budget is what the exercise asks.");
            SortedMap<String, String> params = new TreeMap<>();
            params.put("vm", "vm1");
            params.put("t", String.join(",", points.stream().map(Num::t).toList()));
            try {
                last = kind.solve(s, params, seed, level, Exercise.saltOf(kind.name(), seed, level));
            } catch (InvalidExerciseException notOneTruth) {
                continue;
            }
            if (BudgetKind.fits(last, level, period, x)) {
                return last;
            }
        }
        if (last == null) {
            throw new IllegalStateException("no budget exercise with EDF inside found for seed " + seed + " and level " + level);
        }
        return last;
    }

    /** The {@code count} earliest absolute deadlines of the tasks' jobs released from 0. */
    static List<BigFraction> firstDeadlines(List<Task> tasks, int count) {
        TreeSet<BigFraction> all = new TreeSet<>();
        for (Task task : tasks) {
            BigFraction d = Num.of(task.deadline());
            for (int k = 0; k < count; k++, d = d.add(Num.of(task.period()))) {
                all.add(d);
            }
        }
        return all.stream().limit(count).toList();
    }

    /** The largest least budget C(t) over {@code ts} (each with some demand). */
    private static BigFraction largestAt(List<Task> tasks, List<BigFraction> ts, BigFraction period, BigFraction x) {
        BigFraction most = BigFraction.ZERO;
        for (BigFraction t : ts) {
            BigFraction c = BudgetKind.leastBudget(t, EdfKind.demand(tasks, t), period, x);
            most = c.compareTo(most) > 0 ? c : most;
        }
        return most;
    }

    /**
     * The exercise asking the least budget of {@code vm} (EDF inside, on a periodic server alone on
     * its core) at the deadlines {@code params.t}.
     *
     * @throws InvalidExerciseException when t is missing or bad, or the answer at these deadlines is not the tool's
     */
    static Exercise solve(BudgetKind kind, Scenario scenario, VirtualMachine vm, SortedMap<String, String> params,
                          long seed, int level, String salt) {
        if (params.get("t") == null) {
            throw new InvalidExerciseException("params must name the deadlines t of a budget exercise with EDF inside"
                    + " (comma-separated, \"5,8,10\")");
        }
        List<BigFraction> ts = SbfKind.windows(params.get("t"), MAX_POINTS);
        BigFraction period = Num.of(vm.period());
        BigFraction x = Num.of(vm.overhead());
        List<Task> tasks = vm.tasks();
        checkAgainstTheTool(vm, params.get("t"), tasks, ts, period, x);
        List<Step> steps = new ArrayList<>();
        List<Integer> budgetSteps = new ArrayList<>();
        for (BigFraction t : ts) {
            String dsym = "dbf(" + Num.t(t) + ")";
            steps.add(new Step(dsym, "the demand of the tasks' jobs with release and deadline in a window of length "
                    + Num.t(t), "Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci", v -> EdfKind.demandAt(dsym, t, tasks)));
            int at = steps.size() - 1;
            String csym = "C(" + Num.t(t) + ")";
            steps.add(new Step(csym, "the least budget C with sbf(" + Num.t(t) + ") ≥ " + dsym,
                    "C = X + min over n ≥ 1 of max(dbf/n, T − (t − dbf + X)/(n + 1))",
                    v -> BudgetKind.leastBudgetAt(csym, t, v.get(at).number(), period, x)));
            budgetSteps.add(steps.size() - 1);
        }
        steps.add(new Step("C", "the least budget C of " + vm.name() + " with which every job meets its deadline",
                "the largest C(t)", v -> BudgetKind.extreme("C", v, budgetSteps, true)));
        StringBuilder set = new StringBuilder();
        for (Task t : tasks) {
            set.append(set.isEmpty() ? "" : "; ").append(t.name()).append(" (C = ").append(Num.t(t.wcet()))
                    .append(", T = ").append(Num.t(t.period())).append(", D = ").append(Num.t(t.deadline())).append(')');
        }
        String question = "VM " + vm.name() + " is a periodic server of period T = " + Num.t(period) + " and overhead X = "
                + Num.t(x) + ", alone on its core; its tasks " + set + " are scheduled by EDF. Find the least budget C"
                + " with which every job meets its deadline: at each absolute deadline t = "
                + String.join(", ", ts.stream().map(Num::t).toList()) + " (the ones that matter) the demand dbf(t) ="
                + " Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci and the least budget with sbf(t) ≥ dbf(t) there; then the largest"
                + " of them.";
        return new Exercise(kind.name(), seed, level, scenario, params, question, steps, salt);
    }

    /**
     * One truth: the largest C(t) at the named deadlines {@code ts} (written {@code t}) must be the
     * tool's least budget of {@code vm}, and each t must carry some demand.
     *
     * @throws InvalidExerciseException naming both values when they differ
     */
    private static void checkAgainstTheTool(VirtualMachine vm, String t, List<Task> tasks, List<BigFraction> ts,
                                            BigFraction period, BigFraction x) {
        // one truth: the largest C(t) at the named deadlines must be the tool's least budget
        for (BigFraction at : ts) {
            if (EdfKind.demand(tasks, at).getNumerator().signum() == 0) {
                throw new InvalidExerciseException("params.t: no job has its deadline by t = " + Num.t(at)
                        + " (dbf = 0): name the tasks' absolute deadlines");
            }
        }
        BigFraction worked = largestAt(tasks, ts, period, x);
        double tool;
        try {
            tool = BudgetSearch.minBudget(vm, vm.period());
        } catch (AnalysisLimitException e) {
            throw new InvalidExerciseException("params.vm: the tool cannot find " + vm.name() + "'s least budget: " + e.getMessage());
        }
        if (Double.isNaN(tool)) {
            throw new InvalidExerciseException("params.vm: no budget up to the period " + Num.t(period) + " lets "
                    + vm.name() + "'s tasks meet their deadlines under EDF");
        }
        if (Math.abs(worked.doubleValue() - tool) > 1e-9 * Math.max(1, vm.period())) {
            throw new InvalidExerciseException("params.t: the least budget at t = " + t.strip() + " is "
                    + Num.t(worked) + ", the tool's least budget of " + vm.name() + " is " + Num.t(tool)
                    + " (name every deadline up to the EDF test's horizon at that budget)");
        }
    }
}

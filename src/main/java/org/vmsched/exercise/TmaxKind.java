package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactInterval;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code tmax}: the highest good periods of a VM at its bandwidth α = C/T and Tmax (THEORY.md §3,
 * §3.1), isolated points included. Steps: each task's demand W(t) at its scheduling points (RM);
 * whether the VM is schedulable at a few candidate periods (sbf(t) ≥ W(t) at some point of every
 * task); the top and bottom of each of the K highest intervals of good periods, from the top, each
 * the end U = (t − w − n·X)/((n + 1)(1 − α)) or L = (w + n·X)/(n·α) of one point's n-chunk
 * interval (§3.1); Tmax, the top of the highest. The ends are the tool's own
 * ({@link VmSupply#exactGoodPeriods}); the formula that gives each is found among the points.
 * Stateless.
 */
final class TmaxKind implements ExerciseKind {

    /** Steps of an exercise at most. */
    static final int MAX_STEPS = 24;

    /** Tries at level 3 for an isolated good period among the intervals asked, before the first fit is taken. */
    private static final int ISOLATED_TRIES = 40;

    private static final double[] LEVEL_ONE_ALPHAS = {0.4, 0.5, 0.6, 0.75, 0.8};
    private static final double[] LEVEL_TWO_ALPHAS = {0.4, 0.5, 0.6, 0.7, 0.75, 0.8};

    @Override
    public String name() {
        return "tmax";
    }

    @Override
    public String teaches() {
        return "the good periods of a VM at a bandwidth: the test at a few periods, then the ends of the highest"
                + " intervals of good periods (isolated points included) and Tmax";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x544d4158L * (level + 5));
        Exercise fallback = null;
        for (int attempt = 0; ; attempt++) {
            double x = level == 1 ? 0 : level == 2 ? (r.nextBoolean() ? 0 : 0.5) : Num.pick(r, 2, 0.5, 1);
            double alpha = level == 1 ? LEVEL_ONE_ALPHAS[r.nextInt(LEVEL_ONE_ALPHAS.length)]
                    : level == 2 ? LEVEL_TWO_ALPHAS[r.nextInt(LEVEL_TWO_ALPHAS.length)]
                    : Num.between(r, 35, 85) / 100.0;
            int n = level == 1 ? 2 : level == 2 ? Num.between(r, 2, 3) : 3;
            List<Task> tasks = tasks(r, level, n);
            // period 10: the budget 10·α is a short decimal, and α = C/T is the α asked
            VirtualMachine vm = VirtualMachine.of("vm1", 10, Num.of(alpha).multiply(10).doubleValue(), x, tasks);
            Scenario s = Scenario.of("tmax exercise, seed " + seed + ", level " + level, List.of(vm))
                    .withDescription("Time unit: 1 ms. One VM alone on its core, a periodic server; its bandwidth"
                            + " C/T is what counts, its period is one of many the exercise asks about.");
            if (level == 3 && fallback != null && !mayHaveIsolatedPoint(vm, alpha, x)) {
                // THEORY.md §3.1: no U_n meets an L_m, so no isolated point; skip the exact region
                if (attempt >= ISOLATED_TRIES) {
                    return fallback;
                }
                continue;
            }
            List<ExactInterval> region;
            try {
                region = region(s, vm);
            } catch (RuntimeException tooMuch) {
                continue;
            }
            int k = Math.min(level == 3 ? 3 : 2, region.size() - 1);
            if (k < 1) {
                continue;
            }
            List<Double> candidates = candidates(r, level, region, k);
            // an isolated good period among the intervals asked at level 3 (the point §3 is about), when one
            // of the first ISOLATED_TRIES tries has one
            boolean isolated = region.subList(region.size() - k, region.size()).stream().anyMatch(ExactInterval::isPoint);
            SortedMap<String, String> params = params(k, candidates);
            Exercise e;
            try {
                e = solve(s, params, seed, level, Exercise.saltOf(name(), seed, level), region);
            } catch (InvalidExerciseException tooLong) {
                continue;
            }
            if (fits(e, level)) {
                if (level < 3 || isolated) {
                    return e;
                }
                fallback = fallback == null ? e : fallback;
            }
            if (attempt >= (level == 3 ? ISOLATED_TRIES : 8) && fallback != null) {
                return fallback;
            }
            if (attempt >= 10_000) {
                throw new IllegalStateException("no tmax exercise at level " + level + " for seed " + seed);
            }
        }
    }

    /** {@code n} tasks drawn from {@code r}: the first period 4..12, the others above it, each wcet 1..max(1, T/(2n + 1)). */
    private static List<Task> tasks(SplittableRandom r, int level, int n) {
        List<Task> tasks = new ArrayList<>();
        double first = Num.between(r, 4, 12);
        for (int i = 0; i < n; i++) {
            double tp = i == 0 ? first : Num.between(r, (int) first + 1, (int) (first * (level == 1 ? 2.5 : 3)));
            double c = Num.pick(r, level == 3 ? 2 : 1, 1, Math.max(1, tp / (2 * n + 1)));
            tasks.add(Task.of("t" + (i + 1), c, tp));
        }
        return tasks;
    }

    /** The exercise's parameters: the VM, how many intervals to give and the periods to judge. */
    private static SortedMap<String, String> params(int k, List<Double> candidates) {
        SortedMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm1");
        params.put("intervals", Integer.toString(k));
        params.put("periods", String.join(" ", candidates.stream().map(Num::t).toList()));
        return params;
    }

    /**
     * Whether the VM's good periods at bandwidth α may hold an isolated point: one is an interval
     * whose top, the U_n of some point's non-empty J_n, equals its bottom, the L_m of some point's
     * non-empty J_m (THEORY.md §3.1), so when no such U_n (n ≤ 400) comes within 1e-9 of such an L_m
     * there is none. In doubles: a cheap filter before
     * the exact region, never the verdict.
     */
    static boolean mayHaveIsolatedPoint(VirtualMachine vm, double alpha, double x) {
        List<Double> uppers = new ArrayList<>();
        List<Double> lowers = new ArrayList<>();
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
        List<Task> above = new ArrayList<>();
        for (int i : order) {
            Task task = vm.tasks().get(i);
            TreeSet<Double> ts = new TreeSet<>();
            for (Task h : above) {
                for (int m = 1; m * h.period() < task.deadline() - 1e-9; m++) {
                    ts.add(m * h.period());
                }
            }
            ts.add(task.deadline());
            for (double t : ts) {
                double w = task.wcet();
                for (Task h : above) {
                    w += Math.ceil(t / h.period() - 1e-9) * h.wcet();
                }
                for (int n = 1; n <= 400; n++) {
                    double hi = (t - w - n * x) / ((n + 1) * (1 - alpha));
                    double lo = (w + n * x) / (n * alpha);
                    if (lo <= hi * (1 + 1e-9)) { // an end of the VM's good set is an end of a non-empty J_n
                        uppers.add(hi);
                        lowers.add(lo);
                    }
                }
            }
            above.add(task);
        }
        double[] u = uppers.stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).sorted().toArray();
        double[] l = lowers.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        for (int i = 0, j = 0; i < u.length && j < l.length; ) {
            double tol = 1e-9 * Math.max(1, Math.abs(u[i]));
            if (Math.abs(u[i] - l[j]) <= tol) {
                return true;
            }
            if (u[i] < l[j]) {
                i++;
            } else {
                j++;
            }
        }
        return false;
    }

    /** Two distinct periods of the level's grid around the intervals asked (good or not). */
    private static List<Double> candidates(SplittableRandom r, int level, List<ExactInterval> region, int k) {
        double lo = region.get(region.size() - k).lo().doubleValue() * 0.8;
        double hi = region.get(region.size() - 1).hi().doubleValue() * 1.1;
        double a = Num.pick(r, level == 1 ? 1 : 2, Math.max(1, lo), Math.max(1, hi));
        double b = a;
        for (int i = 0; i < 50 && b == a; i++) {
            b = Num.pick(r, level == 1 ? 1 : 2, Math.max(1, lo), Math.max(1, hi) + 1);
        }
        return a == b ? List.of(a) : a < b ? List.of(a, b) : List.of(b, a);
    }

    /**
     * The level's promise: every value a short exact number (denominators up to 12 at level 1, 60 at
     * 2, 1000 at 3; at most 999), at most {@link #MAX_STEPS} steps, every end named by its formula.
     */
    static boolean fits(Exercise e, int level) {
        int maxDen = level == 1 ? 12 : level == 2 ? 60 : 1000;
        List<Worked> w = e.solution();
        for (Worked s : w) {
            ExactValue v = s.value();
            if (v.isNumber() && (v.number().getDenominator().compareTo(BigInteger.valueOf(maxDen)) > 0
                    || v.number().abs().compareTo(new BigFraction(999)) > 0)) {
                return false;
            }
            if (s.working().contains("(the analysis's end)")) {
                return false;
            }
        }
        return e.steps().size() <= MAX_STEPS;
    }

    /** The tool's exact good periods of the VM at its bandwidth, highest last. */
    static List<ExactInterval> region(Scenario scenario, VirtualMachine vm) {
        GoodPeriods gp = GoodPeriods.of(vm.tasks(), GuestScheduler.RM);
        return VmSupply.exactGoodPeriods(scenario, vm, gp, alpha(vm), gp.defaultMinPeriod());
    }

    private static BigFraction alpha(VirtualMachine vm) {
        return Num.of(vm.budget()).divide(Num.of(vm.period()));
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        return solve(scenario, params, seed, level, salt, null);
    }

    /** {@link #solve}, with the VM's good-period region when the caller has it already (null: computed). */
    private Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt,
            List<ExactInterval> known) {
        for (String key : params.keySet()) {
            if (!List.of("vm", "intervals", "periods").contains(key)) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of tmax (it takes vm, intervals"
                        + " and periods)");
            }
        }
        VirtualMachine vm = TmaxSteps.thesisVm(scenario, params.get("vm"), "tmax");
        int k = intervals(params);
        List<BigFraction> periods = TmaxSteps.periods(params.getOrDefault("periods", ""));
        BigFraction alpha = alpha(vm);
        if (alpha.compareTo(BigFraction.ONE) >= 0) {
            throw new InvalidExerciseException("params.vm: at bandwidth 1 every period is good; a tmax exercise needs"
                    + " C < T");
        }
        List<ExactInterval> region = known != null ? known : region(scenario, vm);
        if (k < 1 || k > 4 || k > region.size()) {
            throw new InvalidExerciseException("params.intervals must be 1 to " + Math.min(4, region.size())
                    + " (the VM has " + region.size() + " intervals of good periods), got " + k);
        }
        BigFraction x = Num.of(vm.overhead());
        List<Step> steps = new ArrayList<>();
        List<TmaxSteps.Point> points = addDemandSteps(steps, vm);
        List<ExactValue> truth = new ArrayList<>();
        for (Step step : steps) {
            truth.add(step.rule().apply(List.copyOf(truth)).value());
        }
        TmaxSteps.Context c = new TmaxSteps.Context(alpha, x, points, truth.stream().map(ExactValue::number).toList());
        for (BigFraction p : periods) {
            steps.add(TmaxSteps.candidate(c, p));
        }
        int top1 = addIntervalSteps(steps, c, region, k);
        steps.add(new Step("Tmax", "the largest good period Tmax", "Tmax = the top of the highest interval",
                v -> new Worked(v.get(top1), "Tmax = top1 = " + v.get(top1).text())));
        if (steps.size() > MAX_STEPS) {
            throw tooLong();
        }
        String question = "VM " + vm.name() + " is a periodic server of bandwidth α = C/T = " + Num.t(alpha) + " and overhead X = "
                + Num.t(x) + ", alone on its core; its tasks are scheduled by rate monotonic priorities. A period T is good"
                + " when, with C = α·T, every task has a scheduling point t with W(t) ≤ sbf(t). Find each task's demand"
                + " W(t) at its points, whether " + (periods.isEmpty() ? "" : "T = " + String.join(" and T = ",
                periods.stream().map(Num::t).toList()) + " ") + (periods.size() == 1 ? "is" : "are") + " good, then the "
                + (k == 1 ? "highest interval" : k + " highest intervals") + " of good periods (top and bottom, from the top;"
                + " an isolated good period is an interval whose ends are equal), and Tmax.";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /** The number of intervals the parameters ask for (1 when not given), a whole number. */
    private static int intervals(SortedMap<String, String> params) {
        try {
            return Integer.parseInt(params.getOrDefault("intervals", "1").strip());
        } catch (NumberFormatException x) {
            throw new InvalidExerciseException("params.intervals must be a whole number of intervals, got "
                    + Limits.quote(params.get("intervals")));
        }
    }

    /** Adds the demand W(t) of each task in priority order at each of its scheduling points; returns the points. */
    private static List<TmaxSteps.Point> addDemandSteps(List<Step> steps, VirtualMachine vm) {
        List<TmaxSteps.Point> points = new ArrayList<>();
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
        List<Task> above = new ArrayList<>();
        for (int i : order) {
            Task task = vm.tasks().get(i);
            BigFraction d = Num.of(task.deadline());
            TreeSet<BigFraction> ts = new TreeSet<>();
            for (Task h : above) {
                BigFraction th = Num.of(h.period());
                for (BigFraction m = th; m.compareTo(d) < 0; m = m.add(th)) {
                    ts.add(m);
                }
            }
            ts.add(d);
            for (BigFraction t : ts) {
                String sym = "W" + task.name() + "(" + Num.t(t) + ")";
                steps.add(BudgetKind.demandStep(sym, task, Num.of(task.wcet()), List.copyOf(above), t));
                points.add(new TmaxSteps.Point(task.name(), t, steps.size() - 1));
                if (steps.size() > MAX_STEPS) {
                    throw tooLong();
                }
            }
            above.add(task);
        }
        return points;
    }

    /** Adds the top and bottom of the k highest intervals of good periods; returns the index of the first top. */
    private static int addIntervalSteps(List<Step> steps, TmaxSteps.Context c, List<ExactInterval> region, int k) {
        int top1 = -1;
        for (int j = 1; j <= k; j++) {
            ExactInterval iv = region.get(region.size() - j);
            steps.add(TmaxSteps.end(c, "top" + j, "the top of the " + ordinal(j) + " interval of good periods",
                    iv.hi(), true));
            top1 = top1 < 0 ? steps.size() - 1 : top1;
            steps.add(TmaxSteps.end(c, "bottom" + j, "the bottom of the " + ordinal(j) + " interval of good periods"
                    + " (equal to its top for an isolated good period)", iv.lo(), false));
        }
        return top1;
    }

    private static String ordinal(int j) {
        return j == 1 ? "highest" : j == 2 ? "second highest" : j == 3 ? "third highest" : j + "th highest";
    }

    private static InvalidExerciseException tooLong() {
        return new InvalidExerciseException("the exercise needs more than " + MAX_STEPS
                + " steps: too long to do by hand (choose fewer tasks, closer periods or fewer intervals)");
    }
}

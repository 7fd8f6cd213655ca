package org.vmsched.exercise;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.EdfResult;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * {@code edf}: EDF inside a VM on a periodic server (THEORY.md §8): the useful budget Θ and the
 * blackout B, then at each window length t the exercise names (the absolute deadlines the test
 * needs) the demand dbf(t) = Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci and the supply sbf(t), then the
 * verdict, yes iff dbf(t) ≤ sbf(t) at every one of them. The supply is the tool's
 * ({@link VmSupply}), and an exercise is made only when the verdict on its points is the tool's
 * ({@link EdfDemand#test}): a generated one names every deadline up to the test's horizon when the
 * set is schedulable, and up to the first miss when it is not. Stateless.
 */
final class EdfKind implements ExerciseKind {

    /** Window lengths one exercise asks at most. */
    static final int MAX_POINTS = 8;

    @Override
    public String name() {
        return "edf";
    }

    @Override
    public String teaches() {
        return "EDF inside a VM: the demand bound function of the task set and the server's supply at the deadlines"
                + " that matter, then the verdict";
    }

    @Override
    public Exercise generate(long seed, int level) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x454446L * (level + 11));
        Exercise last = null;
        boolean wanted = r.nextBoolean(); // half the exercises end in a miss
        for (int attempt = 0; attempt < 10_000; attempt++) {
            double x = level == 1 ? 0 : Num.pick(r, level, 0, 1);
            double period = Num.between(r, 3, 8);
            double budget = Num.pick(r, level, x + 1, period - 1);
            int n = level == 1 ? Num.between(r, 2, 3) : 3;
            List<Task> tasks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double tp = Num.between(r, (int) period, (int) (4 * period));
                double c = Num.pick(r, level, 1, Math.max(1, tp / 4));
                double d = r.nextBoolean() ? tp : Num.pick(r, level, Math.max(c, tp / 2), tp);
                tasks.add(new Task("t" + (i + 1), c, tp, d, 0));
            }
            VirtualMachine vm = VirtualMachine.of("vm1", period, budget, x, tasks).withScheduler(GuestScheduler.EDF);
            Scenario s = Scenario.of("edf exercise, seed " + seed + ", level " + level, List.of(vm))
                    .withDescription("Time unit: 1 ms. One VM alone on its core, a periodic server; EDF inside.");
            List<BigFraction> points = pointsThatMatter(s, vm);
            if (points == null || points.size() < 2 || points.size() > MAX_POINTS) {
                continue;
            }
            SortedMap<String, String> params = new TreeMap<>();
            params.put("vm", "vm1");
            params.put("t", String.join(",", points.stream().map(Num::t).toList()));
            last = solve(s, params, seed, level, Exercise.saltOf(name(), seed, level));
            if (fits(last, level) && last.answers().get(last.steps().size() - 1).word().equals(wanted ? "yes" : "no")) {
                return last;
            }
        }
        if (last == null) {
            throw new IllegalStateException("no edf exercise found for seed " + seed + " and level " + level);
        }
        return last;
    }

    /** The level's promise: every number on the level's grid and short. */
    static boolean fits(Exercise e, int level) {
        for (ExactValue v : e.answers()) {
            if (v.isNumber() && !Num.keepsPromise(level, v.number(), level == 1 ? 999 : 9999)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The absolute deadlines the tool's verdict rests on: every one up to the test's horizon when
     * the set is schedulable, up to the first where the demand passes the supply when it is not;
     * null when the test is undecided or the horizon is not finite.
     */
    static List<BigFraction> pointsThatMatter(Scenario s, VirtualMachine vm) {
        Supply supply = VmSupply.of(s, vm);
        EdfResult result = EdfDemand.test(supply, vm.tasks());
        if (result.verdict() == Verdict.UNDECIDED) {
            return null;
        }
        boolean ok = result.verdict() == Verdict.SCHEDULABLE;
        if (ok && !Double.isFinite(result.horizon())) {
            return null;
        }
        BigFraction theta = Num.of(supply.exactChunk());
        BigFraction b = Num.of(supply.exactBlackout());
        BigFraction period = Num.of(vm.period());
        TreeSet<BigFraction> deadlines = new TreeSet<>();
        double bound = ok ? result.horizon() : result.witness() != null ? result.witness() : 8 * vm.period();
        BigFraction limit = Num.of(bound * (1 + 1e-9) + 1e-9);
        for (Task t : vm.tasks()) {
            for (BigFraction d = Num.of(t.deadline()); d.compareTo(limit) <= 0; d = d.add(Num.of(t.period()))) {
                deadlines.add(d);
                if (deadlines.size() > 4 * MAX_POINTS) {
                    return null;
                }
            }
        }
        List<BigFraction> out = new ArrayList<>();
        for (BigFraction t : deadlines) {
            out.add(t);
            if (!ok && demand(vm.tasks(), t).compareTo(SbfKind.supplyAt("", t, period, theta, b).value().number()) > 0) {
                return out;
            }
        }
        return ok ? out : null;
    }

    /** dbf(t) exactly. */
    static BigFraction demand(List<Task> tasks, BigFraction t) {
        BigFraction sum = BigFraction.ZERO;
        for (Task task : tasks) {
            BigInteger jobs = Num.floor(t.subtract(Num.of(task.deadline())).divide(Num.of(task.period()))).add(BigInteger.ONE);
            if (jobs.signum() > 0) {
                sum = sum.add(Num.of(task.wcet()).multiply(new BigFraction(jobs)));
            }
        }
        return sum;
    }

    @Override
    public Exercise solve(Scenario scenario, SortedMap<String, String> params, long seed, int level, String salt) {
        VirtualMachine vm = namedVm(scenario, params);
        Supply supply = VmSupply.of(scenario, vm);
        if (!supply.isThesisSupply() || vm.vcpus() != 1 || vm.scheduler() != GuestScheduler.EDF) {
            throw new InvalidExerciseException("params.vm: an edf exercise needs a VM of one virtual CPU with EDF inside,"
                    + " on a periodic server never preempted (alone on its core); " + vm.name() + " is not");
        }
        if (supply.exactChunk().signum() <= 0) {
            throw new InvalidExerciseException("params.vm: " + vm.name() + "'s budget must exceed its overhead");
        }
        List<BigFraction> ts = SbfKind.windows(params.get("t"), MAX_POINTS);
        BigFraction period = Num.of(vm.period());
        BigFraction budget = Num.of(vm.budget());
        BigFraction x = Num.of(vm.overhead());
        BigFraction theta = Num.of(supply.exactChunk());
        BigFraction blackout = Num.of(supply.exactBlackout());
        checkAgreesWithTool(vm, supply, ts, params.get("t"), period, theta, blackout);
        List<Step> steps = new ArrayList<>();
        steps.add(SbfKind.thetaStep(budget, x, theta));
        steps.add(SbfKind.periodicBlackoutStep(period, budget, x, blackout));
        List<Task> tasks = vm.tasks();
        for (BigFraction t : ts) {
            String dsym = "dbf(" + Num.t(t) + ")";
            steps.add(new Step(dsym, "the demand of the tasks' jobs with release and deadline in a window of length " + Num.t(t),
                    "Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci", v -> demandAt(dsym, t, tasks)));
            String ssym = "sbf(" + Num.t(t) + ")";
            steps.add(SbfKind.supplyStep(ssym, t, period));
        }
        steps.add(verdictStep(vm, ts));
        StringBuilder set = new StringBuilder();
        for (Task t : tasks) {
            set.append(set.isEmpty() ? "" : "; ").append(t.name()).append(" (C = ").append(Num.t(t.wcet()))
                    .append(", T = ").append(Num.t(t.period())).append(", D = ").append(Num.t(t.deadline())).append(')');
        }
        String question = "VM " + vm.name() + " is a periodic server of period T = " + Num.t(period) + ", budget C = "
                + Num.t(budget) + " and overhead X = " + Num.t(x) + ", alone on its core; its tasks " + set
                + " are scheduled by EDF. Find the useful budget Θ and the blackout B, then the demand dbf(t) and the"
                + " supply sbf(t) at t = " + String.join(", ", ts.stream().map(Num::t).toList())
                + " (the absolute deadlines the test needs), and say whether the set is schedulable:"
                + " yes when dbf(t) ≤ sbf(t) at every one of them.";
        return new Exercise(name(), seed, level, scenario, params, question, steps, salt);
    }

    /** The VM the parameters name, once the parameters are checked to be those of an edf exercise. */
    private static VirtualMachine namedVm(Scenario scenario, SortedMap<String, String> params) {
        for (String key : params.keySet()) {
            if (!key.equals("vm") && !key.equals("t")) {
                throw new InvalidExerciseException("params." + key + " is not a parameter of edf (it takes vm and t)");
            }
        }
        if (params.get("vm") == null || params.get("t") == null) {
            throw new InvalidExerciseException("params must name the vm and the window lengths t of an edf exercise");
        }
        VirtualMachine vm = scenario.vm(params.get("vm"));
        if (vm == null) {
            throw new InvalidExerciseException("params.vm: no VM named " + Limits.quote(params.get("vm")) + " in the scenario");
        }
        return vm;
    }

    /** Refuses window lengths on which the verdict differs from the tool's EDF test of the VM (one truth). */
    private static void checkAgreesWithTool(VirtualMachine vm, Supply supply, List<BigFraction> ts, String named,
            BigFraction period, BigFraction theta, BigFraction blackout) {
        boolean onPoints = true;
        for (BigFraction t : ts) {
            onPoints &= demand(vm.tasks(), t).compareTo(SbfKind.supplyAt("", t, period, theta, blackout).value().number()) <= 0;
        }
        Verdict tool = EdfDemand.test(supply, vm.tasks()).verdict();
        if (tool == Verdict.UNDECIDED || onPoints != (tool == Verdict.SCHEDULABLE)) {
            throw new InvalidExerciseException("params.t: the check at t = " + named.strip() + " says "
                    + Verdicts.of(onPoints ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE, Verdicts.Audience.DOCUMENT)
                    + ", the tool's EDF test of " + vm.name() + " says " + Verdicts.of(tool, Verdicts.Audience.DOCUMENT)
                    + " (name the deadlines up to the test's horizon, or up to a miss)");
        }
    }

    /** The last step: yes when dbf(t) ≤ sbf(t) at every window length, read from the steps before it. */
    private static Step verdictStep(VirtualMachine vm, List<BigFraction> ts) {
        int points = ts.size();
        return new Step("verdict", "is the task set schedulable by EDF inside " + vm.name()
                + ", judged at these window lengths? (yes or no)", "yes when dbf(t) ≤ sbf(t) at every t", v -> {
                    for (int i = 0; i < points; i++) {
                        BigFraction d = v.get(2 + 2 * i).number();
                        BigFraction s = v.get(3 + 2 * i).number();
                        if (d == null || s == null) {
                            return new Worked(ExactValue.word("undefined"), "dbf or sbf is no number");
                        }
                        if (d.compareTo(s) > 0) {
                            String at = Num.t(ts.get(i));
                            return new Worked(ExactValue.word("no"), "dbf(" + at + ") = " + Num.t(d) + " > sbf(" + at
                                    + ") = " + Num.t(s) + ": no");
                        }
                    }
                    return new Worked(ExactValue.word("yes"), "dbf(t) ≤ sbf(t) at every t: yes");
                }, List.of("yes", "no"));
    }

    /** dbf(t) worked term by term, each task's ⌊(t − Di)/Ti⌋ a quotient a slip may explain. */
    static Worked demandAt(String sym, BigFraction t, List<Task> tasks) {
        BigFraction sum = BigFraction.ZERO;
        StringBuilder form = new StringBuilder();
        StringBuilder nums = new StringBuilder();
        List<Worked.Term> terms = new ArrayList<>();
        for (Task task : tasks) {
            BigFraction d = Num.of(task.deadline());
            BigFraction p = Num.of(task.period());
            BigFraction c = Num.of(task.wcet());
            String sep = form.isEmpty() ? "" : " + ";
            if (t.compareTo(d) < 0) {
                form.append(sep).append("0");
                nums.append(sep).append("0");
                continue;
            }
            String q = "⌊(" + Num.t(t) + " − " + Num.t(d) + ")/" + Num.t(p) + "⌋";
            BigInteger k = Num.floor(t.subtract(d).divide(p));
            BigInteger jobs = k.add(BigInteger.ONE);
            sum = sum.add(c.multiply(new BigFraction(jobs)));
            form.append(sep).append('(').append(q).append(" + 1)·").append(Num.t(c));
            nums.append(sep).append(jobs).append('·').append(Num.t(c));
            terms.add(new Worked.Term(q, k, c, "for " + task.name()));
        }
        return new Worked(ExactValue.of(sum), sym + " = " + form + " = " + nums + " = " + Num.t(sum), terms);
    }
}

package org.vmsched.design;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.text.Format;

/**
 * The least budgets the whole analysis proves at a scenario's own periods and vCPU counts (THEORY.md
 * §15.9, "Budgets the whole analysis proves"). The MPR search designs each VM alone on the MPR supply;
 * the analysis of the whole host reads sharper supplies (the host's own schedule, a core each, the VM's
 * own time, §15.17–§15.23) that depend on every VM's server, so it may prove budgets the search cannot
 * propose, or none that it proposed together. Starting from a scenario the analysis proves, each VM in
 * turn (largest bandwidth first; VMs equal but for their names together) has its budget per vCPU lowered by bisection on a grid of
 * {@link MprDesigner#BUDGET_DIGITS} significant digits while the analysis of the whole scenario still
 * says schedulable, in rounds until no budget moves. The analysis need not be monotone in one budget
 * (a smaller budget changes the host's schedule for the others), so the bisection finds a low proved
 * budget, not always the least; every answer is the input of an analysis that proves it. Stateless.
 */
public final class WholeBudgets {

    /** Analyses of the whole scenario a search runs at most unless told otherwise. */
    public static final int DEFAULT_MAX_ANALYSES = 400;

    /** The most VMs a scenario may have for {@code design} to run the search unasked (each analysis of 100 VMs takes seconds). */
    public static final int MAX_VMS = 16;

    private static final int ROUNDS = 3;

    private WholeBudgets() {
    }

    /** One VM's budget per vCPU, as written before and as found. */
    public record Budget(String vm, int vcpus, double period, double was, double budget) {

        /** vcpus · budget / period, exact as written. */
        public double bandwidth() {
            return of(budget);
        }

        /** vcpus · was / period, the bandwidth as written. */
        public double wasBandwidth() {
            return of(was);
        }

        private double of(double c) {
            return VirtualMachine.ratioAsWritten(c, period).multiply(BigDecimal.valueOf(vcpus)).doubleValue();
        }
    }

    /**
     * The budgets found (in the scenario's order), the scenario with them set (proved by the analysis),
     * how many analyses ran and whether the bound stopped the search before its end.
     */
    public record Result(List<Budget> budgets, Scenario scenario, int analyses, boolean stopped) {

        public Result {
            budgets = List.copyOf(budgets);
        }

        /** The budgets' bandwidth together, exact as written. */
        public double bandwidth() {
            return sum(Budget::bandwidth);
        }

        /** The scenario's bandwidth together as written, to compare. */
        public double asWritten() {
            return sum(Budget::wasBandwidth);
        }

        private double sum(ToDoubleFunction<Budget> each) {
            return budgets.stream().map(b -> BigDecimal.valueOf(each.applyAsDouble(b))).reduce(BigDecimal.ZERO, BigDecimal::add).doubleValue();
        }
    }

    /**
     * The search from {@code s}, or null when the analysis does not prove {@code s} as written (there is
     * no proved start to lower from). At most {@code maxAnalyses} analyses (at least 1); stops with
     * {@link CancelledException} once {@code cancel} is set (null: never).
     */
    public static Result search(Scenario s, int maxAnalyses, Cancellation cancel) throws CancelledException {
        return search(s, maxAnalyses, null, cancel);
    }

    /** As {@link #search(Scenario, int, Cancellation)}, telling {@code progress} (null: no one) each analysis run of the bound. */
    public static Result search(Scenario s, int maxAnalyses, Progress progress, Cancellation cancel) throws CancelledException {
        if (maxAnalyses < 1) {
            throw new IllegalArgumentException("maxAnalyses must be at least 1, got " + maxAnalyses);
        }
        int[] ran = {0};
        Progress told = progress == null ? (done, total, what) -> { } : progress;
        if (!proved(s, ran, cancel)) {
            return null;
        }
        Scenario cur = s;
        // VMs equal but for their names are lowered together: they stay equal, and the search runs once for them
        Map<VirtualMachine, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < s.vms().size(); i++) {
            groups.computeIfAbsent(s.vms().get(i).withName("\u0000"), key -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> order = new ArrayList<>(groups.values());
        order.sort(Comparator.comparing((List<Integer> g) -> -g.size() * s.vms().get(g.get(0)).bandwidthAsWritten()
                * s.vms().get(g.get(0)).vcpus()));
        boolean stopped = false;
        for (int round = 0; round < ROUNDS && !stopped; round++) {
            boolean moved = false;
            for (List<Integer> group : order) {
                VirtualMachine vm = cur.vms().get(group.get(0));
                BigDecimal step = step(vm.budget());
                // the budget as it stands (proved) is hi; a budget of more digits than the grid's sits between two of
                // its points, and the points below it are tried
                long hi = BigDecimal.valueOf(vm.budget()).divide(step, 0, RoundingMode.CEILING).longValueExact();
                long lo = below(vm, step);
                while (hi - lo > 1) {
                    if (ran[0] >= maxAnalyses) {
                        stopped = true;
                        break;
                    }
                    long mid = (lo + hi) >>> 1;
                    Scenario t = with(cur, group, step.multiply(BigDecimal.valueOf(mid)).doubleValue());
                    told.progress(ran[0], maxAnalyses, "lowering the budgets the whole analysis proves");
                    if (proved(t, ran, cancel)) {
                        hi = mid;
                        cur = t;
                        moved = true;
                    } else {
                        lo = mid;
                    }
                }
                if (stopped) {
                    break;
                }
            }
            if (!moved) {
                break;
            }
        }
        List<Budget> out = new ArrayList<>();
        for (int i = 0; i < s.vms().size(); i++) {
            VirtualMachine was = s.vms().get(i);
            VirtualMachine now = cur.vms().get(i);
            out.add(new Budget(was.name(), was.vcpus(), was.period(), was.budget(), now.budget()));
        }
        return new Result(out, cur, ran[0], stopped);
    }

    /** The grid of a budget: three significant digits of it (0.01 for 9, 0.001 for 0.4). */
    static BigDecimal step(double budget) {
        BigDecimal b = BigDecimal.valueOf(budget);
        int exponent = b.precision() - b.scale() - 1; // the power of ten of the leading digit
        return BigDecimal.ONE.scaleByPowerOfTen(exponent - (MprDesigner.BUDGET_DIGITS - 1));
    }

    /**
     * A grid point below which no budget can be proved: each vCPU pays X a period, so the VM's useful rate is at
     * most m′(C − X)/T, and a rate below its tasks' utilisation U misses in the long run (C ≤ X + U·T/m′); and a budget
     * must exceed X (the grid point at or just below X).
     */
    static long below(VirtualMachine vm, BigDecimal step) {
        BigDecimal u = BigDecimal.ZERO;
        for (Task t : vm.tasks()) {
            u = u.add(VirtualMachine.ratioAsWritten(t.wcet(), t.period()));
        }
        BigDecimal c = BigDecimal.valueOf(vm.overhead()).add(u.multiply(BigDecimal.valueOf(vm.period()))
                .divide(BigDecimal.valueOf(vm.vcpus()), MathContext.DECIMAL64));
        // one step lower still, against the rounding of U; but never at or below X, which a budget must exceed (with no
        // load, as the public search may be given, the bound is X itself)
        long x = BigDecimal.valueOf(vm.overhead()).divide(step, 0, RoundingMode.FLOOR).longValueExact();
        return Math.max(x, c.divide(step, 0, RoundingMode.FLOOR).longValueExact() - 1);
    }

    private static Scenario with(Scenario s, List<Integer> group, double budget) {
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        for (int i : group) {
            VirtualMachine vm = vms.get(i);
            vms.set(i, vm.withServer(vm.period(), budget, vm.overhead()));
        }
        return s.withVms(vms);
    }

    private static boolean proved(Scenario s, int[] ran, Cancellation cancel) throws CancelledException {
        if (cancel != null) {
            cancel.check();
        }
        ran[0]++;
        return SystemAnalysis.analyze(s).verdict() == Verdict.SCHEDULABLE;
    }

    /** What the command and the dialog say of a scenario the analysis does not prove as written; {@code see}: where to look. */
    public static String notProved(String see) {
        return "The scenario as written is not proved by the analysis of the whole host, so there are no budgets"
                + " proved at its own periods to lower (see " + see + ").";
    }

    /**
     * One sentence of {@code whole} (a search of {@code s}, null when {@code s} is not proved as written), as the
     * Design dialog says it: "At the scenario's own periods and vCPUs, the whole analysis proves these budgets per
     * vCPU: control 8.55 (9 as written), batch 0.317 (0.4 as written), together 1.8368 of the 3 cores."
     */
    public static String sentence(Scenario s, Result whole, int cores) {
        if (whole == null) {
            return notProved("Analysis");
        }
        StringBuilder b = new StringBuilder("At the scenario's own periods and vCPUs, the analysis of the whole host proves"
                + " these budgets per vCPU" + (whole.stopped() ? " (stopped at the bound of analyses: the budgets so far)" : "")
                + ": ");
        for (int i = 0; i < whole.budgets().size(); i++) {
            Budget x = whole.budgets().get(i);
            b.append(i == 0 ? "" : ", ").append(x.vm()).append(' ').append(Format.exact(x.budget())).append(" (")
                    .append(Format.exact(x.was())).append(" as written)");
        }
        return b.append(", together ").append(Format.table(whole.bandwidth())).append(" of the ")
                .append(Format.count(cores, "core", "cores")).append('.').toString();
    }
}

package org.vmsched.analysis;

import org.vmsched.model.GuestScheduler;
import org.vmsched.model.VirtualMachine;

/**
 * The smallest budget C_VM that keeps every task's deadline at a given VM period and overhead.
 * Supply grows with the budget at every window length, so schedulability is monotone in C and
 * bisection on the exact test converges to the least budget; the answer is the upper end of the
 * final bracket rounded up to 9 significant digits, so it always passes the test. Stateless.
 */
public final class BudgetSearch {

    /** Work of the EDF tests of one search (QPA steps × tasks); past it the search stops with the bracket found. */
    public static final long MAX_EDF_STEPS = 50_000_000;

    private BudgetSearch() {
    }

    /** Whether the VM's tasks meet their deadlines with this server. */
    public static boolean schedulable(VirtualMachine vm, Supply supply) {
        return vm.scheduler() == GuestScheduler.EDF
                ? EdfDemand.schedulable(supply, vm.tasks())
                : ResponseTimeAnalysis.schedulable(supply, vm.tasks());
    }

    /** As {@link #schedulable(VirtualMachine, Supply)}, charging the EDF test's steps to {@code spent}. */
    private static boolean schedulable(VirtualMachine vm, Supply supply, long[] spent, double lo, double hi) {
        if (vm.scheduler() != GuestScheduler.EDF) {
            return ResponseTimeAnalysis.schedulable(supply, vm.tasks());
        }
        if (spent[0] > MAX_EDF_STEPS) {
            throw new AnalysisLimitException("the budget search stopped after " + spent[0] + " task-steps of the EDF test"
                    + " (at most " + MAX_EDF_STEPS + "): the smallest budget of " + vm.name() + " lies in ("
                    + lo + ", " + hi + "], and " + hi + " passes");
        }
        EdfResult r = EdfDemand.test(supply, vm.tasks());
        spent[0] += Math.max(1, r.steps()) * vm.tasks().size(); // a step costs a pass over the tasks
        return r.schedulable();
    }

    /**
     * The least budget in (X, T] for the VM's tasks at {@code period}; NaN when even C = T fails.
     * Under EDF a budget the exact test cannot decide (THEORY.md §8.6) counts as failing, so the
     * answer still passes; when even C = T is undecided it throws {@link AnalysisLimitException}
     * with the reason rather than claim that no budget is enough.
     */
    public static double minBudget(VirtualMachine vm, double period) {
        return minBudget(vm, new Supply(period, period, vm.overhead()));
    }

    /**
     * As {@link #minBudget(VirtualMachine, double)} for a server of {@code shape}'s period, kind,
     * preemption bound P and late start (its budget is ignored), e.g. {@link VmSupply#at} for a VM
     * among neighbours: the least budget C with which the VM's tasks meet their deadlines.
     */
    public static double minBudget(VirtualMachine vm, Supply shape) {
        double period = shape.period();
        if (vm.scheduler() == GuestScheduler.EDF) {
            EdfResult full = EdfDemand.test(shape.withServer(period, period), vm.tasks());
            if (full.verdict() == Verdict.UNDECIDED) {
                throw new AnalysisLimitException("the EDF test cannot decide even the whole period " + period
                        + " as budget of " + vm.name() + ": " + full.reason());
            }
        }
        if (!schedulable(vm, shape.withServer(period, period))) {
            return Double.NaN;
        }
        double lo = shape.withServer(period, 0).lostPerPeriod();
        double hi = period;
        long[] spent = {0};
        for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (schedulable(vm, shape.withServer(period, mid), spent, lo, hi)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        // The shortest decimal in (lo, hi]: schedulability is monotone in C, so it passes too, and an
        // exact answer (4 rather than 4.0000000001) reads as the user expects.
        java.math.BigDecimal l = new java.math.BigDecimal(lo);
        for (int digits = 1; digits <= 17; digits++) {
            java.math.BigDecimal cand = l.round(new java.math.MathContext(digits, java.math.RoundingMode.CEILING));
            if (cand.compareTo(l) == 0) {
                cand = cand.add(java.math.BigDecimal.ONE.scaleByPowerOfTen(l.precision() - l.scale() - digits));
            }
            double d = cand.doubleValue();
            if (d > lo && d <= hi && schedulable(vm, shape.withServer(period, d), spent, lo, hi)) {
                return d;
            }
        }
        return hi;
    }
}

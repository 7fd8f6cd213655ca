package org.vmsched.analysis;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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

    /** The work of one search (for tests of its bound): exact tests run, and the RM iteration's terms. */
    static final class Effort {
        long checks;
        long terms;
        long wideTerms;
        int[] order;
    }

    /** As {@link #schedulable(VirtualMachine, Supply)}, charging the EDF test's steps to {@code spent}. */
    private static boolean schedulable(VirtualMachine vm, Supply supply, long[] spent, double lo, double hi,
                                       Effort effort) {
        effort.checks++;
        if (vm.scheduler() != GuestScheduler.EDF) {
            if (effort.order == null) {
                effort.order = ResponseTimeAnalysis.rateMonotonicOrder(vm.tasks());
            }
            FixedPoint.Work work = new FixedPoint.Work(); // each test its own budget, as in the analysis
            double[] r = ExactResponseTimes.compute(supply, vm.tasks(), 1.0, effort.order, work, true).responses();
            effort.terms += work.terms();
            effort.wideTerms += work.wideTerms();
            for (double x : r) {
                if (Double.isInfinite(x)) {
                    return false;
                }
            }
            return true;
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
        return minBudget(vm, shape, new Effort());
    }

    /** As {@link #minBudget(VirtualMachine, Supply)}, its work counted in {@code effort}. */
    static double minBudget(VirtualMachine vm, Supply shape, Effort effort) {
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
        // The answer is a function of the least budget C* alone: a budget passes exactly when it is
        // at least C* (monotone). So C* is first bracketed by short decimals (a, b], whose exact
        // tests run in 64 bits (a double's full decimal needs up to 17 digits, past 64 bits for
        // periods of 10^3 and more: BigInteger, several times dearer); then the bisection below
        // is replayed, exactly as before, testing only the budgets inside (a, b] (THEORY.md §10).
        double[] ab = vm.scheduler() == GuestScheduler.EDF ? new double[] {lo, hi} // see below
                : bracket(vm, shape, period, lo, hi, spent, effort);
        double a = ab[0];
        double b = ab[1];
        for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (passes(vm, shape, period, mid, a, b, spent, lo, hi, effort)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        // The shortest decimal in (lo, hi]: schedulability is monotone in C, so it passes too, and an
        // exact answer (4 rather than 4.0000000001) reads as the user expects.
        BigDecimal l = new BigDecimal(lo);
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal cand = l.round(new MathContext(digits, RoundingMode.CEILING));
            if (cand.compareTo(l) == 0) {
                cand = cand.add(BigDecimal.ONE.scaleByPowerOfTen(l.precision() - l.scale() - digits));
            }
            double d = cand.doubleValue();
            if (d > lo && d <= hi && passes(vm, shape, period, d, a, b, spent, lo, hi, effort)) {
                return d;
            }
        }
        return hi;
    }

    /** Whether budget c passes, known without a test outside (a, b] (a fails, b passes). */
    private static boolean passes(VirtualMachine vm, Supply shape, double period, double c, double a, double b,
                                  long[] spent, double lo, double hi, Effort effort) {
        if (c <= a) {
            return false;
        }
        if (c >= b) {
            return true;
        }
        return schedulable(vm, shape.withServer(period, c), spent, lo, hi, effort);
    }

    /**
     * A bracket (a, b] of the least budget, a failing (or the lost overhead: no useful supply) and b
     * passing, from lo (fails) and hi (passes), narrowed to a relative width of 10^-14 by testing
     * budgets of few digits: each is the shortest decimal in the middle half of the bracket.
     */
    private static double[] bracket(VirtualMachine vm, Supply shape, double period, double lo, double hi,
                                    long[] spent, Effort effort) {
        double a = lo;
        double b = hi;
        for (int i = 0; i < 200 && b - a > 1e-14 * b; i++) {
            double m = shortIn(a + 0.25 * (b - a), b - 0.25 * (b - a));
            if (!(m > a && m < b)) {
                break;
            }
            if (schedulable(vm, shape.withServer(period, m), spent, a, b, effort)) {
                b = m;
            } else {
                a = m;
            }
        }
        return new double[] {a, b};
    }

    /**
     * The double nearest a decimal of the fewest digits in [x, y] (0 &lt; x &lt; y), or their mean: the
     * mean's exact value rounded half-even to 1, 2, … 17 significant digits, the first that falls in
     * [x, y]. The roundings are read off the mean's digit string, written once, rather than by
     * {@link java.math.BigDecimal#round} for each length (the same numbers, a sixth of the work of a
     * budget search); {@code BudgetSearchShortInTest} compares the two.
     */
    static double shortIn(double x, double y) {
        double m = 0.5 * (x + y);
        if (!(m > 0) || !Double.isFinite(m)) {
            return m;
        }
        BigDecimal mid = new BigDecimal(m);
        String digits = mid.unscaledValue().toString();
        int len = digits.length();
        int lastNonZero = len - 1;
        while (lastNonZero > 0 && digits.charAt(lastNonZero) == '0') {
            lastNonZero--;
        }
        int exp = len - mid.scale(); // mid = 0.d1 d2 d3 … × 10^exp
        long head = 0;
        for (int d = 1; d <= 17; d++) {
            head = head * 10 + (d <= len ? digits.charAt(d - 1) - '0' : 0);
            long q = head;
            if (d < len) {
                int next = digits.charAt(d) - '0';
                if (next > 5 || next == 5 && (lastNonZero > d || (q & 1) == 1)) {
                    q++;
                }
            }
            double v = BigDecimal.valueOf(q, d - exp).doubleValue();
            if (v >= x && v <= y) {
                return v;
            }
        }
        return m;
    }
}

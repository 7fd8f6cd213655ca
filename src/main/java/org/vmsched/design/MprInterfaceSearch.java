package org.vmsched.design;

import java.math.BigDecimal;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.mpr.GlobalEdfOnMpr;
import org.vmsched.analysis.mpr.GlobalRmOnMpr;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.MprResult;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.design.MprDesigner.Policy;
import org.vmsched.design.MprDesigner.PreemptionCount;
import org.vmsched.progress.CancelledException;

/**
 * The state of one {@link MprDesigner} search (THEORY.md §15.9): the best interface so far, which a
 * later one replaces only at a strictly lower bandwidth; per (period, vCPUs) the least budget of
 * {@link MprDesigner#BUDGET_DIGITS} significant digits that the policy's tests accept. One per
 * search; not thread-safe.
 */
final class MprInterfaceSearch {

    /**
     * Interval lengths one Shin-Easwaran-Lee test of the search may check (the analysis allows
     * {@link GlobalEdfOnMpr#MAX_POINTS}): a test that would need more (a budget whose rate is just
     * above U, where the bound of Theorem 2 on A_k grows as 1/(Θ/Π − U)) counts as failing, so the
     * search stops lowering the budget there. Sound: a pass still checks every interval length
     * (BENCHMARKS.md "Global design, bounded").
     */
    static final long SEL_MAX_POINTS = 100_000;

    private static final SafeRounding.Precision BUDGET = new SafeRounding.Precision(MprDesigner.BUDGET_DIGITS, null);

    final List<GlobalTask> tasks;
    final Policy policy;
    final BigFraction overhead;
    final PreemptionCount preemptionsAt;
    final BigFraction u;
    int preemptions;
    int bestPreemptions;
    MprResult best;
    BigFraction bestPeriod;
    BigFraction bestBudget;
    int bestVcpus;
    String bestTest;
    long tests;
    int periodsTried;
    private BigFraction lastPeriod;
    private final Work work;

    MprInterfaceSearch(List<GlobalTask> tasks, Policy policy, BigFraction overhead, PreemptionCount preemptionsAt,
                       BigFraction u, Work work) {
        this.work = work;
        this.tasks = tasks;
        this.policy = policy;
        this.overhead = overhead;
        this.preemptionsAt = preemptionsAt;
        this.u = u;
    }

    BigFraction bestBandwidth() {
        return bestBudget.multiply(bestVcpus).divide(bestPeriod);
    }

    /** The least budget of BUDGET_DIGITS digits at (period, m) if its bandwidth beats the best so far. */
    void tryInterface(BigFraction period, int m) throws CancelledException {
        if (!period.equals(lastPeriod)) {
            lastPeriod = period;
            periodsTried++;
        }
        preemptions = preemptionsAt.at(period, m);
        if (preemptions < 0) {
            throw new IllegalArgumentException("preemptions per period must be >= 0, got " + preemptions);
        }
        BigFraction perDispatch = overhead.multiply(1 + preemptions);
        // Necessary: U ≤ Θ/Π = m(C − (1 + P)X)/Π, so C ≥ UΠ/m + (1 + P)X.
        BigFraction least = u.multiply(period).divide(m).add(perDispatch);
        if (least.compareTo(period) > 0) {
            return;
        }
        BigFraction cap = period;
        if (best != null) {
            BigFraction bw = bestBandwidth();
            if (least.multiply(m).divide(period).compareTo(bw) >= 0) {
                return;
            }
            cap = min(period, bw.multiply(period).divide(m));
        }
        // The largest budget worth trying (strictly below the best bandwidth); monotone in C, so one
        // failing test here rules out every smaller budget (§15.9).
        BigFraction top = best == null || cap.multiply(m).divide(period).compareTo(bestBandwidth()) < 0 ? cap
                : fraction(below(cap));
        if (top.compareTo(least) < 0 || test(period, top, m) == null) {
            return;
        }
        Passing passing = roundedBudget(period, bisect(period, least, top, m), least, m);
        if (passing == null) {
            return;
        }
        BigFraction bw = fraction(passing.budget()).multiply(m).divide(period);
        if (best == null || bw.compareTo(bestBandwidth()) < 0) {
            best = passing.result();
            bestPeriod = period;
            bestBudget = fraction(passing.budget());
            bestVcpus = m;
            bestPreemptions = preemptions;
            bestTest = passing.result().test();
        }
    }

    /**
     * A passing budget within a quarter of the budget precision above the least passing one, by
     * bisection between {@code least} and {@code top} (which passes).
     */
    private BigFraction bisect(BigFraction period, BigFraction least, BigFraction top, int m) throws CancelledException {
        BigFraction pass = top;
        BigFraction fail = least;
        if (test(period, least, m) != null) {
            pass = least;
        }
        while (pass.compareTo(fail) > 0 && pass.subtract(fail).compareTo(quantum(pass).divide(4)) > 0) {
            BigFraction mid = pass.add(fail).divide(2);
            if (test(period, mid, m) != null) {
                pass = mid;
            } else {
                fail = mid;
            }
        }
        return pass;
    }

    /** A budget of the budget precision that passes, and the test's result there. */
    private record Passing(BigDecimal budget, MprResult result) {
    }

    /**
     * The least budget of the budget precision that passes near {@code pass}: rounded up (at most
     * the period), up to 10 steps up until it passes, then up to 10 steps down (not below
     * {@code least}) while it still passes; null when none passes within the period.
     */
    private Passing roundedBudget(BigFraction period, BigFraction pass, BigFraction least, int m) throws CancelledException {
        BigDecimal c = SafeRounding.up(pass, BUDGET);
        if (fraction(c).compareTo(period) > 0) {
            c = BigDecimal.valueOf(period.doubleValue());
        }
        MprResult ok = test(period, fraction(c), m);
        for (int up = 0; ok == null && up < 10; up++) {
            c = above(c);
            if (fraction(c).compareTo(period) > 0) {
                return null;
            }
            ok = test(period, fraction(c), m);
        }
        if (ok == null) {
            return null;
        }
        for (int down = 0; down < 10; down++) {
            BigDecimal lower = below(fraction(c));
            if (fraction(lower).compareTo(least) < 0) {
                break;
            }
            MprResult r = test(period, fraction(lower), m);
            if (r == null) {
                break;
            }
            c = lower;
            ok = r;
        }
        return new Passing(c, ok);
    }

    /** The passing result at (Π, C, m′), or null when no test of the policy accepts it. */
    MprResult test(BigFraction period, BigFraction budget, int m) throws CancelledException {
        work.check();
        MprSupply supply = MprDesigner.supply(period, budget, m, overhead, preemptions);
        tests++;
        if (policy == Policy.GLOBAL_RM) {
            MprResult r = GlobalRmOnMpr.bertognaCirineiLipari(supply, tasks);
            return r.schedulable() ? r : null;
        }
        MprResult r = GlobalEdfOnMpr.bertognaCirineiLipari(supply, tasks);
        if (r.schedulable()) {
            return r;
        }
        work.check(); // a second test, counted as one
        tests++;
        r = GlobalEdfOnMpr.shinEaswaranLee(supply, tasks, SEL_MAX_POINTS);
        return r.schedulable() ? r : null;
    }

    /** One step of the budget precision at x (10^(⌊log10 x⌋ − digits + 1)). */
    private static BigFraction quantum(BigFraction x) {
        BigDecimal d = SafeRounding.up(x, BUDGET);
        return fraction(BigDecimal.ONE.scaleByPowerOfTen(d.precision() - d.scale() - MprDesigner.BUDGET_DIGITS));
    }

    /** The largest decimal of the budget precision strictly below x. */
    private static BigDecimal below(BigFraction x) {
        BigDecimal d = SafeRounding.down(x, BUDGET);
        if (fraction(d).compareTo(x) < 0) {
            return d;
        }
        BigFraction step = quantum(x.multiply(new BigFraction(999, 1000)));
        return SafeRounding.down(x.subtract(step.divide(1000)), BUDGET);
    }

    /** The next decimal of the budget precision above d. */
    private static BigDecimal above(BigDecimal d) {
        BigFraction x = fraction(d);
        return SafeRounding.up(x.add(quantum(x).divide(1000)), BUDGET);
    }

    private static BigFraction fraction(BigDecimal d) {
        return SafeRounding.fraction(d);
    }

    private static BigFraction min(BigFraction a, BigFraction b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}

package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterProperty;
import org.vmsched.JudgedTries;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The exact good-period sets agree with the plain schedulability tests they stand for: every
 * period inside a reported interval passes the test, every period outside fails it (THEORY.md
 * §3). Task sets are small integer or one-decimal sets so that shrinking ends on a readable one.
 */
class GoodPeriodsProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    /** Relative step "just outside" an endpoint. */
    private static final double OUT = 1e-6;

    // ---------------------------------------------------------------- generators

    /** A number that is an integer in [lo, hi] or one decimal in [lo, hi]. */
    private static Arbitrary<Double> smallNumber(int lo, int hi) {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(lo, hi).map(i -> (double) i),
                Arbitraries.integers().between(lo * 10, hi * 10).map(i -> i / 10.0));
    }

    /** One task: period in [1, 60], wcet at most period/n (so U ≤ 1), deadline = period or shorter. */
    private static Arbitrary<Task> task(int n, int index) {
        return smallNumber(1, 60).flatMap(period -> {
            double maxWcet = Math.max(0.1, Math.floor(period * 10 / n) / 10);
            Arbitrary<Double> wcet = Arbitraries.integers().between(1, (int) Math.round(maxWcet * 10)).map(i -> i / 10.0);
            return wcet.flatMap(c -> {
                Arbitrary<Double> deadline = Arbitraries.oneOf(
                        Arbitraries.just(period),
                        Arbitraries.integers().between((int) Math.round(c * 10), (int) Math.round(period * 10))
                                .map(i -> i / 10.0));
                return deadline.map(d -> new Task("t" + index, c, period, d, 0));
            });
        });
    }

    @Provide
    Arbitrary<List<Task>> taskSets() {
        return smallTaskSets();
    }

    /** 1 to 8 tasks of {@link #task}, total utilisation at most 1 (shared with {@link ExactEndsProperties}). */
    static Arbitrary<List<Task>> smallTaskSets() {
        return Arbitraries.integers().between(1, 8).flatMap(n -> {
            List<Arbitrary<Task>> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                parts.add(task(n, i));
            }
            return Combinators.combine(parts).as(ts -> ts);
        });
    }

    @Provide
    Arbitrary<Double> bandwidths() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(1, 100).map(i -> i / 100.0),
                Arbitraries.doubles().between(0.001, 1.0).ofScale(6));
    }

    @Provide
    Arbitrary<Double> overheads() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(2, Arbitraries.just(0.0)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 20).map(i -> i / 10.0)));
    }

    // ---------------------------------------------------------------- RM

    @Property(tries = 400)
    void rmPeriodsInsideTheGoodSetPassAndPeriodsOutsideFail(
            @ForAll("taskSets") List<Task> tasks, @ForAll("bandwidths") double alpha, @ForAll("overheads") double x,
            @ForAll @Size(4) List<@DoubleRange(min = 0, max = 1) Double> fractions) {
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        double min = gp.defaultMinPeriod();
        List<Interval> iv = gp.intervals(alpha, x, min);
        checkRegion(iv, min, alpha, x, fractions, tasks, p -> rm(tasks, alpha, x, p), Double.NEGATIVE_INFINITY);
        double top = iv.isEmpty() ? 0 : iv.get(iv.size() - 1).hi();
        assertSame(top, gp.tmax(alpha, x, min), "tmax vs top of " + iv);
        if (!iv.isEmpty()) {
            assertTrue(top <= Bounds.upperBound(alpha, x, tasks) * (1 + 1e-9), "Tmax " + top + " above the upper bound");
        }
    }

    private static boolean rm(List<Task> tasks, double alpha, double x, double period) {
        return schedulableWithinTolerance(new Supply(period, alpha * period, x), tasks);
    }

    /**
     * The time unit is the user's: the same system in seconds instead of microseconds has the same
     * good periods, scaled, and the same verdict just outside them (THEORY.md §3's tolerance is
     * relative).
     */
    @Property(tries = 200)
    void goodPeriodsDoNotDependOnTheTimeUnit(
            @ForAll("taskSets") List<Task> tasks, @ForAll("bandwidths") double alpha, @ForAll("overheads") double x,
            @ForAll("scales") double scale) {
        judged.assume(alpha < 1);
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(alpha, x, gp.defaultMinPeriod());
        List<Task> scaled = tasks.stream()
                .map(t -> new Task(t.name(), t.wcet() * scale, t.period() * scale, t.deadline() * scale, 0)).toList();
        GoodPeriods gs = GoodPeriods.of(scaled, GuestScheduler.RM);
        List<Interval> is = gs.intervals(alpha, x * scale, gs.defaultMinPeriod());
        assertEquals(iv.size(), is.size(), "unit 1: " + iv + "; unit " + scale + ": " + is);
        for (int i = 0; i < iv.size(); i++) {
            assertEquals(iv.get(i).lo(), is.get(i).lo() / scale, 1e-7 * iv.get(i).lo(), "unit " + scale + ": " + is);
            assertEquals(iv.get(i).hi(), is.get(i).hi() / scale, 1e-7 * iv.get(i).hi(), "unit " + scale + ": " + is);
            double above = is.get(i).hi() * (1 + OUT);
            if (!inside(is, above)) {
                assertFalse(rm(scaled, alpha, x * scale, above), "just above " + is.get(i) + " passes, unit " + scale);
            }
        }
    }

    @Provide
    Arbitrary<Double> scales() {
        return Arbitraries.of(1e-6, 1e-3, 1e3, 1e6);
    }

    // ---------------------------------------------------------------- EDF

    @Property(tries = 250)
    void edfPeriodsInsideTheGoodSetPassAndPeriodsOutsideFail(
            @ForAll("taskSets") List<Task> tasks, @ForAll("bandwidths") double alpha, @ForAll("overheads") double x,
            @ForAll @Size(4) List<@DoubleRange(min = 0, max = 1) Double> fractions) {
        double u = EdfDemand.utilization(tasks);
        judged.assume(deadlinesToCheck(tasks, alpha, x, u) <= 20_000);
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.EDF);
        double min = gp.defaultMinPeriod();
        List<Interval> iv = gp.intervals(alpha, x, min);
        // Documented: within 1 % above the left bound X/(α−U) EDF's region is conservative.
        double conservativeBelow = x > 0 && alpha > u ? x / (alpha - u) * 1.011 : Double.NEGATIVE_INFINITY;
        checkRegion(iv, min, alpha, x, fractions, tasks, p -> edf(tasks, alpha, x, p), conservativeBelow);
        double top = iv.isEmpty() ? 0 : iv.get(iv.size() - 1).hi();
        assertSame(top, gp.tmax(alpha, x, min), "tmax vs top of " + iv);
    }

    /**
     * As above with α only just above U, where the horizon is long at long periods and short at
     * short ones: the walk asks only the demand points up to the horizon of the periods at or below
     * its cursor (THEORY.md §8.3.1), and a point it skipped must never have been the one to fail.
     */
    @Property(tries = 150)
    void edfRegionJustAboveUtilisationMatchesTheExactTest(
            @ForAll("taskSets") List<Task> tasks, @ForAll @DoubleRange(min = 0.02, max = 0.1) @net.jqwik.api.constraints.Scale(4) double above,
            @ForAll("overheads") double x, @ForAll @Size(4) List<@DoubleRange(min = 0, max = 1) Double> fractions) {
        double u = EdfDemand.utilization(tasks);
        double alpha = Math.min(1, u * (1 + above));
        boolean checkable = alpha > u && deadlinesToCheck(tasks, alpha, x, u) <= 100_000;
        Statistics.label("judged").collect(checkable ? "yes" : alpha > u ? "too many deadlines" : "U near 1");
        judged.assume(checkable);
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.EDF);
        double min = gp.defaultMinPeriod();
        List<Interval> iv = gp.intervals(alpha, x, min);
        double conservativeBelow = x > 0 ? x / (alpha - u) * 1.011 : Double.NEGATIVE_INFINITY;
        checkRegion(iv, min, alpha, x, fractions, tasks, p -> edf(tasks, alpha, x, p), conservativeBelow);
        Statistics.label("good intervals").collect(iv.isEmpty() ? "none" : iv.size() == 1 ? "one" : "several");
    }

    /**
     * The exact EDF test (THEORY.md §8) with the region's own tolerance (§3: 1e-9 relative) given
     * to the supply: the region's endpoints are floating-point roots, and at the double just
     * outside a root the exact test rightly fails by about 1e-16. Periods 1e-6 outside still fail.
     */
    private static boolean edf(List<Task> tasks, double alpha, double x, double period) {
        double budget = Math.min(period, alpha * period * (1 + Tolerance.REL));
        return EdfDemand.schedulable(new Supply(period, budget, x * (1 - Tolerance.REL)), tasks);
    }

    /**
     * Roughly how many absolute deadlines the exact EDF region enumerates: the demand-bound
     * horizon grows like 1/(α − U), so sets with α only just above U need millions (slow, and
     * memory-hungry: see the report); those are left out of this property.
     */
    private static double deadlinesToCheck(List<Task> tasks, double alpha, double x, double u) {
        if (alpha <= u) {
            return 0;
        }
        double minD = tasks.stream().mapToDouble(Task::deadline).min().orElseThrow();
        double lowest = Math.max(Bounds.firstTask(tasks).period() / 1000, x > 0 ? x / (alpha - u) * 1.01 : 0);
        double top = alpha >= 1 ? 1e6 * minD : Math.max(lowest, (minD - x) / (2 * (1 - alpha)));
        double horizon = Math.max(EdfDemand.horizon(Supply.ofBandwidth(alpha, lowest, x), tasks),
                EdfDemand.horizon(Supply.ofBandwidth(alpha, top, x), tasks));
        double count = 0;
        for (Task t : tasks) {
            count += horizon / t.period();
        }
        return count;
    }

    // ---------------------------------------------------------------- budgets

    @Property(tries = 300)
    void smallestBudgetIsSchedulableAndOneThousandthLessIsNot(
            @ForAll("taskSets") List<Task> tasks, @ForAll("overheads") double x,
            @ForAll @DoubleRange(min = 0.05, max = 2.0) double periodFactor, @ForAll boolean edf) {
        double t1 = Bounds.firstTask(tasks).period();
        double period = Math.max(x * 1.5 + 0.01, periodFactor * t1);
        VirtualMachine vm = VirtualMachine.of("vm", period, period, x, tasks)
                .withScheduler(edf ? GuestScheduler.EDF : GuestScheduler.RM);
        double c = Double.NaN;
        boolean answered = true;
        try {
            c = BudgetSearch.minBudget(vm, period);
        } catch (AnalysisLimitException e) {
            // the search's work budget (THEORY.md §10): an answer with its reason, not a wrong budget
            answered = false;
        }
        judged.assume(answered);
        if (Double.isNaN(c)) {
            assertFalse(BudgetSearch.schedulable(vm, new Supply(period, period, x)), "NaN only when C = T fails");
            return;
        }
        assertTrue(c > x && c <= period, "min budget " + c + " not in (X, T]");
        assertTrue(BudgetSearch.schedulable(vm, new Supply(period, c, x)), "min budget " + c + " not schedulable");
        assertFalse(BudgetSearch.schedulable(vm, new Supply(period, c * 0.999, x)),
                "0.1 % below the min budget " + c + " still schedulable");
    }

    // ---------------------------------------------------------------- shared checks

    private interface Test {
        boolean schedulable(double period);
    }

    /**
     * Endpoints, isolated points and interior points of every interval pass; points just outside
     * each endpoint and random points outside every interval fail, except below
     * {@code conservativeBelow} where only "inside ⇒ schedulable" is required.
     */
    private static void checkRegion(List<Interval> iv, double min, double alpha, double x, List<Double> fractions,
                                    List<Task> tasks, Test test, double conservativeBelow) {
        for (int i = 0; i < iv.size(); i++) {
            Interval in = iv.get(i);
            assertTrue(in.lo() <= in.hi(), "interval upside down: " + iv);
            if (i > 0) {
                assertTrue(in.lo() > iv.get(i - 1).hi(), "intervals not increasing and disjoint: " + iv);
            }
            double hi = Double.isInfinite(in.hi()) ? Math.max(10 * in.lo(), 1e4) : in.hi();
            assertTrue(test.schedulable(in.lo()), "bottom of " + in + " fails; good set " + iv);
            assertTrue(test.schedulable(hi), "top " + hi + " of " + in + " fails; good set " + iv);
            for (double f : fractions) {
                double p = in.lo() + f * (hi - in.lo());
                assertTrue(test.schedulable(p), "interior " + p + " of " + in + " fails; good set " + iv);
            }
            double below = in.lo() * (1 - OUT);
            if (below >= min && below > conservativeBelow && !inside(iv, below)) {
                assertFalse(test.schedulable(below), "just below " + in + " passes; good set " + iv);
            }
            double above = in.hi() * (1 + OUT);
            if (Double.isFinite(above) && !inside(iv, above)) {
                assertFalse(test.schedulable(above), "just above " + in + " passes; good set " + iv);
            }
        }
        // Random periods outside every interval, up to past the upper bound.
        double ub = Bounds.upperBound(alpha, x, tasks);
        double reach = Double.isFinite(ub) && ub > 0 ? 1.5 * ub : 100 * Bounds.firstTask(tasks).period();
        if (!iv.isEmpty() && Double.isFinite(iv.get(iv.size() - 1).hi())) {
            reach = Math.max(reach, 1.5 * iv.get(iv.size() - 1).hi());
        }
        for (double f : fractions) {
            double p = min + f * (reach - min);
            if (p > conservativeBelow && !nearAny(iv, p)) {
                assertFalse(test.schedulable(p), "outside period " + p + " passes; good set " + iv);
            }
        }
    }

    private static boolean inside(List<Interval> iv, double p) {
        for (Interval in : iv) {
            if (in.contains(p)) {
                return true;
            }
        }
        return false;
    }

    private static boolean nearAny(List<Interval> iv, double p) {
        for (Interval in : iv) {
            if (p >= in.lo() * (1 - OUT / 10) && p <= in.hi() * (1 + OUT / 10)) {
                return true;
            }
        }
        return false;
    }

    private static void assertSame(double expected, double actual, String message) {
        assertTrue(expected == actual || Tolerance.eq(expected, actual), message + ": expected " + expected + ", got " + actual);
    }

    /**
     * The floating-point test with the relative tolerance of THEORY.md §3 that the double search
     * is computed with: this property checks that search (the charts' picture) at double
     * periods; {@link ExactEndsProperties} checks the exact ends the verdicts report.
     */
    static boolean schedulableWithinTolerance(Supply supply, List<Task> tasks) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        double[] c = new double[order.length];
        double[] t = new double[order.length];
        for (int p = 0; p < order.length; p++) {
            c[p] = tasks.get(order[p]).wcet();
            t[p] = tasks.get(order[p]).period();
        }
        for (int p = 0; p < order.length; p++) {
            if (Double.isInfinite(ResponseTimeAnalysis.responseTime(supply, c, t, p, tasks.get(order[p]).deadline(), null))) {
                return false;
            }
        }
        return true;
    }
}

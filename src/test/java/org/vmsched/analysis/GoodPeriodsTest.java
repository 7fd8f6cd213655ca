package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/** Regressions found by {@link GoodPeriodsProperties}, each with the shrunk sample. */
class GoodPeriodsTest {

    /**
     * Periods below 1 time unit: the comparison tolerance is absolute there (1e-9), larger than
     * the relative step the interval walk took below each bottom, so the walk used to report
     * four or five phantom single points just under every interval.
     */
    @Test
    void noPhantomPointsBelowIntervalsWhenPeriodsAreShorterThanOneTimeUnit() {
        List<Task> tasks = List.of(new Task("t0", 0.1, 7, 1.2, 0));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.09, 0, gp.defaultMinPeriod());
        BigFraction alpha = new BigFraction(9, 100);
        SupplyForm.Exact form = SupplyForm.exact(new Supply(1, 0.09, 0), alpha);
        for (ExactInterval in : gp.exactIntervals(alpha, new Supply(1, 0.09, 0), gp.defaultMinPeriod())) {
            assertTrue(ExactEndsProperties.good(tasks, GuestScheduler.RM, alpha, form, in.lo()),
                    "bottom of " + in + " fails; good set " + iv);
        }
        assertEquals(0, iv.stream().filter(Interval::isPoint).count(), iv.toString());
    }

    /**
     * The same system in any time unit (seconds or microseconds): the comparisons are relative
     * (THEORY.md §3), so the isolated Tmax 10 stays isolated and 1e-6 above it still fails. With
     * an absolute 1e-9 slack, tasks of a few microseconds written in seconds passed at 10·(1+1e-6).
     */
    @ParameterizedTest
    @ValueSource(doubles = {1e-6, 1e-3, 1, 1e3, 1e6})
    void thesisExampleGivesTheSameAnswerInEveryTimeUnit(double unit) {
        List<Task> tasks = ThesisExamplesTest.THESIS.stream()
                .map(t -> new Task(t.name(), t.wcet() * unit, t.period() * unit, t.deadline() * unit, 0)).toList();
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.4, 0, gp.defaultMinPeriod());
        assertEquals(4, iv.size(), iv.toString());
        assertTrue(iv.get(3).isPoint(), iv.toString());
        assertEquals(10, iv.get(3).lo() / unit, 1e-9);
        double t = 10 * unit;
        // exactly the point 10 (in the unit), schedulable exactly, and not a millionth above
        List<ExactInterval> exact = gp.exactIntervals(new BigFraction(2, 5), new Supply(1, 0.4, 0), gp.defaultMinPeriod());
        assertEquals(ExactDecimal.fraction(unit).multiply(10), exact.get(3).lo(), exact.toString());
        assertTrue(exact.get(3).isPoint(), exact.toString());
        assertTrue(ResponseTimeAnalysis.schedulable(new Supply(t, 0.4 * t, 0), tasks));
        double above = t * (1 + 1e-6);
        assertTrue(!ResponseTimeAnalysis.schedulable(new Supply(above, 0.4 * above, 0), tasks), "T = " + above);
        double r3 = ResponseTimeAnalysis.responseTimes(new Supply(t, 0.4 * t, 0), tasks, 1)[2];
        assertEquals(36, r3 / unit, 1e-9);
    }

    /**
     * Bandwidth 1 with overhead: the whole range [0.3/17 + 0.1, ∞) is good (τ0 finishes at exactly
     * 2 = D0 for T in [0.117647, 0.11875)), which a comparison of a rounding-level difference
     * with 0 under a relative tolerance cut off at 0.11875.
     */
    @Test
    void bandwidthOneWithOverheadKeepsPeriodsWhereTheResponseTimeEqualsTheDeadline() {
        List<Task> tasks = List.of(Task.of("t0", 0.1, 2), Task.of("t1", 0.1, 1));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(1.0, 0.1, gp.defaultMinPeriod());
        assertEquals(1, iv.size(), iv.toString());
        assertEquals(0.1 + 0.3 / 17, iv.get(0).lo(), 1e-9, iv.toString());
        assertTrue(ResponseTimeAnalysis.schedulable(new Supply(0.118, 0.118, 0.1), tasks));
        List<ExactInterval> exact = gp.exactIntervals(BigFraction.ONE, new Supply(1, 1, 0.1), gp.defaultMinPeriod());
        assertEquals("[[2/17, ∞]]", exact.toString(), "0.1 + 0.3/17 = 2/17 exactly");
    }

    /**
     * EDF at bandwidth 1 without overhead is a dedicated processor (sbf(t) = t): every period
     * works when the set meets EDF's test. Deadlines where dbf(t) = t up to rounding
     * (0.2 + 0.1 = 0.30000000000000004) used to cut the good set off at 0.075.
     */
    @Test
    void edfAtBandwidthOneIsGoodAtEveryPeriodWhenDemandMeetsSupplyExactly() {
        List<Task> tasks = List.of(new Task("t0", 0.2, 2, 0.2, 0), new Task("t1", 0.1, 1, 0.3, 0),
                Task.of("t2", 0.1, 2), Task.of("t3", 0.1, 2), Task.of("t4", 0.1, 2), Task.of("t5", 0.1, 2));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.EDF);
        List<Interval> iv = gp.intervals(1.0, 0, gp.defaultMinPeriod());
        assertEquals(List.of(new Interval(gp.defaultMinPeriod(), Double.POSITIVE_INFINITY)), iv);
        assertTrue(EdfDemand.schedulable(new Supply(0.07, 0.07, 0), tasks));
    }

    /**
     * Issue 8 (a) as a region: at α = 1, X = 0 a VM is a whole core whatever its period, and
     * (8, 20), (3, 5) with U = 1 meet every deadline there, so every period is good. At α = U
     * below 1 no period is (C &lt; T: the supply stays behind U·t, THEORY.md §8.3 (c)).
     */
    @Test
    void edfAtUtilisationOneOnAWholeCoreIsGoodAtEveryPeriod() {
        List<Task> tasks = List.of(Task.of("a", 8, 20), Task.of("b", 3, 5));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.EDF);
        assertEquals(List.of(new Interval(gp.defaultMinPeriod(), Double.POSITIVE_INFINITY)),
                gp.intervals(1.0, 0, gp.defaultMinPeriod()));
        assertEquals(List.of(), gp.intervals(1.0, 0.1, gp.defaultMinPeriod()), "X > 0: the useful rate is below 1");
        List<Task> half = List.of(Task.of("a", 4, 20), Task.of("b", 1.5, 5));
        assertEquals(List.of(), GoodPeriods.of(half, GuestScheduler.EDF).intervals(0.5, 0, 0.005));
        assertFalse(EdfDemand.schedulable(new Supply(3, 1.5, 0), half), "α = U = 0.5 fails at every period");
    }

    /**
     * Issue 30 item 1 (bench/fuzz-2030-case-19410.json): an EDF VM (10, 4) with (3, 50) and a task
     * of period 10^7 and deadline 8·10^5. The horizon of every period searched is below 100, yet the
     * region listed each deadline up to 1.05·L + max D, 32,800 of them, each refined exactly: 16 s.
     * A deadline beyond L(T) passes at T by §8.3 (b) whatever the longest deadline (D ≤ T), so the
     * longest deadline is no part of the reach; the good periods are unchanged.
     */
    @Test
    void anEdfRegionListsOnlyTheDeadlinesBelowItsHorizonNotUpToTheLongestDeadline() {
        List<Task> tasks = List.of(new Task("collect", 3, 50, 50, 0), new Task("flush", 5, 1e7, 8e5, 0));
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.EDF);
        Supply shape = new Supply(1, 0.4, 0);
        int listed = gp.regionRequirements(0.4, shape, gp.defaultMinPeriod());
        assertTrue(listed > 0 && listed <= 100, listed + " deadlines listed");
        List<ExactInterval> good = gp.exactIntervals(new BigFraction(2, 5), shape, gp.defaultMinPeriod());
        assertEquals(1, good.size(), good.toString());
        assertEquals(new BigFraction(235, 6), good.get(0).hi());
    }
}

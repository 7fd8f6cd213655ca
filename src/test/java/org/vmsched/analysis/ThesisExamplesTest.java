package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/** The worked checks of THEORY.md, each one a number from the thesis. */
class ThesisExamplesTest {

    static final List<Task> THESIS = List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));

    @Test
    void responseTimesOfTwoTasksInAVmOfPeriodSixBudgetThree() {
        double[] r = ResponseTimeAnalysis.responseTimes(new Supply(6, 3, 0), List.of(Task.of("a", 1, 8), Task.of("b", 3, 15)), 1);
        assertEquals(7, r[0], 1e-12);
        assertEquals(14, r[1], 1e-12);
    }

    @Test
    void responseTimesOfThesisExampleAtPeriodTenBudgetFour() {
        double[] r = ResponseTimeAnalysis.responseTimes(new Supply(10, 4, 0), THESIS, 1);
        assertEquals(14, r[0], 1e-12);
        assertEquals(15, r[1], 1e-12);
        assertEquals(36, r[2], 1e-12);
    }

    @Test
    void tmaxOfThesisExampleIsTenAtBandwidthPointFour() {
        GoodPeriods gp = GoodPeriods.of(THESIS, GuestScheduler.RM);
        assertEquals(10, gp.tmax(0.4, 0, gp.defaultMinPeriod()), 1e-9);
    }

    @Test
    void goodPeriodsAtBandwidthPointFourAreThreeIntervalsAndAnIsolatedTen() {
        GoodPeriods gp = GoodPeriods.of(THESIS, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.4, 0, gp.defaultMinPeriod());
        assertEquals(4, iv.size(), iv.toString());
        assertEquals(gp.defaultMinPeriod(), iv.get(0).lo(), 1e-12);
        assertEquals(22.0 / 3, iv.get(0).hi(), 1e-9);
        assertEquals(7.5, iv.get(1).lo(), 1e-9);
        assertEquals(8, iv.get(1).hi(), 1e-9);
        assertEquals(25.0 / 3, iv.get(2).lo(), 1e-9);
        assertEquals(55.0 / 6, iv.get(2).hi(), 1e-9);
        assertEquals(10, iv.get(3).lo(), 1e-9);
        assertTrue(iv.get(3).isPoint());
    }

    @Test
    void tmaxOfThesisExampleIsFourteenAtBandwidthOneHalfAndTheSetIsOneInterval() {
        GoodPeriods gp = GoodPeriods.of(THESIS, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.5, 0, gp.defaultMinPeriod());
        assertEquals(1, iv.size(), iv.toString());
        assertEquals(14, iv.get(0).hi(), 1e-9);
    }

    @ParameterizedTest
    @CsvSource({"0.54, 1, 0.3, 4.1666666667", "0.2, 16, 0.1, 160"})
    void leftBoundMatchesTheThesis(double alpha, double overhead, double u, double expected) {
        assertEquals(expected, Bounds.leftBound(alpha, overhead, u), 1e-6);
    }

    @Test
    void atBandwidthOneEveryPeriodFromTheMinimumUpIsGood() {
        GoodPeriods gp = GoodPeriods.of(THESIS, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(1.0, 0, gp.defaultMinPeriod());
        assertEquals(List.of(new Interval(gp.defaultMinPeriod(), Double.POSITIVE_INFINITY)), iv);
        assertEquals(Double.POSITIVE_INFINITY, gp.tmax(1.0, 0, gp.defaultMinPeriod()));
    }
}

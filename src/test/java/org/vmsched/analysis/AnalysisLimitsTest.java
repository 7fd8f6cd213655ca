package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** Inputs that once hung the exact search now end at once with a reason. */
class AnalysisLimitsTest {

    @Test
    void periodsTenToTheEightApartAreRefusedWithTheReasonInsteadOfEnumerated() {
        List<Task> tasks = List.of(Task.of("fast", 0.1, 1), Task.of("slow", 1, 1e8));
        AnalysisLimitException e = assertThrows(AnalysisLimitException.class, () -> GoodPeriods.of(tasks, GuestScheduler.RM));
        assertTrue(e.getMessage().contains("scheduling points"), e.getMessage());
        assertTrue(e.getMessage().contains("slow"), e.getMessage());
    }

    @Test
    void theVmVerdictStillHasItsResponseTimesWhenTheGoodPeriodsAreRefused() {
        VirtualMachine vm = VirtualMachine.of("V", 0.5, 0.4, 0, List.of(Task.of("fast", 0.1, 1), Task.of("slow", 1, 1e8)));
        VmVerdict v = SystemAnalysis.analyzeVm(vm, Double.NaN);
        assertNotNull(v.note());
        assertTrue(Double.isNaN(v.tmax()));
        assertEquals(0.3, v.tasks().get(0).responseTime(), 1e-12);
        assertTrue(v.schedulable());
    }

    @Test
    void aMinimumPeriodBelowABillionthOfTheShortestTaskPeriodIsRefused() {
        GoodPeriods gp = GoodPeriods.of(ThesisExamplesTest.THESIS, GuestScheduler.RM);
        assertThrows(AnalysisLimitException.class, () -> gp.intervals(0.4, 0, 1e-20));
    }

    @Test
    void theSmallestAllowedMinimumPeriodStillGivesTheThesisSet() {
        GoodPeriods gp = GoodPeriods.of(ThesisExamplesTest.THESIS, GuestScheduler.RM);
        List<Interval> iv = gp.intervals(0.4, 0, 16 * GoodPeriods.MIN_PERIOD_FACTOR);
        assertEquals(4, iv.size(), iv.toString());
        assertEquals(10, iv.get(3).lo(), 1e-9);
    }

    @Test
    void anUpperBoundBelowZeroReadsZero() {
        assertEquals(0, Bounds.upperBound(0.4, 100, 16, 2));
    }
}

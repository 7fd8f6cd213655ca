package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The smallest budget at a given VM period. */
class BudgetSearchTest {

    /** The bisection ends within 1e-9 of the exact answer; rounding up shows 4, not 3.999999996. */
    @Test
    void thesisExampleNeedsExactlyFourAtPeriodTen() {
        VirtualMachine vm = VirtualMachine.of("VM1", 10, 4, 0, ThesisExamplesTest.THESIS);
        assertEquals(4.0, BudgetSearch.minBudget(vm, 10));
    }

    @ParameterizedTest
    @CsvSource({"6, 0", "10, 0", "8, 0.5", "5, 0.25"})
    void minBudgetPassesAndALittleLessFails(double period, double overhead) {
        VirtualMachine vm = VirtualMachine.of("VM1", period, period, overhead, ThesisExamplesTest.THESIS);
        double c = BudgetSearch.minBudget(vm, period);
        assertTrue(BudgetSearch.schedulable(vm, new Supply(period, c, overhead)));
        assertTrue(!BudgetSearch.schedulable(vm, new Supply(period, c * (1 - 1e-6), overhead)), "c = " + c);
    }

    /** Under EDF an undecided whole period is refused with the reason, not reported as "no budget". */
    @Test
    void anEdfSetUndecidedEvenAtTheWholePeriodIsRefusedWithTheReason() {
        VirtualMachine vm = VirtualMachine.of("V", 1, 1, 0, List.of(Task.of("a", 999983, 2 * 999983),
                Task.of("b", 999979, 3 * 999979), Task.of("c", 999961, 6 * 999961))).withScheduler(GuestScheduler.EDF);
        AnalysisLimitException e = assertThrows(AnalysisLimitException.class,
                () -> BudgetSearch.minBudget(vm, 1));
        assertTrue(e.getMessage().contains("cannot decide"), e.getMessage());
    }

    /** Issue 8 (b) as a budget: at T = 10, X = 1 the task (9, 10) needs the whole period, exactly. */
    @Test
    void anEdfSetWhoseRateMustEqualUNeedsTheWholePeriod() {
        VirtualMachine vm = VirtualMachine.of("V", 10, 10, 1, List.of(Task.of("t", 9, 10))).withScheduler(GuestScheduler.EDF);
        assertEquals(10, BudgetSearch.minBudget(vm, 10));
    }
}

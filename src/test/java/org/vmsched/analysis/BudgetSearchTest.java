package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
}

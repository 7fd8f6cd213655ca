package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Task;

/** The facade and the exact conversion of a scenario's tasks to ticks. */
class HierarchiesTest {

    @Test
    void decimalsBecomeTicksExactly() {
        List<Task> tasks = List.of(Task.of("a", 0.3, 1.5), new Task("b", 0.25, 2, 2, 0.5));
        int scale = TickTask.scaleOf(tasks);
        assertEquals(2, scale);
        assertEquals(List.of(new TickTask(30, 150, 150, 0), new TickTask(25, 200, 200, 50)), TickTask.of(tasks, scale));
        assertThrows(ArithmeticException.class, () -> TickTask.of(tasks, 1));
    }

    @Test
    void cbsMinBudgetCountsTheNeighboursPreemptions() {
        CbsVm a = new CbsVm("VMa", CbsReservation.of(28, 50, 1), CbsFpTest.VMA);
        CbsVm b = new CbsVm("VMb", CbsReservation.of(52, 120, 1), CbsFpTest.VMB);
        // Θ = Q − 3·1 must reach 80/3 by the aligned supply: Q = 27 + 3 = 30 (whole ticks)
        assertEquals(30, Hierarchies.cbsMinBudget(a, List.of(a, b)));
        assertEquals(27, Hierarchies.cbsMinBudget(new CbsVm("VMa", CbsReservation.of(28, 50, 0), CbsFpTest.VMA), List.of(a)));
    }
}

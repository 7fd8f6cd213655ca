package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Task;

/**
 * EDF inside a VM at its edges (issue 8, finding 4): a useful rate exactly equal to U, and task
 * sets whose demand-bound horizon holds millions of deadlines. Every expected verdict here was
 * checked by brute force over all deadlines up to the exact horizon, in exact arithmetic.
 */
class EdfDemandTest {

    /** (a) U = 1 on a dedicated processor: dbf(20) = 20 = sbf(20), and the pattern repeats every 20. */
    @Test
    void fullUtilisationOnADedicatedProcessorIsSchedulable() {
        List<Task> tasks = List.of(Task.of("a", 8, 20), Task.of("b", 3, 5));
        assertTrue(EdfDemand.schedulable(Supply.dedicated(), tasks));
    }

    /** (b) T = C = 10, X = 1: useful rate 0.9 = U; the one job gets its 9 units exactly by 10. */
    @Test
    void usefulRateEqualToUtilisationIsSchedulable() {
        assertTrue(EdfDemand.schedulable(new Supply(10, 10, 1), List.of(Task.of("t", 9, 10))));
    }

    /**
     * T = 2, C = 1, X = 0 with (1, 3) and (9999999, 60000000): the horizon is L = 6·10^7 with
     * 2·10^7 deadlines below it, past the old cap of 5 million, where the answer silently became
     * "not schedulable". dbf(6·10^7) = 29999999 = sbf(6·10^7): schedulable, just.
     */
    @Test
    void aSetWithMillionsOfDeadlinesBelowItsHorizonIsStillDecided() {
        List<Task> tasks = List.of(Task.of("fast", 1, 3), Task.of("slow", 9999999, 60000000));
        assertTrue(EdfDemand.schedulable(new Supply(2, 1, 0), tasks));
    }
}

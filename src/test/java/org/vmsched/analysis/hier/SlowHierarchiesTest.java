package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.FixedPoint;

/**
 * The response-time loops of CBS/FP and FP/FP run {@link FixedPoint}'s iteration, with its work
 * budget (THEORY.md §10): the case of {@code src/test/resources/slow} in ticks of 10^-9, where
 * the plain iteration needed about 10^10 steps.
 */
class SlowHierarchiesTest {

    /** f = (999999, 10^6) ticks; s1..s20 = (4·10^7, 999998·10^9). */
    static List<TickTask> slowTasks() {
        List<TickTask> out = new ArrayList<>();
        for (int k = 1; k <= 20; k++) {
            out.add(new TickTask(40_000_000L, 999_998_000_000_000L, 999_998_000_000_000L, 0));
        }
        return out;
    }

    static final TickTask FAST = new TickTask(999_999, 1_000_000, 1_000_000, 0);

    @Test
    void fpFpBelowAFastVmAnswersExactlyWithLittleWork() {
        FpVm fast = new FpVm("fast", 1, List.of(FAST), 0);
        FpVm slow = new FpVm("slow", 2, slowTasks(), 0);
        FixedPoint.Work work = new FixedPoint.Work();
        for (int i = 0; i < 20; i++) {
            assertEquals(40_000L * (i + 1) * 1_000_000_000L, FpFp.responseTime(slow, i, List.of(fast), work));
        }
        assertTrue(work.terms() < 2_000, "work " + work.terms());
        assertEquals(999_999, FpFp.responseTimes(List.of(fast, slow))[0][0]);
    }

    @Test
    void aFullCbsReservationAnswersTheSame() {
        List<TickTask> tasks = new ArrayList<>();
        tasks.add(FAST);
        tasks.addAll(slowTasks());
        ReservationSupply full = CbsFp.supply(new CbsReservation(1_000_000_000, 1_000_000_000, 1_000_000_000, 0), 0,
                CbsFp.Phase.ANY);
        long[] r = full.responseTimes(tasks);
        long[] expected = new long[21];
        expected[0] = 999_999;
        for (int k = 1; k <= 20; k++) {
            expected[k] = 40_000L * k * 1_000_000_000L;
        }
        assertArrayEquals(expected, r);
        assertEquals(expected[20], full.responseTime(tasks, 20));
    }
}

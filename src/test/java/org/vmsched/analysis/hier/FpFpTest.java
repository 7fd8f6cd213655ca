package org.vmsched.analysis.hier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** FP/FP (the seed's Eq. 1) on hand-worked examples. */
class FpFpTest {

    /**
     * V1 (priority 0): (1, 4). V2 (priority 1): (2, 6), (3, 12).
     * V2.τ1: R = 2 + ⌈R/4⌉ = 3. V2.τ2: R = 3 + 2⌈R/6⌉ + ⌈R/4⌉: 3 → 6 → 7 → 9 → 10 → 10.
     */
    @Test
    void eq1WithoutOverhead() {
        FpVm v1 = new FpVm("V1", 0, List.of(TickTask.of(1, 4)), 0);
        FpVm v2 = new FpVm("V2", 1, List.of(TickTask.of(2, 6), TickTask.of(3, 12)), 0);
        long[][] r = FpFp.responseTimes(List.of(v1, v2));
        assertArrayEquals(new long[] {1}, r[0]);
        assertArrayEquals(new long[] {3, 10}, r[1]);
        assertTrue(FpFp.schedulable(List.of(v1, v2)));
    }

    /**
     * With X = 1 per switch: V1.τ1 R = 1 + 1 = 2; V2.τ1 R = 1 + 2 + ⌈R/4⌉(1 + 1 + 1): 3 → 6 → 9 > 6,
     * a miss.
     */
    @Test
    void eq1WithOverheadPerSwitch() {
        FpVm v1 = new FpVm("V1", 0, List.of(TickTask.of(1, 4)), 1);
        FpVm v2 = new FpVm("V2", 1, List.of(TickTask.of(2, 6), TickTask.of(3, 12)), 1);
        long[][] r = FpFp.responseTimes(List.of(v1, v2));
        assertEquals(2, r[0][0]);
        assertEquals(-1, r[1][0]);
        assertFalse(FpFp.schedulable(List.of(v1, v2)));
    }

    /** Equal priorities interfere both ways. */
    @Test
    void equalPrioritiesInterfereBothWays() {
        FpVm a = new FpVm("A", 0, List.of(TickTask.of(2, 10)), 0);
        FpVm b = new FpVm("B", 0, List.of(TickTask.of(3, 10)), 0);
        long[][] r = FpFp.responseTimes(List.of(a, b));
        assertEquals(5, r[0][0]);
        assertEquals(5, r[1][0]);
    }

    /**
     * The seed's two VMs under FP/FP (U = 0.867) fit in neither order. VMa above VMb: VMb.τ1
     * R = 30 + 30 + 50 = 110, VMb.τ2 R = 40 + 30⌈R/120⌉ + 30⌈R/150⌉ + 50⌈R/200⌉:
     * 40 → 150 → 180 → 210 → 260 &gt; 240. VMb above VMa: VMa.τ2 R = 50 + 30⌈R/150⌉ + 30⌈R/120⌉
     * + 40⌈R/240⌉: 50 → 150 → 180 → 210 &gt; 200. CBS/FP serves both (27/50 + 50/120 &lt; 1).
     */
    @Test
    void seedsTwoVmsFitInNeitherOrderUnderFpFp() {
        FpVm a = new FpVm("VMa", 0, CbsFpTest.VMA, 0);
        FpVm b = new FpVm("VMb", 1, CbsFpTest.VMB, 0);
        long[][] r = FpFp.responseTimes(List.of(a, b));
        assertArrayEquals(new long[] {30, 80}, r[0]);
        assertEquals(110, r[1][0]);
        assertEquals(-1, r[1][1]);
        long[][] swapped = FpFp.responseTimes(List.of(a.withPriority(1), b.withPriority(0)));
        assertEquals(-1, swapped[0][1]);
        assertNull(FpFp.optimalOrder(List.of(a, b)));
    }

    @Test
    void audsleyFindsTheOrderThatWorks() {
        FpVm slow = new FpVm("slow", 0, List.of(TickTask.of(5, 100)), 0);
        FpVm fast = new FpVm("fast", 1, List.of(TickTask.of(2, 4)), 0);
        assertFalse(FpFp.schedulable(List.of(slow, fast)));
        List<FpVm> order = FpFp.optimalOrder(List.of(slow, fast));
        assertNotNull(order);
        assertEquals("fast", order.get(0).name());
        assertTrue(FpFp.schedulable(order));
    }

    @Test
    void audsleyReturnsNullWhenNoOrderWorks() {
        FpVm a = new FpVm("A", 0, List.of(TickTask.of(6, 10)), 0);
        FpVm b = new FpVm("B", 1, List.of(TickTask.of(6, 10)), 0);
        assertNull(FpFp.optimalOrder(List.of(a, b)));
    }
}

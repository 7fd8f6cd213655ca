package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * The least supply of a host schedule (THEORY.md §15.19) against brute force over every window
 * start: exact at its points, never above the least supply anywhere (the chord of concave pieces),
 * its ticks and linear bound below it too.
 */
class ScheduleSupplyProperties {

    @Property(tries = 400, seed = "19")
    void theTableIsTheLeastSupplyAtItsPointsAndNeverAboveItElsewhere(@ForAll long seed) {
        Random r = new Random(seed);
        int k = 1 + r.nextInt(3);
        HostSchedule.Usable u = randomUsable(r, k, true);
        long s0 = u.steadyStart();
        long p = u.period();
        long lowest = r.nextInt(4) == 0 ? 0 : r.nextInt((int) (s0 + p + 5));
        ScheduleSupply.Built b = ScheduleSupply.of(u, k, lowest);
        if (b.supply() == null) {
            return; // no supply in the steady period
        }
        ScheduleSupply sup = b.supply();
        GuestSupply.Scaled ticks = sup.inTicks(BigInteger.valueOf(u.ticksPerUnit() * 2));
        BigFraction unit = new BigFraction(u.ticksPerUnit());
        BigFraction rho = sup.rate();
        for (long t = 0; t <= 3 * (s0 + p) + 10; t++) {
            long least = ScheduleSupply.bruteForce(u, lowest, t);
            BigFraction table = sup.sbf(new BigFraction(t).divide(unit));
            long tt = t;
            assertTrue(table.multiply(unit).compareTo(new BigFraction(least)) <= 0,
                    () -> "sbf(" + tt + ") = " + table.multiply(unit) + " above the least supply " + least + " in " + describe(u, lowest));
            assertTrue(ticks.sbf(2 * t) <= 2 * least, () -> "ticks above the least supply at " + tt);
            assertTrue(table.compareTo(rho.multiply(new BigFraction(t).divide(unit).subtract(sup.linearBlackout()))) >= 0,
                    () -> "the linear bound is above sbf at " + tt);
        }
        for (BigFraction c : sup.corners(BigFraction.ZERO, new BigFraction(3 * (s0 + p) + 10).divide(unit))) {
            BigFraction x = c.multiply(unit);
            assertEquals(BigInteger.ONE, x.getDenominator());
            long least = ScheduleSupply.bruteForce(u, lowest, x.getNumerator().longValueExact());
            assertEquals(new BigFraction(least), sup.sbf(c).multiply(unit), () -> "not exact at the corner " + x + " in " + describe(u, lowest));
        }
    }

    /**
     * Two vCPUs: one usable over [0, 6), none over [6, 8), both over [8, 10), every 10. The least
     * supply of a window of 4 is 2, over [4, 8): a window that starts where n does not drop and
     * ends where it rises. The windows from the drops (at 6 and 10) get 4.
     */
    @Test
    void theLeastWindowMayStartWhereNothingDrops() {
        HostSchedule.Usable u = new HostSchedule.Usable(1, 0, 10,
                List.of(List.of(new long[] {0, 6}, new long[] {8, 10}), List.of(new long[] {8, 10})));
        assertEquals(2, ScheduleSupply.bruteForce(u, 0, 4));
        ScheduleSupply.Built b = ScheduleSupply.of(u, 2, 0);
        assertNotNull(b.supply());
        assertEquals(new BigFraction(2), b.supply().sbf(new BigFraction(4)));
    }

    /**
     * Random usable intervals of {@code k} vCPUs, periodic from s₀ (0–19) with P 4–28; the schedule's
     * clock 1–3 ticks per unit when {@code anyClock}, else 1.
     */
    static HostSchedule.Usable randomUsable(Random r, int k, boolean anyClock) {
        long s0 = r.nextInt(3) == 0 ? 0 : r.nextInt(20);
        long p = 4 + r.nextInt(25);
        List<List<long[]>> perVcpu = new ArrayList<>();
        for (int q = 0; q < k; q++) {
            List<long[]> ivs = new ArrayList<>();
            long x = r.nextInt(4);
            while (x < s0 + p) {
                long len = 1 + r.nextInt(6);
                ivs.add(new long[] {x, Math.min(s0 + p, x + len)});
                x += len + 1 + r.nextInt(7);
            }
            perVcpu.add(ivs);
        }
        return new HostSchedule.Usable(anyClock ? 1 + r.nextInt(3) : 1, s0, p, perVcpu);
    }

    private static String describe(HostSchedule.Usable u, long lowest) {
        StringBuilder b = new StringBuilder("s0 " + u.steadyStart() + " P " + u.period() + " L " + lowest + ":");
        for (List<long[]> v : u.perVcpu()) {
            b.append(" |");
            for (long[] iv : v) {
                b.append(" [").append(iv[0]).append(",").append(iv[1]).append(")");
            }
        }
        return b.toString();
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * The supply level by level (THEORY.md §15.20) against brute force: each level's intervals are where
 * n ≥ ℓ; the room a job leaves is never above what the definition gives, at every window start and
 * every place the job may run; in ticks it stays below the left limit too; and it is concave between
 * its corners, which the tests' walks rely on.
 */
class LevelSupplyProperties {

    @Property(tries = 300, seed = "20")
    void theRoomIsNeverAboveWhatAnyWindowAndAnyRunOfTheJobLeave(@ForAll long seed) {
        Random r = new Random(seed);
        int k = 2 + r.nextInt(3);
        HostSchedule.Usable u = ScheduleSupplyProperties.randomUsable(r, k, false);
        long s0 = u.steadyStart();
        long p = u.period();
        long lowest = r.nextInt(4) == 0 ? 0 : r.nextInt((int) (s0 + p + 5));
        LevelSupply.Built b = LevelSupply.of(u, k, lowest);
        if (b.supply() == null) {
            return; // no supply in the steady period
        }
        LevelSupply sup = b.supply();
        BigFraction unit = new BigFraction(u.ticksPerUnit());
        GuestSupply.Scaled ticks = sup.inTicks(BigInteger.valueOf(u.ticksPerUnit()));
        int[] n = counts(u, 5 * (s0 + p) + 40);
        for (int trial = 0; trial < 60; trial++) {
            long t = 1 + r.nextInt((int) (2 * (s0 + p) + 10));
            long c = 1 + r.nextInt((int) Math.min(t, 12));
            long s = lowest + r.nextInt((int) (s0 + p + 1));
            // the job runs c − 1 of the window's ticks (less than c: a miss), chosen at random
            boolean[] runs = new boolean[(int) t];
            for (int placed = 0; placed < c - 1; ) {
                int x = r.nextInt((int) t);
                placed += runs[x] ? 0 : 1;
                runs[x] = true;
            }
            // the most the others can be shown busy on a subset of measure t − c of the instants it does not run
            long best = 0;
            for (int level = 1; level <= k; level++) {
                long free = 0;
                for (int x = 0; x < t; x++) {
                    free += !runs[x] && n[(int) (s + x)] >= level ? 1 : 0;
                }
                best += Math.min(t - c, free);
            }
            long room = ticks.room(t, c, k);
            BigFraction exactRoom = sup.room(new BigFraction(t).divide(unit), new BigFraction(c).divide(unit)).multiply(unit);
            long tt = t;
            long cc = c;
            long bb = best;
            assertTrue(exactRoom.compareTo(new BigFraction(best)) <= 0,
                    () -> "room(" + tt + ", " + cc + ") = " + exactRoom + " above " + bb + " from the start " + s);
            assertTrue(new BigFraction(room).compareTo(exactRoom) <= 0, () -> "ticks above the exact room at " + tt);
            // the checks read whole ticks: the line between two neighbouring ticks' values stays below the room
            long before = ticks.room(t - 1, c, k);
            for (int q = 1; q < 4; q++) {
                BigFraction x = new BigFraction(4 * (t - 1) + q, 4L);
                BigFraction line = new BigFraction(before).add(new BigFraction((room - before) * q, 4L));
                BigFraction at = sup.room(x.divide(unit), new BigFraction(c).divide(unit)).multiply(unit);
                assertTrue(line.compareTo(at) <= 0, () -> "the ticks' line " + line + " above the room " + at + " at " + x + " (c " + cc + ")");
            }
        }
    }

    @Property(tries = 200, seed = "21")
    void eachLevelIsWhereAtLeastThatManyServeAndTheRoomIsConcaveBetweenItsCorners(@ForAll long seed) {
        Random r = new Random(seed);
        int k = 2 + r.nextInt(3);
        HostSchedule.Usable u = ScheduleSupplyProperties.randomUsable(r, k, false);
        long end = u.steadyStart() + u.period();
        int[] n = counts(u, end);
        for (int level = 1; level <= k; level++) {
            boolean[] in = new boolean[(int) end];
            for (long[] iv : ScheduleSupply.atLeast(u, level).intervals()) {
                for (long x = iv[0]; x < iv[1]; x++) {
                    in[(int) x] = true;
                }
            }
            for (int x = 0; x < end; x++) {
                assertEquals(n[x] >= level, in[x], "level " + level + " at " + x);
            }
        }
        LevelSupply.Built b = LevelSupply.of(u, k, 0);
        if (b.supply() == null) {
            return;
        }
        LevelSupply sup = b.supply();
        BigFraction c = new BigFraction(1 + r.nextInt(8), 1 + r.nextInt(3));
        List<BigFraction> corners = new ArrayList<>(sup.roomCorners(BigFraction.ZERO, new BigFraction(3 * end + 10), c));
        for (int i = 0; i + 1 < corners.size(); i++) {
            BigFraction a = corners.get(i);
            BigFraction z = corners.get(i + 1);
            BigFraction ga = sup.room(a, c);
            BigFraction gz = sup.room(z, c);
            for (int q = 1; q < 4; q++) {
                BigFraction x = a.add(z.subtract(a).multiply(new BigFraction(q, 4)));
                BigFraction chord = ga.add(gz.subtract(ga).multiply(new BigFraction(q, 4)));
                assertTrue(sup.room(x, c).compareTo(chord) >= 0, "room below its chord at " + x + " between " + a + " and " + z);
            }
        }
    }

    /** n(x) at every tick below {@code upTo}, the schedule repeating from s₀ with period P. */
    private static int[] counts(HostSchedule.Usable u, long upTo) {
        long s0 = u.steadyStart();
        long p = u.period();
        int[] n = new int[(int) upTo];
        for (int x = 0; x < upTo; x++) {
            long y = x < s0 + p ? x : s0 + (x - s0) % p;
            for (long[] iv : u.intervals()) {
                n[x] += iv[0] <= y && y < iv[1] ? 1 : 0;
            }
        }
        return n;
    }
}

package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * One check's values in integer ticks (THEORY.md §15.5): every task value and the supply's grid
 * (Π, Θ, B and Θ/m′ of an MPR supply; the schedule's clock of a {@link ScheduleSupply}) scaled by
 * the least common multiple of their denominators, so that every point where demand or supply
 * changes slope or jumps is a whole tick. Arithmetic with overflow checks.
 */
final class Ticks {

    final BigInteger scale;
    final long[] wcet;
    final long[] deadline;
    final long[] period;
    final GuestSupply.Scaled supply;
    final int m;

    /** The reason given when the values do not fit (see {@link #orNull}). */
    static final String TOO_LARGE = "a value passes 2^60 ticks at the common scale of the values";

    /** The values in ticks, or null when one passes 2^60 ticks at their common scale. */
    static Ticks orNull(GuestSupply s, List<GlobalTask> tasks) {
        try {
            return new Ticks(s, tasks);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** @throws ArithmeticException when a value passes 2^60 ticks */
    Ticks(GuestSupply s, List<GlobalTask> tasks) {
        List<BigFraction> all = new ArrayList<>(s.grid());
        for (GlobalTask t : tasks) {
            all.add(t.wcet());
            all.add(t.deadline());
            all.add(t.period());
        }
        scale = Exact.commonDenominator(all);
        int n = tasks.size();
        wcet = new long[n];
        deadline = new long[n];
        period = new long[n];
        for (int i = 0; i < n; i++) {
            wcet[i] = Exact.ticks(tasks.get(i).wcet(), scale);
            deadline[i] = Exact.ticks(tasks.get(i).deadline(), scale);
            period[i] = Exact.ticks(tasks.get(i).period(), scale);
        }
        supply = s.inTicks(scale);
        m = s.concurrency();
    }

    /** sbf at a window of {@code t} ticks, in ticks of processor time (rounded down). */
    long sbf(long t) {
        return supply.sbf(t);
    }

    /** The room a job of {@code c} ticks leaves in a window of {@code t} ticks (THEORY.md §15.20), rounded down. */
    long room(long t, long c) {
        return supply.room(t, c, m);
    }

    BigFraction time(long ticks) {
        return new BigFraction(BigInteger.valueOf(ticks)).divide(new BigFraction(scale));
    }

    /** The largest whole tick count not above {@code v}, capped at {@link Exact#LIMIT}. */
    long floorTicks(BigFraction v) {
        BigInteger f = Exact.floor(v.multiply(new BigFraction(scale)));
        return f.min(BigInteger.valueOf(Exact.LIMIT)).longValueExact();
    }
}

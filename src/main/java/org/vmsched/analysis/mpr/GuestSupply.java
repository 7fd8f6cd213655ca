package org.vmsched.analysis.mpr;

import java.math.BigInteger;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * What the guest tests of this package read of a VM's supply (THEORY.md §15.17 Claim 3, §15.19): a
 * lower bound sbf(t) of the useful supply of every window of length t in which the tests' windows
 * may lie, at most {@link #concurrency()} processors serving at once, and a linear lower bound
 * sbf(t) ≥ ρ·(t − B′) for the horizon of Shin–Easwaran–Lee's test (§15.3). {@link MprSupply} (the
 * MPR and EDP formulas) is one; {@link ScheduleSupply} (the least supply read off the host's own
 * schedule) another. Times in the scenario's unit, exact fractions. Implementations are immutable
 * and thread-safe.
 */
public interface GuestSupply {

    /** m′: the most processors that serve the VM at once. */
    int concurrency();

    /** ρ, the long-run rate of useful supply (0: none at all). */
    BigFraction rate();

    /** B′ ≥ 0 with sbf(t) ≥ ρ·(t − B′) for every t ≥ 0. */
    BigFraction linearBlackout();

    /** The least useful supply of a window of length {@code t} ≥ 0, as the tests read it. */
    BigFraction sbf(BigFraction t);

    /** Values whose denominators a scale of whole ticks must include for {@link #inTicks}. */
    List<BigFraction> grid();

    /**
     * The supply in ticks of 1/{@code scale} ({@code scale} a multiple of every denominator of
     * {@link #grid()}).
     *
     * @throws ArithmeticException when a value passes 2^60 ticks
     */
    Scaled inTicks(BigInteger scale);

    /**
     * The window lengths in [{@code lo}, {@code hi}] (exact) at which sbf's slope may increase; sbf
     * is concave between consecutive ones (§15.3's and §15.16's walks check only those and their own).
     */
    List<BigFraction> corners(BigFraction lo, BigFraction hi);

    /**
     * The room a job of {@code c} leaves in a window of length {@code t} (THEORY.md §15.20): a lower
     * bound on the useful supply of the window at the instants that job does not run, when it runs
     * for less than {@code c} in the window, counted on a subset of those instants of measure t − c.
     * By default sbf(t) − m′·c (the job may run while all m′ processors serve).
     */
    default BigFraction room(BigFraction t, BigFraction c) {
        return sbf(t).subtract(c.multiply(concurrency()));
    }

    /** How {@link #room} reads in a test's reason, at a window D for a job of C. */
    default String roomText() {
        return "sbf(D) − m′·C";
    }

    /**
     * The window lengths in [{@code lo}, {@code hi}] at which {@link #room}(·, {@code c})'s slope may
     * increase; room is concave between consecutive ones. By default sbf's {@link #corners}.
     */
    default List<BigFraction> roomCorners(BigFraction lo, BigFraction hi, BigFraction c) {
        return corners(lo, hi);
    }

    /**
     * How many window lengths in [{@code lo}, {@code hi}] {@link #corners} gives, counted without listing them
     * where the supply can (a walk's work is bounded by it before it starts). By default their list's size.
     */
    default long cornerCount(BigFraction lo, BigFraction hi) {
        return corners(lo, hi).size();
    }

    /** A supply in whole ticks. Not thread-safe unless the implementation says so. */
    interface Scaled {

        /** sbf at a window of {@code t} ticks, rounded down to a whole tick (a lower bound stays one). */
        long sbf(long t);

        /**
         * Gives {@code f} every window length in [{@code lo}, {@code hi}] ticks where sbf's slope may
         * increase (a superset is fine), and returns how many; with {@code f} null only counts them.
         */
        long corners(long lo, long hi, LongConsumer f);

        /**
         * {@link GuestSupply#room} at a window of {@code t} ticks for a job of {@code c} ticks, rounded
         * down, on {@code m} processors; a lower bound also of its left limit at {@code t} (the checks
         * read it at whole ticks only). By default sbf(t) − m·c.
         */
        default long room(long t, long c, int m) {
            return Math.subtractExact(sbf(t), Math.multiplyExact((long) m, c));
        }

        /** As {@link #corners}, for {@link #room}(·, {@code c}) (a superset is fine). */
        default long roomCorners(long lo, long hi, long c, LongConsumer f) {
            return corners(lo, hi, f);
        }
    }
}

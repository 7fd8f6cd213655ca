package org.vmsched.progress;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hears how far long work has got: {@code done} of {@code total} units, and {@code what} is being
 * done ("simulating", "writing the results folder"). One vocabulary for the simulator, the
 * experiments and the GUI (see {@link Cancellation} for stopping work).
 *
 * <p>Called from the working thread (for parallel work, one call at a time), now and then; keep
 * an implementation quick and thread-safe: a GUI hands the numbers over to its own thread.
 */
@FunctionalInterface
public interface Progress {

    /** Ignores progress. */
    Progress NONE = (done, total, what) -> { };

    /** Units of {@link #part} and {@link #fraction}: fine enough for any progress bar. */
    long PARTS = 1_000_000;

    /**
     * {@code done} of {@code total} units are finished (0 ≤ done ≤ total, total > 0);
     * {@code what} is a short phrase, never null, may be empty.
     */
    void progress(long done, long total, String what);

    /** Reports the fraction {@code f} (clamped to [0, 1]) of the work as done. */
    default void fraction(double f, String what) {
        double c = Double.isNaN(f) ? 0 : Math.max(0, Math.min(1, f));
        progress(Math.round(c * PARTS), PARTS, what);
    }

    /**
     * This sink seen by a sub-task that is the share [{@code from}, {@code from + span}] of the
     * whole (fractions of 1): the sub-task reports its own done/total, the whole moves within its
     * share. {@code what}, when not null, replaces the sub-task's phrase.
     */
    default Progress part(double from, double span, String what) {
        Progress whole = this;
        return (done, total, w) -> whole.fraction(from + span * ((double) done / Math.max(1, total)),
                what != null ? what : w);
    }

    /**
     * This sink, never told less done than it has been told already: work that starts again from
     * the beginning (a fast path handing over to the general one) holds the bar where it was.
     */
    default Progress monotone() {
        Progress whole = this;
        AtomicLong most = new AtomicLong(Long.MIN_VALUE);
        return (done, total, what) -> {
            if (most.accumulateAndGet(done, Math::max) == done) {
                whole.progress(done, total, what);
            }
        };
    }

    /** {@code done / total} in [0, 1] (1 when total is not positive). */
    static double ratio(long done, long total) {
        return total <= 0 ? 1 : Math.max(0, Math.min(1, (double) done / total));
    }
}

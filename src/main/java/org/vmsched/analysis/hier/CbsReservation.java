package org.vmsched.analysis.hier;

/**
 * A hard constant-bandwidth reservation (the seed's hard CBS, Linux SCHED_DEADLINE's runtime,
 * period and deadline), in ticks: at most {@code budget} every {@code period}, owed within
 * {@code deadline} of each server period's start; {@code overhead} X lost at every switch to the
 * VM (THEORY.md §6.1, §11). 0 &lt; budget ≤ deadline ≤ period, overhead ≥ 0. Shared, like
 * {@link CbsFp}: CBS's analysis, the paper reproductions and their charts use it. Immutable.
 */
public record CbsReservation(long budget, long period, long deadline, long overhead) {

    public CbsReservation {
        if (period <= 0) {
            throw new IllegalArgumentException("period must be > 0, got " + period);
        }
        if (deadline <= 0 || deadline > period) {
            throw new IllegalArgumentException("deadline must be in (0, period = " + period + "], got " + deadline);
        }
        if (budget <= 0 || budget > deadline) {
            throw new IllegalArgumentException("budget must be in (0, deadline = " + deadline + "], got " + budget);
        }
        if (overhead < 0) {
            throw new IllegalArgumentException("overhead must be >= 0, got " + overhead);
        }
    }

    /** An implicit-deadline reservation (deadline = period). */
    public static CbsReservation of(long budget, long period, long overhead) {
        return new CbsReservation(budget, period, period, overhead);
    }

    /** The same reservation with another budget. */
    public CbsReservation withBudget(long newBudget) {
        return new CbsReservation(newBudget, period, deadline, overhead);
    }
}

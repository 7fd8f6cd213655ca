package org.vmsched.sim;

import org.vmsched.model.GuestScheduler;

/**
 * How a VM ranks its ready tasks: the smallest rank runs, ties go to the task listed first.
 * Stateless strategies; thread-safe.
 */
public interface GuestStrategy {

    /**
     * The rank of a ready task from the absolute deadline of its oldest pending job (ticks) and
     * its rate-monotonic position in the VM (0 = shortest period, ties by list order).
     */
    long rank(long jobDeadline, int rateMonotonicPosition);

    /**
     * True when the rank depends on the task alone (not on its job): the engine then scans the
     * tasks in rank order and takes the first ready one.
     */
    default boolean staticRank() {
        return false;
    }

    /** The strategy of a guest scheduler. */
    static GuestStrategy of(GuestScheduler s) {
        return s.byDeadline() ? new EarliestDeadlineFirst() : new RateMonotonic();
    }

    /** Shortest task period first (fixed priorities). */
    final class RateMonotonic implements GuestStrategy {
        @Override
        public long rank(long jobDeadline, int rateMonotonicPosition) {
            return rateMonotonicPosition;
        }

        @Override
        public boolean staticRank() {
            return true;
        }
    }

    /** Earliest absolute job deadline first. */
    final class EarliestDeadlineFirst implements GuestStrategy {
        @Override
        public long rank(long jobDeadline, int rateMonotonicPosition) {
            return jobDeadline;
        }
    }
}

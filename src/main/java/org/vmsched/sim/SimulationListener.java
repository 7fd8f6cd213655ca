package org.vmsched.sim;

/**
 * Progress and cancellation of a running simulation. The engine calls {@link #progress} now and
 * then (every few ten thousand events, from the simulating thread) with the fraction of the
 * horizon done, and stops soon after {@link #cancelled()} returns true; the result of a cancelled
 * run has {@link SimulationResult#cancelled()} set and covers the time simulated so far.
 * Implementations must be safe to call from the simulating thread (e.g. read a volatile flag).
 */
public interface SimulationListener {

    /** A listener that ignores progress and never cancels. */
    SimulationListener NONE = new SimulationListener() {
    };

    /** The fraction of the horizon simulated so far, in [0, 1]. */
    default void progress(double fraction) {
    }

    /** True once the run should stop. */
    default boolean cancelled() {
        return false;
    }
}

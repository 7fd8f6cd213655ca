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

    /**
     * A listener from two functions, e.g. for a JavaFX {@code Task}:
     * {@code SimulationListener.of(f -> updateProgress(f, 1), this::isCancelled)}.
     */
    static SimulationListener of(java.util.function.DoubleConsumer progress, java.util.function.BooleanSupplier cancelled) {
        return new SimulationListener() {
            @Override
            public void progress(double fraction) {
                progress.accept(fraction);
            }

            @Override
            public boolean cancelled() {
                return cancelled.getAsBoolean();
            }
        };
    }

    /** The fraction of the horizon simulated so far, in [0, 1]. */
    default void progress(double fraction) {
    }

    /** True once the run should stop. */
    default boolean cancelled() {
        return false;
    }
}

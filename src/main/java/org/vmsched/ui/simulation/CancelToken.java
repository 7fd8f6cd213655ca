package org.vmsched.ui.simulation;

/**
 * A cancellation flag shared by the GUI (which sets it) and a simulation (which polls it often,
 * e.g. every few thousand events, and then stops by throwing {@link SimulationCancelledException}).
 * Thread-safe.
 */
public final class CancelToken {

    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Throws when cancelled. */
    public void check() throws SimulationCancelledException {
        if (cancelled) {
            throw new SimulationCancelledException();
        }
    }
}

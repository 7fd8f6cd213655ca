package org.vmsched.experiment;

/**
 * A flag that asks a running experiment to stop. Any thread may call {@link #cancel()}; the
 * runner checks the flag between work units (each a few milliseconds) and then throws
 * {@link ExperimentCancelledException}. Thread-safe; one token per run.
 */
public final class Cancellation {

    private volatile boolean cancelled;

    /** Asks the run to stop as soon as possible. */
    public void cancel() {
        cancelled = true;
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled;
    }
}

package org.vmsched.progress;

/**
 * A flag that asks long work to stop: the one cancellation token of the simulator, the
 * experiments and the GUI. Any thread may {@link #cancel()}; the work polls
 * {@link #isCancelled()} between small units (a few thousand simulated events, one task set, one
 * file) and then stops: by throwing {@link CancelledException} (via {@link #check()}) when a
 * partial answer means nothing, or by returning what it has with a "cancelled" mark (a
 * simulation's result covers the time simulated so far). Thread-safe; one token per run.
 */
public final class Cancellation {

    private volatile boolean cancelled;

    /** Asks the work to stop as soon as possible; calling it again does nothing more. */
    public void cancel() {
        cancelled = true;
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled;
    }

    /** Throws {@link CancelledException} once {@link #cancel()} was called. */
    public void check() throws CancelledException {
        if (cancelled) {
            throw new CancelledException();
        }
    }

    /** Work that stops with {@link CancelledException} once its token is cancelled. */
    @FunctionalInterface
    public interface Cancellable<T> {
        /** Runs the work, polling {@code cancel}. */
        T run(Cancellation cancel) throws CancelledException;
    }

    /**
     * Runs {@code work} with a token nobody holds, so nobody can cancel it: for callers without a
     * cancel button (the command line, the non-cancellable entries of the engines), which then need
     * not declare a {@link CancelledException} that cannot happen. Should the work throw it anyway
     * (it cancelled its own token), that is a bug: an {@link IllegalStateException}.
     */
    public static <T> T uncancelled(Cancellable<T> work) {
        try {
            return work.run(new Cancellation());
        } catch (CancelledException e) {
            throw new IllegalStateException("cancelled without anyone to cancel", e);
        }
    }
}

package org.vmsched.ui.analysis;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.vmsched.progress.Cancellation;
import org.vmsched.ui.Background;

/**
 * When the work of an analysis request ({@link AnalysisViewModel#request}) runs, and whether what it
 * computed may still be shown: each request supersedes the one before ({@link #supersede}: its work
 * is cancelled and it publishes nothing more); its work runs on {@link Background} after the
 * debounce or, for a keystroke's revision, once typing pauses ({@link AnalysisViewModel#TYPING_PAUSE_MILLIS},
 * on the same worker, so a test's worker decides when the pause has passed), unless
 * {@link #startWaiting} starts it first; and what it publishes reaches the ui executor only while
 * no newer request came. {@link #supersede}, {@link #start} and {@link #startWaiting} on the ui
 * thread only; {@link #stale} and {@link #publish} from any thread.
 */
final class DebouncedRequests {

    private final Executor ui;
    private final Background background;
    private final long debounceMillis;
    private final AtomicLong generation = new AtomicLong();
    private Cancellation pending;
    /** Starts at once the request waiting for typing to pause; null when none waits. */
    private Runnable waiting;

    DebouncedRequests(Executor ui, Background background, long debounceMillis) {
        this.ui = ui;
        this.background = background;
        this.debounceMillis = debounceMillis;
    }

    /** A new request: the work of the one before is cancelled and it publishes nothing more. Its number. */
    long supersede() {
        long gen = generation.incrementAndGet();
        if (pending != null) {
            pending.cancel();
        }
        waiting = null;
        return gen;
    }

    /**
     * Schedules the work {@code job} makes for a token, after the debounce or, when {@code typed},
     * after the pause in typing; {@link #startWaiting} may claim it first and start it at once.
     */
    void start(Function<Cancellation, Runnable> job, boolean typed) {
        Cancellation c = new Cancellation();
        pending = c;
        AtomicBoolean claimed = new AtomicBoolean(); // the worker's turn or startWaiting: whichever comes first
        Runnable work = job.apply(c);
        background.schedule(() -> {
            if (claimed.compareAndSet(false, true)) {
                work.run();
            }
        }, c, typed ? Math.max(debounceMillis, AnalysisViewModel.TYPING_PAUSE_MILLIS) : debounceMillis);
        waiting = !typed ? null : () -> {
            if (claimed.compareAndSet(false, true)) {
                c.cancel(); // the held turn drops out
                start(job, false);
            }
        };
    }

    /** Starts now (after the debounce) the work waiting for typing to pause, if any waits. */
    void startWaiting() {
        Runnable w = waiting;
        waiting = null;
        if (w != null) {
            w.run();
        }
    }

    /** Runs {@code r} on the ui executor if request {@code gen} is still the newest then. */
    void publish(long gen, Runnable r) {
        ui.execute(() -> {
            if (gen == generation.get()) {
                r.run();
            }
        });
    }

    /** Whether a request newer than {@code gen} came. */
    boolean stale(long gen) {
        return gen != generation.get();
    }
}

package org.vmsched.ui;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Where ViewModels run long work: off the FX thread in the application, synchronously in plain
 * JUnit tests. Implementations are thread-safe.
 */
public interface Background {

    /** A scheduled piece of work that can be cancelled (interrupting it if it already runs). */
    interface Cancellable {
        void cancel();
    }

    /** Runs {@code work} after {@code delayMillis}; the returned handle cancels it. */
    Cancellable schedule(Runnable work, long delayMillis);

    /** One daemon worker thread: work runs in order, one at a time. */
    static Background daemon(String name) {
        ScheduledExecutorService ex = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        return (work, delay) -> {
            ScheduledFuture<?> f = ex.schedule(work, Math.max(0, delay), TimeUnit.MILLISECONDS);
            return () -> f.cancel(true);
        };
    }

    /** Runs the work at once on the caller's thread, ignoring the delay (for tests). */
    static Background immediate() {
        return (work, delay) -> {
            work.run();
            return () -> { };
        };
    }
}

package org.vmsched.ui;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * Where ViewModels run long work: off the FX thread in the application, synchronously in plain
 * JUnit tests. Long work speaks the engines' vocabulary ({@link org.vmsched.progress}): the
 * ViewModel makes a {@link Cancellation} per run, hands it to the work and to {@link #schedule},
 * and reports progress back through {@link #onUi}. Implementations are thread-safe.
 */
public interface Background {

    /**
     * Runs {@code work} after {@code delayMillis} unless {@code cancel} is cancelled by then;
     * work already running sees the token itself (it polls {@code cancel}) and stops.
     */
    void schedule(Runnable work, Cancellation cancel, long delayMillis);

    /** One daemon worker thread: work runs in order, one at a time. */
    static Background daemon(String name) {
        ScheduledExecutorService ex = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        return (work, cancel, delay) -> ex.schedule(() -> {
            if (!cancel.isCancelled()) {
                work.run();
            }
        }, Math.max(0, delay), TimeUnit.MILLISECONDS);
    }

    /** Runs the work at once on the caller's thread, ignoring the delay (for tests). */
    static Background immediate() {
        return (work, cancel, delay) -> {
            if (!cancel.isCancelled()) {
                work.run();
            }
        };
    }

    /**
     * Progress reported on the working thread, handed to {@code target} on the {@code ui}
     * thread: at most once per 0.5 % of the work or when the phrase changes, so a fast engine
     * cannot flood the ui thread.
     */
    static Progress onUi(Executor ui, Progress target) {
        Object lock = new Object();
        long[] lastStep = {-1};
        String[] lastWhat = {null};
        return (done, total, what) -> {
            long step = (long) Math.floor(Progress.ratio(done, total) * 200); // 200 only at the end: the end is shown
            boolean news;
            synchronized (lock) {
                news = step != lastStep[0] || !what.equals(lastWhat[0]);
                lastStep[0] = step;
                lastWhat[0] = what;
            }
            if (news) {
                ui.execute(() -> target.progress(done, total, what));
            }
        };
    }
}

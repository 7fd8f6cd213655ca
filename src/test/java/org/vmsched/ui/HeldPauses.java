package org.vmsched.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.vmsched.progress.Cancellation;

/**
 * A worker whose delayed work waits for the test, not for a clock: work asked for at once goes to
 * the inner worker; work asked for after a delay (the analysis waiting for typing to pause) is held
 * until {@link #release()}, so a test decides when a pause has passed and nothing depends on how
 * fast the robot types. Counts the work that started (not cancelled when its turn came), so a test
 * can say how many analyses some typing cost. Thread-safe.
 */
final class HeldPauses implements Background {

    private final Background inner;
    private final List<Held> held = new ArrayList<>();
    private final AtomicInteger started = new AtomicInteger();

    HeldPauses(Background inner) {
        this.inner = inner;
    }

    @Override
    public void schedule(Runnable work, Cancellation cancel, long delayMillis) {
        Runnable counted = () -> {
            if (!cancel.isCancelled()) {
                started.incrementAndGet();
                work.run();
            }
        };
        if (delayMillis <= 0) {
            inner.schedule(counted, cancel, 0);
            return;
        }
        synchronized (this) {
            held.removeIf(h -> h.cancel().isCancelled()); // superseded: it would not run
            held.add(new Held(counted, cancel));
        }
    }

    /** Work held back and its token. */
    private record Held(Runnable work, Cancellation cancel) {
    }

    /** Lets every held piece of work go (a pause has passed); those cancelled meanwhile do not run. */
    void release() {
        List<Held> go;
        synchronized (this) {
            go = List.copyOf(held);
            held.clear();
        }
        go.forEach(h -> inner.schedule(h.work(), h.cancel(), 0));
    }

    /** How many pieces of work have started so far. */
    int started() {
        return started.get();
    }
}

package org.vmsched.ui;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Waits for the FX thread by what it did, not by the clock: TestFX's {@code waitForFxEvents()}
 * (behind every {@code interact}, {@code setupFixture} and robot action) lets the FX thread run
 * its queue and then sleeps 10 ms, five times, 50 ms a call whatever the window has left to do. The
 * shared window's fixture ({@link SharedWindow}) waited so about eight times per test and four times
 * per resize: in {@link LectureHallTest} its test thread slept 55 s of the class's 100 (a JFR
 * recording, BENCHMARKS.md), mostly while the FX thread was idle too. {@link #settle} waits for the
 * window's pulses instead (CSS and layout passes, the work those sleeps left room for) until one
 * leaves the layout clean (a scene not shown: TestFX's wait). Used from the test thread; not on the FX thread.
 */
public final class Pulses {

    /** At least this many pulses: the first may have begun before the caller's change. */
    private static final int LEAST = 2;
    /** At most this many pulses, about 200 ms at 60 a second, four times what one waitForFxEvents gave. */
    private static final int MOST = 12;

    private Pulses() {
    }

    /** Runs {@code r} on the FX thread and returns once it ran, its failure rethrown (TestFX's interact without its sleeps). */
    public static void onFx(Runnable r) {
        FutureTask<Void> task = new FutureTask<>(r, null);
        Platform.runLater(task);
        try {
            // a guard against a hung FX thread, as testfx.setup.timeout is for TestFX's own waits; not a timing assertion
            task.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new AssertionError(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("the FX thread did not run a task in 120 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * Waits until {@code scene} has gone through pulses (at least {@value #LEAST}) and the last of
     * them left its root with no layout pending, and the FX thread has run what those pulses put
     * on its queue; at most {@value #MOST} pulses, then it returns as TestFX's wait does, leaving it
     * to the test's own condition.
     */
    public static void settle(Scene scene) {
        boolean[] shown = new boolean[1];
        onFx(() -> shown[0] = scene.getWindow() != null && scene.getWindow().isShowing());
        if (!shown[0]) { // a scene not shown has no pulses to wait for
            WaitForAsyncUtils.waitForFxEvents();
            return;
        }
        for (int pulse = 1; pulse <= MOST; pulse++) {
            CountDownLatch passed = new CountDownLatch(1);
            Runnable listener = passed::countDown;
            onFx(() -> {
                scene.addPostLayoutPulseListener(listener);
                Platform.requestNextPulse();
            });
            try {
                if (!passed.await(120, TimeUnit.SECONDS)) { // a guard against a hang, as above
                    throw new AssertionError("no pulse of the window in 120 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            boolean[] clean = new boolean[1];
            onFx(() -> {
                scene.removePostLayoutPulseListener(listener);
                clean[0] = scene.getRoot() == null || !scene.getRoot().isNeedsLayout();
            });
            if (pulse >= LEAST && clean[0]) {
                return;
            }
        }
    }
}

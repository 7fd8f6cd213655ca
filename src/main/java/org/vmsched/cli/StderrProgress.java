package org.vmsched.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.vmsched.progress.Progress;

/**
 * A progress line on stderr for a command-line run that takes more than a second: silent for the
 * first second, then at most one line a second ("simulating: 37% of the horizon, 2 s"), and a last
 * line at 100% when any was printed. The clock is given so a test need not wait.
 */
final class StderrProgress implements Progress {

    private static final long SECOND = 1_000_000_000L;

    private final PrintWriter err;
    private final LongSupplier nanos;
    private final long start;
    private long lastPrinted = -1;

    StderrProgress(PrintWriter err, LongSupplier nanos) {
        this.err = err;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
    }

    @Override
    public void progress(long done, long total, String what) {
        long now = nanos.getAsLong();
        boolean finished = done >= total;
        boolean due = now - start >= SECOND && (lastPrinted < 0 || now - lastPrinted >= SECOND);
        if (finished ? lastPrinted >= 0 : due) {
            err.println(String.format(Locale.ROOT, "%s: %d%% of the horizon, %d s", what,
                    (long) Math.floor(100 * Progress.ratio(done, total)), (now - start) / SECOND));
            err.flush();
            lastPrinted = now;
        }
    }
}

package org.vmsched.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.vmsched.progress.Progress;

/**
 * A progress line on stderr for a command-line run that takes more than a second: silent for the
 * first second, then at most one line a second ("simulating: 37% of the horizon, 2 s"; "designing
 * VM1: 37%, 2 s"), and a last line at 100% when any was printed. The clock is given so a test need
 * not wait. Not thread-safe: one run's working thread.
 */
final class StderrProgress implements Progress {

    private static final long SECOND = 1_000_000_000L;

    private final PrintWriter err;
    private final LongSupplier nanos;
    private final String of;
    private final long start;
    private long lastPrinted = -1;
    private boolean ended;

    /** Progress of a simulation: "37% of the horizon". */
    StderrProgress(PrintWriter err, LongSupplier nanos) {
        this(err, nanos, " of the horizon");
    }

    /** Progress of other work: {@code of} follows the percentage ("" for none). */
    StderrProgress(PrintWriter err, LongSupplier nanos, String of) {
        this.err = err;
        this.nanos = nanos;
        this.of = of;
        this.start = nanos.getAsLong();
    }

    @Override
    public void progress(long done, long total, String what) {
        long now = nanos.getAsLong();
        boolean finished = done >= total;
        if (ended) {
            return; // one line at 100 %, even when the work reports its end at several levels
        }
        boolean due = now - start >= SECOND && (lastPrinted < 0 || now - lastPrinted >= SECOND);
        if (finished ? lastPrinted >= 0 : due) {
            err.println(String.format(Locale.ROOT, "%s: %d%%%s, %d s", what,
                    (long) Math.floor(100 * Progress.ratio(done, total)), of, (now - start) / SECOND));
            err.flush();
            lastPrinted = now;
            ended = finished;
        }
    }
}

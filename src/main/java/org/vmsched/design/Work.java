package org.vmsched.design;

import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * How far one design or placement is, and whether it is to stop (THEORY.md §12.8). The engine
 * calls {@link #check()} (or {@link #step(double)}) before each exact question it asks — one
 * good-period question or one least-budget search of the analysis, the unit of work — so a cancel
 * stops the work after at most one such question. Every check also reports the position reached
 * to the {@link Progress} (within this work's share of the whole), so a listener sees the search
 * inside a VM move, not only whole VMs. Not thread-safe: one per run, on the working thread.
 */
final class Work {

    /** No progress, never cancelled. */
    static Work none() {
        return new Work(Progress.NONE, new Cancellation(), "");
    }

    private final Progress progress;
    private final Cancellation cancel;
    private final String what;
    private final double from;
    private final double span;
    private double at;

    Work(Progress progress, Cancellation cancel, String what) {
        this(progress == null ? Progress.NONE : progress, cancel == null ? new Cancellation() : cancel, what, 0, 1);
    }

    private Work(Progress progress, Cancellation cancel, String what, double from, double span) {
        this.progress = progress;
        this.cancel = cancel;
        this.what = what;
        this.from = from;
        this.span = span;
    }

    /** The share [from, from + span] (fractions of this work) as work of its own, named {@code what} (null: this name). */
    Work part(double from, double span, String what) {
        return new Work(progress, cancel, what == null ? this.what : what, this.from + this.span * from, this.span * span);
    }

    /** Throws once cancelled; else reports the position reached so far. */
    void check() throws CancelledException {
        cancel.check();
        progress.fraction(from + span * at, what);
    }

    /** Moves to {@code fraction} of this work (clamped to [0, 1], never backwards) and checks. */
    void step(double fraction) throws CancelledException {
        double f = Double.isNaN(fraction) ? 0 : Math.max(0, Math.min(1, fraction));
        at = Math.max(at, f);
        check();
    }
}

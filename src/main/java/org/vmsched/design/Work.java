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
 * inside a VM move, not only whole VMs. A work may also carry a bound on the questions it asks
 * ({@link #bounded}): every check counts one, shared with its parts, and the check past the bound
 * throws {@link BoundReached} (THEORY.md §15.9), so a search stops after a number of questions
 * that does not depend on the machine. Not thread-safe: one per run, on the working thread.
 */
final class Work {

    /** The questions asked so far under one bound, shared by a work and its parts. */
    static final class Count {
        private final long max;
        private long asked;

        Count(long max) {
            this.max = max;
        }

        long asked() {
            return asked;
        }

        long max() {
            return max;
        }
    }

    /**
     * Thrown by the check that would ask one question more than the bound allows; unchecked so the
     * exact single-vCPU search asked by a bounded search stops too. Only {@link MprDesigner} makes
     * bounded work, and it catches this: it never leaves the package.
     */
    static final class BoundReached extends RuntimeException {
        BoundReached(long max) {
            super("the bound of " + max + " tests was reached", null, false, false);
        }
    }

    /** No progress, never cancelled. */
    static Work none() {
        return new Work(Progress.NONE, new Cancellation(), "");
    }

    private final Progress progress;
    private final Cancellation cancel;
    private final String what;
    private final double from;
    private final double span;
    private final Count count;
    private double at;

    Work(Progress progress, Cancellation cancel, String what) {
        this(progress == null ? Progress.NONE : progress, cancel == null ? new Cancellation() : cancel, what, 0, 1, null);
    }

    private Work(Progress progress, Cancellation cancel, String what, double from, double span, Count count) {
        this.progress = progress;
        this.cancel = cancel;
        this.what = what;
        this.from = from;
        this.span = span;
        this.count = count;
    }

    /** This work (from its start) counting its questions against a bound of {@code max} (at least 1). */
    Work bounded(long max) {
        if (max < 1) {
            throw new IllegalArgumentException("the bound on tests must be at least 1, got " + max);
        }
        return new Work(progress, cancel, what, from, span, new Count(max));
    }

    /** The questions asked under this work's bound (0 when it has none). */
    long asked() {
        return count == null ? 0 : count.asked();
    }

    /** The bound, or 0 when this work has none. */
    long max() {
        return count == null ? 0 : count.max();
    }

    /** Whether the bound stopped this work (its next question would have been past it). */
    boolean reached() {
        return count != null && count.asked() >= count.max();
    }

    /** The share [from, from + span] (fractions of this work) as work of its own, named {@code what} (null: this name). */
    Work part(double from, double span, String what) {
        return new Work(progress, cancel, what == null ? this.what : what, this.from + this.span * from, this.span * span,
                count);
    }

    /**
     * Throws once cancelled; else reports the position reached so far. Under a bound the check is
     * one question (one sufficient test, one exact question): counted, or {@link BoundReached}
     * thrown when the bound is spent.
     */
    void check() throws CancelledException {
        if (count != null) {
            if (count.asked >= count.max) {
                throw new BoundReached(count.max);
            }
            count.asked++;
        }
        cancel.check();
        progress.fraction(from + span * at, what);
    }

    /** Moves to {@code fraction} of this work (as {@link #step}) and reports it, asking no question. */
    void move(double fraction) throws CancelledException {
        double f = Double.isNaN(fraction) ? 0 : Math.max(0, Math.min(1, fraction));
        at = Math.max(at, f);
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

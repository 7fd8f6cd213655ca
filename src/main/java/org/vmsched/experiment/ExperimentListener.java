package org.vmsched.experiment;

/**
 * Hears how far a run has got. Called from the runner's worker threads, one call at a time,
 * with {@code done} never decreasing; keep it quick (a GUI hands the numbers to its own thread,
 * e.g. {@code javafx.concurrent.Task.updateProgress}, which is safe to call from any thread).
 */
@FunctionalInterface
public interface ExperimentListener {

    /** A listener that ignores progress. */
    ExperimentListener NONE = (done, total) -> { };

    /** {@code done} of {@code total} work units are finished (0 ≤ done ≤ total, total > 0). */
    void progress(long done, long total);
}

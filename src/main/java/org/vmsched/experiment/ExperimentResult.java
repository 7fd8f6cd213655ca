package org.vmsched.experiment;

/** What a run produced: a {@link TmaxResult} or an {@link OverheadResult}. Immutable. */
public sealed interface ExperimentResult permits TmaxResult, OverheadResult {

    /** The experiment as run (seed and sets resolved), enough to repeat the run. */
    Experiment experiment();
}

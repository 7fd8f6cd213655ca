package org.vmsched.experiment;

/** What a run produced: a {@link TmaxResult}, an {@link OverheadResult} or an {@link AcceptanceResult}. Immutable. */
public sealed interface ExperimentResult permits TmaxResult, OverheadResult, AcceptanceResult {

    /** The experiment as run (seed and sets resolved), enough to repeat the run. */
    Experiment experiment();
}

package org.vmsched.experiment;

import java.util.List;

/**
 * The Tmax study's results: points in grid order (n, then u, then α, as listed in the file)
 * and every single Tmax value in the same order, set by set. Immutable.
 */
public record TmaxResult(Experiment experiment, List<TmaxPoint> points, List<TmaxSample> samples)
        implements ExperimentResult {

    public TmaxResult {
        points = List.copyOf(points);
        samples = List.copyOf(samples);
    }

    /** The study's settings. */
    public TmaxStudy study() {
        return (TmaxStudy) experiment.study();
    }
}

package org.vmsched.experiment;

import java.util.List;

/**
 * The overhead study's results: one curve per (u, α, X), in file order (panels, then their
 * α, then X). Immutable.
 */
public record OverheadResult(Experiment experiment, List<OverheadCurve> curves) implements ExperimentResult {

    public OverheadResult {
        curves = List.copyOf(curves);
    }

    /** The study's settings. */
    public OverheadStudy study() {
        return (OverheadStudy) experiment.study();
    }

    /** The curves of one (u, α) panel, one per X in file order. */
    public List<OverheadCurve> panel(double u, double alpha) {
        return curves.stream().filter(c -> c.u() == u && c.alpha() == alpha).toList();
    }
}

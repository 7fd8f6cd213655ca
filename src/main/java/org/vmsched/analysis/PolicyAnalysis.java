package org.vmsched.analysis;

import org.vmsched.model.Scenario;

/**
 * What the analysis needs of a hypervisor policy that has its own analysis (every policy but the
 * budgeted periodic servers EDF, RM and FP, which {@link SystemAnalysis} analyses itself): the
 * verdict of a validated scenario under it. A policy's module implements it and is found on
 * {@code HypervisorPolicy.definition()}, so the analysis knows no policy by name (issue 31).
 * Implementations are stateless and thread-safe.
 */
public interface PolicyAnalysis {

    /** The verdict of {@code s}, a validated scenario under this policy. */
    AnalysisResult analyze(Scenario s);
}

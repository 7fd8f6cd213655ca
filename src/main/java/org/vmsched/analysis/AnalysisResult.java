package org.vmsched.analysis;

import java.util.List;

/** The whole analytic verdict of a scenario: every core and every VM (file order). Immutable. */
public record AnalysisResult(boolean schedulable, List<CoreVerdict> cores, List<VmVerdict> vms) {

    public AnalysisResult {
        cores = List.copyOf(cores);
        vms = List.copyOf(vms);
    }
}

package org.vmsched.analysis;

import java.util.List;

/**
 * The whole analytic verdict of a scenario: every core and every VM (file order). The system's
 * verdict is not schedulable when any part fails, else undecided when any VM's is, else
 * schedulable ({@link Verdict#and}). Immutable.
 */
public record AnalysisResult(Verdict verdict, List<CoreVerdict> cores, List<VmVerdict> vms) {

    public AnalysisResult {
        cores = List.copyOf(cores);
        vms = List.copyOf(vms);
    }

    /** A decided verdict. */
    public AnalysisResult(boolean schedulable, List<CoreVerdict> cores, List<VmVerdict> vms) {
        this(Verdict.of(schedulable), cores, vms);
    }

    /** Whether the whole system is proven schedulable (false when not, and when undecided). */
    public boolean schedulable() {
        return verdict == Verdict.SCHEDULABLE;
    }
}

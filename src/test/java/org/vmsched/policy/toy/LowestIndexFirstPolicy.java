package org.vmsched.policy.toy;

import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.PolicyAnalysis;
import org.vmsched.model.Scenario;
import org.vmsched.policy.spi.PolicyModule;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;

/**
 * A toy hypervisor policy, the worked example of docs/how-to-add-a-policy.md: "lowest index
 * first" over budgeted servers. Its module is what the registry lists; the simulator finds its
 * scheduler through {@link PolicyModule#newScheduler()}, the analysis its verdict through
 * {@link PolicyAnalysis} (this toy proves nothing: every VM undecided, with the reason).
 * Immutable.
 */
public final class LowestIndexFirstPolicy implements PolicyModule, PolicyAnalysis {

    /** Its id in scenario files. */
    public static final String ID = "TOY_LOWEST_INDEX_FIRST";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Lowest index first";
    }

    @Override
    public String description() {
        return "Toy: budgeted servers, the VM listed first runs";
    }

    @Override
    public String noAnalysisReason() {
        return "lowest index first has no periodic-server analysis";
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new LowestIndexFirstScheduler();
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.OWN_STATE;
    }

    @Override
    public AnalysisResult analyze(Scenario s) {
        return AnalysisResult.undecided(s, "lowest index first has no analysis: simulate it");
    }
}

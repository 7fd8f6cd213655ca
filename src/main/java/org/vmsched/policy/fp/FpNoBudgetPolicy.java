package org.vmsched.policy.fp;

import java.util.List;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.HierarchyAnalysis;
import org.vmsched.model.Scenario;
import org.vmsched.policy.spi.PolicyModule;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;

/**
 * FP/FP: VMs at fixed priorities ({@code priority}) with no budget at all; analysed by FP/FP (THEORY.md §11.4), in
 * {@code FpNoBudgetAnalysis}. Immutable.
 */
public final class FpNoBudgetPolicy implements PolicyModule, HierarchyAnalysis.CoreAnalysis {

    @Override
    public String id() {
        return "FP_NO_BUDGET";
    }

    @Override
    public String title() {
        return "FP, no budgets";
    }

    @Override
    public String tinyTitle() {
        return "FP/FP"; // the hierarchical-reservations paper's name for it
    }

    @Override
    public String description() {
        return "FP, no budgets (FP/FP)";
    }

    @Override
    public boolean usesBudget() {
        return false;
    }

    @Override
    public boolean usesPriority() {
        return true;
    }

    @Override
    public String noAnalysisReason() {
        return "FP without budgets is analysed by FP/FP (see the verdict table); good periods, Tmax and these charts"
                + " belong to the periodic server's analysis and are not drawn for it";
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return new FixedPriorityNoBudget();
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.PRIORITY;
    }

    @Override
    public CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        return FpNoBudgetAnalysis.core(s, core, on, scale, out);
    }
}

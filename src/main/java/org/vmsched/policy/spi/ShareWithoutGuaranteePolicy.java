package org.vmsched.policy.spi;

import java.util.List;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.DelayBound;
import org.vmsched.analysis.hier.HierarchyAnalysis;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.Narrator;

/**
 * A scheduler that divides a core by relative weight with no hard guarantee (Credit,
 * proportional share): no budgets, no priorities, its own state decides; the analysis is a
 * dispatch-delay bound per VM and every task is undecided (THEORY.md §11.5). Immutable.
 */
public abstract class ShareWithoutGuaranteePolicy implements PolicyModule, HierarchyAnalysis.CoreAnalysis {

    /** The name at the start of a sentence ("Proportional share"; the title may be abbreviated). */
    private final String sentenceName;

    protected ShareWithoutGuaranteePolicy(String sentenceName) {
        this.sentenceName = sentenceName;
    }

    @Override
    public boolean usesBudget() {
        return false;
    }

    @Override
    public String noAnalysisReason() {
        return sentenceName + " gives a VM no hard guarantee (its share depends on the other VMs' demand): no good periods"
                + " or Tmax; the verdict table gives the delay bound where one holds";
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.OWN_STATE;
    }

    @Override
    public CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        HypervisorParams hp = s.hypervisor().effectiveParams();
        return HierarchyAnalysis.delays(s, core, on, scale, out, (sc, vm, sca, m, x) -> bound(hp, vm, sca, m, x));
    }

    /**
     * The dispatch-delay bound of {@code vm} under hypervisor parameters {@code hp} among
     * {@code competitors} other VMs, each switch costing {@code overhead} ticks of 10^-{@code scale}.
     */
    protected abstract DelayBound bound(HypervisorParams hp, VirtualMachine vm, int scale, int competitors, long overhead);
}

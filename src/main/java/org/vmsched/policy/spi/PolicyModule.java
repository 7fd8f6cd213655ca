package org.vmsched.policy.spi;

import org.vmsched.model.HypervisorPolicy;
import org.vmsched.sim.HypervisorSchedulers;
import org.vmsched.sim.Narrator;

/**
 * One hypervisor policy, whole: its id and human names, traits, parameter schemas and their
 * rules ({@link HypervisorPolicy.Definition}), the simulator's scheduler
 * ({@link HypervisorSchedulers.Factory}), the narration words ({@link Narrator.Words}) and, when
 * it has one, its analysis ({@link org.vmsched.analysis.PolicyAnalysis}, core by core
 * {@link org.vmsched.analysis.hier.HierarchyAnalysis.CoreAnalysis}; the budgeted periodic servers
 * are analysed by the periodic-server analysis instead). The module, its scheduler and the part of
 * its analysis that is its own live in the policy's package (CBS's {@code CbsAnalysis}, Credit's
 * {@code CreditDelayBounds}, …); what several policies or the paper reproductions share stays in
 * the analysis layer ({@code analysis.hier.CbsFp}, {@code FpFp}, {@code DelayBound}, …). The engines
 * and front ends reach a policy through these interfaces, found on
 * {@link HypervisorPolicy#definition()}, never by its name. Implementations are immutable and
 * thread-safe.
 */
public interface PolicyModule extends HypervisorPolicy.Definition, HypervisorSchedulers.Factory, Narrator.Words {

    /** The policy this module defines (the built-in constant for a built-in policy). */
    default HypervisorPolicy policy() {
        HypervisorPolicy builtIn = HypervisorPolicy.builtIn(id());
        return builtIn != null ? builtIn : new HypervisorPolicy(this);
    }

    /**
     * True unless the policy says otherwise: a VM is a server with a budget per period (EDF, RM,
     * FP, CBS, global EDF); Credit, proportional share and FP without budgets say false.
     */
    @Override
    default boolean usesBudget() {
        return true;
    }

    /** False unless the policy says otherwise: VMs have no priority (FP and FP without budgets say true). */
    @Override
    default boolean usesPriority() {
        return false;
    }

    /** The name in the narration: the title unless the scheduler is better known otherwise. */
    @Override
    default String schedulerName() {
        return title();
    }
}

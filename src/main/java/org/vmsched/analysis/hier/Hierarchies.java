package org.vmsched.analysis.hier;

import java.util.List;

/**
 * The entry points of the issue-10 analyses of whole systems, in one place (THEORY.md §11). All
 * times in integer ticks; {@link TickTask#of(List, int)} turns a scenario's tasks into ticks
 * exactly. Stateless.
 * <ul>
 *   <li>{@link #cbsFp}: VMs as hard CBS reservations under EDF, fixed priorities inside.</li>
 *   <li>{@link #cbsMinBudget}: the least CBS budget for a VM's tasks at a reservation period.</li>
 *   <li>{@link #fpFp}: VMs at fixed priorities without budgets (seed Eq. 1).</li>
 * </ul>
 * The analysis of a scenario's core under a policy is in the policy's package (CBS's in
 * {@code policy.cbs}, …), reached through {@link HierarchyAnalysis.CoreAnalysis}; the dispatch-delay
 * bounds of Credit and proportional share, which have no other user, are in {@code policy.credit}
 * and {@code policy.share}.
 */
public final class Hierarchies {

    private Hierarchies() {
    }

    /** The hypervisor test (Σ Q/P ≤ 1) and every VM's response times, with overhead and preemptions. */
    public static CbsFp.Result cbsFp(List<CbsVm> vms) {
        return CbsFp.analyse(vms);
    }

    /**
     * The least budget in ticks (−1: none) for {@code vm}'s tasks at its reservation's period and
     * deadline, among {@code all} (which decide the preemptions counted for the overhead).
     */
    public static long cbsMinBudget(CbsVm vm, List<CbsVm> all) {
        CbsReservation r = vm.reservation();
        return CbsFp.minBudget(vm.tasks(), r.period(), r.deadline(), r.overhead(), CbsFp.preemptions(vm, all),
                CbsFp.phase(r, vm.tasks()));
    }

    /** Response times per VM and task (−1: missed deadline) under FP/FP. */
    public static long[][] fpFp(List<FpVm> vms) {
        return FpFp.responseTimes(vms);
    }
}

package org.vmsched.policy.fp;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.FpFp;
import org.vmsched.analysis.hier.FpVm;
import org.vmsched.analysis.hier.HierarchyAnalysis;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * FP without budgets' analysis of one core, FP/FP (seed Eq. 1 with X per switch, THEORY.md
 * §11.4): each VM with RM inside by {@link FpFp#responseTimes(List, int)} among the VMs of its
 * core. The formula is the shared {@code analysis.hier.FpFp}, which the paper reproductions use
 * too; this class turns a scenario's core into its verdicts. A VM with EDF inside is undecided,
 * and counted above a VM with RM inside as its tasks' demand, whatever its order inside. Stateless.
 */
final class FpNoBudgetAnalysis {

    private FpNoBudgetAnalysis() {
    }

    /** The {@link HierarchyAnalysis.CoreAnalysis} of FP without budgets: core {@code core} with its VMs {@code on}, in ticks of 10^-{@code scale}. */
    static CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        List<FpVm> vms = new ArrayList<>();
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            int prio = vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
            vms.add(new FpVm(vm.name(), prio, HierarchyAnalysis.rateMonotonic(vm.tasks(), scale),
                    TickTask.ticks(vm.overhead(), scale)));
        }
        for (int k = 0; k < on.size(); k++) {
            VirtualMachine vm = s.vms().get(on.get(k));
            if (vm.scheduler() == GuestScheduler.EDF) {
                out[on.get(k)] = HierarchyAnalysis.undecided(vm, "EDF inside a VM under " + s.hypervisor().policy().title()
                        + " is not analysed (Eq. 1 is for fixed priorities inside); simulate it, or use RM inside");
                continue;
            }
            long[] r;
            try {
                r = FpFp.responseTimes(vms, k);
            } catch (AnalysisLimitException e) {
                out[on.get(k)] = HierarchyAnalysis.undecided(vm, e.getMessage()); // past the work budget (THEORY.md §10)
                continue;
            }
            String desc = "FP/FP (VM priority " + (vm.priority() == null ? "none" : vm.priority())
                    + ", no budget, RM inside; seed Eq. 1 with X per switch, THEORY.md §11.4)";
            out[on.get(k)] = HierarchyAnalysis.vmVerdict(vm, r, vms.get(k).tasks(), scale, desc, null);
        }
        // No test at the hypervisor level: the core's row is what Eq. 1 says of the VMs on it, never
        // "ok" above a VM's miss (HypervisorCommandsTest).
        Verdict all = Verdict.SCHEDULABLE;
        for (int v : on) {
            all = all.and(out[v].verdict());
        }
        return HierarchyAnalysis.coreVerdict(s, core, on,
                "FP/FP has no test at the hypervisor level: the core's verdict is its VMs' Eq. 1", all);
    }
}

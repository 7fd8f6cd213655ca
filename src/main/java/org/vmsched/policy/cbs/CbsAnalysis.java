package org.vmsched.policy.cbs;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.CbsReservation;
import org.vmsched.analysis.hier.CbsVm;
import org.vmsched.analysis.hier.HierarchyAnalysis;
import org.vmsched.analysis.hier.ReservationSupply;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * CBS's analysis of one core, CBS/FP (THEORY.md §11.1, §11.10): the hypervisor test of the core's
 * reservations ({@link CbsFp#coreTest}), then each VM's supply and response times with RM inside
 * ({@link CbsFp#supply(CbsVm, List)}). The formulas are the shared {@code analysis.hier.CbsFp},
 * which the paper reproductions use too; this class turns a scenario's core into its verdicts.
 * A VM with EDF inside is undecided, but still competes for the core with its tasks. Stateless.
 */
final class CbsAnalysis {

    private CbsAnalysis() {
    }

    /** Why a VM with EDF inside has no verdict. */
    private static final String EDF_INSIDE = "EDF inside a VM under CBS is not analysed (the CBS/FP test is for fixed"
            + " priorities inside); simulate it, or use RM inside";

    /** The {@link HierarchyAnalysis.CoreAnalysis} of CBS: core {@code core} with its VMs {@code on}, in ticks of 10^-{@code scale}. */
    static CoreVerdict core(Scenario s, int core, List<Integer> on, int scale, VmVerdict[] out) {
        List<CbsVm> servers = servers(s, on, scale);
        CbsFp.CoreTest test = CbsFp.coreTest(servers.stream().map(CbsVm::reservation).toList(),
                servers.stream().map(v -> CbsFp.phase(v.reservation(), v.tasks())).toList());
        for (int k = 0; k < on.size(); k++) {
            VirtualMachine vm = s.vms().get(on.get(k));
            out[on.get(k)] = vm.scheduler() == GuestScheduler.EDF
                    ? HierarchyAnalysis.undecided(vm, EDF_INSIDE)
                    : vmVerdict(vm, servers.get(k), servers, core, test, scale);
        }
        // A failed demand test with the density test passing proves nothing: the core is undecided, and its VMs.
        Verdict verdict = switch (test) {
            case ADMITS -> Verdict.SCHEDULABLE;
            case UNDECIDED -> Verdict.UNDECIDED;
            case FAILS -> Verdict.NOT_SCHEDULABLE;
        };
        return HierarchyAnalysis.coreVerdict(s, core, on, coreNote(core, test), verdict);
    }

    /**
     * Every VM of the core as a CBS reservation with its tasks in ticks, in RM order, in the order
     * of {@code on}; the VMs with EDF inside too, as they compete for the core with their tasks.
     */
    private static List<CbsVm> servers(Scenario s, List<Integer> on, int scale) {
        List<CbsVm> out = new ArrayList<>();
        for (int v : on) {
            VirtualMachine vm = s.vms().get(v);
            out.add(new CbsVm(vm.name(), reservation(vm, scale), HierarchyAnalysis.rateMonotonic(vm.tasks(), scale)));
        }
        return out;
    }

    /** The VM's reservation in ticks, its deadline the one its CBS parameters give (else its period). */
    private static CbsReservation reservation(VirtualMachine vm, int scale) {
        Double relativeDeadline = CbsPolicy.deadline(vm);
        long period = TickTask.ticks(vm.period(), scale);
        long deadline = relativeDeadline == null ? period : TickTask.ticks(relativeDeadline, scale);
        return new CbsReservation(TickTask.ticks(vm.budget(), scale), period, deadline,
                TickTask.ticks(vm.overhead(), scale));
    }

    /** The demand test's failure when some deadline is below its period (sufficient only, THEORY.md 11.10). */
    private static String densityWhy(int core) {
        return "core " + core + " fails the demand test of its reservations (some deadline is below its"
                + " period, THEORY.md 11.10; sufficient only): the budgets are not proven";
    }

    /** The core's note: null when its reservations are admitted, else why its budgets are not guaranteed or not proven. */
    private static String coreNote(int core, CbsFp.CoreTest test) {
        return switch (test) {
            case ADMITS -> null;
            case UNDECIDED -> Verdicts.labelled(Verdict.UNDECIDED, densityWhy(core));
            case FAILS -> "core " + core + " fails the EDF test of its reservations (sum of Q/P > 1): the budgets are not"
                    + " guaranteed";
        };
    }

    /**
     * The verdict of {@code vm} (RM inside), served by {@code cv} among the core's {@code servers}:
     * its response times by its CBS supply; when the core fails its test, not schedulable (Σ Q/P
     * &gt; 1) or undecided (the demand test, with the density test's reason).
     */
    private static VmVerdict vmVerdict(VirtualMachine vm, CbsVm cv, List<CbsVm> servers, int core, CbsFp.CoreTest test,
            int scale) {
        ReservationSupply sup = CbsFp.supply(cv, servers);
        long[] r;
        try {
            r = sup.responseTimes(cv.tasks());
        } catch (AnalysisLimitException e) {
            return HierarchyAnalysis.undecided(vm, e.getMessage()); // past the work budget (THEORY.md §10)
        }
        String desc = description(cv, servers, sup, scale);
        String coreNote = coreNote(core, test);
        if (test != CbsFp.CoreTest.UNDECIDED) {
            return HierarchyAnalysis.vmVerdict(vm, r, cv.tasks(), scale, desc, coreNote);
        }
        VmVerdict vv = HierarchyAnalysis.vmVerdict(vm, r, cv.tasks(), scale, desc, null);
        return new VmVerdict(vv.name(), vv.period(), vv.budget(), vv.overhead(), vv.bandwidth(),
                vv.verdict().and(Verdict.UNDECIDED), vv.tmax(), vv.feasiblePeriods(), vv.minPeriod(), vv.tasks(),
                densityWhy(core), null, coreNote, null, List.of(), desc, null);
    }

    /** What the analysis assumed of the VM: its phase, the preemptions counted and its supply. */
    private static String description(CbsVm cv, List<CbsVm> servers, ReservationSupply sup, int scale) {
        CbsFp.Phase phase = CbsFp.phase(cv.reservation(), cv.tasks());
        long n = CbsFp.preemptions(cv, servers);
        return "CBS/FP (hard CBS under EDF, RM inside; THEORY.md §11.1): " + (phase == CbsFp.Phase.ALIGNED
                ? "aligned (every release on the reservation's grid)" : "any phase") + ", N = " + n
                + " preemptions per server period, useful " + HierarchyAnalysis.decimal(sup.chunk(), scale) + " per "
                + HierarchyAnalysis.decimal(sup.period(), scale) + ", blackout "
                + HierarchyAnalysis.decimal(sup.blackout(), scale);
    }
}

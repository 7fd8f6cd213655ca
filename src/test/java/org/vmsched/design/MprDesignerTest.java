package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.mpr.GlobalEdfOnMpr;
import org.vmsched.analysis.mpr.GlobalRmOnMpr;
import org.vmsched.analysis.mpr.GlobalTask;
import org.vmsched.analysis.mpr.MprSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

class MprDesignerTest {

    /** Five tasks of utilisation 0.2 each: U = 1, so one vCPU is never enough for a sufficient test. */
    private static final List<Task> FIVE = List.of(Task.of("a", 2, 10), Task.of("b", 3, 15), Task.of("c", 4, 20),
            Task.of("d", 5, 25), Task.of("e", 6, 30));

    private static List<GlobalTask> global(List<Task> ts) {
        return ts.stream().map(t -> GlobalTask.of(t.wcet(), t.deadline(), t.period())).toList();
    }

    private static MprSupply supplyOf(MprDesign.Proposal p, double x, int preemptions) {
        return MprDesigner.supply(SafeRounding.fraction(p.period()), SafeRounding.fraction(p.budget()), p.vcpus(),
                SafeRounding.fraction(x), preemptions);
    }

    private static boolean edfAccepts(MprSupply s, List<GlobalTask> ts) {
        return GlobalEdfOnMpr.shinEaswaranLee(s, ts).schedulable() || GlobalEdfOnMpr.bertognaCirineiLipari(s, ts).schedulable();
    }

    private static BigFraction f(double v) {
        return SafeRounding.fraction(v);
    }

    @Test
    void theGlobalEdfProposalIsAcceptedAndNoLessBandwidthPassesAtItsPeriod() {
        List<GlobalTask> ts = global(FIVE);
        MprDesign d = MprDesigner.design("vm", ts, MprDesigner.Policy.GLOBAL_EDF, 0.05, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        MprDesign.Proposal p = d.proposal();
        assertNotNull(p, d.note());
        assertTrue(p.vcpus() >= 2, "U = 1 needs more than one vCPU: " + p);
        assertTrue(edfAccepts(supplyOf(p, 0.05, 1), ts), "the proposal passes the test again: " + p);
        assertTrue(p.bandwidth() > 1, "the bandwidth is above U = 1 (overhead and abstraction): " + p);
        // The next smaller budget of three digits at the same (period, vcpus) is not accepted.
        BigDecimal c = BigDecimal.valueOf(p.budget());
        BigDecimal lower = c.subtract(BigDecimal.ONE.scaleByPowerOfTen(c.precision() - c.scale() - 3));
        assertFalse(edfAccepts(MprDesigner.supply(f(p.period()), SafeRounding.fraction(lower), p.vcpus(), f(0.05), 1), ts),
                "budget " + lower + " below " + c + " passes too");
        // At its period, no number of vCPUs passes with a bandwidth 0.1 % lower.
        for (int m = 1; m <= 4; m++) {
            BigFraction c2 = f(p.bandwidth() * 0.999).multiply(f(p.period())).divide(m);
            if (c2.compareTo(f(p.period())) <= 0) {
                assertFalse(edfAccepts(MprDesigner.supply(f(p.period()), c2, m, f(0.05), 1), ts), "m' = " + m);
            }
        }
    }

    @Test
    void proposedValuesAreDecimalsAnEngineerTypes() {
        MprDesign d = MprDesigner.design("vm", global(FIVE), MprDesigner.Policy.GLOBAL_EDF, 0.05, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        MprDesign.Proposal p = d.proposal();
        assertTrue(BigDecimal.valueOf(p.budget()).stripTrailingZeros().precision() <= 3, "budget " + p.budget());
        assertTrue(BigDecimal.valueOf(p.period()).stripTrailingZeros().precision() <= 2, "period " + p.period());
        assertTrue(p.period() >= 1 && p.period() <= 10);
    }

    @Test
    void aGranularityGivesWholeMultiples() {
        MprDesign d = MprDesigner.design("vm", global(FIVE), MprDesigner.Policy.GLOBAL_EDF, 0.05, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10).withGranularity(2));
        assertEquals(0, Math.IEEEremainder(d.proposal().period(), 2), 1e-12, d.proposal().toString());
    }

    @Test
    void theGlobalRmProposalIsAcceptedByTheRmTest() {
        List<GlobalTask> ts = global(FIVE);
        MprDesign d = MprDesigner.design("vm", ts, MprDesigner.Policy.GLOBAL_RM, 0.05, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        assertNotNull(d.proposal(), d.note());
        assertEquals("gRM", d.policy());
        assertTrue(GlobalRmOnMpr.bertognaCirineiLipari(supplyOf(d.proposal(), 0.05, 1), ts).schedulable());
    }

    @Test
    void withoutOverheadTheSupplyIsThePapersInterface() {
        MprSupply ours = MprDesigner.supply(f(5), f(3.5), 2, BigFraction.ZERO, 0);
        assertEquals(MprSupply.of(f(5), f(7), 2), ours);
    }

    @Test
    void tooMuchLoadForTheVcpusAllowedFindsNothingAndSaysWhy() {
        MprDesign d = MprDesigner.design("vm", global(FIVE), MprDesigner.Policy.GLOBAL_EDF, 0.05, 1, 1,
                DesignConstraints.DEFAULT.withRange(1, 10));
        assertNull(d.proposal());
        assertTrue(d.note().contains("at most 1 vCPUs") && d.note().contains("no proof"), d.note());
    }

    @Test
    void thePartitionedAlternativeSplitsTheTasksOverSingleVcpuDesigns() {
        VirtualMachine vm = VirtualMachine.of("vm", 10, 5, 0.05, FIVE);
        Scenario s = Scenario.of("s", List.of(vm));
        MprDesign d = MprDesigner.design(s, vm, MprDesigner.Policy.GLOBAL_EDF, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        assertNotNull(d.proposal());
        assertNotNull(d.partitioned());
        assertTrue(d.partitioned().vcpus().size() >= 2, d.partitioned().toString());
        assertEquals(5, d.partitioned().vcpus().stream().mapToInt(v -> v.tasks().size()).sum());
        double sum = d.partitioned().vcpus().stream().mapToDouble(MprDesign.Vcpu::bandwidth).sum();
        assertEquals(sum, d.partitioned().bandwidth(), 1e-12);
    }

    @Test
    void badArgumentsAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MprDesigner.design("vm", List.of(),
                MprDesigner.Policy.GLOBAL_EDF, 0, 0, 2, DesignConstraints.DEFAULT)).getMessage().contains("no tasks"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MprDesigner.design("vm", global(FIVE),
                MprDesigner.Policy.GLOBAL_EDF, -1, 0, 2, DesignConstraints.DEFAULT)).getMessage().contains("overhead"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MprDesigner.design("vm", global(FIVE),
                MprDesigner.Policy.GLOBAL_EDF, 0, 0, 0, DesignConstraints.DEFAULT)).getMessage().contains("maxVcpus"));
    }

    @Test
    void preemptionsAreCountedFromTheOtherVmsShorterPeriods() {
        VirtualMachine a = VirtualMachine.of("a", 10, 5, 0.05, FIVE);
        VirtualMachine b = VirtualMachine.of("b", 3, 1, 0, List.of(Task.of("x", 0.5, 3)));
        Scenario s = Scenario.of("s", List.of(a, b));
        assertEquals(3, MprDesigner.hostPreemptions(s, a, f(10), 1), "⌈(10 − 3)/3⌉");
        assertEquals(1, MprDesigner.hostPreemptions(s, a, f(4), 1));
        assertEquals(0, MprDesigner.hostPreemptions(s, a, f(3), 1), "equal periods do not preempt");
        assertEquals(0, MprDesigner.hostPreemptions(s, b, f(10), 1), "a VM does not preempt itself");
        MprDesign d = MprDesigner.design(s, a, MprDesigner.Policy.GLOBAL_EDF, -1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        assertEquals(MprDesigner.hostPreemptions(s, a, f(d.proposal().period()), d.proposal().vcpus()), d.preemptions());
        assertTrue(edfAccepts(supplyOf(d.proposal(), 0.05, d.preemptions()), global(FIVE)));
    }

    /**
     * Issue 30: a hundred equal VMs were designed a hundred times. VMs equal but for their names are
     * designed once, and every design is the one the VM gets alone: a twin's (b of a), a VM of the
     * same tasks at another period (d: its own and its mates' P differ) and one of other tasks (c).
     */
    @Test
    void equalVmsAreDesignedOnceAndEveryDesignIsTheOneTheVmGetsAlone() throws Exception {
        VirtualMachine a = VirtualMachine.of("a", 10, 5, 0.05, FIVE).withVcpusAndTwinScheduler(2);
        VirtualMachine b = a.withName("b");
        VirtualMachine c = VirtualMachine.of("c", 3, 1, 0, List.of(Task.of("x", 0.5, 3))).withVcpusAndTwinScheduler(2);
        VirtualMachine d = VirtualMachine.of("d", 7, 5, 0.05, FIVE).withVcpusAndTwinScheduler(2);
        Scenario s = Scenario.of("s", List.of(a, b, c, d)).withHypervisor(new org.vmsched.model.Platform(
                org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 2));
        DesignConstraints k = DesignConstraints.DEFAULT.withRange(1, 10);
        java.util.Set<Integer> progressed = new java.util.TreeSet<>();
        List<MprDesign> all = MprDesigner.designAll(s, s.vms(), 2, k, MprDesigner.DEFAULT_MAX_TESTS,
                i -> (done, total, what) -> progressed.add(i), null);
        List<MprDesign> alone = new java.util.ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            alone.add(MprDesigner.design(s, vm, MprDesigner.Policy.of(vm.scheduler()), -1, 2, k, MprDesigner.DEFAULT_MAX_TESTS,
                    null, null));
        }
        assertEquals(alone, all);
        assertEquals(List.of("a", "b", "c", "d"), all.stream().map(MprDesign::vm).toList());
        assertNotNull(all.get(0).proposal());
        assertEquals(java.util.Set.of(0, 2, 3), progressed, "b, a's twin, is not searched again");
    }

    /**
     * A user trial: with every vCPU on a core of its own, no vCPU is ever preempted, yet P counted the
     * other VMs' shorter periods (a proposal then "undecided" once set, and the worst-case simulation
     * replaying preemptions that cannot happen).
     */
    @Test
    void noPreemptionWhenEveryVcpuHasACore() {
        VirtualMachine a = VirtualMachine.of("a", 10, 5, 0.05, FIVE);
        VirtualMachine b = VirtualMachine.of("b", 3, 1, 0, List.of(Task.of("x", 0.5, 3)));
        Scenario s = Scenario.of("s", List.of(a, b)).withHypervisor(new org.vmsched.model.Platform(
                org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 3));
        assertEquals(0, MprDesigner.hostPreemptions(s, a, f(10), 2), "2 + 1 vCPUs on 3 cores");
        assertEquals(3, MprDesigner.hostPreemptions(s, a, f(10), 3), "3 + 1 on 3 cores: ⌈(10 − 3)/3⌉");
        assertEquals(0, org.vmsched.analysis.mpr.GlobalAnalysis.vcpuSupply(s, a).preemptions());
    }

    @Test
    void aScenarioMigrationCostIsPaidAtEveryDispatchOfTheDesign() {
        VirtualMachine vm = VirtualMachine.of("vm", 10, 5, 0.05, FIVE);
        Scenario s = Scenario.of("s", List.of(vm)).withHypervisor(new org.vmsched.model.Platform(
                org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 4, org.vmsched.policy.globaledf.GlobalEdfPolicy.hypervisor(0.1)));
        DesignConstraints k = DesignConstraints.DEFAULT.withRange(1, 10);
        MprDesign d = MprDesigner.design(s, vm, MprDesigner.Policy.GLOBAL_EDF, 1, 4, k);
        // X + M = 0.05 + 0.1 = 0.15 per dispatch, exactly as the analysis reads it (THEORY.md §15.2)
        assertEquals(0.15, d.overhead());
        MprDesign same = MprDesigner.design("vm", global(FIVE), MprDesigner.Policy.GLOBAL_EDF, 0.15, 1, 4, k);
        assertEquals(same.proposal(), d.proposal());
        assertTrue(edfAccepts(supplyOf(d.proposal(), 0.15, 1), global(FIVE)));
        MprDesign free = MprDesigner.design(Scenario.of("s", List.of(vm)), vm, MprDesigner.Policy.GLOBAL_EDF, 1, 4, k);
        assertTrue(d.proposal().bandwidth() > free.proposal().bandwidth(), d.proposal() + " vs " + free.proposal());
    }

    @Test
    void aVmOfAScenarioIsDesignedWithinTheRangeAboveItsLoad() {
        // (issue 31: this printed the design and asserted nothing)
        VirtualMachine vm = VirtualMachine.of("vm", 10, 5, 0.05, FIVE);
        MprDesign d = MprDesigner.design(Scenario.of("s", List.of(vm)), vm, MprDesigner.Policy.GLOBAL_EDF, 1, 4,
                DesignConstraints.DEFAULT.withRange(1, 10));
        assertTrue(d.found(), d.note());
        MprDesign.Proposal p = d.proposal();
        assertTrue(p.period() >= 1 && p.period() <= 10, "the period is in the range asked: " + p);
        assertTrue(p.vcpus() >= 2 && p.vcpus() <= 4, "U = 1 needs more than one vCPU, at most 4 allowed: " + p);
        assertTrue(p.bandwidth() > 1, "the bandwidth is above U = 1 (overhead and abstraction): " + p);
    }
}

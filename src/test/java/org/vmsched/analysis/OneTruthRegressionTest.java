package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/** The findings 1–3 of the "one truth" issue, with the numbers they were reported with. */
class OneTruthRegressionTest {

    static Scenario twoVms(HypervisorPolicy policy) {
        VirtualMachine a = new VirtualMachine("A", 10, 6, 1, 0, 0, GuestScheduler.RM, 1,
                List.of(new Task("a1", 4, 20, 13, 0)));
        VirtualMachine b = new VirtualMachine("B", 3, 1, 0, 0, 0, GuestScheduler.RM, 1, List.of(Task.of("b1", 1, 6)));
        return new Scenario(Scenario.SCHEMA_VERSION, "two", "", new Platform(policy, 1), List.of(a, b),
                SimulationSettings.DEFAULT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"EDF", "RM"})
    void overheadPaidAtEveryPreemptionIsAnalysed(String id) {
        HypervisorPolicy policy = HypervisorPolicy.builtIn(id);
        Scenario s = twoVms(policy);
        VmVerdict a = SystemAnalysis.analyze(s).vms().get(0);
        // B (period 3) preempts A at most ⌈(10 − 3)/3⌉ = 3 times in one of A's periods under EDF
        // (its deadline must come first), ⌈10/3⌉ = 4 times under RM: 4 or 5 overheads of 1 in C = 6
        int p = policy == HypervisorPolicy.EDF ? 3 : 4;
        assertEquals(p, a.supply().preemptions());
        assertEquals(6 - (1 + p), a.supply().chunk(), 1e-12);
        assertFalse(a.schedulable(), "was SCHEDULABLE with R = 13 while the simulation shows a miss");
        SimulationResult sim = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(60.0).withTrace(false), null);
        assertTrue(sim.vm("A").tasks().get(0).missed() > 0, "the simulation this analysis must agree with");
    }

    @Test
    void aVmAloneKeepsTheThesisSupply() {
        VirtualMachine a = VirtualMachine.of("A", 10, 4, 0, ThesisExamplesTest.THESIS);
        VmVerdict v = SystemAnalysis.analyze(Scenario.of("t", List.of(a))).vms().get(0);
        assertTrue(v.supply().isThesisSupply());
        assertEquals(36, v.tasks().get(2).responseTime(), 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"RM", "FP"})
    void deferrableVmsInterfereWithJitter(String id) {
        HypervisorPolicy policy = HypervisorPolicy.builtIn(id);
        VirtualMachine hi = new VirtualMachine("hi", 10, 5, 0, 0, 0, GuestScheduler.RM, 1, List.of(Task.of("h", 1, 10)));
        VirtualMachine lo = new VirtualMachine("lo", 20, 10, 0, 0, 0, GuestScheduler.RM, 2, List.of(Task.of("l", 1, 20)));
        Scenario periodic = new Scenario(1, "p", "", new Platform(policy, 1), List.of(hi, lo), SimulationSettings.DEFAULT);
        assertTrue(SystemAnalysis.analyzeCore(periodic, 0).schedulable(), "R(lo) = 10 + 2·5 = 20 as periodic tasks");
        Scenario deferrable = periodic.withSimulation(SimulationSettings.DEFAULT.withServerPolicy(ServerPolicy.DEFERRABLE));
        CoreVerdict cv = SystemAnalysis.analyzeCore(deferrable, 0);
        assertFalse(cv.schedulable(), "with jitter 5: 10 + ⌈25/10⌉·5 = 25 > 20");
        assertNull(cv.vmResponseTimes().get(1));
    }

    @Test
    void deferrableVmsUnderEdfUseTheDemandTest() {
        VirtualMachine a = new VirtualMachine("a", 10, 5, 0, 0, 0, GuestScheduler.RM, null, List.of(Task.of("x", 1, 10)));
        VirtualMachine b = new VirtualMachine("b", 20, 10, 0, 0, 0, GuestScheduler.RM, null, List.of(Task.of("y", 1, 20)));
        Scenario periodic = new Scenario(1, "p", "", new Platform(HypervisorPolicy.EDF, 1), List.of(a, b),
                SimulationSettings.DEFAULT);
        assertTrue(SystemAnalysis.analyzeCore(periodic, 0).schedulable(), "U = 1");
        Scenario deferrable = periodic.withSimulation(SimulationSettings.DEFAULT.withServerPolicy(ServerPolicy.DEFERRABLE));
        assertFalse(SystemAnalysis.analyzeCore(deferrable, 0).schedulable(), "back-to-back budgets overload a window");
    }

    @Test
    void aResponseOneUnitAboveABillionUnitDeadlineMisses() {
        // R = 500000001 + ⌈R/2⌉ = 1000000002 exactly, one above the deadline
        List<Task> tasks = List.of(Task.of("fast", 1, 2), Task.of("slow", 500_000_001, 1_000_000_001));
        VirtualMachine vm = VirtualMachine.of("VM", 1, 1, 0, tasks);
        VmVerdict v = SystemAnalysis.analyze(Scenario.of("ns", List.of(vm))).vms().get(0);
        assertFalse(v.tasks().get(1).schedulable(), "the 1e-9 tolerance called it ok with R = 1000000001");
        double[] r = ResponseTimeAnalysis.responseTimes(Supply.dedicated(), tasks, 2.0);
        assertEquals(1_000_000_002, r[1], 0);
    }

    /**
     * P counts ⌈T/Tj⌉ on the decimals as written: a VM of period 9.9 beside one of period 3.3 under
     * RM is preempted at most 3 times, but 9.9/3.3 is 3.0000000000000004 in doubles and the count
     * said 4 (safe, yet one overhead too many at the user's own period).
     */
    @Test
    void preemptionsAtAnExactMultipleAreCountedOnTheDecimals() {
        org.vmsched.model.VirtualMachine a = org.vmsched.model.VirtualMachine.of("A", 9.9, 5, 0.1,
                java.util.List.of(org.vmsched.model.Task.of("a", 1, 40)));
        org.vmsched.model.VirtualMachine b = org.vmsched.model.VirtualMachine.of("B", 3.3, 1, 0,
                java.util.List.of(org.vmsched.model.Task.of("b", 0.5, 10)));
        for (org.vmsched.model.HypervisorPolicy p : java.util.List.of(org.vmsched.model.HypervisorPolicy.RM,
                org.vmsched.model.HypervisorPolicy.EDF)) {
            org.vmsched.model.Scenario s = org.vmsched.model.Scenario.of("m", java.util.List.of(a, b))
                    .withHypervisor(new org.vmsched.model.Platform(p, 1));
            // RM: ⌈9.9/3.3⌉ = 3; EDF: ⌈(9.9 − 3.3)/3.3⌉ = 2
            org.junit.jupiter.api.Assertions.assertEquals(p == org.vmsched.model.HypervisorPolicy.RM ? 3 : 2,
                    VmSupply.of(s, a).preemptions(), p.toString());
        }
    }
}

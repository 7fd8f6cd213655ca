package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.global.GlobalSoundnessAgainstSimulationProperties;

/**
 * THEORY.md §15.23: with a core per periodic vCPU the VM's vCPUs serve together, and in the VM's own time its tasks
 * are (C, αD, αT) on k dedicated processors. Two VMs of issue 32's acceptance population (`bench.GlobalAcceptance`,
 * systems 784 and 152) that no supply-based test proves, each held to the simulator; the bounds back in real time by
 * hand; and the cases outside the claim's scope, one of which misses.
 */
class GangTest {

    private static Scenario edf() throws Exception {
        return ScenarioJson.parse("gang.json", """
                { "schemaVersion": 2, "name": "gang", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [ { "name": "a", "period": 5, "budget": 1.8, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                    "tasks": [ { "name": "t0", "wcet": 1.83, "period": 20 }, { "name": "t1", "wcet": 3.66, "period": 40, "offset": 13 },
                               { "name": "t2", "wcet": 10.99, "period": 120, "offset": 15 },
                               { "name": "t3", "wcet": 10.99, "period": 120, "offset": 13 },
                               { "name": "t4", "wcet": 3.66, "period": 40, "deadline": 30, "offset": 11 } ] } ] }
                """);
    }

    private static Scenario rm() throws Exception {
        return ScenarioJson.parse("gang-rm.json", """
                { "schemaVersion": 2, "name": "gang, RM", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 3 },
                  "vms": [ { "name": "a", "period": 4, "budget": 1.9, "vcpus": 3, "scheduler": "GLOBAL_RM",
                    "tasks": [ { "name": "t0", "wcet": 3.7, "period": 20, "offset": 5 }, { "name": "t1", "wcet": 22.22, "period": 120, "offset": 6 },
                               { "name": "t2", "wcet": 7.41, "period": 40 }, { "name": "t3", "wcet": 22.22, "period": 120, "offset": 6 },
                               { "name": "t4", "wcet": 11.11, "period": 60, "offset": 13 } ] } ] }
                """);
    }

    @Test
    void underGlobalEdfTheVmIsProvedInItsOwnTimeWhereNoSupplyProvesIt() throws Exception {
        VmVerdict vm = SystemAnalysis.analyze(edf()).vms().get(0);
        assertEquals(Verdict.SCHEDULABLE, vm.verdict(), vm.hierarchy());
        assertEquals(ProvedOn.GANG, vm.provedOn(), vm.hierarchy());
        assertTrue(vm.hierarchy().startsWith("schedulable on its vCPUs as processors that serve together, in the VM's own time"
                + " (THEORY.md §15.23): in the VM's own time (2 processors serving 1.8 of every 5 together, each task's D and T"
                + " times α = 0.36)"), vm.hierarchy());
        assertTrue(vm.hierarchy().contains("Not proved on the MPR supply of its vCPUs"), vm.hierarchy());
        assertTrue(vm.hierarchy().contains("Not proved on its vCPUs level by level"), vm.hierarchy());
        assertEquals(GlobalEdfOnMpr.SEL + ", in the VM's own time on 2 dedicated processors", vm.provedBy());
        holds(edf(), vm);
    }

    @Test
    void underGlobalRmTheBoundsComeBackInRealTimeAndAreReached() throws Exception {
        VmVerdict vm = SystemAnalysis.analyze(rm()).vms().get(0);
        assertEquals(ProvedOn.GANG, vm.provedOn(), vm.hierarchy());
        // t0 alone on a processor in the VM's time: R′ = 3.7; in real time the gap 4 − 1.9 = 2.1, a whole chunk of
        // 1.9 a period later, and 1.8 of the next: 2.1 + 4 + 1.8 = 7.9
        assertEquals(7.9, vm.tasks().get(0).responseTime(), 1e-9);
        assertTrue(vm.hierarchy().contains("every task's response time is bounded within its deadline, in real time: R(task t0) ≤ 7.9,"
                + " R(task t1) ≤ 94.82, R(task t2) ≤ 15.81, R(task t3) ≤ 118.545, R(task t4) ≤ 23.71"), vm.hierarchy());
        SimulationResult worst = holds(rm(), vm);
        // worst-case mode (each vCPU from its replenishment, the tasks released where a chunk ends) reaches t0's bound
        assertEquals(7.9, worst.task("a", "t0").maxResponseTime(), 1e-9);
    }

    @Test
    void aBoundInTheVmsTimeIsTheBlackoutThenItsChunks() {
        Gang.Dilated d = new Gang.Dilated(List.of(), 3, new BigFraction(4), new BigFraction(19, 10));
        assertEquals(new BigFraction(26, 10), d.realTime(new BigFraction(1, 2))); // 2.1 + 0.5
        assertEquals(new BigFraction(4), d.realTime(new BigFraction(19, 10))); // 2.1 + 1.9: one whole chunk
        assertEquals(new BigFraction(79, 10), d.realTime(new BigFraction(37, 10)));
        assertEquals(BigFraction.ZERO, d.realTime(BigFraction.ZERO));
    }

    // the own-time text cut the test's reason at its first ": " to drop the verdict label, so a reason with a colon of
    // its own and no label (as the host's own schedule gives) lost its first part; it now reads the bare reason
    @Test
    void theOwnTimeTextKeepsTheTestsBareReasonWholeColonsAndAll() {
        Gang.Dilated d = new Gang.Dilated(List.of(), 3, new BigFraction(4), new BigFraction(19, 10));
        MprResult labelled = MprResult.fails("a test", "the demand at t = 4: 2.5 is above the supply", new BigFraction(4), 1);
        MprResult bare = new MprResult(Verdict.UNDECIDED, "a test", "per window: 2.5 above", "per window: 2.5 above", false, null, 1);
        String own = "undecided: in the VM's own time (3 processors serving 1.9 of every 4 together, each task's D and T times"
                + " α = 0.475), ";
        assertEquals(own + "the demand at t = 4: 2.5 is above the supply", GuestAnalysis.inOwnTime(d, labelled, null).reason());
        assertEquals(own + "per window: 2.5 above", GuestAnalysis.inOwnTime(d, bare, null).reason());
        assertEquals("a test, in the VM's own time on 3 dedicated processors", GuestAnalysis.inOwnTime(d, bare, null).test());
        assertThrows(IllegalArgumentException.class, () -> new MprResult(Verdict.UNDECIDED, "a test", "undecided: x", "y", false, null, 1));
    }

    @Test
    void aTaskReleasedBeforeTheVmsFirstReplenishmentIsOutsideTheClaim() throws Exception {
        // t0's first window [1, 21) holds 15 of the VM's time, not 0.9·20 = 18: it misses, and so does every later job
        // (one task's jobs run one after another); the claim asks every release at or after the VM's offset
        Scenario s = ScenarioJson.parse("late.json", """
                { "schemaVersion": 2, "name": "late", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 3 },
                  "vms": [ { "name": "a", "period": 10, "budget": 9, "vcpus": 3, "scheduler": "GLOBAL_EDF", "offset": 5,
                    "tasks": [ { "name": "t0", "wcet": 18, "period": 20, "offset": 1 }, { "name": "t1", "wcet": 36, "period": 40, "offset": 9 } ] } ] }
                """);
        VirtualMachine vm = s.vms().get(0);
        assertNull(Gang.of(s, vm, tasks(vm), true));
        assertNotEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(s).vms().get(0).verdict());
        assertTrue(Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(200.0)).deadlineMisses() > 0);
        // with the VM at the first task's offset the same tasks are in scope (each alone on a processor in the VM's
        // time), proved (here already level by level, §15.20) and meet every deadline
        Scenario inScope = s.withVms(List.of(vm.withOffset(1)));
        assertTrue(Gang.of(inScope, inScope.vms().get(0), tasks(vm), true) != null);
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(inScope).vms().get(0).verdict());
        assertEquals(0, Simulator.run(inScope, SimulationOptions.DEFAULT.withHorizon(200.0)).deadlineMisses());
    }

    @Test
    void deadlinesOffThePeriodsGridSharedCoresAndAMigrationCostAreOutsideTheClaim() throws Exception {
        Scenario s = edf();
        VirtualMachine vm = s.vms().get(0);
        assertTrue(Gang.of(s, vm, tasks(vm), true) != null);
        assertNull(Gang.of(s, vm, tasks(vm), false), "vCPUs sharing cores do not serve together");
        Scenario offGrid = ScenarioJson.parse("off.json", """
                { "schemaVersion": 2, "name": "off", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [ { "name": "a", "period": 5, "budget": 1.8, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                    "tasks": [ { "name": "t0", "wcet": 1, "period": 20, "deadline": 18 } ] } ] }
                """);
        assertNull(Gang.of(offGrid, offGrid.vms().get(0), tasks(offGrid.vms().get(0)), true));
        Scenario migrating = ScenarioJson.parse("m.json", """
                { "schemaVersion": 2, "name": "m", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2,
                    "params": { "migrationOverhead": 0.1 } },
                  "vms": [ { "name": "a", "period": 5, "budget": 1.8, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                    "tasks": [ { "name": "t0", "wcet": 1, "period": 20 } ] } ] }
                """);
        assertNull(Gang.of(migrating, migrating.vms().get(0), tasks(migrating.vms().get(0)), true));
        // a whole budget: with no overhead every instant is the VM's (α = 1); with one, the vCPU is never switched out and
        // pays X once, not every period as the claim counts, so it is left out
        Scenario whole = offGrid.withVms(List.of(offGrid.vms().get(0).withServer(5, 5, 0)
                .withTasks(vm.tasks().subList(0, 1))));
        assertEquals(BigFraction.ONE, Gang.of(whole, whole.vms().get(0), tasks(whole.vms().get(0)), true).rate());
        Scenario wholeWithX = whole.withVms(List.of(whole.vms().get(0).withServer(5, 5, 0.1)));
        assertNull(Gang.of(wholeWithX, wholeWithX.vms().get(0), tasks(wholeWithX.vms().get(0)), true));
    }

    private static List<GlobalTask> tasks(VirtualMachine vm) {
        return vm.tasks().stream().map(t -> GlobalTask.of(t.wcet(), t.deadline(), t.period())).toList();
    }

    /** No miss from the offsets, from offsets 0 or in worst-case mode, no task above its bound; the worst-case run. */
    private static SimulationResult holds(Scenario s, VmVerdict vm) {
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(1200.0);
        SimulationResult worst = Simulator.run(s, o.withMode(SimulationMode.WORST_CASE));
        for (SimulationResult r : List.of(Simulator.run(s, o), Simulator.run(GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s), o),
                worst)) {
            assertEquals(0, r.deadlineMisses(), s.name());
            for (int i = 0; i < vm.tasks().size(); i++) {
                String name = s.vms().get(0).tasks().get(i).name();
                assertTrue(r.task("a", name).maxResponseTime() <= vm.tasks().get(i).responseTime() + 1e-9,
                        name + ": " + r.task("a", name).maxResponseTime() + " > " + vm.tasks().get(i).responseTime());
            }
        }
        return worst;
    }
}

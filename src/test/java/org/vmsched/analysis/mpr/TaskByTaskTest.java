package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.global.GlobalSoundnessAgainstSimulationProperties;

/**
 * THEORY.md §15.22: VMs that no test proves as a set, on any supply, and that each task's own test
 * proves (two VMs of issue 32's acceptance population, `bench.GlobalAcceptance`, systems 892 and 689).
 * Each is held to the simulator: no miss from offsets 0, with the offsets or in worst-case mode.
 */
class TaskByTaskTest {

    /** Three vCPUs with a core each; SEL proves t0, t2 and t3, the response times without slack t1. */
    private static Scenario edf() throws Exception {
        return ScenarioJson.parse("edf.json", """
                { "schemaVersion": 2, "name": "task by task", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 3 },
                  "vms": [ { "name": "vm1", "period": 5, "budget": 4.7, "overhead": 0.02, "vcpus": 3, "scheduler": "GLOBAL_EDF",
                    "tasks": [ { "name": "t0", "wcet": 8.88, "period": 20 }, { "name": "t1", "wcet": 26.64, "period": 60 },
                               { "name": "t2", "wcet": 17.76, "period": 40 },
                               { "name": "t3", "wcet": 26.64, "period": 60, "deadline": 57 } ] } ],
                  "simulation": { "serverPolicy": "periodic" } }
                """);
    }

    /** Four VMs sharing 3 cores; vm2 (global RM, 3 vCPUs) is proved task by task on the host's own schedule. */
    private static Scenario rm() throws Exception {
        return ScenarioJson.parse("rm.json", """
                { "schemaVersion": 2, "name": "task by task, RM", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 3 },
                  "vms": [
                    { "name": "vm0", "period": 5, "budget": 0.9, "scheduler": "EDF",
                      "tasks": [ { "name": "t0", "wcet": 3.28, "period": 60, "offset": 14 },
                                 { "name": "t1", "wcet": 6.56, "period": 120, "offset": 18 } ] },
                    { "name": "vm1", "period": 10, "budget": 1.9, "scheduler": "GLOBAL_RM", "vcpus": 2,
                      "tasks": [ { "name": "t0", "wcet": 4.02, "period": 60, "offset": 11 },
                                 { "name": "t1", "wcet": 2.68, "period": 40, "offset": 16 },
                                 { "name": "t2", "wcet": 8.04, "period": 120 },
                                 { "name": "t3", "wcet": 2.68, "period": 40, "deadline": 28, "offset": 15 },
                                 { "name": "t4", "wcet": 8.04, "period": 120, "offset": 13 } ] },
                    { "name": "vm2", "period": 4, "budget": 0.9, "scheduler": "GLOBAL_RM", "vcpus": 3,
                      "tasks": [ { "name": "t0", "wcet": 6.37, "period": 40, "offset": 19 },
                                 { "name": "t1", "wcet": 19.11, "period": 120, "offset": 8 },
                                 { "name": "t2", "wcet": 3.19, "period": 20, "deadline": 16, "offset": 1 } ] },
                    { "name": "vm3", "period": 5, "budget": 0.8, "scheduler": "GLOBAL_RM", "vcpus": 2,
                      "tasks": [ { "name": "t0", "wcet": 18.17, "period": 120, "offset": 6 },
                                 { "name": "t1", "wcet": 3.03, "period": 20, "offset": 4 } ] } ],
                  "simulation": { "serverPolicy": "periodic" } }
                """);
    }

    @Test
    void underEdfEachTaskIsProvedByItsOwnTestWhereNoTestProvesTheSet() throws Exception {
        VmVerdict vm = SystemAnalysis.analyze(edf()).vms().get(0);
        assertEquals(Verdict.SCHEDULABLE, vm.verdict(), vm.hierarchy());
        assertEquals(ProvedOn.TASK_BY_TASK, vm.provedOn(), vm.hierarchy());
        assertEquals(TaskByTask.EDF, vm.provedBy());
        assertTrue(vm.hierarchy().startsWith("schedulable on the supplies tried, each task by a test of its own (THEORY.md §15.22):"
                + " the bounds: R(task t0) ≤ 20, R(task t1) ≤ 59.04, R(task t2) ≤ 40, R(task t3) ≤ 57"),
                vm.hierarchy());
        // the set tests it tried first each fail, at different tasks
        assertTrue(vm.hierarchy().contains("Not proved on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17): the sufficient test"
                + " fails for task t2 at interval length A_k + D_k = 40"), vm.hierarchy());
        assertTrue(vm.hierarchy().contains("Not proved on its vCPUs level by level"), vm.hierarchy());
        noMiss(edf());
    }

    @Test
    void underRmEachTaskMayTakeAnotherTestInPriorityOrder() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(rm());
        VmVerdict vm = r.vms().get(2);
        assertEquals(Verdict.SCHEDULABLE, vm.verdict(), vm.hierarchy());
        assertEquals(ProvedOn.TASK_BY_TASK, vm.provedOn(), vm.hierarchy());
        assertEquals(TaskByTask.RM, vm.provedBy());
        assertTrue(vm.hierarchy().contains("R(task t0) ≤ 35, R(task t1) ≤ 91, R(task t2) ≤ 15.59"), vm.hierarchy());
        noMiss(rm());
    }

    private static void noMiss(Scenario s) {
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(1200.0);
        assertEquals(0, Simulator.run(s, o).deadlineMisses(), "with the offsets, in " + s.name());
        assertEquals(0, Simulator.run(GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s), o).deadlineMisses(),
                "from offsets 0, in " + s.name());
        assertEquals(0, Simulator.run(s, o.withMode(SimulationMode.WORST_CASE)).deadlineMisses(), "worst case, in " + s.name());
    }
}

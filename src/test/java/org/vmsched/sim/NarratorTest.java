package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The narration of stepped runs, on schedules worked out by hand; and that stepping changes no schedule. */
class NarratorTest {

    /** VM1 (10, 4, X = 0.5, EDF inside) and VM2 (20, 6, X = 0.5, RM inside) on one core. */
    private static Scenario twoVms(HypervisorPolicy policy) {
        VirtualMachine a = new VirtualMachine("VM1", 10, 4, 0.5, 0, 0, GuestScheduler.EDF, 2,
                List.of(Task.of("a1", 2, 10), Task.of("a2", 3, 20)));
        VirtualMachine b = new VirtualMachine("VM2", 20, 6, 0.5, 0, 0, GuestScheduler.RM, 1,
                List.of(Task.of("b1", 4, 20), Task.of("b2", 5, 40)));
        return Scenario.of("two", List.of(a, b)).withHypervisor(new Platform(policy, 1));
    }

    private static List<StepRecorder.Step> steps(Scenario s, SimulationOptions o) {
        return StepRecorder.record(s, o, StepRecorder.DEFAULT_MAX_STEPS).steps();
    }

    private static String at(List<StepRecorder.Step> steps, double t) {
        return steps.stream().filter(s -> s.time() == t).findFirst().orElseThrow().narration();
    }

    @Test
    void edfHypervisorSaysTheVmWithTheEarliestDeadlineStartsAndPaysItsOverhead() {
        List<StepRecorder.Step> s = steps(twoVms(HypervisorPolicy.EDF), SimulationOptions.DEFAULT.withHorizon(40.0));
        String t0 = at(s, 0);
        assertTrue(t0.startsWith("t = 0: VM1 begins a period: 4 of budget until 10; VM2 begins a period: 6 of budget until 20;"), t0);
        assertTrue(t0.contains("VM1 has the earliest deadline (10) and starts; 0.5 overhead; then VM1/a1 has the earliest deadline (10) and runs"), t0);
        assertEquals("t = 0.5: VM1's overhead is paid; VM1/a1 has the earliest deadline (10) and runs.", at(s, 0.5));
    }

    @Test
    void budgetExhaustionHandsTheCoreToTheOtherVmWithItsOverhead() {
        List<StepRecorder.Step> s = steps(twoVms(HypervisorPolicy.EDF), SimulationOptions.DEFAULT.withHorizon(40.0));
        assertEquals("t = 4: VM1's budget is spent (until its next period at 10); VM2 is the only VM with budget and starts; "
                + "0.5 overhead; then VM2/b1 has the shortest period (20, rate-monotonic) and runs.", at(s, 4));
        assertEquals("t = 14: VM1/a2 completes, response time 14; VM1's budget is spent (until its next period at 20); "
                + "the core idles: no VM has budget.", at(s, 14));
    }

    @Test
    void rateMonotonicAndFixedPriorityHypervisorsNameTheirRule() {
        assertTrue(at(steps(twoVms(HypervisorPolicy.RM), SimulationOptions.DEFAULT.withHorizon(40.0)), 0)
                .contains("VM1 has the shortest period (10) and starts"));
        List<StepRecorder.Step> fp = steps(twoVms(HypervisorPolicy.FP), SimulationOptions.DEFAULT.withHorizon(40.0));
        assertTrue(at(fp, 0).contains("VM2 has the highest priority (1) and starts; 0.5 overhead"), at(fp, 0));
        // VM1's budget runs out and comes back at 10: no switch, no overhead; inside it EDF preempts a2
        assertEquals("t = 10: VM1's budget is spent and its next period begins at once: 4 of budget until 20; "
                + "VM1/a1 is released (deadline 20); VM1/a1 has the earliest deadline (20) and preempts a2.", at(fp, 10));
    }

    @Test
    void aTaskCompletionTellsItsResponseTime() {
        Scenario thesis = Scenario.of("thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));
        List<StepRecorder.Step> s = steps(thesis, SimulationOptions.DEFAULT.withHorizon(40.0));
        assertEquals("t = 2: VM1/t1 completes, response time 2; VM1/t2 has the shortest period (24, rate-monotonic) and runs.",
                at(s, 2));
        assertEquals("t = 13: VM1/t3 completes, response time 13; no task of VM1 is ready: its budget runs idle.", at(s, 13));
        // worst case (THEORY.md §6.3): released when the supply's worst window starts, t3 takes exactly R3 = 36
        List<StepRecorder.Step> w = steps(thesis, SimulationOptions.DEFAULT.withHorizon(60.0).withMode(SimulationMode.WORST_CASE));
        assertTrue(at(w, 40).startsWith("t = 40: VM1/t3 completes, response time 36;"), at(w, 40));
    }

    @Test
    void deadlineMissesAreToldAsTheyHappenAndAtTheEnd() {
        VirtualMachine a = new VirtualMachine("VM1", 10, 2, 0, 0, 0, GuestScheduler.EDF, null,
                List.of(Task.of("a1", 2, 10), Task.of("a2", 3, 20)));
        Scenario s = Scenario.of("miss", List.of(a));
        List<StepRecorder.Step> abort = steps(s, SimulationOptions.DEFAULT.withHorizon(40.0).withMissPolicy(MissPolicy.ABORT));
        assertTrue(at(abort, 20).startsWith("t = 20: VM1/a2 misses its deadline (released at 0) and its job is dropped;"));
        assertEquals("t = 40: end of the run (the horizon); 2 deadline misses in all.", abort.get(abort.size() - 1).narration());

        List<StepRecorder.Step> cont = steps(s, SimulationOptions.DEFAULT.withHorizon(30.0));
        String end = cont.get(cont.size() - 1).narration();
        // a1 and a2 tie at 10 (deadline 20; a1 listed first); at 20 a2 (deadline 20) runs 2 of its 3: both open at 30
        assertEquals("t = 30: end of the run (the horizon); VM1/a1 (released at 20, deadline 30), VM1/a2 (released at 0, "
                + "deadline 20) are unfinished past the deadline: misses; 2 deadline misses in all.", end);
        VirtualMachine late = new VirtualMachine("VM1", 10, 3, 0, 0, 0, GuestScheduler.RM, null,
                List.of(Task.of("a1", 2, 10), Task.of("a2", 3, 12)));
        // a2 gets 1 by 3, 1 by 13 and its last 1 at 22-23, after its deadline 12 (miss policy continue)
        List<StepRecorder.Step> l = steps(Scenario.of("late", List.of(late)), SimulationOptions.DEFAULT.withHorizon(24.0));
        assertTrue(l.stream().anyMatch(x -> x.narration().contains("VM1/a2 completes late, response time 23: a deadline miss")),
                l.toString());
    }

    @Test
    void steppingStopsAtTheLimitAndSaysSo() {
        StepRecorder.Recording r = StepRecorder.record(twoVms(HypervisorPolicy.EDF), SimulationOptions.DEFAULT.withHorizon(400.0), 5);
        assertTrue(r.stoppedEarly());
        assertEquals(6, r.steps().size());
        assertTrue(r.steps().get(5).narration().contains("stepping stops here after 5 instants"), r.steps().get(5).narration());
        StepRecorder.Recording whole = StepRecorder.record(twoVms(HypervisorPolicy.EDF), SimulationOptions.DEFAULT.withHorizon(40.0), 10_000);
        assertFalse(whole.stoppedEarly());
    }

    @Test
    void aSteppedRunHasTheSameScheduleAsAFullRun() {
        for (HypervisorPolicy p : HypervisorPolicy.values()) {
            if (p.global()) {
                continue; // twoVms has one vCPU each; the global scenario's own test is below
            }
            for (SimulationMode m : SimulationMode.values()) {
                if (m == SimulationMode.WORST_CASE && !p.periodicServers()) {
                    continue; // worst-case mode is the analysed supply of the budgeted servers only
                }
                SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(400.0).withMode(m);
                SimulationResult full = Simulator.run(twoVms(p), o, null);
                SimulationResult stepped = StepRecorder.record(twoVms(p), o, 100_000).result();
                assertEquals(full.trace().asList(), stepped.trace().asList(), p + " " + m);
                assertEquals(full.deadlineMisses(), stepped.deadlineMisses());
                assertEquals(full.events(), stepped.events());
            }
        }
    }

    @Test
    void steppingThroughAGlobalScenarioNamesEveryMigrationAndKeepsTheSchedule() throws Exception {
        // d's two vCPUs share two cores with c's one (period 4): vCPUs and jobs move (THEORY.md §15.12)
        Scenario s = org.vmsched.io.ScenarioJson.parse("m.json", """
                { "schemaVersion": 2, "name": "m", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "d", "period": 8, "budget": 6, "vcpus": 2, "scheduler": "GLOBAL_EDF", "overhead": 0.25,
                      "tasks": [ { "name": "x", "wcet": 6, "period": 8 }, { "name": "y", "wcet": 5, "period": 8 } ] },
                    { "name": "c", "period": 4, "budget": 1, "offset": 1, "scheduler": "EDF",
                      "tasks": [ { "name": "z", "wcet": 1, "period": 4, "offset": 1 } ] } ] }
                """);
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(48.0);
        SimulationResult full = Simulator.run(s, o);
        StepRecorder.Recording rec = StepRecorder.record(s, o, 10_000);
        assertEquals(full.trace().asList(), rec.result().trace().asList());
        long vcpuMoves = 0;
        long jobMoves = 0;
        for (StepRecorder.Step step : rec.steps()) {
            vcpuMoves += java.util.regex.Pattern.compile("vCPU [a-z]#[0-9] moves from core [0-9] to core [0-9]")
                    .matcher(step.narration()).results().count();
            jobMoves += java.util.regex.Pattern.compile("job [a-z]#[0-9]+ migrates from vCPU [a-z]#[0-9] to [a-z]#[0-9]")
                    .matcher(step.narration()).results().count();
        }
        long vcpuMigrations = full.vms().stream().mapToLong(VmStats::vcpuMigrations).sum();
        long jobMigrations = full.vms().stream().mapToLong(VmStats::jobMigrations).sum();
        assertTrue(vcpuMigrations + jobMigrations > 0, full.vms().toString());
        assertEquals(vcpuMigrations, vcpuMoves, rec.steps().toString());
        assertEquals(jobMigrations, jobMoves, rec.steps().toString());
        Scenario bundled = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "rtds-global-periodic.json"));
        assertEquals(Simulator.run(bundled, SimulationOptions.DEFAULT.withHorizon(40.0)).trace().asList(),
                StepRecorder.record(bundled, SimulationOptions.DEFAULT.withHorizon(40.0), 10_000).result().trace().asList());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "10, 4, 0, PERIODIC", "10, 4, 0.5, PERIODIC", "10, 4, 1.5, PERIODIC", "10, 2, 1.5, PERIODIC",
        "10, 4, 0.5, DEFERRABLE", "10, 1, 0.7, DEFERRABLE", "20, 9, 2, PERIODIC"})
    void theWorstCaseReleaseTheChartMarksIsTheOneTheEngineUses(double period, double budget, double overhead,
                                                                org.vmsched.model.ServerPolicy policy) {
        VirtualMachine vm = VirtualMachine.of("VM1", period, budget, overhead,
                List.of(Task.of("t1", 0.5, 16), Task.of("t2", 0.5, 24)));
        Scenario s = Scenario.of("wc", List.of(vm));
        long[] first = {-1};
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(100.0).withMode(SimulationMode.WORST_CASE).withServerPolicy(policy);
        Simulator.run(s, o, null, null, now -> {
            if (now.released(0) > 0 && first[0] < 0) {
                first[0] = now.tick();
            }
            return first[0] < 0;
        });
        SimulationResult r = Simulator.run(s, o, null);
        assertEquals(Simulator.worstCaseRelease(s, vm, policy), r.timeBase().units(first[0]), 1e-9);
    }

    @Test
    void aVmWhosePeriodBeginsWithoutTakingTheCoreIsToldWhy() throws Exception {
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios/two-vms.json"));
        String t15 = at(steps(s, SimulationOptions.DEFAULT.withHorizon(40.0)), 15);
        // control (T = 5) and logging (T = 10) both have deadline 20 at 15: the running VM keeps the core on a tie
        assertEquals("t = 15: control begins a period: 2.5 of budget until 20; logging keeps the core: its deadline (20) "
                + "is not later than control's (20).", t15);
    }

    // issue 30: stepping rtds-global-periodic.json in worst-case mode threw "Index 2 out of bounds for length 2"
    // there is one lane per virtual CPU (four), and the narration named lane 2 by VM index 2
    @Test
    void worstCaseSteppingNamesEachVirtualCpusLaneByItsVm() throws Exception {
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "rtds-global-periodic.json"));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(40.0).withMode(SimulationMode.WORST_CASE);
        StepRecorder.Recording rec = StepRecorder.record(s, o, 10_000);
        assertEquals(Simulator.run(s, o).trace().asList(), rec.result().trace().asList());
        String all = rec.steps().stream().map(StepRecorder.Step::narration).reduce("", (a, b) -> a + "\n" + b);
        for (String lane : List.of("control#0's lane", "control#1's lane", "batch#0's lane", "batch#1's lane")) {
            assertTrue(all.contains(lane), lane + " in " + all);
        }
    }

    /**
     * In worst-case mode a VM of several vCPUs has several servers, so a VM's index is not its
     * server's: rtds-global's batch (budget 3 per 10, servers 2 and 3) was told with control's
     * next replenishment (server 1), "spent until 13.5 … gives its 6.5", control's own numbers.
     */
    @Test
    void aVmOfSeveralVirtualCpusIsToldItsOwnReplenishment() throws Exception {
        // deferrable vCPUs: worst-case mode replays their late pattern (§15.14), which the narration tells; periodic
        // ones that share the cores replay the host's own schedule instead (§15.19), which has no such words
        Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios", "rtds-global-periodic.json"));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(40.0).withMode(SimulationMode.WORST_CASE)
                .withServerPolicy(org.vmsched.model.ServerPolicy.DEFERRABLE);
        StepRecorder.Recording rec = StepRecorder.record(s, o, 10_000);
        List<String> spent = rec.steps().stream().map(StepRecorder.Step::narration)
                .flatMap(n -> java.util.Arrays.stream(n.replaceFirst("^t = [^:]*: ", "").split("; ")))
                .filter(p -> p.contains("'s budget is spent until")).toList();
        assertTrue(spent.stream().anyMatch(p -> p.startsWith("batch")), spent.toString());
        for (String p : spent) {
            String budget = p.startsWith("batch") ? "gives its 3 " : "gives its 6.5 ";
            assertTrue(p.contains(budget), p);
        }
    }
}

package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** One test per rule of the simulated system (issue 3), each on a schedule worked out by hand. */
class SchedulingRulesTest {

    private static SimulationResult run(Scenario s, SimulationOptions o) {
        return Simulator.run(s, o, null);
    }

    private static SimulationOptions horizon(double h) {
        return SimulationOptions.DEFAULT.withHorizon(h);
    }

    private static VirtualMachine vm(String name, double period, double budget, double overhead, int core, double offset,
                                     Integer priority, Task... tasks) {
        return new VirtualMachine(name, period, budget, overhead, core, offset, GuestScheduler.RM, priority, List.of(tasks));
    }

    private static Scenario scenario(HypervisorPolicy policy, int cores, VirtualMachine... vms) {
        return Scenario.of("rules", List.of(vms)).withHypervisor(new Platform(policy, cores));
    }

    /** The trace as "vm/task/kind@start-end" strings, for whole-schedule comparisons. */
    private static List<String> slices(SimulationResult r) {
        List<String> out = new ArrayList<>();
        for (TraceSlice s : r.trace().asList()) {
            out.add(s.core() + ":" + s.vm() + "/" + s.task() + "/" + s.kind() + "@" + fmt(s.start()) + "-" + fmt(s.end()));
        }
        return out;
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    @Test
    void vmPreemptedDuringItsOverheadPaysTheWholeOverheadAgain() {
        VirtualMachine a = vm("A", 20, 10, 2, 0, 0, 2, new Task("a", 8, 20, 20, 0));
        VirtualMachine b = vm("B", 20, 3, 1, 0, 1, 1, new Task("b", 2, 20, 20, 1));
        SimulationResult r = run(scenario(HypervisorPolicy.FP, 1, a, b), horizon(20));
        assertEquals(List.of(
                "0:A/null/OVERHEAD@0-1",
                "0:B/null/OVERHEAD@1-2",
                "0:B/b/EXECUTION@2-4",
                "0:A/null/OVERHEAD@4-6",
                "0:A/a/EXECUTION@6-13",
                "0:null/null/IDLE@13-20"), slices(r));
        VmStats sa = r.vm("A");
        assertEquals(2, sa.overheadCount());
        assertEquals(3, sa.overheadTime());
        assertEquals(10, sa.supply());
        assertEquals(7, sa.execution());
        assertEquals(1, r.vm("B").overheadCount());
        assertEquals(1, r.task("A", "a").missed());
    }

    @Test
    void budgetSpentAndReplenishedAtOneInstantIsNoSwitchSoNoNewOverhead() {
        VirtualMachine v = vm("V", 10, 10, 1, 0, 0, null, Task.of("t", 5, 10));
        SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, v), horizon(100));
        assertEquals(1, r.vm("V").overheadCount());
        assertEquals(1, r.vm("V").overheadTime());
    }

    @Test
    void periodicServerBurnsItsBudgetWhileDeferrableServerKeepsIt() {
        VirtualMachine v = vm("V", 10, 4, 0, 0, 0, null, new Task("t", 2, 10, 10, 5));
        Scenario s = scenario(HypervisorPolicy.EDF, 1, v);
        SimulationResult periodic = run(s, horizon(100));
        SimulationResult deferrable = run(s, horizon(100).withServerPolicy(ServerPolicy.DEFERRABLE));
        assertEquals(7, periodic.task("V", "t").maxResponseTime());
        assertEquals(2, deferrable.task("V", "t").maxResponseTime());
        assertEquals(4 + 9 * 2, periodic.vm("V").idleBurn());
        assertEquals(0, deferrable.vm("V").idleBurn());
        assertEquals(10 * 4, periodic.vm("V").supply());
        assertEquals(10 * 2, deferrable.vm("V").supply());
    }

    @Test
    void lateJobKeepsRunningUnderContinueAndIsDroppedAtItsDeadlineUnderAbort() {
        VirtualMachine v = vm("V", 16, 16, 0, 0, 0, null, Task.of("a", 3, 4), Task.of("b", 3, 8));
        Scenario s = scenario(HypervisorPolicy.EDF, 1, v);
        SimulationResult cont = run(s, horizon(16));
        assertEquals(12, cont.task("V", "b").maxResponseTime());
        assertEquals(1, cont.task("V", "b").completed());
        assertEquals(2, cont.task("V", "b").missed());
        assertEquals(List.of(new Miss("V", "b", 0, 8, false), new Miss("V", "b", 8, 16, false)), cont.misses());

        SimulationResult abort = run(s, horizon(16).withMissPolicy(MissPolicy.ABORT));
        assertEquals(0, abort.task("V", "b").completed());
        assertEquals(2, abort.task("V", "b").missed());
        assertEquals(List.of(new Miss("V", "b", 0, 8, true), new Miss("V", "b", 8, 16, true)), abort.misses());
        assertEquals(0, abort.task("V", "a").missed());
        assertEquals(4, abort.task("V", "a").completed());
    }

    @Test
    void jobCompletingExactlyAtItsDeadlineMeetsItUnderBothMissPolicies() {
        VirtualMachine v = vm("V", 4, 4, 0, 0, 0, null, Task.of("t", 4, 4));
        for (MissPolicy p : MissPolicy.values()) {
            SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, v), horizon(40).withMissPolicy(p));
            TaskStats t = r.task("V", "t");
            assertEquals(10, t.jobs(), p.name());
            assertEquals(10, t.completed(), p.name());
            assertEquals(0, t.missed(), p.name());
            assertEquals(4, t.maxResponseTime(), p.name());
        }
    }

    @Test
    void completionIsHandledBeforeAReleaseAtTheSameInstant() {
        // t1 (2,4) and t2 (2,4): t2 completes at 4 exactly when t1's second job is released;
        // the completion comes first, so t2 meets its deadline and t1 runs next without preempting it
        VirtualMachine v = vm("V", 8, 8, 0, 0, 0, null, Task.of("t1", 2, 4), Task.of("t2", 2, 4));
        SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, v), horizon(8));
        assertEquals(0, r.deadlineMisses());
        assertEquals(List.of("0:V/t1/EXECUTION@0-2", "0:V/t2/EXECUTION@2-4", "0:V/t1/EXECUTION@4-6",
                "0:V/t2/EXECUTION@6-8"), slices(r));
    }

    @Test
    void vmsOnDifferentCoresRunInParallel() {
        VirtualMachine a = vm("A", 10, 10, 0, 0, 0, null, Task.of("a", 10, 10));
        VirtualMachine b = vm("B", 10, 10, 0, 1, 0, null, Task.of("b", 10, 10));
        SimulationResult two = run(scenario(HypervisorPolicy.EDF, 2, a, b), horizon(50));
        assertEquals(0, two.deadlineMisses());
        assertEquals(2, two.cores().size());
        assertEquals(50, two.cores().get(0).busy());
        assertEquals(50, two.cores().get(1).busy());
        assertEquals(0, two.cores().get(1).idle());
        SimulationResult one = run(scenario(HypervisorPolicy.EDF, 2, a, b.withCore(0)), horizon(50));
        assertTrue(one.deadlineMisses() > 0);
        assertEquals(50, one.cores().get(1).idle());
    }

    @Test
    void vmAndTaskOffsetsDelayTheFirstReplenishmentAndRelease() {
        VirtualMachine v = vm("V", 10, 4, 0, 0, 3, null, new Task("t", 1, 10, 10, 5));
        SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, v), horizon(30));
        assertEquals(3, r.task("V", "t").jobs());
        assertEquals(1, r.task("V", "t").maxResponseTime());
        List<String> s = slices(r);
        assertEquals("0:null/null/IDLE@0-3", s.get(0));
        assertEquals("0:V/null/IDLE_BURN@3-5", s.get(1));
        assertEquals("0:V/t/EXECUTION@5-6", s.get(2));
    }

    @Test
    void hypervisorPoliciesRankVmsByDeadlinePeriodOrPriorityWithTiesToTheFirstListed() {
        // A: long period, early first deadline thanks to its offset; B: short period
        VirtualMachine a = vm("A", 20, 2, 0, 0, 0, 2, Task.of("a", 2, 20));
        VirtualMachine b = vm("B", 10, 2, 0, 0, 0, 1, Task.of("b", 2, 10));
        assertEquals("0:B/b/EXECUTION@0-2", slices(run(scenario(HypervisorPolicy.RM, 1, a, b), horizon(20))).get(0));
        assertEquals("0:B/b/EXECUTION@0-2", slices(run(scenario(HypervisorPolicy.FP, 1, a, b), horizon(20))).get(0));
        assertEquals("0:B/b/EXECUTION@0-2", slices(run(scenario(HypervisorPolicy.EDF, 1, a, b), horizon(20))).get(0));
        assertEquals("0:A/a/EXECUTION@0-2",
                slices(run(scenario(HypervisorPolicy.FP, 1, a.withPriority(1), b), horizon(20))).get(0));
        VirtualMachine a10 = vm("A", 10, 2, 0, 0, 0, 2, Task.of("a", 2, 20));
        assertEquals("0:A/a/EXECUTION@0-2", slices(run(scenario(HypervisorPolicy.EDF, 1, a10, b), horizon(20))).get(0));
        assertEquals("0:A/a/EXECUTION@0-2", slices(run(scenario(HypervisorPolicy.RM, 1, a10, b), horizon(20))).get(0));
    }

    @Test
    void jobsOfOneTaskRunInReleaseOrder() {
        // an overloaded task builds a backlog; each completion belongs to the oldest pending job
        VirtualMachine v = vm("V", 2, 1, 0, 0, 0, null, Task.of("t", 2, 2));
        SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, v), horizon(12));
        TaskStats t = r.task("V", "t");
        assertEquals(6, t.jobs());
        assertEquals(3, t.completed());
        // the VM supplies [0,1), [2,3), [4,5), ...: job k (released 2k) completes at 4k + 3
        assertEquals(7, t.maxResponseTime());
        assertEquals(5, t.meanResponseTime());
        assertTrue(t.responseTimes().exact());
        assertEquals(List.of(3.0, 5.0, 7.0), java.util.Arrays.stream(t.responseTimes().values()).boxed().toList());
    }

    @Test
    void traceCapCutsTheTraceButNotTheStatistics() {
        VirtualMachine v = vm("V", 10, 4, 1, 0, 0, null, Task.of("t", 2, 10));
        Scenario s = scenario(HypervisorPolicy.EDF, 1, v);
        SimulationResult full = run(s, horizon(1000));
        SimulationResult cut = run(s, horizon(1000).withTraceCap(5));
        SimulationResult off = run(s, horizon(1000).withTrace(false));
        assertFalse(full.traceTruncated());
        assertTrue(full.trace().size() > 5);
        assertTrue(cut.traceTruncated());
        assertEquals(5, cut.trace().size());
        assertEquals(0, off.trace().size());
        assertEquals(full.vm("V").supply(), off.vm("V").supply());
        assertEquals(full.events(), off.events());
        assertEquals(full.trace().get(4), cut.trace().get(4));
    }

    @Test
    void traceSlicesTileEachCoreWithoutGapsUpToTheHorizon() {
        VirtualMachine a = vm("A", 7, 3, 0.5, 0, 0, null, Task.of("a1", 1, 5), Task.of("a2", 2.5, 11));
        VirtualMachine b = vm("B", 5, 2, 0.5, 0, 1, null, Task.of("b1", 1, 6));
        SimulationResult r = run(scenario(HypervisorPolicy.EDF, 1, a, b), horizon(385));
        long at = 0;
        for (TraceSlice s : r.trace().asList()) {
            assertEquals(at, s.startTick());
            assertTrue(s.endTick() > s.startTick());
            at = s.endTick();
        }
        assertEquals(Math.round(385 * r.resolution()), at);
        assertEquals(10, r.resolution());
        assertEquals(385, r.cores().get(0).busy() + r.cores().get(0).idle(), 1e-9);
    }

    @Test
    void cancelledRunStopsEarlyAndSaysSo() {
        VirtualMachine v = vm("V", 10, 4, 0, 0, 0, null, Task.of("t", 1, 10));
        List<Double> progress = new ArrayList<>();
        Cancellation cancelAtOnce = new Cancellation();
        cancelAtOnce.cancel();
        SimulationResult r = Simulator.run(scenario(HypervisorPolicy.EDF, 1, v), horizon(1e8).withTrace(false),
                (done, total, what) -> progress.add(Progress.ratio(done, total)), cancelAtOnce);
        assertTrue(r.cancelled());
        assertTrue(r.end() < 1e8);
        assertFalse(progress.isEmpty());
        assertTrue(progress.get(progress.size() - 1) < 1);
        SimulationResult done = Simulator.run(scenario(HypervisorPolicy.EDF, 1, v), horizon(1e5), null);
        assertFalse(done.cancelled());
        assertEquals(1e5, done.end());
    }

    @Test
    void worstCaseModeSimulatesEachVmAloneWhateverItsCoreAndOffset() {
        VirtualMachine a = vm("A", 10, 4, 0, 0, 3, null, Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
        VirtualMachine b = vm("B", 5, 4, 0, 0, 0, null, Task.of("b1", 3, 5));
        SimulationOptions wc = horizon(200).withMode(org.vmsched.model.SimulationMode.WORST_CASE);
        SimulationResult both = run(scenario(HypervisorPolicy.EDF, 1, a, b), wc);
        SimulationResult aloneA = run(scenario(HypervisorPolicy.EDF, 1, a), wc);
        assertEquals(36, both.task("A", "t3").maxResponseTime());
        assertEquals(aloneA.task("A", "t3").maxResponseTime(), both.task("A", "t3").maxResponseTime());
        assertEquals(aloneA.vm("A").supply(), both.vm("A").supply());
        assertEquals(2, both.cores().size());
        assertEquals("A", both.cores().get(0).vm());
        assertEquals("B", both.cores().get(1).vm());
    }

    @Test
    void defaultHorizonIsTheHyperperiodAndIsCappedWithANote() {
        VirtualMachine v = vm("V", 10, 4, 0, 0, 0, null, Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
        SimulationResult r = Simulator.run(scenario(HypervisorPolicy.EDF, 1, v), SimulationOptions.DEFAULT.withTrace(false), null);
        assertEquals(720, r.horizon());
        assertTrue(r.notes().isEmpty());
        VirtualMachine big = vm("V", 1000003, 500000, 0, 0, 0, null, Task.of("t1", 1, 999983), Task.of("t2", 1, 999979));
        SimulationResult capped = Simulator.run(scenario(HypervisorPolicy.EDF, 1, big),
                SimulationOptions.DEFAULT.withTrace(false), null);
        assertEquals(1e9, capped.horizon());
        assertTrue(capped.notes().get(0).contains("10^9 ticks"), capped.notes().toString());
    }
}

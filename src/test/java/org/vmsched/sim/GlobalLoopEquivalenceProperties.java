package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.globaledf.GlobalEdfPolicy;
import org.vmsched.sim.global.GlobalSoundnessAgainstSimulationProperties;
import org.vmsched.sim.global.GlobalSystems;

/**
 * The kernel's global EDF loop (issue 21 item 7, THEORY.md §15.12) changes how fast a global
 * schedule is computed, never which: on random systems of {@link GlobalSystems} (jqwik's
 * generators, so a failure shrinks to a small system; 1–4 VMs of 1–4 vCPUs on 2–8 cores,
 * overheads, a migration cost in a third), from offsets 0 or with random offsets, periodic or deferrable servers, with work up to ×4 (misses), trace on
 * (a small cap, so that it is cut) or off, stopping at the first miss or not, every result of a
 * run (events, end, misses in order, per-task and per-VM statistics with migrations, per-core
 * statistics, the trace slice by slice) equals the reference path's, which asks the scheduler
 * at every instant through the general loop.
 */
class GlobalLoopEquivalenceProperties {

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void theGlobalLoopGivesTheReferenceResult(@ForAll("systems") Scenario system, @ForAll boolean deferrable, @ForAll boolean offsets,
                                              @ForAll @IntRange(min = 1, max = 4) int work, @ForAll boolean trace,
                                              @ForAll boolean firstMiss) {
        Scenario s = heavier(system, work);
        if (!offsets) {
            s = GlobalSoundnessAgainstSimulationProperties.zeroOffsets(s);
        }
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(150.0).withTrace(trace).withTraceCap(trace ? 120 : 1000)
                .withServerPolicy(deferrable ? ServerPolicy.DEFERRABLE : ServerPolicy.PERIODIC);
        Ran fast = run(s, o, false, firstMiss);
        assertTrue(fast.global(), "a global run under miss policy continue takes the global loop");
        assertEquals(run(s, o, true, firstMiss).result(), fast.result());
    }

    /** Systems that shrink to a small one when the property fails ({@link GlobalSystems}). */
    @Provide
    Arbitrary<Scenario> systems() {
        return GlobalSystems.systems();
    }

    /** The benchmark's system (4 cores, 4 VMs of 2 vCPUs, 20 tasks) over a longer horizon, with and without a migration cost. */
    @Test
    void theBenchmarksSystemGivesTheReferenceResult() {
        Scenario s = org.vmsched.bench.SimulationBenchmark.globalFourCores();
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(20_000.0).withTrace(false);
        for (Scenario x : List.of(s, s.withHypervisor(new Platform(s.hypervisor().policy(), 4, GlobalEdfPolicy.hypervisor(0.05))))) {
            for (ServerPolicy sp : ServerPolicy.values()) {
                Ran fast = run(x, o.withServerPolicy(sp), false, false);
                assertTrue(fast.global());
                assertEquals(run(x, o.withServerPolicy(sp), true, false).result(), fast.result());
            }
        }
    }

    @Test
    void onlyGlobalRunsWithoutDeadlineChecksOrObserverTakeTheLoop() {
        Scenario s = GlobalSystems.system(new Random(7));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(100.0);
        assertTrue(run(s, o, false, false).global());
        assertFalse(run(s, o.withMissPolicy(MissPolicy.ABORT), false, false).global());
        assertFalse(run(s, o, true, false).global());
        // a partitioned scenario (one vCPU per VM on its core) is no global run
        Scenario partitioned = Scenario.of("p", List.of(VirtualMachine.of("a", 4, 2, 0, List.of(Task.of("t", 1, 8)))))
                .withHypervisor(new Platform(HypervisorPolicy.EDF, 2));
        assertFalse(run(partitioned, o, false, false).global());
        Engine watched = new Engine(s, tb(s, o), o, horizon(s, o), null, null, EngineOptions.NONE.withObserver(now -> true));
        watched.run();
        assertFalse(watched.ranGlobal());
    }

    /** Every task's work × {@code f}, at most its deadline. */
    static Scenario heavier(Scenario s, int f) {
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine vm : s.vms()) {
            vms.add(vm.withTasks(vm.tasks().stream()
                    .map(t -> new Task(t.name(), Math.min(t.deadline(), f * t.wcet()), t.period(), t.deadline(), t.offset())).toList()));
        }
        return s.withVms(vms);
    }

    static TimeBase tb(Scenario s, SimulationOptions o) {
        return TimeBase.choose(TimeBase.values(s, o), o.resolution());
    }

    static long horizon(Scenario s, SimulationOptions o) {
        return Simulator.horizonTicks(s, o, tb(s, o), new ArrayList<>());
    }

    /** A run's whole result as text, and whether it took the global loop. */
    private record Ran(String result, boolean global) {
    }

    private static Ran run(Scenario s, SimulationOptions o, boolean reference, boolean firstMiss) {
        // (the replay of periodic servers has its own property: GlobalReplayEquivalenceProperties)
        Engine e = new Engine(s, tb(s, o), o, horizon(s, o), null, null,
                EngineOptions.NONE.withReferencePath(reference).withStopAtFirstMiss(firstMiss).withNoReplay(true));
        long end = e.run();
        return new Ran(FastPathEquivalenceProperties.render(e.result(o.mode(), end, List.of())), e.ranGlobal());
    }
}

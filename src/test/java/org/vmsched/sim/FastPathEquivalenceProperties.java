package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The engine's fast paths (the release calendar, the guest's ready mask, the dedicated-processor
 * loop, the single-core loop for budgeted servers) change how fast a schedule is computed, never which: every result of a run (counts,
 * response-time distributions, supply, misses in order, the trace slice by slice, events, end)
 * equals the reference event path's, where every release goes through the queue.
 */
class FastPathEquivalenceProperties {

    record Case(Scenario scenario, SimulationOptions options) {
    }

    private static Arbitrary<Case> cases(int maxTasks) {
        Arbitrary<Task> task = Combinators.combine(Arbitraries.integers().between(4, 60),
                        Arbitraries.integers().between(1, 40), Arbitraries.integers().between(60, 100),
                        Arbitraries.integers().between(0, 6))
                .as((p, w, d, o) -> new Task("t", Math.max(1, p * w / 100), p, Math.max(Math.max(1, p * w / 100), p * d / 100), o));
        Arbitrary<VirtualMachine> vm = Combinators.combine(Arbitraries.integers().between(1, 30),
                        Arbitraries.integers().between(10, 100), Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 1),
                        Arbitraries.of(GuestScheduler.RM, GuestScheduler.EDF), Arbitraries.integers().between(1, 3),
                        task.list().ofMinSize(1).ofMaxSize(maxTasks))
                .as((p, bPct, x, off, core, sched, prio, ts) -> {
                    // a budget of 100 % is a dedicated processor when the VM is alone on its core
                    double budget = bPct >= 90 ? p : Math.max(1, p * bPct / 100);
                    double overhead = Math.min(x, budget - 1);
                    List<Task> named = new ArrayList<>();
                    for (int i = 0; i < ts.size(); i++) {
                        named.add(ts.get(i).withName("t" + i));
                    }
                    return new VirtualMachine("v", p, budget, overhead, core, off, sched, prio, named);
                });
        return Combinators.combine(vm.list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(1, 2),
                        Arbitraries.of(HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP,
                                HypervisorPolicy.FP_NO_BUDGET),
                        Arbitraries.of(ServerPolicy.class), Arbitraries.of(MissPolicy.class),
                        Arbitraries.of(SimulationMode.class), Arbitraries.of(true, false))
                .as((vms, cores, hp, sp, mp, mode, trace) -> {
                    List<VirtualMachine> named = new ArrayList<>();
                    for (int i = 0; i < vms.size(); i++) {
                        VirtualMachine v = vms.get(i).withName("vm" + i);
                        named.add(v.withCore(Math.min(v.core(), cores - 1)));
                    }
                    Scenario s = Scenario.of("fast", named).withHypervisor(new Platform(hp, cores));
                    SimulationMode m = hp == HypervisorPolicy.FP_NO_BUDGET ? SimulationMode.SYNCHRONOUS : mode;
                    SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(400.0).withServerPolicy(sp)
                            .withMissPolicy(mp).withMode(m).withTrace(trace).withTraceCap(trace ? 200 : 1000);
                    return new Case(s, o);
                });
    }

    @Provide
    Arbitrary<Case> few() {
        return cases(8);
    }

    @Provide
    Arbitrary<Case> many() {
        // past the 64 tasks the calendar and the ready mask hold
        return cases(40);
    }

    @Property(tries = 600, edgeCases = EdgeCasesMode.NONE)
    void fastPathsGiveTheReferenceResult(@ForAll("few") Case c) {
        assertEquals(render(run(c, true)), render(run(c, false)));
    }

    @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
    void fastPathsGiveTheReferenceResultWithManyTasks(@ForAll("many") Case c) {
        assertEquals(render(run(c, true)), render(run(c, false)));
    }

    /** One core, one to four budgeted servers under EDF, RM or FP, any server rule and mode, random offsets, miss policy continue. */
    @Provide
    Arbitrary<Case> oneCore() {
        return Combinators.combine(cases(8), Arbitraries.of(HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP),
                        Arbitraries.of(ServerPolicy.class), Arbitraries.of(SimulationMode.SYNCHRONOUS, SimulationMode.SYNCHRONOUS,
                                SimulationMode.WORST_CASE))
                .as((c, hp, sp, mode) -> {
                    List<VirtualMachine> vms = new ArrayList<>();
                    for (VirtualMachine v : c.scenario().vms()) {
                        vms.add(v.withCore(0));
                    }
                    // worst-case mode gives each VM a lane: one VM keeps it to one core
                    List<VirtualMachine> kept = mode == SimulationMode.WORST_CASE ? vms.subList(0, 1) : vms;
                    Scenario s = Scenario.of("one-core", kept).withHypervisor(new Platform(hp, 1));
                    return new Case(s, c.options().withServerPolicy(sp).withMode(mode).withMissPolicy(MissPolicy.CONTINUE));
                });
    }

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void theSingleCoreLoopGivesTheReferenceResult(@ForAll("oneCore") Case c) {
        SimulationOptions o = c.options();
        TimeBase tb = TimeBase.choose(TimeBase.values(c.scenario(), o), o.resolution());
        Engine fast = new Engine(c.scenario(), tb, o, Simulator.horizonTicks(c.scenario(), o, tb, new ArrayList<>()), null, null, EngineOptions.NONE);
        long end = fast.run();
        assertEquals(render(run(c, true)), render(fast.result(o.mode(), end, List.of())));
        // every such run takes the loop, but one VM under a periodic server: the dedicated processor's case
        boolean dedicatedCase = c.scenario().vms().size() == 1 && o.serverPolicy() == ServerPolicy.PERIODIC
                && o.mode() == SimulationMode.SYNCHRONOUS;
        assertEquals(!dedicatedCase, fast.ranSingleCore());
    }

    @Test
    void dedicatedProcessorOfTheBenchmarkEqualsTheReference() {
        List<Task> tasks = new ArrayList<>();
        int[][] tw = {{221, 4}, {427, 10}, {614, 11}, {624, 14}, {762, 18}, {980, 22}, {205, 4}, {328, 3}, {715, 14}, {736, 4}};
        for (int i = 0; i < tw.length; i++) {
            tasks.add(Task.of("t" + i, tw[i][1], tw[i][0]));
        }
        Scenario s = Scenario.of("dedicated", List.of(VirtualMachine.of("d", 1, 1, 0, tasks)));
        for (MissPolicy mp : MissPolicy.values()) {
            Case c = new Case(s, SimulationOptions.DEFAULT.withHorizon(200_000.0).withMissPolicy(mp).withTraceCap(5000));
            String fast = render(run(c, false));
            assertEquals(render(run(c, true)), fast);
        }
    }

    @Test
    void aCancelledOrFirstMissRunStopsAtTheSameInstantOnEitherPath() {
        List<Task> tasks = List.of(Task.of("a", 1, 4), Task.of("b", 2, 6), Task.of("c", 1, 10));
        Scenario s = Scenario.of("dedicated", List.of(VirtualMachine.of("d", 1, 1, 0, tasks)));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(1_000_000.0).withTrace(false);
        String[] got = new String[2];
        for (int k = 0; k < 2; k++) {
            boolean reference = k == 0;
            int[] calls = {0};
            List<Double> progress = new ArrayList<>();
            // cancelled at the third look: after 3 · 2^14 instants
            org.vmsched.progress.Cancellation token = new org.vmsched.progress.Cancellation();
            org.vmsched.progress.Progress cancelLater = (done, total, what) -> {
                progress.add(org.vmsched.progress.Progress.ratio(done, total));
                if (++calls[0] == 3) {
                    token.cancel();
                }
            };
            TimeBase tb = TimeBase.choose(TimeBase.values(s, o), o.resolution());
            Engine e = new Engine(s, tb, o, Simulator.horizonTicks(s, o, tb, new ArrayList<>()), cancelLater, token, EngineOptions.NONE.withReferencePath(reference));
            long end = e.run();
            assertEquals(!reference, e.ranDedicated());
            got[k] = render(e.result(o.mode(), end, List.of())) + " progress " + progress;
        }
        assertTrue(got[0].contains(" cancelled, misses 0"), got[0]);
        assertEquals(got[0], got[1]);
        // a late job (the set is over-utilised) stops a first-miss run at its completion
        Scenario late = Scenario.of("late", List.of(VirtualMachine.of("d", 1, 1, 0,
                List.of(Task.of("a", 3, 4), Task.of("b", 2, 6)))));
        for (int k = 0; k < 2; k++) {
            TimeBase tb = TimeBase.choose(TimeBase.values(late, o), o.resolution());
            Engine e = new Engine(late, tb, o, Simulator.horizonTicks(late, o, tb, new ArrayList<>()), null, null, EngineOptions.NONE.withReferencePath(k == 0).withStopAtFirstMiss(true));
            long end = e.run();
            assertEquals(k == 1, e.ranDedicated());
            assertTrue(end > 0 && end < 1_000_000, "stopped at " + end);
            got[k] = render(e.result(o.mode(), end, List.of()));
        }
        assertEquals(got[0], got[1]);
    }

    @Test
    void onlyADedicatedProcessorTakesTheDedicatedLoop() {
        List<Task> tasks = List.of(Task.of("a", 1, 4), Task.of("b", 2, 6));
        Scenario dedicated = Scenario.of("d", List.of(VirtualMachine.of("d", 1, 1, 0, tasks)));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(100.0);
        assertTrue(engine(dedicated, o).ranDedicated());
        // a budget below the period is replenished: the general loop
        assertFalse(engine(Scenario.of("d", List.of(VirtualMachine.of("d", 2, 1, 0, tasks))), o).ranDedicated());
        // a second VM on the core, deadline checks, a deferrable server, worst-case mode: the general loop
        assertFalse(engine(Scenario.of("d", List.of(VirtualMachine.of("d", 1, 1, 0, tasks),
                VirtualMachine.of("e", 4, 1, 0, List.of(Task.of("c", 1, 8))))), o).ranDedicated());
        assertFalse(engine(dedicated, o.withMissPolicy(MissPolicy.ABORT)).ranDedicated());
        assertFalse(engine(dedicated, o.withServerPolicy(ServerPolicy.DEFERRABLE)).ranDedicated());
        assertFalse(engine(dedicated, o.withMode(SimulationMode.WORST_CASE)).ranDedicated());
        // a step-through observer sees every instant on the general loop
        SimulationOptions so = o;
        TimeBase tb = TimeBase.choose(TimeBase.values(dedicated, so), so.resolution());
        Engine watched = new Engine(dedicated, tb, so, Simulator.horizonTicks(dedicated, so, tb, new ArrayList<>()), null, null, EngineOptions.NONE.withObserver(now -> true));
        watched.run();
        assertFalse(watched.ranDedicated());
    }

    private static Engine engine(Scenario s, SimulationOptions o) {
        TimeBase tb = TimeBase.choose(TimeBase.values(s, o), o.resolution());
        Engine e = new Engine(s, tb, o, Simulator.horizonTicks(s, o, tb, new ArrayList<>()), null, null, EngineOptions.NONE);
        e.run();
        return e;
    }

    static SimulationResult run(Case c, boolean reference) {
        SimulationOptions o = c.options();
        TimeBase tb = TimeBase.choose(TimeBase.values(c.scenario(), o), o.resolution());
        long h = Simulator.horizonTicks(c.scenario(), o, tb, new ArrayList<>());
        Engine e = new Engine(c.scenario(), tb, o, h, null, null, EngineOptions.NONE.withReferencePath(reference));
        long end = e.run();
        return e.result(o.mode(), end, List.of());
    }

    static String render(SimulationResult r) {
        return "events " + r.events() + ", end " + r.end() + (r.cancelled() ? " cancelled" : "") + ", misses " + r.deadlineMisses() + " " + r.misses()
                + (r.missesTruncated() ? " (truncated)" : "") + "\nvms " + r.vms() + "\ncores " + r.cores()
                + "\ntrace " + r.trace().asList() + (r.traceTruncated() ? " (truncated)" : "");
    }
}

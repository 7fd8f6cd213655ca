package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Bookkeeping that must hold for any scenario and any policy: each core's slices tile the
 * horizon, a VM never gets more than its budget in one of its periods, supply splits exactly into
 * overhead, execution and idle burn, and counts stay consistent.
 */
class EngineInvariantsProperties {

    record Case(Scenario scenario, SimulationOptions options) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Task> task = Combinators.combine(Arbitraries.integers().between(10, 60),
                        Arbitraries.integers().between(1, 33), Arbitraries.integers().between(70, 100),
                        Arbitraries.integers().between(0, 5))
                .as((p, w, d, o) -> new Task("t", Math.max(1, p * w / 100), p, Math.max(Math.max(1, p * w / 100), p * d / 100), o));
        Arbitrary<VirtualMachine> vm = Combinators.combine(Arbitraries.integers().between(5, 30),
                        Arbitraries.integers().between(10, 70), Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 1),
                        Arbitraries.of(GuestScheduler.RM, GuestScheduler.EDF), Arbitraries.integers().between(1, 3),
                        task.list().ofMinSize(1).ofMaxSize(3))
                .as((p, bPct, x, off, core, sched, prio, ts) -> {
                    double budget = Math.max(1, p * bPct / 100);
                    double overhead = Math.min(x, budget - 1);
                    List<Task> named = new ArrayList<>();
                    for (int i = 0; i < ts.size(); i++) {
                        named.add(ts.get(i).withName("t" + i));
                    }
                    return new VirtualMachine("v", p, budget, overhead, core, off, sched, prio, named);
                });
        return Combinators.combine(vm.list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(1, 2),
                        Arbitraries.of(HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP), Arbitraries.of(ServerPolicy.class),
                        Arbitraries.of(MissPolicy.class))
                .as((vms, cores, hp, sp, mp) -> {
                    List<VirtualMachine> named = new ArrayList<>();
                    for (int i = 0; i < vms.size(); i++) {
                        VirtualMachine v = vms.get(i).withName("vm" + i);
                        named.add(v.withCore(Math.min(v.core(), cores - 1)));
                    }
                    Scenario s = Scenario.of("inv", named).withHypervisor(new Platform(hp, cores));
                    SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(300.0).withServerPolicy(sp).withMissPolicy(mp);
                    return new Case(s, o);
                });
    }

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void bookkeepingHoldsForEveryScenarioAndPolicy(@ForAll("cases") Case c) {
        SimulationResult r = Simulator.run(c.scenario(), c.options(), null);
        double h = r.horizon();
        for (CoreStats cs : r.cores()) {
            assertEquals(h, cs.busy() + cs.idle(), 1e-9, "core " + cs.core());
        }
        List<TraceSlice> slices = new ArrayList<>(r.trace().asList());
        for (int core = 0; core < c.scenario().hypervisor().cores(); core++) {
            final int k = core;
            List<TraceSlice> mine = slices.stream().filter(s -> s.core() == k)
                    .sorted(Comparator.comparingLong(TraceSlice::startTick)).toList();
            long at = 0;
            for (TraceSlice s : mine) {
                assertEquals(at, s.startTick(), "gap or overlap on core " + k);
                at = s.endTick();
            }
            assertEquals(Math.round(h * r.resolution()), at);
        }
        for (int v = 0; v < c.scenario().vms().size(); v++) {
            VirtualMachine vm = c.scenario().vms().get(v);
            VmStats st = r.vms().get(v);
            assertEquals(st.supply(), st.overheadTime() + st.execution() + st.idleBurn(), 1e-9);
            assertTrue(st.overheadTime() <= st.overheadCount() * vm.overhead() + 1e-9);
            if (c.options().serverPolicy() == ServerPolicy.DEFERRABLE) {
                assertEquals(0, st.idleBurn());
            }
            // never more than the budget within one VM period
            for (double start = vm.offset(); start < h; start += vm.period()) {
                double from = start;
                double to = start + vm.period();
                double got = slices.stream().filter(s -> vm.name().equals(s.vm()))
                        .mapToDouble(s -> Math.max(0, Math.min(to, s.end()) - Math.max(from, s.start()))).sum();
                assertTrue(got <= vm.budget() + 1e-9, vm.name() + " got " + got + " in [" + from + ", " + to + ")");
            }
            double work = 0;
            for (int t = 0; t < vm.tasks().size(); t++) {
                TaskStats ts = st.tasks().get(t);
                assertTrue(ts.completed() <= ts.jobs());
                assertTrue(ts.missed() <= ts.jobs());
                assertEquals(ts.completed(), ts.responseTimes().total());
                if (ts.completed() > 0) {
                    assertTrue(ts.maxResponseTime() >= vm.tasks().get(t).wcet());
                }
                work += ts.completed() * vm.tasks().get(t).wcet();
            }
            assertTrue(st.execution() + 1e-9 >= work);
        }
    }
}

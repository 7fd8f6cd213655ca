package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.VmSupply;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Two engines, one truth, for whole systems (THEORY.md §6): over random multi-VM, multi-core
 * scenarios (EDF, RM and FP hypervisors; periodic and deferrable servers; overheads; VM and task
 * offsets; RM and EDF inside), whenever the analysis calls a VM schedulable, no synchronous
 * simulation shows a miss in it or, under RM inside, a response time above the analytic R. And in
 * worst-case mode, which realises each VM's analytic supply, the largest response equals R to
 * the tick. The tries come from jqwik's default (junit-platform.properties); a longer run sets
 * {@code -Djqwik.tries.default=100000} (see BENCHMARKS.md).
 */
class MultiVmSoundnessProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<Task> task = Combinators.combine(
                Arbitraries.integers().between(8, 60),   // period
                Arbitraries.integers().between(1, 12),   // wcet as % of period
                Arbitraries.integers().between(50, 100), // deadline as % of period
                Arbitraries.integers().between(0, 59))   // offset
                .as((p, w, d, o) -> {
                    int wcet = Math.max(1, p * w / 100);
                    int deadline = Math.max(wcet, p * d / 100);
                    return new Task("t", wcet, p, deadline, o % p);
                });
        Arbitrary<List<Task>> tasks = task.list().ofMinSize(1).ofMaxSize(3).map(ts -> {
            List<Task> named = new ArrayList<>();
            for (int i = 0; i < ts.size(); i++) {
                named.add(ts.get(i).withName("t" + (i + 1)));
            }
            return named;
        });
        Arbitrary<VirtualMachine> free = Combinators.combine(
                tasks,
                Arbitraries.integers().between(2, 12),   // VM period
                Arbitraries.integers().between(20, 70),  // bandwidth %
                Arbitraries.integers().between(0, 2),    // overhead
                Arbitraries.integers().between(0, 1),    // core
                Arbitraries.integers().between(1, 3),    // FP priority
                Arbitraries.integers().between(0, 19),   // offset
                Arbitraries.of(GuestScheduler.RM, GuestScheduler.RM, GuestScheduler.EDF))
                .as((ts, t, a, x, core, prio, off, sched) -> vm(ts, t, a, x, core, prio, off, sched));
        // A VM fitted to its tasks: its bandwidth at least half and a tenth above their utilization,
        // its period at most half the shortest task deadline, so that its supply delay (at most
        // 2(T − C) ≤ T) fits their deadlines in most cases.
        Arbitrary<VirtualMachine> fitted = tasks.flatMap(ts -> {
            int shortest = ServerFit.shortestDeadline(ts);
            int lowest = ServerFit.lowestBandwidth(ts, 50, 70);
            return Combinators.combine(
                    Arbitraries.integers().between(2, Math.max(2, Math.min(12, shortest / 2))),
                    Arbitraries.integers().between(lowest, 70),
                    Arbitraries.of(0, 0, 1),                 // overhead
                    Arbitraries.integers().between(0, 1),
                    Arbitraries.integers().between(1, 3),
                    Arbitraries.integers().between(0, 19),
                    Arbitraries.of(GuestScheduler.RM, GuestScheduler.RM, GuestScheduler.EDF))
                    .as((t, a, x, core, prio, off, sched) -> vm(ts, t, a, x, core, prio, off, sched));
        });
        // Most scenarios keep each core's servers within its capacity (VMs past it move to the other
        // core, or are left out, the first one always kept), so that some VM is schedulable and the
        // property judges most tries (issue 17: at random it judged about 400 of 1000). One
        // scenario in five keeps the old unconstrained draw, so overloaded cores still occur.
        Arbitrary<Scenario> fits = Combinators.combine(fitted.list().ofMinSize(1).ofMaxSize(4),
                        Arbitraries.of(HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP), Arbitraries.of(ServerPolicy.values()),
                        Arbitraries.integers().between(1, 2))
                .as((vms, policy, server, cores) -> scenario(ServerFit.withinCapacity(vms, cores), policy, server, cores));
        Arbitrary<Scenario> any = Combinators.combine(free.list().ofMinSize(1).ofMaxSize(4),
                        Arbitraries.of(HypervisorPolicy.EDF, HypervisorPolicy.RM, HypervisorPolicy.FP), Arbitraries.of(ServerPolicy.values()),
                        Arbitraries.integers().between(1, 2))
                .as(MultiVmSoundnessProperties::scenario);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, fits), net.jqwik.api.Tuple.of(1, any));
    }

    private static VirtualMachine vm(List<Task> ts, int t, int a, int x, int core, int prio, int off, GuestScheduler sched) {
        int budget = Math.max(1, Math.min(t, Math.round(t * a / 100f)));
        return new VirtualMachine("vm", t, budget, Math.min(x, budget - 1), core, off % t, sched, prio, ts);
    }

    private static Scenario scenario(List<VirtualMachine> vms, HypervisorPolicy policy, ServerPolicy server, int cores) {
        List<VirtualMachine> named = new ArrayList<>();
        for (int i = 0; i < vms.size(); i++) {
            named.add(vms.get(i).withName("VM" + (i + 1)).withCore(Math.min(vms.get(i).core(), cores - 1)));
        }
        return new Scenario(Scenario.SCHEMA_VERSION, "random", "", new Platform(policy, cores), named,
                SimulationSettings.DEFAULT.withServerPolicy(server));
    }

    @Property(edgeCases = EdgeCasesMode.NONE)
    void noSimulationBeatsAnAnalyticGuarantee(@ForAll("scenarios") Scenario s) {
        AnalysisResult r = SystemAnalysis.analyze(s);
        boolean any = false;
        boolean shared = false;
        for (int i = 0; i < r.vms().size(); i++) {
            VmVerdict v = r.vms().get(i);
            any |= v.schedulable();
            shared |= v.schedulable() && !VmSupply.coreMates(s, s.vms().get(i)).isEmpty();
        }
        Statistics.label("some VM schedulable").collect(any);
        Statistics.label("a schedulable VM shares its core").collect(shared);
        Statistics.label("policy").collect(s.hypervisor().policy(), s.simulation().serverPolicy());
        judged.assume(any);
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(400.0).withTrace(false),
                null);
        for (int i = 0; i < s.vms().size(); i++) {
            VmVerdict v = r.vms().get(i);
            if (!v.schedulable()) {
                continue;
            }
            VmStats vs = sim.vm(v.name());
            for (int k = 0; k < vs.tasks().size(); k++) {
                TaskStats ts = vs.tasks().get(k);
                TaskVerdict tv = v.tasks().get(k);
                int kk = k;
                assertEquals(0, ts.missed(), () -> "analysis says " + v.name() + " is schedulable (" + VmSupply.describe(v.supply())
                        + ") but " + ts.name() + " misses in " + s);
                if (tv.responseTime() != null && ts.completed() > 0) {
                    assertTrue(ts.maxResponseTime() <= tv.responseTime() + 1e-9, () -> v.name() + "/" + v.tasks().get(kk).name()
                            + ": simulated " + ts.maxResponseTime() + " > analytic R " + tv.responseTime() + " in " + s);
                }
            }
        }
    }

    /** The same scenarios with every guest under RM: the worst-case property judges no other (issue 17). */
    @Provide
    Arbitrary<Scenario> rmScenarios() {
        return scenarios().map(s -> s.withVms(s.vms().stream().map(vm -> vm.withScheduler(GuestScheduler.RM)).toList()));
    }

    @Property(edgeCases = EdgeCasesMode.NONE)
    void worstCaseModeRealisesEachVmsAnalyticSupply(@ForAll("rmScenarios") Scenario s) {
        judged.assume(s.vms().stream().allMatch(vm -> vm.scheduler() == GuestScheduler.RM));
        long longest = 0;
        for (VirtualMachine vm : s.vms()) {
            for (Task t : vm.tasks()) {
                longest = Math.max(longest, (long) t.period());
            }
        }
        double horizon = 3.0 * longest + 4 * 20 + 20;
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withMode(SimulationMode.WORST_CASE)
                .withHorizon(horizon).withTrace(false), null);
        for (VirtualMachine vm : s.vms()) {
            // worst-case mode releases every task together: offsets and constrained deadlines aside,
            // the largest response is the analytic one when the VM's tasks all meet their deadlines
            // worst-case mode ignores offsets, so it realises the supply of a VM that starts with its tasks
            double[] r = ResponseTimeAnalysis.responseTimes(VmSupply.of(s, vm.withOffset(0)), vm.tasks(), 1.0);
            boolean ok = true;
            for (double x : r) {
                ok &= Double.isFinite(x);
            }
            if (!ok) {
                continue;
            }
            VmStats vs = sim.vm(vm.name());
            for (int k = 0; k < r.length; k++) {
                assertEquals(r[k], vs.tasks().get(k).maxResponseTime(), 1e-9, vm.name() + "/" + vm.tasks().get(k).name()
                        + " (" + VmSupply.describe(VmSupply.of(s, vm)) + ") in " + s);
            }
        }
    }
}

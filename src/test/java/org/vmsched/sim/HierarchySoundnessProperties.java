package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.CbsReservation;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.cbs.CbsPolicy;

/**
 * Two engines, one truth, for CBS/FP and FP/FP (THEORY.md §11.8, §11.9): the scenario's analysis
 * ({@link SystemAnalysis#analyze}, which routes CBS and FP_NO_BUDGET to {@code analysis.hier})
 * against the real simulator ({@link CbsScheduler}, {@link FixedPriorityNoBudget}).
 * <ul>
 *   <li>No synchronous simulation with random offsets, deadlines, overheads, priorities and cores
 *       beats a guarantee: a VM the analysis calls schedulable misses nothing and no task's
 *       response exceeds its analytic R.</li>
 *   <li>Where the worst case is known the simulation reaches it to the tick: FP/FP with distinct
 *       VM priorities, no overhead and every task released at 0 (Eq. 1 is the synchronous
 *       release); CBS/FP for an aligned VM beside a reservation that takes the first P − Q of every
 *       period (a deadline of P − Q outranks the VM's), which is the aligned supply's pattern.</li>
 * </ul>
 * A longer run: {@code -Djqwik.tries.default=20000} (BENCHMARKS.md).
 */
class HierarchySoundnessProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    private static final double HORIZON = 600;

    @Provide
    Arbitrary<Scenario> cbsScenarios() {
        // Most CBS scenarios are fitted (each VM's bandwidth above its tasks' utilization, each core's
        // reservations within its capacity), so that some VM is schedulable and the property judges
        // most tries (issue 17: drawn at random it judged about 375 of 1000); one in five keeps the
        // unconstrained draw, so overloaded VMs and cores still occur.
        return Arbitraries.frequencyOf(Tuple.of(4, scenarios(HypervisorPolicy.CBS, true, true)),
                Tuple.of(1, scenarios(HypervisorPolicy.CBS, true, false)));
    }

    @Provide
    Arbitrary<Scenario> fpFpScenarios() {
        return scenarios(HypervisorPolicy.FP_NO_BUDGET, true, false);
    }

    @Provide
    Arbitrary<Scenario> fpFpSynchronous() {
        return scenarios(HypervisorPolicy.FP_NO_BUDGET, false, false);
    }

    /**
     * RM inside; with {@code general}: offsets, constrained deadlines, overheads, shared priorities, two cores.
     * With {@code fit}: each VM's useful bandwidth drawn from its tasks' utilization plus a tenth (at
     * least 40 %) up to 80 %, the overhead on top, its period at most half the shortest task deadline,
     * and the VMs past a core's capacity moved to the other core or left out.
     */
    private static Arbitrary<Scenario> scenarios(HypervisorPolicy policy, boolean general, boolean fit) {
        Arbitrary<Task> task = Combinators.combine(
                Arbitraries.integers().between(1, 12),   // period as a multiple of a base
                Arbitraries.integers().between(2, 20),   // wcet as % of period
                Arbitraries.integers().between(60, 100), // deadline as % of period
                Arbitraries.integers().between(0, 59))   // offset
                .as((k, w, d, o) -> {
                    int p = 5 * k;
                    int wcet = Math.max(1, p * w / 100);
                    int deadline = general ? Math.max(wcet, p * d / 100) : p;
                    return new Task("t", wcet, p, deadline, general ? o % p : 0);
                });
        Arbitrary<VirtualMachine> vm = Combinators.combine(
                task.list().ofMinSize(1).ofMaxSize(3),
                Arbitraries.of(5, 5, 10, 3, 7, 12),      // reservation period (5, 10: often aligned)
                Arbitraries.integers().between(20, 80),  // bandwidth %
                Arbitraries.integers().between(70, 100), // reservation deadline as % of period
                Arbitraries.integers().between(0, general ? 1 : 0), // overhead
                Arbitraries.integers().between(0, general ? 1 : 0), // core
                Arbitraries.integers().between(1, 3))    // FP/FP priority
                .as((ts, drawnP, a, dd, x, core, prio) -> {
                    int lowest = ServerFit.lowestBandwidth(ts, 40, 80);
                    int shortest = ServerFit.shortestDeadline(ts);
                    // fitted: at most half the shortest deadline, and the overhead on top of the useful share
                    int p = fit ? Math.max(2, Math.min(drawnP, shortest / 2)) : drawnP;
                    int q = fit ? Math.max(1, Math.min(p, Math.round(p * (lowest + (a - 20) * (80 - lowest) / 60) / 100f) + x))
                            : Math.max(1, Math.min(p, Math.round(p * a / 100f)));
                    int d = Math.max(q, general ? p * dd / 100 : p);
                    List<Task> named = new ArrayList<>();
                    for (int i = 0; i < ts.size(); i++) {
                        named.add(ts.get(i).withName("t" + (i + 1)));
                    }
                    VirtualMachine v = new VirtualMachine("vm", p, q, Math.min(x, q - 1), core, 0, GuestScheduler.RM,
                            prio, named);
                    return policy == HypervisorPolicy.CBS ? v.withParams(CbsPolicy.vm(d < p ? (double) d : null)) : v;
                });
        return Combinators.combine(vm.list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(1, general ? 2 : 1))
                .as((drawn, cores) -> {
                    List<VirtualMachine> vms = fit ? ServerFit.withinCapacity(drawn, cores) : drawn;
                    List<VirtualMachine> named = new ArrayList<>();
                    for (int i = 0; i < vms.size(); i++) {
                        VirtualMachine v = vms.get(i).withName("VM" + (i + 1)).withCore(Math.min(vms.get(i).core(), cores - 1));
                        named.add(general ? v : v.withPriority(i + 1));
                    }
                    return new Scenario(Scenario.SCHEMA_VERSION, "random", "", new Platform(policy, cores), named,
                            SimulationSettings.DEFAULT);
                });
    }

    @Property(edgeCases = EdgeCasesMode.NONE)
    void noCbsSimulationBeatsTheCbsFpGuarantee(@ForAll("cbsScenarios") Scenario s) {
        assertNoSimulationBeatsTheAnalysis(s);
    }

    @Property(edgeCases = EdgeCasesMode.NONE)
    void noFpFpSimulationBeatsEqOne(@ForAll("fpFpScenarios") Scenario s) {
        assertNoSimulationBeatsTheAnalysis(s);
    }

    private void assertNoSimulationBeatsTheAnalysis(Scenario s) {
        AnalysisResult r = SystemAnalysis.analyze(s);
        boolean any = false;
        for (VmVerdict v : r.vms()) {
            any |= v.schedulable();
            Statistics.label("VM verdict").collect(v.verdict());
        }
        judged.assume(any);
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(HORIZON).withTrace(false),
                null);
        for (VmVerdict v : r.vms()) {
            if (!v.schedulable()) {
                continue;
            }
            VmStats vs = sim.vm(v.name());
            for (int k = 0; k < vs.tasks().size(); k++) {
                TaskStats ts = vs.tasks().get(k);
                TaskVerdict tv = v.tasks().get(k);
                assertEquals(0, ts.missed(), () -> "analysis says " + v.name() + " is schedulable (" + v.hierarchy()
                        + ") but " + ts.name() + " misses in " + s);
                if (ts.completed() > 0) {
                    assertTrue(ts.maxResponseTime() <= tv.responseTime() + 1e-9, () -> v.name() + "/" + tv.name()
                            + ": simulated " + ts.maxResponseTime() + " > analytic R " + tv.responseTime() + " ("
                            + v.hierarchy() + ") in " + s);
                }
            }
        }
    }

    /** FP/FP, distinct priorities, X = 0, all released at 0: the simulated first jobs are Eq. 1's R. */
    @Property(edgeCases = EdgeCasesMode.NONE)
    void fpFpSynchronousReleaseReachesEqOne(@ForAll("fpFpSynchronous") Scenario s) {
        AnalysisResult r = SystemAnalysis.analyze(s);
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(HORIZON).withTrace(false),
                null);
        for (VmVerdict v : r.vms()) {
            Statistics.label("VM verdict").collect(v.verdict());
            if (!v.schedulable()) {
                continue;
            }
            VmStats vs = sim.vm(v.name());
            for (int k = 0; k < vs.tasks().size(); k++) {
                assertEquals(v.tasks().get(k).responseTime(), vs.tasks().get(k).maxResponseTime(), 1e-9,
                        v.name() + "/" + v.tasks().get(k).name() + " in " + s);
            }
        }
    }

    @Provide
    Arbitrary<Scenario> alignedCbs() {
        Arbitrary<Task> task = Combinators.combine(Arbitraries.integers().between(1, 6), Arbitraries.integers().between(1, 30))
                .as((k, w) -> new Task("t", w, k, k, 0)); // period in reservation periods, fixed below
        return Combinators.combine(task.list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(4, 30),
                        Arbitraries.integers().between(1, 29))
                .as((ts, p, q) -> {
                    int qq = Math.min(q, p - 1);
                    List<Task> tasks = new ArrayList<>();
                    for (int i = 0; i < ts.size(); i++) {
                        int period = (int) ts.get(i).period() * p;
                        int wcet = (int) Math.max(1, Math.min(period, ts.get(i).wcet() * period / 100));
                        tasks.add(new Task("t" + (i + 1), wcet, period, period, 0));
                    }
                    return twoVms(tasks, p, qq);
                });
    }

    /** The VM at (q, p) beside a hog at (p − q, p) with deadline p − q, listed first: the aligned worst case. */
    static Scenario twoVms(List<Task> tasks, int p, int q) {
        VirtualMachine hog = new VirtualMachine("hog", p, p - q, 0, 0, 0, GuestScheduler.RM, null,
                List.of(new Task("spin", 100_000, 100_000, 100_000, 0)), CbsPolicy.vm((double) (p - q)));
        VirtualMachine vm = new VirtualMachine("VM", p, q, 0, 0, 0, GuestScheduler.RM, null, tasks, null);
        return new Scenario(Scenario.SCHEMA_VERSION, "aligned", "", new Platform(HypervisorPolicy.CBS, 1), List.of(hog, vm),
                SimulationSettings.DEFAULT);
    }

    /** Aligned VM, X = 0, the hog taking each period's start: the simulation equals the analysis to the tick. */
    @Property(edgeCases = EdgeCasesMode.NONE)
    void alignedCbsWorstCaseIsReached(@ForAll("alignedCbs") Scenario s) {
        VirtualMachine vm = s.vms().get(1);
        List<TickTask> byRate = TickTask.of(sortedByRate(vm.tasks()), 0);
        CbsReservation res = CbsReservation.of((long) vm.budget(), (long) vm.period(), 0);
        assertEquals(CbsFp.Phase.ALIGNED, CbsFp.phase(res, byRate));
        long[] r = CbsFp.supply(res, 0, CbsFp.Phase.ALIGNED).responseTimes(byRate);
        boolean ok = true;
        for (long x : r) {
            ok &= x >= 0;
        }
        Statistics.label("schedulable").collect(ok);
        judged.assume(ok);
        long longest = byRate.get(byRate.size() - 1).period();
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(2.0 * longest)
                .withTrace(false), null);
        List<TaskStats> ts = sim.vm("VM").tasks();
        List<Task> sorted = sortedByRate(vm.tasks());
        for (int i = 0; i < r.length; i++) {
            String name = sorted.get(i).name();
            TaskStats st = ts.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            assertEquals(r[i], st.maxResponseTime(), 1e-9, name + " in " + s);
        }
    }

    private static List<Task> sortedByRate(List<Task> tasks) {
        int[] order = org.vmsched.analysis.ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        List<Task> out = new ArrayList<>();
        for (int i : order) {
            out.add(tasks.get(i));
        }
        return out;
    }

    /**
     * The seed's VMa at (27, 50) beside a reservation that takes the first 23 of every 50: the real
     * simulator's responses are the analysis's 76 and 149; at 26 the second task misses.
     */
    @Example
    void seedsVmaReachesItsAnalyticResponsesInTheRealSimulator() {
        List<Task> vma = List.of(new Task("a1", 30, 150, 150, 0), new Task("a2", 50, 200, 200, 0));
        Scenario s = twoVms(vma, 50, 27);
        AnalysisResult r = SystemAnalysis.analyze(s.withVms(List.of(s.vms().get(1))));
        assertEquals(76.0, r.vms().get(0).tasks().get(0).responseTime());
        assertEquals(149.0, r.vms().get(0).tasks().get(1).responseTime());
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(1200.0).withTrace(false), null);
        assertArrayEquals(new double[] {76, 149}, sim.vm("VM").tasks().stream().mapToDouble(TaskStats::maxResponseTime).toArray());
        SimulationResult less = Simulator.run(twoVms(vma, 50, 26), SimulationOptions.from(s.simulation()).withHorizon(1200.0)
                .withTrace(false), null);
        assertTrue(less.vm("VM").tasks().get(1).missed() > 0, "26 is not enough");
        assertEquals(Verdict.NOT_SCHEDULABLE, SystemAnalysis.analyze(twoVms(vma, 50, 26).withVms(
                List.of(twoVms(vma, 50, 26).vms().get(1)))).vms().get(0).verdict());
    }

    /**
     * The property's first counterexample: a VM alone, Q = 4, P = 5, D = 4, X = 1. t2 at 1 opens a
     * period (d = 5) and leaves q = 2; t1 at 4 keeps d = 5 with q = 1 (revised rule), all of it
     * overhead; throttled to 6, X again, t1 runs 7-8 past its deadline 7: a gap of 3 from its
     * release, beyond the blackout 2 the analysis had. With the wake-up's X counted (B = 3) the
     * analysis says MISS as the simulation shows.
     */
    @Example
    void aKeptPairEatenByOverheadIsInTheBlackout() {
        VirtualMachine vm = new VirtualMachine("VM1", 5, 4, 1, 0, 0, GuestScheduler.RM, null,
                List.of(new Task("t1", 1, 5, 3, 4), new Task("t2", 1, 5, 4, 1)), CbsPolicy.vm(4.0));
        Scenario s = new Scenario(Scenario.SCHEMA_VERSION, "kept pair", "", new Platform(HypervisorPolicy.CBS, 1),
                List.of(vm), SimulationSettings.DEFAULT);
        VmVerdict v = SystemAnalysis.analyze(s).vms().get(0);
        assertEquals(Verdict.NOT_SCHEDULABLE, v.verdict(), v.hierarchy());
        assertTrue(v.hierarchy().contains("blackout 3"), v.hierarchy());
        SimulationResult sim = Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(HORIZON).withTrace(false),
                null);
        assertTrue(sim.vm("VM1").tasks().get(0).missed() > 0);
    }
}

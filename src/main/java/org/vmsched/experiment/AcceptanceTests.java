package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.vmsched.analysis.AnalysisLimitException;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * The acceptance tests an acceptance study can name (THEORY.md §16.2): each a name, the system
 * shape it reads, one line of description and a predicate on a {@link GeneratedSystem}. A test
 * accepts a system when it shows it schedulable; an analysis that reaches its work limit (THEORY
 * §10) accepts nothing, as a paper's test that gives up. A new analysis plugs in with one line in
 * {@link #ALL}. Stateless and thread-safe.
 */
public final class AcceptanceTests {

    /**
     * One named test.
     *
     * @param shape the {@link SystemShape#kind()} of the systems it reads
     */
    public record AcceptanceTest(String name, String shape, String description, Predicate<GeneratedSystem> accepts) {
    }

    /** Every test, in the order of the documentation. */
    public static final List<AcceptanceTest> ALL = List.of(
            analysis("global-edf", "global EDF over the vCPUs, as analyze decides it (host: a core each, GFB, BCL, response"
                    + " times or its own schedule; guest: SEL, BCL and response times on the EDP supply, then on the schedule's"
                    + " least supply and level by level), THEORY §15.11–§15.21", s -> s),
            analysis("partitioned-edf", "the same vCPUs pinned (tasks spread over a VM's vCPUs, each vCPU on the core of"
                    + " least bandwidth so far), EDF between periodic servers per core, THEORY §6", s -> partitioned(s, HypervisorPolicy.EDF)),
            analysis("partitioned-rm", "as partitioned-edf with RM between the servers, THEORY §6",
                    s -> partitioned(s, HypervisorPolicy.RM)),
            analysis("partitioned-cbs", "as partitioned-edf with each vCPU a hard CBS reservation (SCHED_DEADLINE, Q = budget,"
                    + " P = period), THEORY §11.1–11.2", s -> partitioned(s, HypervisorPolicy.CBS)),
            new AcceptanceTest("simulation", "vcpus", "no miss seen: global EDF simulated from the synchronous"
                    + " release and in worst-case mode over the study's horizon (an upper bound, not a proof)",
                    AcceptanceTests::noMissSeen),
            hierarchy("cbs-fp", "CBS/FP, the least reservation per VM (seed Eq. 2), then Σ Q/P ≤ 1, THEORY §11.6",
                    HierarchyComparison.Verdicts::cbs),
            hierarchy("fp-fp-best-order", "FP/FP (seed Eq. 1) in the best VM order (Audsley), THEORY §11.4",
                    HierarchyComparison.Verdicts::fpOptimal),
            hierarchy("fp-fp-by-period", "FP/FP (seed Eq. 1), VMs ranked by their shortest task period",
                    HierarchyComparison.Verdicts::fpByPeriod));

    private AcceptanceTests() {
    }

    /** The test of this name, or null. */
    public static AcceptanceTest byName(String name) {
        for (AcceptanceTest t : ALL) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The names of the tests that read systems of this shape, in order. */
    public static List<String> namesFor(String shape) {
        List<String> out = new ArrayList<>();
        for (AcceptanceTest t : ALL) {
            if (t.shape().equals(shape)) {
                out.add(t.name());
            }
        }
        return out;
    }

    /** A test that accepts what {@link SystemAnalysis} proves of the scenario {@code view} makes of the system. */
    private static AcceptanceTest analysis(String name, String description, UnaryOperator<Scenario> view) {
        return new AcceptanceTest(name, "vcpus", description, g -> {
            try {
                return SystemAnalysis.analyze(view.apply(g.scenario())).verdict() == Verdict.SCHEDULABLE;
            } catch (AnalysisLimitException e) {
                return false;
            }
        });
    }

    /**
     * The vCPUs pinned as the compare command pins them ({@link PolicyComparison#partitioned}: a VM's
     * tasks spread over its vCPUs), then every pinned vCPU, in order, on the core of least bandwidth
     * so far (the compare command leaves VMs of one vCPU where they are; here they all start on core 0).
     */
    private static Scenario partitioned(Scenario s, HypervisorPolicy p) {
        int cores = s.hypervisor().cores();
        double[] load = new double[cores];
        List<VirtualMachine> placed = new ArrayList<>();
        for (VirtualMachine vm : PolicyComparison.partitioned(s).vms()) {
            int core = 0;
            for (int c = 1; c < cores; c++) {
                core = load[c] < load[core] ? c : core;
            }
            load[core] += vm.bandwidth();
            placed.add(vm.withCore(core));
        }
        return s.withVms(placed).withHypervisor(new Platform(p, cores, null));
    }

    private static boolean noMissSeen(GeneratedSystem g) {
        SimulationOptions o = SimulationOptions.DEFAULT.withTrace(false).withMissPolicy(MissPolicy.CONTINUE)
                .withHorizon(g.simulationHorizon());
        try {
            SimulationResult sync = Simulator.run(g.scenario(), o);
            if (sync.deadlineMisses() > 0) {
                return false;
            }
            return Simulator.run(g.scenario(), o.withMode(SimulationMode.WORST_CASE)).deadlineMisses() == 0;
        } catch (SimulationInputException e) {
            return false; // beyond the simulator's limits: no run, nothing seen
        }
    }

    /** The last system judged on this thread and its verdicts: the three hierarchy tests share one judgement. */
    private static final ThreadLocal<Object[]> LAST = ThreadLocal.withInitial(() -> new Object[2]);

    private static AcceptanceTest hierarchy(String name, String description, Predicate<HierarchyComparison.Verdicts> pick) {
        return new AcceptanceTest(name, "hierarchy", description, g -> {
            Object[] last = LAST.get();
            if (last[0] != g) {
                last[1] = HierarchyComparison.judge(g.hierarchy(), 0, HierarchyComparison.Params.defaults().periodDivisors());
                last[0] = g;
            }
            return pick.test((HierarchyComparison.Verdicts) last[1]);
        });
    }
}

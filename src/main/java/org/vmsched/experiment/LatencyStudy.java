package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;

/**
 * Reproduction (3) of issue 10: the seed's latency test (a real-time VM beside one CPU-load VM on
 * one core) under Xen Credit with its 30 ms and a 1 ms time slice and under CBS reservations,
 * from the bundled scenarios {@code scenarios/latency/*.json}. The latency of a job of the
 * periodic task {@code tick} is its response time minus its execution time; the study reports
 * the worst one beside the seed's measurement. Reading the files is the caller's ({@link Loader}:
 * this layer does no IO). Stateless.
 */
public final class LatencyStudy {

    /** One configuration: the bundled scenario and the seed's measured worst latency (ms), or NaN. */
    public record Case(String file, String label, double seedMs, String seedNote) {
    }

    /** One configuration's outcome: the simulated worst and mean latency (ms). */
    public record Row(Case c, String scenarioName, double worstMs, double meanMs, long jobs, long missed) {
    }

    /** The configurations, in the order of the seed's table. */
    public static final List<Case> CASES = List.of(
            new Case("credit-30ms.json", "Xen Credit, 30 ms slice (default)", 30.16, "Xen 4.2.1, scenario 3"),
            new Case("credit-1ms.json", "Xen Credit, 1 ms slice (customised)", 7.44, "Xen 4.2.1, scenario 3, customised"),
            new Case("cbs-half.json", "CBS, (0.5 ms, 1 ms) each", 0.035, "no contention at all (scenario 1)"),
            new Case("cbs.json", "CBS, (0.05 ms, 1 ms, deadline 0.1 ms)", 0.035, "no contention at all (scenario 1)"));

    /** The task whose latency is measured. */
    public static final String TASK = "tick";

    /** The VM under test. */
    public static final String VM = "utvm";

    private LatencyStudy() {
    }

    /** Reads the scenario of a case (the bundled resource {@link #resource}). */
    @FunctionalInterface
    public interface Loader {
        Scenario load(Case c) throws InvalidScenarioException;
    }

    /** Where the scenario of a case is bundled (class-path resource; {@code scenarios/latency/} in the source tree). */
    public static String resource(Case c) {
        return "/scenarios/latency/" + c.file();
    }

    /** Runs every case; {@code horizon} (ms) overrides the scenarios' 10 s when not null. */
    public static List<Row> run(Loader loader, Double horizon) throws InvalidScenarioException {
        return run(loader, horizon, Simulator.MAX_ARRIVALS);
    }

    /** As {@link #run(Loader, Double)}, each run simulating at most {@code maxJobs} releases and replenishments. */
    public static List<Row> run(Loader loader, Double horizon, long maxJobs) throws InvalidScenarioException {
        List<Row> out = new ArrayList<>();
        for (Case c : CASES) {
            out.add(run(c, loader.load(c), horizon, maxJobs));
        }
        return out;
    }

    static Row run(Case c, Scenario s, Double horizon, long maxJobs) {
        SimulationOptions o = SimulationOptions.from(s.simulation()).withTrace(false).withMaxJobs(maxJobs);
        if (horizon != null) {
            o = o.withHorizon(horizon);
        }
        SimulationResult r = Simulator.run(s, o);
        Task task = s.vm(VM).tasks().stream().filter(t -> t.name().equals(TASK)).findFirst().orElseThrow();
        TaskStats st = r.task(VM, TASK);
        return new Row(c, s.name(), st.maxResponseTime() - task.wcet(), st.meanResponseTime() - task.wcet(), st.jobs(),
                st.missed());
    }
}

package org.vmsched.report;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;

/**
 * One simulation of a scenario next to its {@link AnalysisReport}: the run (computed once, when
 * the report is made) and, task by task, whether a simulated response time exceeds an analytic
 * one, and whether that R was a guarantee (an unsound analysis) or only conditional (its VM's
 * core fails the hypervisor test, issue 17: expected). The window, {@code simulate} and {@code compare}
 * run the simulator through it, as {@code analyze} and {@code tmax} run the analysis through
 * {@link AnalysisReport}: one pipeline (issue 17). Immutable once made; thread-safe.
 */
public final class SimulationReport {

    /** A task whose simulated worst response time exceeds its analytic R. */
    public record Exceeded(String vm, String task, double analytic, double simulated, boolean guaranteed) {
    }

    private final AnalysisReport analysis;
    private final SimulationResult result;

    private SimulationReport(AnalysisReport analysis, SimulationResult result) {
        this.analysis = analysis;
        this.result = result;
    }

    /**
     * Simulates {@code analysis}'s scenario with {@code options}; throws what
     * {@link Simulator#run(Scenario, SimulationOptions)} throws for input it cannot run.
     */
    public static SimulationReport of(AnalysisReport analysis, SimulationOptions options) {
        return new SimulationReport(analysis, Simulator.run(analysis.scenario(), options));
    }

    /**
     * As {@link #of(AnalysisReport, SimulationOptions)}, reporting to {@code progress} and
     * stopping when {@code cancel} is cancelled (either may be null; a cancelled run's result says so).
     */
    public static SimulationReport of(AnalysisReport analysis, SimulationOptions options, Progress progress,
                                      Cancellation cancel) {
        return new SimulationReport(analysis, Simulator.run(analysis.scenario(), options, progress, cancel));
    }

    /** The simulation of {@code scenario} alone, its analysis made only if asked for ({@link AnalysisReport} is lazy). */
    public static SimulationReport of(Scenario scenario, SimulationOptions options) {
        return of(AnalysisReport.of(scenario), options);
    }

    /** The run. */
    public SimulationResult result() {
        return result;
    }

    /** The analysis of the same scenario. */
    public AnalysisReport analysis() {
        return analysis;
    }

    /**
     * The tasks whose simulated worst response time exceeds the analytic R (periodic servers with
     * RM inside: the per-task R of THEORY.md §2), in file order; a {@code guaranteed} one is a
     * soundness defect, a conditional one is what "not guaranteed" warned of.
     */
    public List<Exceeded> exceeded() {
        List<Exceeded> out = new ArrayList<>();
        for (VmVerdict v : analysis.result().vms()) {
            for (TaskVerdict t : v.tasks()) {
                TaskStats st = result.task(v.name(), t.name());
                if (t.responseTime() == null || st == null || !(st.maxResponseTime() > t.responseTime())) {
                    continue;
                }
                out.add(new Exceeded(v.name(), t.name(), t.responseTime(), st.maxResponseTime(), !t.conditional()));
            }
        }
        return out;
    }
}

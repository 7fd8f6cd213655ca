package org.vmsched.experiment;

import java.util.List;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.TimeBase;

/**
 * max_i Ri/Ti from the simulator in worst-case mode (the overhead study's {@code "source":
 * "simulation"}). The task set is first rounded by {@link TaskSetRounding} (wcet up, period
 * down, at {@code resolution} steps per time unit); the VM gets budget α·T and overhead X, and
 * runs alone with the analysis's worst-case supply pattern, every task released at the end of
 * the first chunk, late jobs continuing.
 *
 * <p>Two runs at most: a short one up to C + max Ti; if every task's first job completed and no
 * job missed, the result is the largest response time over Ti, which then equals the analysis
 * of the same rounded set to the tick (the first job is the worst in that pattern). Otherwise a
 * long run up to C + cap·max Ti, where each task counts the largest response time of a
 * completed job or, if larger, the age at the horizon of its oldest unfinished job, over Ti,
 * capped at {@code cap}. Beyond 1 the simulated ratio can exceed the analysis's (a backlog
 * builds up) or fall below it (bounded by the horizon). α·T − X ≤ 0, or a rounded wcet above its
 * period, gives {@code cap} without simulating, like the analysis.
 *
 * <p>Cost: the long run handles about 4·cap·max Ti / T events for the server plus the jobs, so
 * it dominates for short VM periods and unschedulable points. Time base: the smallest power of
 * ten making every value whole (automatic, exact); a budget α·T that needs more than 10^6 ticks
 * per time unit is rounded down to 10^-6. Thread-safe and deterministic; stateless apart from
 * its settings.
 */
public final class SimulatedResponseRatios implements ResponseRatioSource {

    private final double resolution;

    /** A source rounding task sets to {@code resolution} steps per time unit (a power of ten). */
    public SimulatedResponseRatios(double resolution) {
        if (!TaskSetRounding.validResolution(resolution)) {
            throw new IllegalArgumentException("resolution must be a power of ten from 0.001 to 10000, got " + resolution);
        }
        this.resolution = resolution;
    }

    /** Rounding steps per time unit. */
    public double resolution() {
        return resolution;
    }

    @Override
    public double maxResponseRatio(List<Task> tasks, double alpha, double overhead, double period, double cap) {
        List<Task> rounded = TaskSetRounding.round(tasks, resolution);
        if (TaskSetRounding.infeasible(rounded)) {
            return cap;
        }
        double budget = alpha * period;
        Double ticks = null;
        VirtualMachine vm = VirtualMachine.of("VM", period, budget, overhead, rounded);
        try {
            TimeBase.choose(TimeBase.values(Scenario.of("ratio", List.of(vm))), null);
        } catch (SimulationInputException e) {
            ticks = (double) TimeBase.MAX_AUTOMATIC;
            budget = Math.floor(budget * TimeBase.MAX_AUTOMATIC) / TimeBase.MAX_AUTOMATIC;
            vm = VirtualMachine.of("VM", period, budget, overhead, rounded);
        }
        if (!(budget - overhead > 0) || budget > period) {
            return cap;
        }
        Scenario s = Scenario.of("ratio", List.of(vm)).withHypervisor(Platform.DEFAULT);
        double longest = 0;
        for (Task t : rounded) {
            longest = Math.max(longest, t.period());
        }
        SimulationOptions o = SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE).withTrace(false)
                .withTraceCap(0).withResolution(ticks);
        // the horizon is bounded by the cap above, not by the simulator's work budget (a run with a token has none)
        SimulationResult first = Simulator.run(s, o.withHorizon(budget + longest), Progress.NONE, new Cancellation());
        List<TaskStats> stats = first.vms().get(0).tasks();
        boolean clean = first.deadlineMisses() == 0;
        double worst = 0;
        for (int i = 0; i < stats.size() && clean; i++) {
            TaskStats ts = stats.get(i);
            clean = ts.completed() >= 1;
            worst = Math.max(worst, ts.maxResponseTime() / rounded.get(i).period());
        }
        if (clean) {
            return Math.min(cap, worst);
        }
        double horizon = budget + cap * longest;
        SimulationResult longRun = Simulator.run(s, o.withHorizon(horizon), Progress.NONE, new Cancellation());
        stats = longRun.vms().get(0).tasks();
        worst = 0;
        for (int i = 0; i < stats.size(); i++) {
            TaskStats ts = stats.get(i);
            double ti = rounded.get(i).period();
            double r = ts.completed() > 0 ? ts.maxResponseTime() : 0;
            if (ts.jobs() > ts.completed()) {
                // jobs of a task run in release order: the oldest unfinished one is job number `completed`
                double release = budget + ts.completed() * ti;
                r = Math.max(r, longRun.end() - release);
            }
            worst = Math.max(worst, Math.min(cap, r / ti));
            if (worst >= cap) {
                return cap;
            }
        }
        return worst;
    }
}

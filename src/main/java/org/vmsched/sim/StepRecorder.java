package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.model.Scenario;

/**
 * Records a run instant by instant for stepping through it: one ordinary {@link Simulator} run
 * (the same engine, with the trace on) with a {@link Narrator} watching, one {@link Step} per
 * instant, then a last step at the end of the run. At most {@code maxSteps} instants are
 * recorded; the run stops there (stepping is for reading a schedule, not for long horizons).
 * Stateless; thread-safe.
 */
public final class StepRecorder {

    /** Instants recorded by default: enough for a few hyperperiods of a teaching example. */
    public static final int DEFAULT_MAX_STEPS = 10_000;

    private StepRecorder() {
    }

    /** One instant of the run: when (ticks and time units) and what happened, in words. */
    public record Step(long tick, double time, String narration) {
    }

    /**
     * A recorded run: its result (trace up to where it stopped), the steps (the last one is the
     * end of the run) and whether it stopped at the step limit before the horizon.
     */
    public record Recording(SimulationResult result, List<Step> steps, boolean stoppedEarly) {
        public Recording {
            steps = List.copyOf(steps);
        }
    }

    /** As {@link #record(Scenario, SimulationOptions, int, Progress, Cancellation)}, not cancellable. */
    public static Recording record(Scenario scenario, SimulationOptions options, int maxSteps) {
        try {
            return record(scenario, options, maxSteps, null, null);
        } catch (CancelledException e) {
            throw new IllegalStateException("cancelled without a token", e); // cannot happen
        }
    }

    /**
     * Runs {@code scenario} (see {@link Simulator#run}) and records its first {@code maxSteps}
     * instants, telling {@code progress} the instants recorded of {@code maxSteps}. Throws
     * {@link SimulationInputException} with a message for the user, {@link CancelledException}
     * when {@code cancel} (may be null: none) is set before the recording is complete.
     */
    public static Recording record(Scenario scenario, SimulationOptions options, int maxSteps, Progress progress,
                                   Cancellation cancel) throws CancelledException {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps must be positive, got " + maxSteps);
        }
        SimulationOptions o = (options == null ? SimulationOptions.from(scenario.simulation()) : options).withTrace(true);
        Narrator narrator = new Narrator(scenario, o);
        List<Step> steps = new ArrayList<>();
        boolean[] full = {false};
        Progress p = progress == null ? Progress.NONE : progress;
        Cancellation c = cancel == null ? new Cancellation() : cancel;
        SimulationResult r = Simulator.run(scenario, o, null, c, now -> {
            steps.add(new Step(now.tick(), now.units(now.tick()), narrator.narrate(now)));
            if ((steps.size() & 0xFF) == 0) {
                p.progress(steps.size(), maxSteps, "recording the schedule");
                if (c.isCancelled()) {
                    return false;
                }
            }
            if (steps.size() >= maxSteps) {
                full[0] = true;
                return false;
            }
            return true;
        });
        if (r.cancelled() || c.isCancelled()) {
            throw new CancelledException();
        }
        // stopped at the limit exactly on the horizon's last instant: nothing was left out
        boolean early = full[0] && r.end() < r.horizon();
        steps.add(new Step(r.timeBase().ticks(r.end()), r.end(), narrator.end(r, early, steps.size())));
        return new Recording(r, steps, early);
    }
}

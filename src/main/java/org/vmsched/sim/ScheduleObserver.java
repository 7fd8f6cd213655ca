package org.vmsched.sim;

/**
 * Watches a simulation instant by instant: the engine calls {@link #instant} once per simulated
 * instant, after that instant's completions, releases, replenishments, deadline checks and
 * scheduling decision (the tie order of {@link Simulator}), from the simulating thread. The
 * observer only reads; it cannot change the schedule, so a run with an observer has the same
 * trace and statistics as one without. Used to step through a schedule ({@link StepRecorder}).
 */
public interface ScheduleObserver {

    /**
     * The engine's state right after the decision at {@code now.tick()}; {@code now} is valid
     * during this call only. Returns false to stop the run here (the result then ends at this
     * instant, as a cancelled run does, but is not marked cancelled).
     */
    boolean instant(EngineInstant now);
}

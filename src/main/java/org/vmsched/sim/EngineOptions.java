package org.vmsched.sim;

/**
 * How an {@link Engine} runs beyond the {@link SimulationOptions} a user chooses: what simulated
 * Tmax and the tests ask of the kernel. {@code stopAtFirstMiss} ends the run at its first miss
 * (simulated Tmax only needs to know whether one occurs); {@code referencePath} runs every release
 * through the queue, with no calendar and no fast loop (the reference the fast loops are held to);
 * {@code noReplay} never replays periodic servers' schedule, so the global loop runs; and
 * {@code observer}, when not null, is shown every instant after its decisions (stepping through a
 * schedule; the general loop then runs). Immutable.
 */
record EngineOptions(boolean stopAtFirstMiss, boolean referencePath, boolean noReplay, ScheduleObserver observer) {

    /** An ordinary run: every loop allowed, to the horizon, unobserved. */
    static final EngineOptions NONE = new EngineOptions(false, false, false, null);

    EngineOptions withStopAtFirstMiss(boolean on) {
        return new EngineOptions(on, referencePath, noReplay, observer);
    }

    EngineOptions withReferencePath(boolean on) {
        return new EngineOptions(stopAtFirstMiss, on, noReplay, observer);
    }

    EngineOptions withNoReplay(boolean on) {
        return new EngineOptions(stopAtFirstMiss, referencePath, on, observer);
    }

    EngineOptions withObserver(ScheduleObserver o) {
        return new EngineOptions(stopAtFirstMiss, referencePath, noReplay, o);
    }
}

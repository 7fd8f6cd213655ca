package org.vmsched.ui.simulation;

import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationSettings;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The seam between the GUI and the simulator: runs one simulation of a valid scenario with the
 * given settings, reporting progress and polling the cancellation. Called off the FX thread;
 * implementations must not touch JavaFX.
 */
public interface SimulationBackend {

    /**
     * Runs the simulation.
     *
     * @throws CancelledException          when {@code cancel} was set
     * @throws IllegalArgumentException     with a user-facing message when the settings cannot be used
     * @throws UnsupportedOperationException with a user-facing message when this backend cannot simulate
     */
    SimulationResult run(Scenario scenario, SimulationSettings settings, Progress progress, Cancellation cancel)
            throws CancelledException;

    /** A backend that cannot simulate (tests of the panel's error path): always says so. */
    static SimulationBackend unavailable() {
        return (scenario, settings, progress, cancel) -> {
            throw new UnsupportedOperationException("simulator not available");
        };
    }
}

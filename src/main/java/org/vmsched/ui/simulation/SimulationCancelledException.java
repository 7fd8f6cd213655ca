package org.vmsched.ui.simulation;

/** Thrown by a simulation that stopped because its {@link CancelToken} was cancelled. */
public final class SimulationCancelledException extends Exception {

    public SimulationCancelledException() {
        super("simulation cancelled");
    }
}

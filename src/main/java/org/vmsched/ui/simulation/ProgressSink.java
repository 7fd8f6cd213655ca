package org.vmsched.ui.simulation;

/**
 * Receives a simulation's progress. Called from the simulation's thread; implementations must
 * be thread-safe (the ViewModel's hands values over to the FX thread).
 */
@FunctionalInterface
public interface ProgressSink {

    /** {@code fraction} in [0, 1] of the work done; {@code message} a short status, may be empty. */
    void progress(double fraction, String message);
}

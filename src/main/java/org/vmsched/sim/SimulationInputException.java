package org.vmsched.sim;

/**
 * A scenario or option the simulator cannot run as given (a value that needs more than 10^6
 * ticks per time unit, a horizon that is not positive or too long, an invalid scenario). The
 * message names the value and says what to change; the CLI shows it and exits 2.
 */
public class SimulationInputException extends IllegalArgumentException {

    public SimulationInputException(String message) {
        super(message);
    }
}

package org.vmsched.analysis;

/**
 * A valid input the exact analysis refuses because it would take too long or too much memory
 * (e.g. task periods 10^8 apart need 10^8 scheduling points). The message says what the limit
 * is and which values hit it, for the user. Unchecked: callers that can go on without the
 * answer (the good periods of one VM) catch it; the CLI turns it into exit status 2.
 */
public class AnalysisLimitException extends IllegalArgumentException {

    public AnalysisLimitException(String message) {
        super(message);
    }
}

package org.vmsched.experiment;

/** The run was cancelled through its {@link Cancellation}; no result exists. */
public class ExperimentCancelledException extends Exception {

    public ExperimentCancelledException() {
        super("experiment cancelled");
    }
}

package org.vmsched.progress;

/** Work stopped because its {@link Cancellation} was cancelled; it has no result. */
public final class CancelledException extends Exception {

    public CancelledException() {
        super("cancelled");
    }
}

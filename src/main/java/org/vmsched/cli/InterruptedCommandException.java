package org.vmsched.cli;

/**
 * A command's run stopped by Ctrl-C (or TERM, HUP) that has already said on stderr what was
 * interrupted and what it left: the CLI prints nothing more and exits with {@link #status()}, 128
 * plus the signal's number (130 for Ctrl-C, the shell's status; in a real shutdown the JVM exits
 * so itself).
 */
final class InterruptedCommandException extends RuntimeException {

    /** The status of Ctrl-C, when the signal is not known otherwise. */
    static final int STATUS = 130;

    private final int status;

    InterruptedCommandException(int status) {
        super("interrupted", null, false, false);
        this.status = status;
    }

    /** The exit status: 128 plus the signal's number. */
    int status() {
        return status;
    }
}

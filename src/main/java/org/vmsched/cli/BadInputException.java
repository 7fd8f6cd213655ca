package org.vmsched.cli;

/** A command-line value or file the user must fix; the CLI prints the message and exits 2. */
public class BadInputException extends RuntimeException {

    public BadInputException(String message) {
        super(message);
    }
}

package org.vmsched.exercise;

/** An exercise (a file, a kind's parameters) the user must fix; the message names the field and the problem. */
public class InvalidExerciseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidExerciseException(String message) {
        super(message);
    }
}

package org.vmsched.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Bad input read from a file or built in memory: the message names the source (a file, when
 * there is one) and each problem with its JSON path, e.g.
 * {@code bad.json: vms[1].tasks[0].wcet must be positive, got -2}. Subclasses say what kind of
 * input it was (a scenario, an experiment).
 */
public abstract class InvalidInputException extends Exception {

    private final List<Problem> problems;

    protected InvalidInputException(String source, List<Problem> problems) {
        super(format(source, problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems found, at least one. */
    public List<Problem> problems() {
        return problems;
    }

    private static String format(String source, List<Problem> problems) {
        String body = problems.stream().map(Problem::toString).collect(Collectors.joining("; "));
        return source == null || source.isEmpty() ? body : source + ": " + body;
    }
}

package org.vmsched.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Bad input: a scenario (file or in-memory) that cannot be used. The message names the source
 * (a file, when there is one) and each problem with its JSON path.
 */
public class InvalidScenarioException extends Exception {

    private final List<Problem> problems;

    public InvalidScenarioException(String source, List<Problem> problems) {
        super(format(source, problems));
        this.problems = List.copyOf(problems);
    }

    public InvalidScenarioException(String source, String message) {
        this(source, List.of(new Problem("", message)));
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

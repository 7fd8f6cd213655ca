package org.vmsched.experiment;

import java.util.List;
import java.util.stream.Collectors;
import org.vmsched.model.Problem;

/**
 * Bad input: an experiment (file or in-memory) that cannot be run. The message names the source
 * (a file, when there is one) and each problem with its JSON path, e.g.
 * {@code thesis.json: grid.u[2] must be in (0, 1], got 1.5}.
 */
public class InvalidExperimentException extends Exception {

    private final List<Problem> problems;

    public InvalidExperimentException(String source, List<Problem> problems) {
        super(format(source, problems));
        this.problems = List.copyOf(problems);
    }

    public InvalidExperimentException(String source, String message) {
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

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

    /**
     * One printable line of bounded length: the first {@link Limits#MAX_LISTED_PROBLEMS} problems,
     * then "and N more"; control characters escaped; at most {@link Limits#MAX_MESSAGE} characters.
     */
    private static String format(String source, List<Problem> problems) {
        String body = problems.stream().limit(Limits.MAX_LISTED_PROBLEMS).map(Problem::toString)
                .collect(Collectors.joining("; "));
        int more = problems.size() - Limits.MAX_LISTED_PROBLEMS;
        if (more > 0) {
            body += "; and " + more + " more problem" + (more == 1 ? "" : "s");
        }
        String text = source == null || source.isEmpty() ? body
                : Limits.oneLine(source, Limits.MAX_MESSAGE / 4) + ": " + body;
        return Limits.oneLine(text, Limits.MAX_MESSAGE);
    }
}

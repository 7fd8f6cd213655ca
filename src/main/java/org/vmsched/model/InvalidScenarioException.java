package org.vmsched.model;

import java.util.List;

/**
 * Bad input: a scenario (file or in-memory) that cannot be used. The message names the source
 * (a file, when there is one) and each problem with its JSON path.
 */
public class InvalidScenarioException extends InvalidInputException {

    public InvalidScenarioException(String source, List<Problem> problems) {
        super(source, problems);
    }

    public InvalidScenarioException(String source, String message) {
        this(source, List.of(new Problem("", message)));
    }
}

package org.vmsched.experiment;

import java.util.List;
import org.vmsched.model.InvalidInputException;
import org.vmsched.model.Problem;

/**
 * Bad input: an experiment (file or in-memory) that cannot be run. The message names the source
 * (a file, when there is one) and each problem with its JSON path, e.g.
 * {@code thesis.json: grid.u[2] must be in (0, 1], got 1.5}.
 */
public class InvalidExperimentException extends InvalidInputException {

    public InvalidExperimentException(String source, List<Problem> problems) {
        super(source, problems);
    }

    public InvalidExperimentException(String source, String message) {
        this(source, List.of(new Problem("", message)));
    }
}

package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.InvalidExperimentException;

/** Acceptance study files: the bundled ones read and written back unchanged, mistakes named by JSON path. */
class AcceptanceJsonTest {

    @ParameterizedTest
    @ValueSource(strings = {"global-edf-pessimism.json", "seed-cbs-fpfp.json"})
    void bundledAcceptanceStudiesReadAndWriteBackToTheSameExperiment(String name) throws Exception {
        Experiment e = ExperimentJson.load(Path.of("scenarios/experiments", name));
        assertTrue(e.study() instanceof AcceptanceStudy);
        String written = ExperimentJson.toJson(e);
        assertEquals(e, ExperimentJson.parse("again", written));
        assertEquals(written, ExperimentJson.toJson(ExperimentJson.parse("again", written)));
    }

    static final String GOOD = """
            {"schemaVersion": 1, "name": "s", "study": "acceptance", "seed": 1, "sets": 2,
             "generator": {"method": "randfixedsum", "periodMin": 10, "periodMax": 100, "deadlines": "implicit"},
             "grid": {"systems": "vcpus", "cores": 2, "tasks": 4, "u": [0.5]},
             "measure": {"tests": ["global-edf"]}}
            """;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"deadlines\": \"implicit\"|\"deadlines\": \"arbitrary\"|generator.deadlines must be \"implicit\" or \"constrained\"",
        "\"systems\": \"vcpus\"|\"systems\": \"tree\"|grid.systems must be \"vcpus\" or \"hierarchy\"",
        "\"tasks\": 4|\"tasks\": 4, \"colour\": 1|grid.colour is an unknown field",
        "[\"global-edf\"]|[\"global-edf\", \"magic\"]|measure.tests[1] is no acceptance test, got \"magic\"",
        "[\"global-edf\"]|[\"cbs-fp\"]|measure.tests[0] reads \"hierarchy\" systems, not \"vcpus\" ones",
        "\"periodMax\": 100|\"periodMax\": 105, \"periodGranularity\": 10|generator.periodMax must be a multiple of periodGranularity",
        "[0.5]|[0.5, 0]|grid.u[1] must be in (0, 1]",
        "\"cores\": 2|\"cores\": 0|grid.cores must be between 1 and 64, got 0"})
    void acceptanceFileMistakesAreNamedByPath(String from, String to, String message) {
        assertTrue(GOOD.contains(from), from);
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class,
                () -> ExperimentJson.parse("f.json", GOOD.replace(from, to)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"measure\": {\"tests\": [\"global-edf\"]}"})
    void anAcceptanceFileWithoutMeasureSaysWhatToWrite(String measure) {
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class,
                () -> ExperimentJson.parse("f.json", GOOD.replace(",\n " + measure, "")));
        assertTrue(e.getMessage().contains("measure is missing"), e.getMessage());
    }
}

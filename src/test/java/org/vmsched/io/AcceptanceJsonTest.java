package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    static final String HIERARCHY = """
            {"schemaVersion": 1, "name": "h", "study": "acceptance", "seed": 1, "sets": 2,
             "generator": {"method": "uunifast", "periodMin": 10, "periodMax": 200, "periods": "uniform"},
             "grid": {"systems": "hierarchy", "vms": {"min": 2, "max": 4}, "tasks": {"min": 2, "max": 5}, "u": [0.5]},
             "measure": {"tests": ["cbs-fp"]}}
            """;

    /**
     * A value out of its range is named once, and not used as the bound of another field: a user
     * trial read "grid.tasks must be between 1000000 and 256, got 6" after "grid.vms must be between
     * 1 and 64, got 1000000", "grid.vcpus must be between 1 and 1" after a negative grid.cores, and
     * "Infinity over 2 cores" after grid.u[0] = 1e308.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"tasks\": 4|\"tasks\": 6, \"vms\": 1000000|grid.vms must be between 1 and 64, got 1000000|between 1000000",
        "\"cores\": 2|\"cores\": -2, \"vcpus\": 2|grid.cores must be between 1 and 64, got -2|between 1 and 1,",
        "\"cores\": 2|\"cores\": 100000|grid.cores must be between 1 and 64, got 100000|over 100000 cores",
        "[0.5]|[1e308]|grid.u[0] must be in (0, 1]|Infinity",
        "\"vms\": {\"min\": 2, \"max\": 4}|\"vms\": {\"min\": 20, \"max\": 4}|grid.vms.min must be between 1 and 16, got 20|between 20",
        "\"tasks\": {\"min\": 2, \"max\": 5}|\"tasks\": {\"min\": 40, \"max\": 5}|grid.tasks.min must be between 1 and 32, got 40|between 40"})
    void aValueOutOfRangeIsNotTheBoundOfAnother(String from, String to, String message, String never) {
        String file = GOOD.contains(from) ? GOOD : HIERARCHY;
        assertTrue(file.contains(from), from);
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class,
                () -> ExperimentJson.parse("f.json", file.replace(from, to)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertFalse(e.getMessage().contains(never), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"measure\": {\"tests\": [\"global-edf\"]}"})
    void anAcceptanceFileWithoutMeasureSaysWhatToWrite(String measure) {
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class,
                () -> ExperimentJson.parse("f.json", GOOD.replace(",\n " + measure, "")));
        assertTrue(e.getMessage().contains("measure is missing"), e.getMessage());
    }
}

package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** Every kind of bad scenario input is reported with the file, the JSON path and the problem. */
class ScenarioJsonTest {

    static final String SOURCE = "lab/bad.json";

    /** A valid scenario; each case below breaks one thing in it by a text replacement. */
    static final String VALID = """
            {
              "schemaVersion": 1,
              "name": "two cores",
              "hypervisor": { "policy": "EDF", "cores": 2 },
              "vms": [
                { "name": "A", "period": 10, "budget": 4, "overhead": 0, "core": 0, "scheduler": "RM",
                  "tasks": [ { "name": "a1", "wcet": 1, "period": 20 },
                             { "name": "a2", "wcet": 1, "period": 25 } ] },
                { "name": "B", "period": 10, "budget": 4, "overhead": 0.5, "core": 1, "scheduler": "EDF",
                  "tasks": [ { "name": "b1", "wcet": 2, "period": 40, "deadline": 30 } ] }
              ]
            }
            """;

    static Stream<Arguments> badInputs() {
        return Stream.of(
            // malformed JSON: the missing comma is found at the next key, line 3 column 3
            Arguments.of("\"name\": \"two cores\",", "\"name\": \"two cores\"",
                "malformed JSON at line 4, column 3"),
            Arguments.of("\"period\": 40, \"deadline\": 30", "\"period\": 40, \"period\": 30",
                "malformed JSON at line 10, column"),
            // missing fields
            Arguments.of("\"wcet\": 2, ", "", "vms[1].tasks[0].wcet is missing"),
            Arguments.of("\"name\": \"B\", ", "", "vms[1].name is missing"),
            Arguments.of("\"schemaVersion\": 1,", "", "schemaVersion is missing"),
            // unknown fields
            Arguments.of("\"core\": 0,", "\"core\": 0, \"colour\": \"red\",", "vms[0].colour is an unknown field"),
            Arguments.of("\"name\": \"a2\",", "\"name\": \"a2\", \"prio\": 1,", "vms[0].tasks[1].prio is an unknown field"),
            // wrong types
            Arguments.of("\"period\": 10, \"budget\": 4, \"overhead\": 0,", "\"period\": \"10\", \"budget\": 4, \"overhead\": 0,",
                "vms[0].period must be a number, got the string \"10\""),
            Arguments.of("\"cores\": 2", "\"cores\": 1.5", "hypervisor.cores must be an integer, got the number 1.5"),
            Arguments.of("\"name\": \"b1\"", "\"name\": 7", "vms[1].tasks[0].name must be a string, got the number 7"),
            Arguments.of("\"scheduler\": \"EDF\"", "\"scheduler\": \"LLF\"",
                "vms[1].scheduler must be one of \"RM\", \"EDF\", \"GLOBAL_EDF\", \"GLOBAL_RM\", got \"LLF\""),
            Arguments.of("\"schemaVersion\": 1", "\"schemaVersion\": \"1\"", "schemaVersion must be an integer"),
            // non-positive and non-finite numbers
            Arguments.of("\"wcet\": 2", "\"wcet\": -2", "vms[1].tasks[0].wcet must be positive, got -2"),
            Arguments.of("\"wcet\": 1, \"period\": 20", "\"wcet\": 1, \"period\": 0", "vms[0].tasks[0].period must be positive, got 0"),
            Arguments.of("\"wcet\": 2", "\"wcet\": 1e999", "vms[1].tasks[0].wcet must be a finite number, got Infinity"),
            Arguments.of("\"overhead\": 0.5", "\"overhead\": -0.5", "vms[1].overhead must not be negative, got -0.5"),
            // relations between fields
            Arguments.of("\"wcet\": 2", "\"wcet\": 35", "vms[1].tasks[0].wcet must not exceed the deadline 30, got 35"),
            Arguments.of("\"deadline\": 30", "\"deadline\": 50", "vms[1].tasks[0].deadline must not exceed the period 40, got 50"),
            Arguments.of("\"budget\": 4, \"overhead\": 0,", "\"budget\": 12, \"overhead\": 0,",
                "vms[0].budget must not exceed the period 10, got 12"),
            Arguments.of("\"overhead\": 0.5", "\"overhead\": 4", "vms[1].overhead must be less than the budget 4, got 4"),
            Arguments.of("\"core\": 1", "\"core\": 2", "vms[1].core must be between 0 and 1 (hypervisor.cores is 2), got 2"),
            // names
            Arguments.of("\"name\": \"B\"", "\"name\": \"A\"", "vms[1].name duplicates the VM name \"A\""),
            Arguments.of("\"name\": \"a2\"", "\"name\": \"a1\"", "vms[0].tasks[1].name duplicates the task name \"a1\""),
            // versions and policies
            Arguments.of("\"schemaVersion\": 1", "\"schemaVersion\": 3", "schemaVersion is 3, an unknown version"),
            Arguments.of("\"policy\": \"EDF\"", "\"policy\": \"FP\"", "vms[0].priority is required when hypervisor.policy is FP"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("badInputs")
    void badInputIsReportedWithTheSourceAndTheJsonPath(String target, String replacement, String expected) {
        assertTrue(VALID.contains(target), "test case does not apply: " + target);
        String text = VALID.replaceFirst(java.util.regex.Pattern.quote(target),
                java.util.regex.Matcher.quoteReplacement(replacement));
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.parse(SOURCE, text));
        assertTrue(e.getMessage().startsWith(SOURCE + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "expected \"" + expected + "\" in: " + e.getMessage());
    }

    @Test
    void theValidTemplateParses() throws InvalidScenarioException {
        Scenario s = ScenarioJson.parse(SOURCE, VALID);
        assertEquals(2, s.vms().size());
        assertEquals(30, s.vms().get(1).tasks().get(0).deadline());
        assertEquals(20, s.vms().get(0).tasks().get(0).deadline(), "deadline defaults to the period");
    }

    @Test
    void everyProblemIsReportedNotOnlyTheFirst() {
        String text = VALID.replace("\"wcet\": 2", "\"wcet\": -2").replace("\"core\": 1", "\"core\": 5");
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.parse(SOURCE, text));
        assertEquals(2, e.problems().size(), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "[]", "42"})
    void emptyOrNonObjectDocumentsAreRejected(String text) {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.parse(SOURCE, text));
        assertTrue(e.getMessage().startsWith(SOURCE + ": "), e.getMessage());
    }

    @Test
    void loadingAFileNamesTheFileInTheMessage(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, VALID.replace("\"wcet\": 2", "\"wcet\": -2"));
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.load(f));
        assertEquals(f + ": vms[1].tasks[0].wcet must be positive, got -2", e.getMessage());
    }

    @Test
    void aMissingFileIsReportedAsNotFound(@TempDir Path dir) {
        Path f = dir.resolve("nowhere.json");
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ScenarioJson.load(f));
        assertEquals(f + ": file not found", e.getMessage());
    }

    // ---------------------------------------------------------------- saving

    static Scenario everyFieldSet() {
        Task t1 = new Task("a1", 1.5, 20, 18, 2);
        Task t2 = Task.of("a2", 0.1, 25.5);
        VirtualMachine a = new VirtualMachine("A", 10, 4, 0.25, 1, 3, GuestScheduler.EDF, 2, List.of(t1, t2));
        VirtualMachine b = new VirtualMachine("B", 7.5, 2.5, 0, 0, 0, GuestScheduler.RM, 1, List.of(Task.of("b1", 1, 30)));
        return new Scenario(1, "all fields", "a \"quoted\" description\nwith a new line", new Platform(HypervisorPolicy.FP, 2),
                List.of(a, b), new SimulationSettings(1234.5, SimulationMode.WORST_CASE, ServerPolicy.DEFERRABLE, MissPolicy.ABORT));
    }

    @Test
    void saveThenLoadGivesTheSameScenario(@TempDir Path dir) throws Exception {
        Scenario s = everyFieldSet();
        Path f = dir.resolve("round.json");
        ScenarioJson.save(s, f);
        assertEquals(s, ScenarioJson.load(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"thesis-example.json", "two-vms.json", "overhead.json", "not-schedulable.json"})
    void bundledScenariosSurviveARoundTrip(String name, @TempDir Path dir) throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", name));
        Path f = dir.resolve(name);
        ScenarioJson.save(s, f);
        assertEquals(s, ScenarioJson.load(f));
    }

    @Test
    void aFailedWriteLeavesTheOriginalAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("keep.json");
        Files.writeString(f, "original");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(f, tmp -> {
            Files.writeString(tmp, "half a fi");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("original", Files.readString(f));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(f), files.toList());
        }
    }

    @Test
    void savingOverSomethingThatCannotBeReplacedLeavesItIntactAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("scenario.json");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside.txt"), "x");
        assertThrows(IOException.class, () -> ScenarioJson.save(everyFieldSet(), target));
        assertTrue(Files.isDirectory(target));
        assertEquals("x", Files.readString(target.resolve("inside.txt")));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
    }

    @Test
    void savingReplacesAnExistingFileCompletely(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, "x".repeat(100_000));
        ScenarioJson.save(everyFieldSet(), f);
        assertEquals(everyFieldSet(), ScenarioJson.load(f));
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The input gate on global EDF's {@code hypervisor.params.migrationOverhead} (THEORY.md §15.12):
 * a value that is not a time of 0 or more within the bounds of every time is refused by every
 * command that reads the scenario, exit 2, one line naming the field.
 */
class MigrationCostInputTest {

    @TempDir
    Path dir;

    private Path scenario(String value) throws Exception {
        String text = Files.readString(Path.of("scenarios", "rtds-global-periodic.json")).replace("\"cores\": 2 }",
                "\"cores\": 2, \"params\": { \"migrationOverhead\": " + value + " } }");
        Path f = dir.resolve("m.json");
        Files.writeString(f, text);
        return f;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-0.5|must not be negative, got -0.5",
        "1e300|must be at most 1e9",
        "1e-300|must be 0 or at least",
        "\"x\"|must be a number",
        "null|must be a number",
        "true|must be a number"})
    void aBadMigrationCostIsRefusedNamingTheField(String value, String why) throws Exception {
        Path f = scenario(value);
        for (String command : new String[] {"analyze", "simulate", "design", "export-config"}) {
            String[] args = command.equals("export-config") ? new String[] {command, f.toString(), "--target", "rtds"}
                    : new String[] {command, f.toString()};
            String m = NewerCommandsBadInputTest.refused(args);
            assertTrue(m.contains("hypervisor.params.migrationOverhead") && m.contains(why), command + ": " + m);
        }
    }

    @Test
    void aNotANumberIsRefusedByTheJsonReader() throws Exception {
        String m = NewerCommandsBadInputTest.refused("analyze", scenario("NaN").toString());
        assertTrue(m.contains("m.json"), m);
    }

    @Test
    void aGoodMigrationCostIsReadAndTheScenarioRuns() throws Exception {
        MainTest.Run r = MainTest.run("simulate", scenario("0.25").toString());
        assertEquals(0, r.status(), r.err());
    }
}

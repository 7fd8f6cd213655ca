package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.model.Limits;

/**
 * Issue 12's findings, each from a file of a few lines: every command answers (exit 0) or refuses
 * with one bounded, printable, field-named line (exit 2) — never an internal error, an
 * OutOfMemoryError, a wrapped integer or a terminal-unsafe message. The time limit is generous
 * (a loaded CI machine); before the fixes these ran out of memory or for minutes.
 */
class BoundedInputTest {

    @TempDir
    Path dir;

    private static final String TASKS = "[{\"name\":\"t1\",\"wcet\":2,\"period\":16},{\"name\":\"t2\",\"wcet\":1,\"period\":24}]";

    static String scenario(String hypervisor, String vms) {
        return "{\"schemaVersion\":1,\"name\":\"F\",\"hypervisor\":" + hypervisor + ",\"vms\":" + vms + "}";
    }

    static String vm(String server, String scheduler, String tasks) {
        return "[{\"name\":\"VM1\"," + server + ",\"scheduler\":\"" + scheduler + "\",\"tasks\":" + tasks + "}]";
    }

    private String file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f.toString();
    }

    /** Runs the command within the time limit and checks the message rules; returns the run. */
    static MainTest.Run bounded(String... args) {
        MainTest.Run r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> MainTest.run(args));
        assertTrue(r.status() == 0 || r.status() == 2, "exit " + r.status() + ": " + r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        MainTest.assertNoStackTrace(r);
        String err = r.err().strip();
        for (String line : err.split("\n")) {
            assertTrue(line.length() <= Limits.MAX_MESSAGE + 20, "message of " + line.length() + " characters");
            assertTrue(Limits.printable(line), "control character in: " + line);
        }
        return r;
    }

    static void refused(MainTest.Run r, String... words) {
        assertEquals(2, r.status(), r.err());
        for (String w : words) {
            assertTrue(r.err().contains(w), "no \"" + w + "\" in: " + r.err());
        }
    }

    @Test
    void subnormalBudgetIsRefusedByTheValidator() throws IOException {
        String f = file("b.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":10,\"budget\":5e-324", "RM", TASKS)));
        refused(bounded("analyze", f), "vms[0].budget", "1e-9");
        refused(bounded("budget", f, "--vm", "VM1", "--period", "10"), "vms[0].budget");
    }

    @Test
    void subnormalTaskIsRefusedByTheValidatorForEveryCommand() throws IOException {
        String f = file("t.json", scenario("{\"policy\":\"EDF\",\"cores\":1}",
                vm("\"period\":10,\"budget\":4", "RM", "[{\"name\":\"t\",\"wcet\":4.9e-324,\"period\":4.9e-324}]")));
        refused(bounded("analyze", f), "vms[0].tasks[0].wcet");
        refused(bounded("simulate", f), "vms[0].tasks[0].period");
    }

    @Test
    void hugePeriodOptionIsRefusedNamingTheOption() {
        refused(bounded("budget", MainTest.THESIS, "--vm", "VM1", "--period", "1e308"), "--period", "1e9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"analyze", "simulate"})
    void twoBillionCoresIsRefusedUpFront(String command) throws IOException {
        String f = file("c.json", scenario("{\"policy\":\"EDF\",\"cores\":2147483647}", vm("\"period\":10,\"budget\":4", "RM", TASKS)));
        refused(bounded(command, f), "hypervisor.cores", String.valueOf(Limits.MAX_CORES));
    }

    @Test
    void edfSetWithAHugeHorizonIsAnsweredNotOutOfMemory() throws IOException {
        String f = file("e.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":1,\"budget\":1", "EDF",
                "[{\"name\":\"a\",\"wcet\":0.4999999999999999,\"period\":1},"
                        + "{\"name\":\"b\",\"wcet\":500000,\"period\":1000000,\"deadline\":500000}]")));
        MainTest.Run r = bounded("analyze", f);
        assertEquals(0, r.status(), r.err());
        bounded("simulate", f);
    }

    @Test
    void periodsMoreThanTheRatioApartAreRefusedNamingBothValues() throws IOException {
        String f = file("r.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":1,\"budget\":0.5", "RM",
                "[{\"name\":\"a\",\"wcet\":0.0000001,\"period\":0.001},{\"name\":\"b\",\"wcet\":1,\"period\":1000000}]")));
        refused(bounded("analyze", f), "vms[0].tasks[0].wcet", "vms[0].tasks[1].period", "1e9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"4294967297", "18446744073709551617", "-4294967295"})
    void schemaVersionIsReadAsTheIntegerWrittenNotItsLowBits(String version) throws IOException {
        String text = Files.readString(Path.of(MainTest.THESIS)).replace("\"schemaVersion\": 1", "\"schemaVersion\": " + version);
        refused(bounded("analyze", file("v.json", text)), "schemaVersion", version, "unknown version");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cores\": 4294967297", "cores\": -4294967295"})
    void coresBeyondAnIntAreOutOfRangeNotWrapped(String cores) throws IOException {
        String text = Files.readString(Path.of(MainTest.THESIS)).replace("cores\": 1", cores);
        refused(bounded("analyze", file("k.json", text)), "hypervisor.cores", "out of range");
    }

    @Test
    void anEmptyAlphaListIsRefused() {
        refused(bounded("tmax", MainTest.THESIS, "--vm", "VM1", "--alpha", ","), "--alpha", "no value");
    }

    @Test
    void aLongValueWithControlCharactersIsQuotedShortAndEscaped() throws IOException {
        String text = Files.readString(Path.of(MainTest.THESIS))
                .replace("\"scheduler\": \"RM\"", "\"scheduler\": \"\\u001b[31m\\u0007\\n" + "y".repeat(50_000) + "\"");
        MainTest.Run r = bounded("analyze", file("s.json", text));
        refused(r, "vms[0].scheduler", "\\u001b", "…");
        assertTrue(r.err().length() < 400, r.err());
    }

    @Test
    void aMegabyteStringIsRefusedByTheParserWithItsPlace() throws IOException {
        String text = Files.readString(Path.of(MainTest.THESIS)).replace("\"Thesis example\"", "\"" + "x".repeat(1_000_000) + "\"");
        refused(bounded("analyze", file("l.json", text)), "longer than", "line 3");
    }

    @Test
    void twentyThousandBadVmsGiveOneShortLineCountingTheRest() throws IOException {
        StringBuilder vms = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            vms.append(i == 0 ? "" : ",").append("{\"name\":\"v").append(i).append("\",\"period\":-1,\"budget\":4,\"tasks\":[]}");
        }
        String f = file("m.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vms.append("]").toString()));
        MainTest.Run r = bounded("analyze", f);
        refused(r, "vms", "more problems");
        assertEquals(1, r.err().strip().split("\n").length, r.err());
    }

    @Test
    void deepNestingIsTranslatedWithLineAndColumn() throws IOException {
        String f = file("d.json", "{\"schemaVersion\":1,\"name\":\"x\",\"vms\":" + "[".repeat(1001) + "]".repeat(1001) + "}");
        MainTest.Run r = bounded("analyze", f);
        refused(r, "nested more than", "line 1, column");
        assertFalse(r.err().contains("StreamReadConstraints"), r.err());
    }

    @Test
    void anEndlessDeviceIsRefusedWithoutReadingIt() {
        // issue 20: a device is no regular file, refused before it is opened (before: after 8 MiB)
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(zero));
        refused(bounded("analyze", zero.toString()), "not a regular file", "give a scenario file");
    }

    @Test
    void aLongTaskNameIsCutInTheTableNotPaddedIntoEveryRow() throws IOException {
        String name = "n".repeat(Limits.MAX_NAME);
        String f = file("n.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":10,\"budget\":4", "RM",
                "[{\"name\":\"" + name + "\",\"wcet\":2,\"period\":16},{\"name\":\"t2\",\"wcet\":1,\"period\":24}]")));
        MainTest.Run r = bounded("analyze", f);
        assertEquals(0, r.status(), r.err());
        for (String line : r.out().split("\n")) {
            assertTrue(line.length() < 150, "line of " + line.length() + ": " + line);
        }
        assertTrue(r.out().contains("…"), r.out());
    }

    @Test
    void tooManyTasksInOneVmAreRefusedNamingTheLimit() throws IOException {
        StringBuilder tasks = new StringBuilder("[");
        for (int i = 0; i <= Limits.MAX_TASKS_PER_VM; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"wcet\":0.001,\"period\":").append(100 + i).append("}");
        }
        String f = file("k.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":10,\"budget\":4", "RM", tasks.append("]").toString())));
        refused(bounded("budget", f, "--vm", "VM1", "--period", "10"), "vms[0].tasks", "at most " + Limits.MAX_TASKS_PER_VM);
    }

    @Test
    void aSimulationBeyondItsWorkBudgetIsRefusedUpFront() throws IOException {
        String f = file("w.json", scenario("{\"policy\":\"EDF\",\"cores\":1}", vm("\"period\":0.001,\"budget\":0.0009", "RM",
                "[{\"name\":\"a\",\"wcet\":0.0001,\"period\":0.001}]")));
        refused(bounded("simulate", f, "--horizon", "1000000"), "jobs", "horizon");
    }
}

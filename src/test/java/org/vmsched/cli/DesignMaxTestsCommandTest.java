package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code design --max-tests N} (issue 30 item 2): a global design stopped by the bound says so, what
 * it found so far and how to raise the bound, and exits 0 like an "undecided" analysis; a bad bound,
 * or a bound under a partitioned host, is refused with exit 2 and a message naming the option.
 */
class DesignMaxTestsCommandTest {

    /** One VM of 2 vCPUs under global EDF on 2 cores, ten tasks of wcet 1 and periods 20 … 65, X = 0. */
    private static Path scenario(Path dir, String policy) throws Exception {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"wcet\":1,\"period\":")
                    .append(20 + 5 * i).append('}');
        }
        boolean global = policy.startsWith("GLOBAL");
        String json = "{\"schemaVersion\":2,\"name\":\"bound\",\"hypervisor\":{\"policy\":\"" + policy + "\",\"cores\":2},"
                + "\"vms\":[{\"name\":\"vm0\",\"period\":10,\"budget\":8,\"overhead\":0"
                + (global ? ",\"vcpus\":2,\"scheduler\":\"GLOBAL_EDF\"" : ",\"scheduler\":\"EDF\"")
                + ",\"tasks\":[" + tasks + "]}]}";
        Path f = dir.resolve(policy.toLowerCase() + ".json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void aDesignStoppedByTheBoundSaysWhatItFoundSoFarAndHowToRaiseItAndExitsZero(@TempDir Path dir) throws Exception {
        Path f = scenario(dir, "GLOBAL_EDF");
        MainTest.Run whole = MainTest.run("design", f.toString(), "--json");
        assertEquals(0, whole.status(), whole.err());
        long all = MainTest.JSON.readTree(whole.out()).get("vms").get(0).get("testsRun").asLong();
        assertTrue(MainTest.JSON.readTree(whole.out()).get("vms").get(0).get("stopped").isNull(), whole.out());
        long bound = all - 1; // past the first passing interface, before the partitioned alternative's end
        MainTest.Run r = MainTest.run("design", f.toString(), "--max-tests", Long.toString(bound));
        assertEquals(0, r.status(), "a stopped design is an answer, not an error: " + r.err());
        assertTrue(r.out().contains("stopped after " + bound + " tests: "), r.out());
        assertTrue(r.out().contains("the global proposal is the best found so far"), r.out());
        assertTrue(r.out().contains("--max-tests N (more than " + bound + ") to search further"), r.out());
        assertTrue(r.out().matches("(?s).*global \\(MPR\\)\\s+\\d+\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+\\s+\\S.*"), r.out());
        assertTrue(r.out().contains("not completed before the bound"), r.out());
        assertFalse(r.out().contains("no split of the tasks has an interface"), "the split was not searched to its end: "
                + r.out());
    }

    @Test
    void aBoundSpentBeforeAnyPassingTestSaysNoneWasFoundSoFar(@TempDir Path dir) throws Exception {
        MainTest.Run r = MainTest.run("design", scenario(dir, "GLOBAL_EDF").toString(), "--max-tests", "1");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("stopped after 1 tests: ") && r.out().contains("no global proposal found so far"), r.out());
        assertTrue(r.out().contains("--max-tests N (more than 1) to search further"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "abc", "1e12"})
    void aBadBoundIsRefusedWithExitTwoNamingTheOption(String value, @TempDir Path dir) throws Exception {
        MainTest.Run r = MainTest.run("design", scenario(dir, "GLOBAL_EDF").toString(), "--max-tests", value);
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("--max-tests"), r.err());
        assertTrue(r.out().isEmpty(), r.out());
        MainTest.assertNoStackTrace(r);
    }

    @Test
    void theBoundUnderAPartitionedHostIsRefusedWithExitTwoNamingTheOption(@TempDir Path dir) throws Exception {
        MainTest.Run r = MainTest.run("design", scenario(dir, "EDF").toString(), "--max-tests", "100");
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("--max-tests") && r.err().contains("global host"), r.err());
        MainTest.assertNoStackTrace(r);
    }
}

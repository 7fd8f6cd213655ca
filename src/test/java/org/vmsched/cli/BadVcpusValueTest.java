package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A "vcpus" that is not a count from 1 to 64 (a user's trial): the message also said "scheduler is
 * GLOBAL_EDF, which needs vcpus above 1", about a 1 the user never wrote (the unreadable value fell
 * back to the default), and 1e10 was said as 1.0E10. Now only the vcpus problem, with the value as
 * typed. 2.0 is refused, as hypervisor.cores refuses it (a count in a file is written as an integer).
 */
class BadVcpusValueTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2.5        | 2.5",
        "2.0        | 2.0",
        "1e10       | 1e10",
        "1E2        | 1E2",
        "4294967297 | 4294967297",
        "0          | 0",
        "65         | 65",
        "'\"two\"'  | the string \"two\"",
        "null       | null",
        "true       | true",
    })
    void onlyTheVcpusProblemWithTheValueAsTyped(String value, String said) throws Exception {
        Path f = dir.resolve("v.json");
        Files.writeString(f, "{\"schemaVersion\":2,\"name\":\"v\",\"hypervisor\":{\"policy\":\"GLOBAL_EDF\",\"cores\":4},"
                + "\"vms\":[{\"name\":\"web\",\"period\":5,\"budget\":2,\"vcpus\":" + value + ",\"scheduler\":\"GLOBAL_EDF\","
                + "\"tasks\":[{\"name\":\"a\",\"wcet\":2,\"period\":40}]}]}");
        MainTest.Run r = MainTest.run("analyze", f.toString());
        assertEquals(2, r.status(), r.out());
        assertEquals("error: " + f + ": vms[0].vcpus must be an integer from 1 to 64, got " + said, r.err().strip());
        MainTest.assertNoStackTrace(r);
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * tmax, budget and simtmax analyse one VM as one server on one core; on a VM of several virtual
 * CPUs (rtds-global-periodic.json's control, 2 vCPUs, every deadline met in simulation) they answered as if
 * it had one ("no budget up to the period 10 is enough", Tmax 0), which a student reads as "this
 * VM cannot be scheduled". A new user's trial found it; they now say what they cannot do and where
 * to go instead.
 */
class SeveralVcpusOneVmCommandsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"budget|--period|10", "tmax|--alpha|0.5", "simtmax|--alpha|0.5"})
    void aVmOfSeveralVcpusIsNotAnsweredAsOne(String command, String option, String value) {
        String m = NewerCommandsBadInputTest.refused(command, "scenarios/rtds-global-periodic.json", "--vm", "control", option, value);
        assertTrue(m.contains("control has 2 virtual CPUs"), m);
        assertTrue(m.contains("analyze") && m.contains("design"), m);
        assertEquals("", MainTest.run(command, "scenarios/rtds-global-periodic.json", "--vm", "control", option, value).out());
    }

    /**
     * On a VM of one vCPU under Global EDF they answered "alone on a core" with no word that the
     * VM has no core there: without the other vCPUs' preemptions and the migration cost that
     * analyze counts (a user trial). They now say so, in text and JSON.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"budget|--period|2", "tmax|--alpha|0.25", "simtmax|--alpha|0.25"})
    void aOneVcpuVmUnderGlobalEdfIsAnsweredWithTheCaveat(String command, String option, String value) throws Exception {
        java.nio.file.Path f = java.nio.file.Files.createTempFile("global", ".json");
        java.nio.file.Files.writeString(f, org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        MainTest.Run r = MainTest.run(command, f.toString(), "--vm", "ctl", option, value);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("under Global EDF (Xen RTDS) ctl has no core of its own")
                && r.out().contains("migration cost 0.05"), r.out());
        MainTest.Run j = MainTest.run(command, f.toString(), "--vm", "ctl", option, value, "--json");
        assertEquals(0, j.status(), j.err());
        assertTrue(MainTest.JSON.readTree(j.out()).get("note").asText().contains("no core of its own"), j.out());
        java.nio.file.Files.delete(f);
    }
}

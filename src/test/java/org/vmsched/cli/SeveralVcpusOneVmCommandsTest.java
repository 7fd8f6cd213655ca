package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * tmax, budget and simtmax analyse one VM as one server on one core; on a VM of several virtual
 * CPUs (rtds-global.json's control, 2 vCPUs, every deadline met in simulation) they answered as if
 * it had one ("no budget up to the period 10 is enough", Tmax 0), which a student reads as "this
 * VM cannot be scheduled". A new user's trial found it; they now say what they cannot do and where
 * to go instead.
 */
class SeveralVcpusOneVmCommandsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"budget|--period|10", "tmax|--alpha|0.5", "simtmax|--alpha|0.5"})
    void aVmOfSeveralVcpusIsNotAnsweredAsOne(String command, String option, String value) {
        String m = NewerCommandsBadInputTest.refused(command, "scenarios/rtds-global.json", "--vm", "control", option, value);
        assertTrue(m.contains("control has 2 virtual CPUs"), m);
        assertTrue(m.contains("analyze") && m.contains("design"), m);
        assertEquals("", MainTest.run(command, "scenarios/rtds-global.json", "--vm", "control", option, value).out());
    }
}

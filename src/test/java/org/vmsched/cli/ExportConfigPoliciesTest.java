package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * export-config under the policies a new user's trial found it wrong for: a CBS VM's deadline was
 * written as its period, and a policy with no budget at all (Credit, FP/FP, shares) got full-core
 * reservations of its placeholder period and budget 1, with exit 0.
 */
class ExportConfigPoliciesTest {

    @Test
    void aCbsVmsDeadlineReachesSchedDeadline() {
        MainTest.Run r = MainTest.run("export-config", "scenarios/latency/cbs.json", "--target", "sched-deadline");
        assertEquals(0, r.status(), r.err());
        // utvm: runtime 0.05 ms, deadline 0.1 ms, period 1 ms, in nanoseconds
        assertTrue(r.out().contains("chrt --deadline --sched-runtime 50000 --sched-deadline 100000 --sched-period 1000000"),
                r.out());
        assertFalse(r.out().contains("the analysis used the periodic server"), r.out());
    }

    @Test
    void rtdsSaysItCannotCarryACbsDeadline() {
        MainTest.Run r = MainTest.run("export-config", "scenarios/latency/cbs.json", "--target", "rtds");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("utvm") && r.err().contains("deadline"), r.err());
    }

    @ParameterizedTest
    @CsvSource({"latency/credit-30ms.json, rtds", "hier/fpfp-two-vm.json, sched-deadline", "latency/credit-1ms.json, cpu-max"})
    void aPolicyWithoutBudgetsHasNoReservationToWrite(String file, String target) {
        String m = NewerCommandsBadInputTest.refused("export-config", "scenarios/" + file, "--target", target);
        assertTrue(m.contains("no reservation to write"), m);
        assertEquals("", MainTest.run("export-config", "scenarios/" + file, "--target", target).out());
    }

    @ParameterizedTest
    @CsvSource({"--min-period, 0", "--max-period, 0", "--min-period, -0"})
    void cartsPeriodsAreCheckedAtTheGateLikeEveryPositiveOption(String option, String value) {
        String m = NewerCommandsBadInputTest.refused("export-config", "scenarios/two-vms.json", "--target", "carts", option, value);
        assertEquals("error: " + option + " must be between 1e-9 and 1e9, got " + value, m);
        // the gate answers before the file is read, as for every positive option
        m = NewerCommandsBadInputTest.refused("export-config", "no-such-file.json", "--target", "carts", option, value);
        assertTrue(m.contains(option), m);
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code design} on a global host the analysis proves ends with the search of the budgets the whole analysis proves
 * (THEORY.md §15.9, "Budgets the whole analysis proves"), which on 16 VMs takes longer than the designs. The designs'
 * last report was 100 %, which ends the progress line on stderr, so the search ran without a word; and where the
 * designs took under a second, the search's own line began again from 0 %. The designs now take the first four
 * fifths of the line and the search the last (as in the Design dialog). The clock is the test's own (0.4 s a reading).
 */
class DesignWholeProgressTest {

    @Test
    void theSearchSaysHowFarItIsAfterTheDesignsAndTheLineNeverGoesBack() {
        long[] now = {0};
        DesignCommand cmd = new DesignCommand();
        cmd.nanos = () -> now[0] += 400_000_000L;
        MainTest.Run slow = MainTest.execute(cmd, "scenarios/rtds-global.json");
        MainTest.Run quick = MainTest.run("design", "scenarios/rtds-global.json");
        DesignProgressTest.assertSaysHowFar(quick, slow, "lowering the budgets the whole analysis proves: ");
        long last = -1;
        for (String line : slow.err().split("\\R")) {
            long pct = Long.parseLong(line.replaceAll(".*: (\\d+)%, \\d+ s$", "$1"));
            assertTrue(pct >= last, "the line went back to " + pct + "% after " + last + "%: " + slow.err());
            last = pct;
        }
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * analyze prints each task's response-time bound under global EDF where the response-time test
 * gives one (issue 32 item 2, THEORY.md §15.16), and under global RM where the fixed-priority response times do (§15.21).
 */
class GlobalResponseTimesPrintedTest {

    @Test
    void theGlobalEdfAndRmTasksOfRtdsDeferrableShowTheirBounds() throws Exception {
        MainTest.Run r = MainTest.run("analyze", "scenarios/rtds-global.json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("rtds-global: SCHEDULABLE"), r.out());
        assertTrue(r.out().matches("(?s).*t1\\s+20\\s+200\\s+30\\s+27\\.6\\s+ok.*"), r.out());
        assertTrue(r.out().matches("(?s).*t3\\s+100\\s+200\\s+200\\s+134\\.8\\s+ok.*"), r.out());
        assertTrue(r.out().matches("(?s).*u1\\s+10\\s+200\\s+200\\s+130\\s+ok.*"), r.out());
        assertEquals(27.6, MainTest.run("analyze", "scenarios/rtds-global.json", "--json").json()
                .path("vms").path(0).path("tasks").path(0).path("responseTime").asDouble(), 0.0);
    }
}

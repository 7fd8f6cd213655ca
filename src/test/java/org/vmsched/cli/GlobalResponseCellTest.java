package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user trial: a global RM VM proved schedulable by the MPR tests printed "q1  2  50  50  > 50  ok"
 * (a response time above the deadline beside "ok"). The R column shows a bound only where a test
 * gives one: since THEORY.md §15.21 the fixed-priority response times do, within the deadline.
 */
class GlobalResponseCellTest {

    @TempDir
    Path dir;

    @Test
    void aGlobalRmVmShowsABoundWithinTheDeadlineNeverAboveIt() throws Exception {
        Path f = dir.resolve("g.json");
        Files.writeString(f, """
                { "schemaVersion": 2, "name": "g", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 4 },
                  "vms": [ { "name": "db", "period": 4, "budget": 1.2, "overhead": 0.02, "vcpus": 2, "scheduler": "GLOBAL_RM",
                             "tasks": [ { "name": "q1", "wcet": 2, "period": 50 }, { "name": "q2", "wcet": 3, "period": 100 } ] } ] }
                """);
        MainTest.Run r = MainTest.run("analyze", f.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("g: SCHEDULABLE"), r.out());
        assertFalse(r.out().contains("> 50"), r.out());
        assertTrue(r.out().matches("(?s).*q1\\s+2\\s+50\\s+50\\s+7\\.64\\s+ok.*"), r.out());
        assertTrue(r.out().matches("(?s).*q2\\s+3\\s+100\\s+100\\s+22\\.92\\s+ok.*"), r.out());
    }
}

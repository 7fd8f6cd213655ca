package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's trial: in worst-case mode each VM (each vCPU under Global EDF) runs alone on a lane of
 * its own, and the trace CSV's idle rows named no lane: partitioned, two VMs' idle time both said
 * "core 0" with no VM, so a core's rows summed to twice the horizon; under Global EDF idle rows
 * were left out, so a lane's rows summed to its busy time only. An idle row now names its lane
 * (its VM, and vCPU under Global EDF): each lane's rows add up to the horizon, as simulate's
 * busy + idle per lane does.
 */
class WorstCaseTraceIdleTest {

    @TempDir
    Path dir;

    /** Per lane (core, VM[, vCPU]): the time its slices cover. */
    private Map<String, Double> lanes(String scenario, boolean global) throws Exception {
        Path csv = dir.resolve("t.csv");
        MainTest.Run r = MainTest.run("simulate", scenario, "--mode", "worst-case", "--horizon", "40", "--trace", csv.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = Files.readAllLines(csv);
        Map<String, Double> time = new TreeMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[0].startsWith("miss")) {
                continue;
            }
            assertTrue(!f[2].isEmpty(), "every slice of a VM run alone is its lane's: " + row);
            if (f[0].equals("idle")) {
                assertEquals("", f[3], row);
            }
            String lane = f[1] + "/" + f[2] + (global ? "/" + f[8] : "");
            time.merge(lane, Double.parseDouble(f[5]) - Double.parseDouble(f[4]), Double::sum);
        }
        return time;
    }

    @Test
    void eachPartitionedVmsLaneAddsUpToTheHorizon() throws Exception {
        Map<String, Double> time = lanes("scenarios/two-vms.json", false);
        assertEquals(Map.of("0/control", 40.0, "0/logging", 40.0), time);
    }

    @Test
    void eachGlobalVcpusLaneAddsUpToTheHorizon() throws Exception {
        Map<String, Double> time = lanes("scenarios/rtds-global-periodic.json", true);
        assertEquals(Map.of("/batch/0", 40.0, "/batch/1", 40.0, "/control/0", 40.0, "/control/1", 40.0), time);
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: {@code simtmax --max-jobs 10000000} (the simulator's own default) was read as "not
 * given" and each run was cut at simtmax's 2·10^6 releases and replenishments: the options carried
 * no flag, so the value was the flag. Each caller now states its budget.
 */
class SimtmaxBudgetTest {

    @TempDir
    Path dir;

    /**
     * Five tasks of prime periods near 1000 (hyperperiod about 10^15) on a full-bandwidth VM: no
     * period misses and no run reaches the schedule's repeat, so the one run made (at the longest
     * period tried) stops at its budget and the time simulated is proportional to it.
     */
    private double horizonSimulated(String maxJobs) throws Exception {
        Path f = dir.resolve("primes.json");
        Files.writeString(f, "{\"schemaVersion\":1,\"name\":\"primes\",\"hypervisor\":{\"policy\":\"RM\",\"cores\":1},"
                + "\"vms\":[{\"name\":\"v\",\"period\":500,\"budget\":250,\"overhead\":0,\"tasks\":["
                + "{\"name\":\"t0\",\"wcet\":100,\"period\":997},{\"name\":\"t1\",\"wcet\":100,\"period\":1009},"
                + "{\"name\":\"t2\",\"wcet\":100,\"period\":1013},{\"name\":\"t3\",\"wcet\":100,\"period\":1019},"
                + "{\"name\":\"t4\",\"wcet\":100,\"period\":1021}]}]}");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new String[] {"simtmax", f.toString(), "--vm", "v", "--alpha", "1", "--grid", "1",
            "--max-jobs", maxJobs, "--json"}, new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, status, err.toString());
        JsonNode p = new ObjectMapper().readTree(out.toString()).get("points").get(0);
        assertFalse(p.get("conclusive").asBoolean(), "the run stops at its budget: " + p);
        return p.get("horizon").asDouble();
    }

    @Test
    void maxJobsEqualToTheSimulatorsDefaultIsTheBudgetAsked() throws Exception {
        double tenth = horizonSimulated("1000000");
        double asked = horizonSimulated("10000000");
        // before: 10^7 ran as 2·10^6, twice (not ten times) the run of 10^6
        assertEquals(10, asked / tenth, 0.01, "horizons " + tenth + " and " + asked);
    }
}

package org.vmsched.policy.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.cli.Main;
import org.vmsched.policy.PolicyRegistry;

/**
 * Issue 31's "adding a policy is one package and one registry line": the toy policy of this
 * package, registered by the one line below, runs through the {@code analyze} and
 * {@code simulate} commands in-process, as a built-in policy does; without that line the same file
 * is refused.
 */
class LowestIndexFirstPolicyTest {

    /** The registry line. */
    private static final PolicyRegistry REGISTRY = PolicyRegistry.BUILT_IN.with(new LowestIndexFirstPolicy());

    /** Two VMs on one core, each asking 4 of every 5: the first listed gets its 4, the second the 1 left. */
    private static final String FILE = """
            {"schemaVersion": 2, "name": "toy",
             "hypervisor": {"policy": "TOY_LOWEST_INDEX_FIRST"},
             "vms": [
              {"name": "first", "period": 5, "budget": 4, "tasks": [{"name": "a", "wcet": 4, "period": 5}]},
              {"name": "second", "period": 5, "budget": 4, "tasks": [{"name": "b", "wcet": 4, "period": 5}]}
             ]}
            """;

    private record Run(int status, String out, String err) {
    }

    private static Run run(PolicyRegistry registry, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err), registry);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void theToyPolicyIsAnalysedThroughItsOwnAnalysis(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("toy.json"), FILE);
        Run r = run(REGISTRY, "analyze", f.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("undecided", j.get("verdict").asText(), r.out());
        assertTrue(r.out().contains("lowest index first has no analysis: simulate it"), r.out());
    }

    @Test
    void theToyPolicyIsSimulatedByItsOwnScheduler(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("toy.json"), FILE);
        Run r = run(REGISTRY, "simulate", f.toString(), "--horizon", "20", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode vms = new ObjectMapper().readTree(r.out()).get("vms");
        assertEquals("first", vms.get(0).get("name").asText());
        assertEquals(0, vms.get(0).get("tasks").get(0).get("missed").asLong(), "the VM listed first always runs");
        assertTrue(vms.get(1).get("tasks").get(0).get("missed").asLong() > 0, "the second gets 1 of every 5: " + r.out());
    }

    @Test
    void withoutTheRegistryLineTheFileIsRefused(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("toy.json"), FILE);
        Run r = run(PolicyRegistry.BUILT_IN, "simulate", f.toString());
        assertEquals(2, r.status(), r.out());
        assertTrue(r.err().contains("hypervisor.policy must be one of"), r.err());
    }
}

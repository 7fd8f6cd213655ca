package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17's symptoms on the command line: {@code tmax} and {@code analyze} answer from one
 * report (and say in which setting), and a task in a VM that is not schedulable is never
 * "schedulable".
 */
class OnePipelineTest {

    static final String PREEMPTION = "scenarios/overhead-preemption.json";

    /** Core 0 fails the hypervisor test (U = 3/4 + 2/4); b's R = 10 holds only if B got its budget. */
    static final String CORE_FAILS = "{\"schemaVersion\":1,\"name\":\"core-fails\",\"hypervisor\":{\"policy\":\"EDF\","
            + "\"cores\":1},\"vms\":[{\"name\":\"A\",\"period\":4,\"budget\":3,\"tasks\":[{\"name\":\"a\",\"wcet\":1,"
            + "\"period\":40}]},{\"name\":\"B\",\"period\":4,\"budget\":2,\"tasks\":[{\"name\":\"b\",\"wcet\":4,"
            + "\"period\":40}]}]}";

    @Test
    void tmaxByDefaultIsAnalyzesTmaxAmongTheCoreMatesAndSaysSo() {
        MainTest.Run tmax = MainTest.run("tmax", PREEMPTION, "--vm", "A", "--alpha", "0.6", "--json");
        assertEquals(0, tmax.status(), tmax.err());
        JsonNode vm = MainTest.run("analyze", PREEMPTION, "--json").json().get("vms").get(0);
        assertEquals(vm.get("tmax").asDouble(), tmax.json().get("points").get(0).get("tmax").asDouble());
        assertEquals(0, tmax.json().get("points").get(0).get("tmax").asDouble());
        assertEquals("among its core mates", tmax.json().get("setting").asText());
        MainTest.Run text = MainTest.run("tmax", PREEMPTION, "--vm", "A", "--alpha", "0.6");
        assertTrue(text.out().startsWith("VM A among its core mates, overhead 1"), text.out());
    }

    @Test
    void tmaxAloneIsTheThesisSettingAndSaysSo() {
        MainTest.Run tmax = MainTest.run("tmax", PREEMPTION, "--vm", "A", "--alpha", "0.6", "--alone", "--json");
        assertEquals(0, tmax.status(), tmax.err());
        assertEquals(10, tmax.json().get("points").get(0).get("tmax").asDouble());
        assertEquals("alone on a core", tmax.json().get("setting").asText());
        MainTest.Run text = MainTest.run("tmax", PREEMPTION, "--vm", "A", "--alpha", "0.6", "--alone");
        assertTrue(text.out().startsWith("VM A alone on a core, overhead 1"), text.out());
    }

    @Test
    void budgetSaysItsBudgetIsTheVmsAloneOnACore() {
        // budget searches the thesis's supply (the VM alone); among its core mates A needs more
        MainTest.Run json = MainTest.run("budget", PREEMPTION, "--vm", "A", "--period", "10", "--json");
        assertEquals(0, json.status(), json.err());
        assertEquals("alone on a core", json.json().get("setting").asText());
        MainTest.Run text = MainTest.run("budget", PREEMPTION, "--vm", "A", "--period", "10");
        assertTrue(text.out().startsWith("VM A alone on a core: at period 10 the smallest budget is "), text.out());
    }

    @Test
    void aTaskInAVmWhoseCoreFailsIsNotGuaranteedWithAConditionalResponseTime(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("core-fails.json");
        Files.writeString(f, CORE_FAILS);
        JsonNode b = MainTest.run("analyze", f.toString(), "--json").json().get("vms").get(1).get("tasks").get(0);
        assertFalse(b.get("schedulable").asBoolean(), b.toString());
        assertEquals("not-guaranteed", b.get("verdict").asText());
        assertEquals(10, b.get("responseTime").asDouble());
        assertTrue(b.get("responseTimeConditional").asBoolean(), b.toString());
        String text = MainTest.run("analyze", f.toString()).out();
        assertTrue(text.contains("not guaranteed (VM not schedulable)"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  b ") && l.contains("10 (conditional)")), text);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("  b ") && l.endsWith(" ok")), text);
    }
}

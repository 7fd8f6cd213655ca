package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * {@code design}'s budgets the whole analysis proves (THEORY.md §15.9, "Budgets the whole analysis proves") at its
 * edges: a budget of more digits than the grid (it ended in "internal error: Rounding necessary"), exactly 16 VMs
 * (searched) and 17 (not, and said so), with {@code --json}.
 */
class DesignWholeEdgeTest {

    @TempDir
    Path tmp;

    private Path written(Scenario s, String name) throws Exception {
        Path f = tmp.resolve(name);
        ScenarioJson.save(s, f);
        return f;
    }

    @Test
    void aBudgetOfMoreDigitsThanTheGridIsLoweredFrom() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.set(0, vms.get(0).withServer(10, 9.125, 0));
        MainTest.Run r = MainTest.run("design", written(s.withVms(vms), "digits.json").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().matches("(?s).*\\n  control\\s+2\\s+10\\s+8\\.55\\s+9\\.125\\s+1\\.71\\n.*"), r.out());
    }

    /** {@code n} copies of rtds-global's batch VM on 2n cores. */
    private Path copies(int n) throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global.json"));
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            vms.add(s.vms().get(1).withName("b" + i));
        }
        return written(s.withVms(vms).withHypervisor(new Platform(HypervisorPolicy.GLOBAL_EDF, 2 * n)), n + ".json");
    }

    @Test
    void sixteenVmsAreSearchedAndSeventeenAreNotAndSaySo() throws Exception {
        JsonNode sixteen = MainTest.JSON.readTree(MainTest.run("design", copies(16).toString(), "--json").out()).get("wholeAnalysis");
        assertEquals(16, sixteen.get("vms").size());
        for (JsonNode vm : sixteen.get("vms")) {
            assertEquals(sixteen.get("vms").get(0).get("budget"), vm.get("budget"), "equal VMs, equal budgets");
            assertTrue(vm.get("budget").asDouble() < 0.4, vm.toString());
        }
        Path f17 = copies(17);
        MainTest.Run text = MainTest.run("design", f17.toString());
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("were not searched: 17 VMs, more than 16"), text.out());
        JsonNode json = MainTest.JSON.readTree(MainTest.run("design", f17.toString(), "--json").out());
        assertFalse(json.has("wholeAnalysis"), json.toString());
    }
}

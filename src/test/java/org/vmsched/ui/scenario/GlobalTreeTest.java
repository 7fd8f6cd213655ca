package org.vmsched.ui.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.ui.scenario.ScenarioTreeViewModel.Node;

/**
 * The scenario tree of a global scenario (issue 21): its VMs hang under the host, not under
 * "core 0" (their virtual CPUs migrate over every core), and each says how many virtual CPUs it
 * has. No toolkit needed.
 */
class GlobalTreeTest {

    static Scenario example(String name) throws Exception {
        try (var in = GlobalTreeTest.class.getResourceAsStream("/scenarios/" + name)) {
            return ScenarioJson.load(name, in);
        }
    }

    @Test
    void theVmsOfAGlobalScenarioHangUnderTheHostWithTheirVirtualCpus() throws Exception {
        Node root = ScenarioTreeViewModel.tree(example("rtds-global-periodic.json"));
        assertEquals(1, root.children().size(), "one host node, not one node per core");
        Node host = root.children().get(0);
        assertEquals("cores 0–1, global", host.label());
        assertEquals(List.of("control ×2 vCPU  (T=10, C=6.5, Global EDF)", "batch ×2 vCPU  (T=10, C=3, Global RM)"),
                host.children().stream().map(Node::label).toList());
        assertEquals(3, host.children().get(0).children().size());
    }

    @Test
    void aPartitionedScenarioKeepsOneNodePerCore() throws Exception {
        Node root = ScenarioTreeViewModel.tree(example("two-cores.json"));
        assertEquals("core 0", root.children().get(0).label());
        assertEquals("core 1", root.children().get(1).label());
    }
}

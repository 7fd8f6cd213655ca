package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;

/**
 * The global proposals set together (a user trial: each VM is designed against the others' current
 * periods, so proposals that each passed could be "undecided" once all were set; "set them, then
 * analyze" did not say so). The sentence now gives the analysis of the scenario with all of them set.
 */
class GlobalProposalsTest {

    private static MprDesign design(String vm, double period, double budget, int vcpus) {
        return new MprDesign(vm, "gEDF", 0, 0, 1, 100, new MprDesign.Proposal(period, budget, vcpus, vcpus * budget / period, "SEL"),
                null, "", 0);
    }

    @Test
    void proposalsThatFitTheCoresAreAnalysedTogether() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        // far too little for control's load 1.2: each "proposal" alone is not the point, their sum fits 2 cores
        List<MprDesign> ds = List.of(design("control", 10, 1, 2), design("batch", 10, 1, 1));
        String t = GlobalProposals.together(s, ds, 2);
        assertTrue(t.startsWith("Together the global proposals take 0.3 of the 2 cores; with all of them set, the analysis"
                + " says not schedulable"), t);
        assertTrue(t.contains("design again"), t);
        Scenario set = GlobalProposals.applied(s, ds, 2);
        assertEquals(1, set.vms().get(1).vcpus());
        assertEquals(GuestScheduler.RM, set.vms().get(1).scheduler(), "GLOBAL_RM's twin on one vCPU");
        assertEquals(1.0, set.vms().get(0).budget());
    }

    @Test
    void proposalsAboveTheCoresAreNotAnalysed() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        String t = GlobalProposals.together(s, List.of(design("control", 10, 9, 2), design("batch", 10, 5, 1)), 2);
        assertTrue(t.contains("2.3 of the 2 cores: more than the host has"), t);
    }
}

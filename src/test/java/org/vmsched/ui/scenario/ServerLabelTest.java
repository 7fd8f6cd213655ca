package org.vmsched.ui.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The tree's label of what the hypervisor gives a VM, in the policy's words (no toolkit needed). */
class ServerLabelTest {

    private static Scenario under(HypervisorPolicy p, Integer priority) {
        VirtualMachine vm = new VirtualMachine("VM1", 10, 5, 0, 0, 0, GuestScheduler.RM, priority,
                List.of(new Task("t1", 1, 10, 10, 0)));
        return Scenario.of("s", List.of(vm)).withHypervisor(new Platform(p, 1));
    }

    @Test
    void aVmWithoutAPriorityUnderFpFpSaysSoInWords() {
        // switching a scenario without priorities to "FP, no budgets" showed "VM1  (priority null, RM)"
        Scenario s = under(HypervisorPolicy.FP_NO_BUDGET, null);
        assertEquals("no priority", ScenarioTreeViewModel.serverLabel(s, s.vms().get(0)));
        Scenario t = under(HypervisorPolicy.FP_NO_BUDGET, 2);
        assertEquals("priority 2", ScenarioTreeViewModel.serverLabel(t, t.vms().get(0)));
    }
}

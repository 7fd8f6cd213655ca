package org.vmsched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Problem;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.spi.PolicyModule;

/**
 * Issue 17: "Messages show internal names: 'hypervisor.policy is FP_NO_BUDGET'". A message names a
 * policy by its human name; the registry lists every policy once.
 */
class PolicyNamesInMessagesTest {

    @Test
    void aMissingPriorityNamesThePolicyByItsHumanName() {
        VirtualMachine vm = VirtualMachine.of("A", 10, 2, 0, List.of(Task.of("a", 1, 10)));
        Scenario s = Scenario.of("n", List.of(vm)).withHypervisor(new Platform(HypervisorPolicy.FP_NO_BUDGET, 1));
        List<Problem> problems = ScenarioValidator.validate(s);
        assertEquals("is required when hypervisor.policy is FP, no budgets", problems.get(0).message());
        assertFalse(problems.toString().contains("FP_NO_BUDGET"), problems.toString());
    }

    @Test
    void anUnanalysedVmNamesThePolicyByItsHumanName() {
        VirtualMachine vm = new VirtualMachine("A", 10, 2, 0, 0, 0, GuestScheduler.EDF, 1,
                List.of(Task.of("a", 1, 10)), null);
        Scenario s = Scenario.of("n", List.of(vm)).withHypervisor(new Platform(HypervisorPolicy.FP_NO_BUDGET, 1));
        VmVerdict v = SystemAnalysis.analyze(s).vms().get(0);
        assertTrue(v.note().contains("under FP, no budgets"), v.note());
    }

    @Test
    void everyBuiltInPolicyIsRegisteredOnceWithAHumanName() {
        List<String> ids = PolicyRegistry.BUILT_IN.modules().stream().map(PolicyModule::id).toList();
        assertEquals(List.of("EDF", "RM", "FP", "CREDIT", "PROPORTIONAL_SHARE", "CBS", "FP_NO_BUDGET", "GLOBAL_EDF"), ids);
        for (HypervisorPolicy p : PolicyRegistry.BUILT_IN.policies()) {
            assertEquals(p, HypervisorPolicy.builtIn(p.id()));
            assertFalse(p.title().contains("_"), p.title());
        }
    }
}

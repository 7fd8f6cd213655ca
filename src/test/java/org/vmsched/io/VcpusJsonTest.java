package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;

/** {@code "vcpus"} and the global policy in scenario files (issue 21): read, validated, written only when not 1. */
class VcpusJsonTest {

    static String global(String policy, String vcpus, String scheduler) {
        return """
                {
                  "schemaVersion": 2,
                  "name": "rtds",
                  "hypervisor": { "policy": "%s", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": 4, %s "scheduler": "%s",
                      "tasks": [ { "name": "t", "wcet": 1, "period": 10 } ] }
                  ]
                }
                """.formatted(policy, vcpus, scheduler);
    }

    @Test
    void aGlobalVmWithTwoVcpusIsReadAndWrittenBack() throws Exception {
        Scenario s = ScenarioJson.parse("x.json", global("GLOBAL_EDF", "\"vcpus\": 2,", "GLOBAL_EDF"));
        assertEquals(HypervisorPolicy.GLOBAL_EDF, s.hypervisor().policy());
        assertTrue(s.hypervisor().policy().global());
        assertEquals("Global EDF (Xen RTDS)", s.hypervisor().policy().title());
        assertEquals(2, s.vm("a").vcpus());
        assertEquals(GuestScheduler.GLOBAL_EDF, s.vm("a").scheduler());
        String json = ScenarioJson.toJson(s);
        assertTrue(json.contains("\"vcpus\" : 2"), json);
        assertEquals(s, ScenarioJson.parse("y.json", json));
    }

    @Test
    void oneVcpuIsTheDefaultAndIsNotWritten() throws Exception {
        Scenario s = ScenarioJson.parse("x.json", global("EDF", "", "RM"));
        assertEquals(1, s.vm("a").vcpus());
        assertFalse(ScenarioJson.toJson(s).contains("vcpus"));
        assertEquals(1, s.requiredSchemaVersion());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "GLOBAL_EDF | \"vcpus\": 0,     | GLOBAL_EDF | vms[0].vcpus must be an integer from 1 to 64, got 0",
        "GLOBAL_EDF | \"vcpus\": 65,    | GLOBAL_EDF | vms[0].vcpus must be an integer from 1 to 64, got 65",
        "GLOBAL_EDF | \"vcpus\": 1.5,   | GLOBAL_EDF | vms[0].vcpus must be an integer",
        "GLOBAL_EDF | \"vcpus\": \"2\", | GLOBAL_EDF | vms[0].vcpus must be an integer",
        "EDF        | \"vcpus\": 2,     | GLOBAL_EDF | vms[0].vcpus is 2, but several virtual CPUs need hypervisor.policy GLOBAL_EDF",
        "GLOBAL_EDF | \"vcpus\": 2,     | RM         | vms[0].scheduler is RM, which runs on one virtual CPU; with vcpus 2 use GLOBAL_RM",
        "GLOBAL_EDF | ''                | GLOBAL_RM  | vms[0].scheduler is GLOBAL_RM, which needs vcpus above 1; with one virtual CPU use RM",
    })
    void aBadVcpusOrSchedulerIsRefusedNamingTheField(String policy, String vcpus, String scheduler, String message) {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class,
                () -> ScenarioJson.parse("x.json", global(policy, vcpus, scheduler)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}

package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.design.ConfigExport;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;

/** The worked example scenarios/rtds-global-periodic.json (README): the documented verdicts, global against partitioned. */
class RtdsGlobalScenarioTest {

    static Scenario load() throws Exception {
        return ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json"));
    }

    @Test
    void analyzeIsUndecidedWithSufficientTestsAndGlobalSimulationMeetsEveryDeadline() throws Exception {
        Scenario s = load();
        assertEquals(Verdict.UNDECIDED, SystemAnalysis.analyze(s).verdict());
        assertTrue(SystemAnalysis.analyze(s).cores().get(0).note().contains("no proof of a miss"));
        assertEquals(0, Simulator.run(s, SimulationOptions.from(s.simulation())).deadlineMisses());
    }

    @Test
    void everyPartitionedPlacementOfTheSameVcpusMisses() throws Exception {
        Scenario s = load();
        VirtualMachine control = s.vm("control");
        VirtualMachine batch = s.vm("batch");
        // each of the 2^3 ways to split control's tasks over its two vCPUs (one per core, beside one of batch's)
        for (int mask = 0; mask < 8; mask++) {
            List<List<Task>> side = List.of(new ArrayList<>(), new ArrayList<>());
            for (int i = 0; i < 3; i++) {
                side.get((mask >> i) & 1).add(control.tasks().get(i));
            }
            List<VirtualMachine> vms = new ArrayList<>();
            for (int c = 0; c < 2; c++) {
                if (!side.get(c).isEmpty()) {
                    vms.add(new VirtualMachine("control/v" + c, 10, 6.5, 0, c, 0, GuestScheduler.EDF, null, side.get(c)));
                }
                vms.add(new VirtualMachine("batch/v" + c, 10, 3, 0, c, 0, GuestScheduler.RM, null,
                        List.of(batch.tasks().get(c))));
            }
            Scenario p = new Scenario(2, "p", "", new Platform(HypervisorPolicy.EDF, 2), vms, s.simulation());
            assertTrue(Simulator.run(p, SimulationOptions.from(s.simulation())).deadlineMisses() > 0, "split " + mask);
        }
    }

    @Test
    void compareShowsGlobalEdfMeetingTheDeadlinesThatThePartitionedServersMiss() throws Exception {
        Scenario s = load();
        List<PolicyComparison.Row> rows = PolicyComparison.run(s, SimulationOptions.from(s.simulation()));
        assertEquals("Global EDF (Xen RTDS), periodic servers", rows.get(0).label());
        assertEquals(0, rows.get(0).missed());
        PolicyComparison.Row edf = rows.stream().filter(r -> r.label().equals("EDF, periodic servers")).findFirst().orElseThrow();
        assertTrue(edf.missed() > 0);
        assertEquals(List.of("control", "batch"), edf.vms().stream().map(PolicyComparison.VmOutcome::vm).toList());
    }

    @Test
    void theRtdsExportOfAGlobalScenarioPinsNoVcpuAndSaysGlobal() throws Exception {
        String text = ConfigExport.export(load(), ConfigExport.Target.RTDS, 1000).text();
        assertFalse(text.contains("xl vcpu-pin"), text);
        assertTrue(text.contains("no vcpu-pin"), text);
        assertTrue(text.contains("GLOBAL scheduling"), text);
        assertTrue(text.contains("xl sched-rtds -d control -v all -p 10000 -b 6500"), text);
        String partitioned = ConfigExport.export(ScenarioJson.load(Path.of("scenarios", "rtds-example.json")),
                ConfigExport.Target.RTDS, 1000).text();
        assertTrue(partitioned.contains("xl vcpu-pin"), partitioned);
    }
}

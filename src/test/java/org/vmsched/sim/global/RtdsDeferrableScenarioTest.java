package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.design.ConfigExport;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * The worked example scenarios/rtds-global.json (issue 32 item 3): RTDS's deferrable vCPUs
 * under global EDF, which analyze decides for every VM, export-config deploys with a decided
 * verdict, and which global EDF schedules where compare's partitioned placement misses.
 */
class RtdsDeferrableScenarioTest {

    static Scenario load() throws Exception {
        return ScenarioJson.load(Path.of("scenarios", "rtds-global.json"));
    }

    @Test
    void analyzeProvesEveryVmWithTheResponseTimesTheDescriptionQuotes() throws Exception {
        Scenario s = load();
        assertEquals(ServerPolicy.DEFERRABLE, s.simulation().serverPolicy());
        AnalysisResult a = SystemAnalysis.analyze(s);
        assertEquals(Verdict.SCHEDULABLE, a.verdict());
        for (VmVerdict v : a.vms()) {
            assertEquals(Verdict.SCHEDULABLE, v.verdict(), v.name());
            assertTrue(v.hierarchy().contains("The supply: deferrable vCPUs"), v.hierarchy());
        }
        List<Double> r = a.vms().get(0).tasks().stream().map(TaskVerdict::responseTime).toList();
        assertEquals(List.of(27.6, 27.6, 134.8), r);
        assertTrue(s.description().contains("response-time bounds 27.6, 27.6 and 134.8"), s.description());
    }

    @Test
    void theGlobalRunMeetsEveryDeadlineWithinTheBoundsAndMigratesVcpusAndJobs() throws Exception {
        Scenario s = load();
        SimulationResult run = Simulator.run(s, SimulationOptions.from(s.simulation()));
        assertEquals(0, run.deadlineMisses());
        AnalysisResult a = SystemAnalysis.analyze(s);
        for (int i = 0; i < 3; i++) {
            assertTrue(run.vms().get(0).tasks().get(i).maxResponseTime() <= a.vms().get(0).tasks().get(i).responseTime());
        }
        assertTrue(run.vms().stream().mapToLong(v -> v.vcpuMigrations()).sum() > 0);
        assertTrue(run.vms().stream().mapToLong(v -> v.jobMigrations()).sum() > 0);
    }

    @Test
    void compareShowsGlobalEdfMeetingTheDeadlinesThatThePartitionedVcpusMiss() throws Exception {
        Scenario s = load();
        List<PolicyComparison.Row> rows = PolicyComparison.run(s, SimulationOptions.from(s.simulation()));
        PolicyComparison.Row deferrable = rows.stream()
                .filter(r -> r.label().equals("Global EDF (Xen RTDS), deferrable servers")).findFirst().orElseThrow();
        assertEquals(0, deferrable.missed());
        PolicyComparison.Row edf = rows.stream().filter(r -> r.label().equals("EDF, deferrable servers")).findFirst().orElseThrow();
        assertTrue(edf.vms().get(0).missed() > 0, "control pinned misses");
        // t2 ends at 44 against its deadline 30 (the description's words)
        assertEquals(44.0 / 30.0, edf.vms().get(0).worstResponseOverDeadline(), 1e-9);
        assertTrue(s.description().contains("t2 ends at 44"), s.description());
    }

    @Test
    void theRtdsExportSaysTheVerdictIsDecided() throws Exception {
        String text = ConfigExport.export(load(), ConfigExport.Target.RTDS, 1000).text();
        assertTrue(text.contains("# Verdict of the analysis on the rounded values: SCHEDULABLE"), text);
        assertTrue(text.contains("xl sched-rtds -d control -v all -p 10000 -b 9000"), text);
        assertTrue(text.contains("the analysis used the deferrable server (derived without switch overhead or migration cost"),
                text);
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.Simulator;
import org.vmsched.model.SimulationMode;

/**
 * Three systems that the tests of THEORY.md §15.3–§15.19 leave undecided and that §15.20 and §15.21
 * decide, each with the words that say which, and each meeting every deadline in worst-case mode.
 */
class LevelByLevelTest {

    /** Three vCPUs with a core each serve at once: two tasks of 9 in 20 each find a vCPU whenever two serve (Z_2(20) = 10 > 9). */
    private static final String GANG = """
            { "schemaVersion": 2, "name": "gang", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 3 },
              "vms": [ { "name": "a", "period": 10, "budget": 5, "vcpus": 3, "scheduler": "GLOBAL_EDF",
                  "tasks": [ { "name": "t1", "wcet": 9, "period": 20 }, { "name": "t2", "wcet": 9, "period": 20 } ] } ],
              "simulation": { "serverPolicy": "%s" } }
            """;

    /** VM a's two vCPUs share one core, one after the other (b holds the other): never both at once. */
    private static final String INTERLEAVED = """
            { "schemaVersion": 2, "name": "interleaved", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
              "vms": [ { "name": "a", "period": 10, "budget": 5, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                  "tasks": [ { "name": "t1", "wcet": 4, "period": 10 }, { "name": "t2", "wcet": 5, "period": 10 } ] },
                { "name": "b", "period": 4, "budget": 4, "scheduler": "EDF", "tasks": [ { "name": "u", "wcet": 1, "period": 10 } ] } ] }
            """;

    /** One vCPU, RM inside: RM-BCL and the response times fail, the request bound meets sbf. */
    private static final String ONE_VCPU_RM = """
            { "schemaVersion": 2, "name": "rm1", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
              "vms": [ { "name": "a", "period": 5, "budget": 3, "scheduler": "RM",
                  "tasks": [ { "name": "u1", "wcet": 2, "period": 10 }, { "name": "u2", "wcet": 3, "period": 20 },
                             { "name": "u3", "wcet": 8, "period": 40 } ] } ],
              "simulation": { "serverPolicy": "%s" } }
            """;

    @Test
    void vcpusWithACoreEachServeAtOnceAndTheLevelTestProvesWhatTheMprTestsDoNot() throws Exception {
        Scenario s = ScenarioJson.parse("gang.json", GANG.formatted("periodic"));
        AnalysisResult r = SystemAnalysis.analyze(s);
        String text = r.vms().get(0).hierarchy();
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), text);
        assertTrue(text.contains("(DEM 36 against sbf 30)"), text); // SEL on the EDP supply fails first
        // the text leads with what proved it; the JSON's mpr.provedOn and provedBy say the same
        assertTrue(text.startsWith("schedulable on its vCPUs level by level, which serve at once with a core per vCPU"
                + " (THEORY.md §15.20): "), text);
        assertProvedOn(r.vms().get(0), ProvedOn.CORE_EACH_LEVELS, LevelTests.EDF_RTA, LevelTests.EDF);
        assertEquals(0, Simulator.run(s, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)).deadlineMisses());
    }

    @Test
    void deferrableVcpusNeedNotServeTogetherSoTheirLevelsAreNotAssumed() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(ScenarioJson.parse("gang.json", GANG.formatted("deferrable")));
        String text = r.vms().get(0).hierarchy();
        assertFalse(text.contains("§15.20"), text);
        assertEquals(Verdict.UNDECIDED, r.verdict(), text);
        assertProvedOn(r.vms().get(0), ProvedOn.NONE);
    }

    @Test
    void vcpusThatNeverServeTogetherLeaveTheRoomOfOneProcessor() throws Exception {
        Scenario s = ScenarioJson.parse("interleaved.json", INTERLEAVED);
        AnalysisResult r = SystemAnalysis.analyze(s);
        String text = r.vms().get(0).hierarchy();
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), text);
        assertTrue(text.startsWith("schedulable on the host's own schedule level by level (THEORY.md §15.20): "), text);
        assertTrue(text.contains("Not proved on the least supply of the host's own schedule at the VMs' offsets (THEORY.md §15.19): "),
                text);
        assertTrue(text.indexOf("Not proved on the MPR supply") < text.indexOf("Not proved on the least supply"), text);
        assertProvedOn(r.vms().get(0), ProvedOn.LEVELS, GlobalEdfOnMpr.SEL); // SEL on the supply level by level
        assertEquals(0, Simulator.run(s, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)).deadlineMisses());
    }

    @Test
    void oneVcpuUnderRmIsProvedByItsRequestBoundAndDeferrableOnesWithACoreEachButNotSharingTheCores() throws Exception {
        Scenario s = ScenarioJson.parse("rm1.json", ONE_VCPU_RM.formatted("periodic"));
        AnalysisResult r = SystemAnalysis.analyze(s);
        String text = r.vms().get(0).hierarchy();
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), text);
        assertTrue(text.startsWith("schedulable on the MPR supply of its vCPUs (THEORY.md §15.2, §15.17): every task's request bound"
                + " meets sbf by its deadline (test: " + GlobalRmOnMpr.RBF + ")"), text);
        assertProvedOn(r.vms().get(0), ProvedOn.EDP, GlobalRmOnMpr.RBF);
        assertEquals(0, Simulator.run(s, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)).deadlineMisses());
        // deferrable vCPUs with a core each run whenever they have budget and work: the busy window's supply holds (§15.24)
        Scenario d = ScenarioJson.parse("rm1.json", ONE_VCPU_RM.formatted("deferrable"));
        AnalysisResult rd = SystemAnalysis.analyze(d);
        assertProvedOn(rd.vms().get(0), ProvedOn.EDP, GlobalRmOnMpr.RBF);
        assertEquals(0, Simulator.run(d, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)).deadlineMisses());
        // sharing the cores, a deferrable vCPU's budget demanded late is owed nothing in that period: no busy-window test
        Scenario shared = ScenarioJson.parse("rm2.json", ONE_VCPU_RM.formatted("deferrable").replace("\"cores\": 2", "\"cores\": 1")
                .replace("] } ],", "] }, { \"name\": \"b\", \"period\": 5, \"budget\": 1, \"scheduler\": \"RM\","
                        + " \"tasks\": [ { \"name\": \"v1\", \"wcet\": 0.1, \"period\": 50 } ] } ],"));
        String text2 = SystemAnalysis.analyze(shared).vms().get(0).hierarchy();
        assertFalse(text2.contains("request bound"), text2);
    }

    /** {@code v} proved on {@code on} by one of {@code tests} (none when {@code on} is NONE). */
    private static void assertProvedOn(VmVerdict v, ProvedOn on, String... tests) {
        assertEquals(on, v.provedOn(), v.hierarchy());
        if (tests.length == 0) {
            assertNull(v.provedBy(), v.hierarchy());
        } else {
            assertTrue(List.of(tests).contains(v.provedBy()), v.provedBy());
        }
    }

    /**
     * The report prints a VM's text in the export fonts' monospace face, which has no ℓ: the room's
     * words read "Σ_□ max(0, Z_□(D) − C)" in the PDF, and pdftotext dropped the line.
     */
    @Test
    void theRoomsWordsAreInTheReportsFont() {
        String words = LevelSupply.of(new HostSchedule.Usable(1, 0, 4, List.of(List.of(new long[] {0, 2}), List.of(new long[] {1, 3}))), 2, 0)
                .supply().roomText();
        assertEquals(-1, org.vmsched.chart.ExportFonts.Face.MONO.font().canDisplayUpTo(words), words);
    }

    /** §15.20's "ℓ = n": with two tasks, task k is safe once two vCPUs serve for more than C_k of the window, whatever the others do. */
    @Test
    void withTwoTasksTheSecondLevelAloneDecides() {
        List<GlobalTask> tasks = List.of(GlobalTask.of(9, 20, 20), GlobalTask.of(9, 20, 20));
        MprSupply one = MprSupply.of(new BigFraction(10), new BigFraction(5), 1); // sbf(20) = 10 with Δ = T: blackout 10
        assertEquals(new BigFraction(5), one.sbf(new BigFraction(20)));
        assertFalse(LevelTests.test(List.of(one, one, one), tasks, null).schedulable()); // Z_2(20) = 5 < 9
        MprSupply early = new MprSupply(new BigFraction(10), new BigFraction(5), 1, new BigFraction(5)); // Δ = C: blackout 5
        assertEquals(new BigFraction(10), early.sbf(new BigFraction(20)));
        assertTrue(LevelTests.test(List.of(early, early, early), tasks, null).schedulable()); // Z_2(20) = 10 > 9
        assertFalse(LevelTests.test(List.of(early), tasks, null).schedulable()); // one level: the other task may take it all
    }
}

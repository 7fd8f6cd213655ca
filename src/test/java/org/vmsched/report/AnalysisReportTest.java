package org.vmsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.TaskVerdict;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.Verdicts;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;

/** The one report the window and the commands read (issue 17). */
class AnalysisReportTest {

    static final Scenario CORE_FAILS = Scenario.of("core-fails", List.of(
            VirtualMachine.of("A", 4, 3, 0, List.of(Task.of("a", 1, 40))),
            VirtualMachine.of("B", 4, 2, 0, List.of(Task.of("b", 4, 40)))));

    @Test
    void theTmaxAmongCoreMatesIsTheVerdictsTmaxAndAloneIsTheThesissSupply() throws Exception {
        AnalysisReport r = AnalysisReport.of(ScenarioJson.load(Path.of("scenarios/overhead-preemption.json")));
        TmaxSweep among = r.tmax(0, TmaxSetting.AMONG_CORE_MATES, Double.NaN, Double.NaN);
        TmaxSweep alone = r.tmax(0, TmaxSetting.ALONE, Double.NaN, Double.NaN);
        assertEquals(r.vm(0).tmax(), among.at(0.6, true).tmax());
        assertEquals(0, among.at(0.6, true).tmax());
        assertEquals(10, alone.at(0.6, true).tmax());
        assertEquals(among.at(0.6, true).tmax(), among.at(0.6, false).tmax(), "the window's curve is the command's");
    }

    @Test
    void aTaskInAVmWhoseCoreFailsIsNeverSchedulableAndItsRIsConditional() {
        TaskVerdict b = AnalysisReport.of(CORE_FAILS).vm(1).tasks().get(0);
        assertFalse(b.schedulable());
        assertTrue(b.notGuaranteed() && b.conditional());
        assertEquals(Verdict.NOT_SCHEDULABLE, b.verdict());
        assertEquals(10, b.responseTime());
        assertEquals("not guaranteed (VM not schedulable)", Verdicts.of(b, Verdicts.Audience.TEXT));
        assertEquals("not-guaranteed", Verdicts.of(b, Verdicts.Audience.JSON));
        assertTrue(AnalysisReport.of(CORE_FAILS).explanation(1, 0).contains("holds only if the VM gets its budget"));
    }

    @Test
    void theSimulationExceedsOnlyTheConditionalResponseTime() {
        SimulationReport s = SimulationReport.of(AnalysisReport.of(CORE_FAILS),
                SimulationOptions.from(CORE_FAILS.simulation()));
        List<SimulationReport.Exceeded> over = s.exceeded();
        assertTrue(over.stream().anyMatch(e -> e.task().equals("b") && e.simulated() > 10), over.toString());
        assertTrue(over.stream().noneMatch(SimulationReport.Exceeded::guaranteed), over.toString());
    }
}

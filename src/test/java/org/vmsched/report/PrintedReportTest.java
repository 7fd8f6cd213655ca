package org.vmsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ProvedOn;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The PDF report's contents for an edited scenario and without a simulation (issue 30, item 6). */
class PrintedReportTest {

    static final String FILE_DESCRIPTION = "One VM of period 10 and budget 4. Response times 14, 15, 36.";

    /** The thesis example as its file has it. */
    static Scenario asLoaded() {
        return new Scenario(1, "Thesis example", FILE_DESCRIPTION, null, List.of(VirtualMachine.of("VM1", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))), null);
    }

    static Scenario withServer(Scenario s, double period, double budget) {
        return s.withVms(List.of(s.vms().get(0).withServer(period, budget, 0)));
    }

    static PrintedReport report(Scenario current, Scenario described, PrintedReport.Simulation sim) {
        return PrintedReport.of(current, described, SystemAnalysis.analyze(current), null, sim);
    }

    @Test
    void aScenarioEditedAfterItsDescriptionWasWrittenSaysSoUnderTheDescriptionAndPrintsTheCurrentValues() {
        Scenario edited = withServer(asLoaded(), 14, 5.6);
        List<String> lines = report(edited, asLoaded(), PrintedReport.Simulation.CURRENT).lines();
        int d = lines.indexOf(FILE_DESCRIPTION);
        assertTrue(d > 0, lines.toString());
        assertEquals(PrintedReport.EDITED_NOTE, lines.get(d + 1), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("VM1: T_VM = 14, C_VM = 5.6")), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("VM1: T_VM = 10")), lines.toString());
    }

    @Test
    void theDescriptionEditedAfterTheValuesIsPrintedWithoutTheNote() {
        Scenario edited = withServer(asLoaded(), 14, 5.6);
        Scenario rewritten = new Scenario(1, edited.name(), "Period 14, budget 5.6.", null, edited.vms(), null);
        List<String> lines = report(rewritten, rewritten, PrintedReport.Simulation.CURRENT).lines();
        assertTrue(lines.contains("Period 14, budget 5.6."), lines.toString());
        assertFalse(lines.contains(FILE_DESCRIPTION), lines.toString());
        assertFalse(lines.contains(PrintedReport.EDITED_NOTE), lines.toString());
    }

    @Test
    void aScenarioAsLoadedOrOnlyRenamedHasNoNote() {
        assertFalse(report(asLoaded(), asLoaded(), PrintedReport.Simulation.CURRENT).lines().contains(PrintedReport.EDITED_NOTE));
        Scenario renamed = asLoaded().withName("Renamed");
        assertFalse(report(renamed, asLoaded(), PrintedReport.Simulation.CURRENT).lines().contains(PrintedReport.EDITED_NOTE));
    }

    @Test
    void withoutASimulationTheReportHasNoSimulationPagesAndOneLineSaysNotSimulated() {
        PrintedReport r = report(asLoaded(), asLoaded(), PrintedReport.Simulation.NONE);
        assertFalse(r.simulationPages());
        assertEquals(1, r.lines().stream().filter(l -> l.startsWith("Simulation: not simulated")).count(), r.lines().toString());
        PrintedReport stale = report(asLoaded(), asLoaded(), PrintedReport.Simulation.STALE);
        assertFalse(stale.simulationPages(), "a run of an earlier edit is not of the values printed");
        assertTrue(stale.lines().stream().anyMatch(l -> l.startsWith("Simulation: not simulated since the last edit")),
                stale.lines().toString());
        PrintedReport run = report(asLoaded(), asLoaded(), PrintedReport.Simulation.CURRENT);
        assertTrue(run.simulationPages());
        assertFalse(run.lines().stream().anyMatch(l -> l.startsWith("Simulation: not simulated")), run.lines().toString());
    }

    @Test
    void theTitleNamesTheScenario() {
        assertEquals("VMSched report: Thesis example", report(asLoaded(), asLoaded(), PrintedReport.Simulation.NONE).title());
    }

    // The review of issue 30 saw "VM1/a-long-task-name: R = 14, D = 16" push its verdict out of the
    // column, and the PDF wrap it onto a line of its own at the left
    @Test
    void aVerdictStaysInItsColumnWhenTheLabelIsLongerThanTheColumn() {
        Scenario s = asLoaded().withVms(List.of(VirtualMachine.of("a-virtual-machine-with-a-long-name", 10, 4, 0,
                List.of(Task.of("a-task-whose-name-is-longer-than-most", 2, 16), Task.of("t2", 1, 24)))));
        List<String> lines = report(s, s, PrintedReport.Simulation.NONE).lines();
        int rows = 0;
        for (String l : lines) {
            for (String v : new String[] {"not schedulable", "schedulable", "undecided"}) {
                if (l.endsWith(" " + v)) {
                    assertEquals(PrintedReport.VERDICT_COLUMN, l.length() - v.length(), "in column: " + l + "\n" + lines);
                    rows++;
                    break;
                }
            }
        }
        assertEquals(5, rows, "system, core, VM and two tasks: " + lines);
    }

    /** VM a's two vCPUs share one core, one after the other (b holds the other): proved level by level only (THEORY.md §15.20). */
    static final String INTERLEAVED = """
            { "schemaVersion": 2, "name": "interleaved", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
              "vms": [ { "name": "a", "period": 10, "budget": 5, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                  "tasks": [ { "name": "t1", "wcet": 4, "period": 10 }, { "name": "t2", "wcet": 5, "period": 10 } ] },
                { "name": "b", "period": 4, "budget": 4, "scheduler": "EDF", "tasks": [ { "name": "u", "wcet": 1, "period": 10 } ] } ] }
            """;

    /** Three tasks of 9 in 10 on two vCPUs of 5 in 10: more than the VM's whole budget, not schedulable. */
    static final String OVERLOADED = """
            { "schemaVersion": 2, "name": "overloaded", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
              "vms": [ { "name": "a", "period": 10, "budget": 5, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                  "tasks": [ { "name": "t1", "wcet": 9, "period": 10 }, { "name": "t2", "wcet": 9, "period": 10 },
                             { "name": "t3", "wcet": 9, "period": 10 } ] } ] }
            """;

    // Issue 32: the report printed a global VM's text only in an undecided VM's note, so a reader of a
    // proved global VM could not see which supply or test proved it
    @Test
    void everyGlobalVmSaysWhichSupplyAndTestProvedItOrWhyNone() throws Exception {
        Map<ProvedOn, Integer> seen = new EnumMap<>(ProvedOn.class);
        for (Scenario s : List.of(ScenarioJson.load(Path.of("scenarios", "rtds-global.json")),
                ScenarioJson.load(Path.of("scenarios", "rtds-global-periodic.json")),
                ScenarioJson.parse("interleaved.json", INTERLEAVED), ScenarioJson.parse("overloaded.json", OVERLOADED))) {
            AnalysisResult r = SystemAnalysis.analyze(s);
            List<String> lines = PrintedReport.of(s, s, r, null, PrintedReport.Simulation.NONE).lines();
            for (VmVerdict v : r.vms()) {
                seen.merge(v.provedOn(), 1, Integer::sum);
                int row = vmRow(lines, v.name());
                String under = lines.get(row + 1);
                if (v.provedOn() == ProvedOn.NONE) {
                    // the decision leads the line under the row: the undecided note, or why not schedulable
                    assertTrue(under.startsWith("             ") && under.strip().startsWith(
                            v.hierarchy().substring(0, v.hierarchy().indexOf(". The supply: "))), under + "\n" + lines);
                } else {
                    assertEquals("             proved on " + v.provedOn().words() + " (test: " + v.provedBy() + ")", under,
                            lines.toString());
                }
            }
        }
        assertEquals(Map.of(ProvedOn.EDP, 3, ProvedOn.HOST_SCHEDULE, 1, ProvedOn.LEVELS, 1, ProvedOn.NONE, 2), seen);
    }

    @Test
    void aPartitionedVmHasNoProvedOnLine() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "two-cores.json"));
        List<String> lines = report(s, s, PrintedReport.Simulation.NONE).lines();
        assertFalse(lines.stream().anyMatch(l -> l.contains("proved on")), lines.toString());
    }

    /** The index of VM {@code name}'s verdict row. */
    private static int vmRow(List<String> lines, String name) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("  VM       " + name + " ")) {
                return i;
            }
        }
        throw new AssertionError("no row of VM " + name + ": " + lines);
    }
}

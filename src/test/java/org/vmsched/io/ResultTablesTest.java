package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;

/** The tables CSV and the report text come from the model and the analysis result. */
class ResultTablesTest {

    static Scenario thesis() throws Exception {
        return ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
    }

    @Test
    void theCsvHasOneRowPerLevelWithComputedNumbersAndUnitsInTheHeader() throws Exception {
        Scenario s = thesis();
        String csv = ResultTables.csv(s, SystemAnalysis.analyze(s), null);
        String[] lines = csv.split("\n");
        assertEquals(ResultTables.HEADER, lines[0]);
        assertTrue(lines[0].contains("response time (time units)"));
        int columns = lines[0].split(",", -1).length;
        for (String l : lines) {
            assertEquals(columns, l.split(",", -1).length, l);
        }
        assertTrue(lines[1].startsWith("system,,,,"), lines[1]);
        assertTrue(lines[1].endsWith(",schedulable,,,,,,"), lines[1]);
        assertTrue(lines[2].startsWith("core,,,0,"), lines[2]);
        // VM1: T 10, C 4, X 0, α 0.4, Tmax 10 (the isolated good period), alone on its core: P = 0
        assertTrue(csv.contains("\nvm,VM1,,0,RM,,10,,0,4,0,0.4,"), csv);
        assertTrue(csv.contains("\nvm,VM1,,0,RM,,10,,0,4,0,0.4,0.2777777777777778,0,4,10,,schedulable,,1,,,,\n"), csv);
        // t3: C 4, T 36, R 36 exactly
        assertTrue(csv.contains("\ntask,VM1,t3,0,,4,36,36,0,,,,0.1111111111111111,,,,36,schedulable,,,,,,\n"), csv);
    }

    @Test
    void aVmsUtilizationIsTheExactSumOfItsTasksAsWritten() throws Exception {
        // a helper's check read 0.15000000000000002 in the tables CSV for 0.1 + 0.05
        Scenario t = thesis();
        Scenario s = t.withVms(List.of(t.vms().get(0).withTasks(List.of(org.vmsched.model.Task.of("a", 1, 10),
                org.vmsched.model.Task.of("b", 0.5, 10)))));
        String csv = ResultTables.csv(s, SystemAnalysis.analyze(s), null);
        assertTrue(csv.contains("\nvm,VM1,,0,RM,,10,,0,4,0,0.4,0.15,"), csv);
    }

    @Test
    void aPolicyWithoutBudgetsLeavesPeriodBudgetAndBandwidthEmptyAsTheJsonGivesNull() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/latency/credit-30ms.json"));
        String csv = ResultTables.csv(s, SystemAnalysis.analyze(s), null);
        for (String l : csv.split("\n")) {
            if (l.startsWith("vm,")) {
                String[] f = l.split(",", -1);
                assertEquals("", f[6], l); // period
                assertEquals("", f[9], l); // budget
                assertEquals("", f[11], l); // bandwidth
                // the reason once, not its undecided reason and its note side by side when they are one sentence
                int at = l.indexOf("Credit gives no hard guarantee");
                assertEquals(-1, l.indexOf("Credit gives no hard guarantee", at + 1), l);
            }
        }
    }

    @Test
    void theReportNamesAGlobalVmsVcpusNotACoreAndNoBudgetsWhereThePolicyHasNone() throws Exception {
        // a helper read "core 0" for every VM of a Global EDF scenario in the PDF report's text
        Scenario g = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        List<String> lines = reportLines(g, SystemAnalysis.analyze(g), null);
        List<String> heads = lines.stream().filter(l -> l.contains("T_VM =")).toList();
        assertEquals(g.vms().size(), heads.size(), lines.toString());
        for (String l : heads) {
            assertTrue(!l.contains("core ") && l.contains(" vCPUs") && l.contains("per vCPU"), l);
        }
        assertTrue(lines.stream().noneMatch(l -> l.contains("NaN")), lines.toString());
        assertEquals(1, lines.stream().filter(l -> l.contains("all 4 virtual CPUs on 2 cores")).count(), lines.toString());
        Scenario c = ScenarioJson.load(Path.of("scenarios/latency/credit-30ms.json"));
        List<String> credit = reportLines(c, SystemAnalysis.analyze(c), null);
        assertTrue(credit.stream().noneMatch(l -> l.contains("T_VM =") || l.contains("NaN")), credit.toString());
    }

    @Test
    void withoutAResultTheVerdictsAreEmptyAndTheSystemRowSaysWhy() throws Exception {
        Scenario s = thesis();
        String csv = ResultTables.csv(s, null, "Not analysed: VM1 / t2: wcet must be positive");
        assertTrue(csv.split("\n")[1].endsWith(",,Not analysed: VM1 / t2: wcet must be positive,,,,,"), csv);
        assertTrue(!csv.contains("schedulable"), csv);
        List<String> lines = reportLines(s, null, "Not analysed: VM1 / t2: wcet must be positive");
        assertEquals("  Not analysed: VM1 / t2: wcet must be positive", lines.get(lines.size() - 1));
    }

    @Test
    void theReportTextNamesEveryVerdictWithTheNumbersBehindIt() throws Exception {
        Scenario s = thesis();
        AnalysisResult r = SystemAnalysis.analyze(s);
        List<String> lines = reportLines(s, r, null);
        assertTrue(lines.get(0).startsWith("Scenario: " + s.name()), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("VM1: T_VM = 10, C_VM = 4, X = 0, α = 0.4")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("VM1 (α = 0.4, Tmax = 10, P = 0, useful budget 4)")
                && l.endsWith("schedulable")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("VM1/t3: R = 36, D = 36")), lines.toString());
    }

    @Test
    void edfInsideAVmHasNoResponseTimeAndSaysSo() throws Exception {
        Scenario s = thesis();
        Scenario edf = s.withVms(List.of(s.vms().get(0).withScheduler(GuestScheduler.EDF)));
        String csv = ResultTables.csv(edf, SystemAnalysis.analyze(edf), null);
        assertTrue(csv.contains("EDF inside the VM: one demand-bound test for all its tasks"), csv);
        assertTrue(reportLines(edf, SystemAnalysis.analyze(edf), null).stream()
                .anyMatch(l -> l.contains("VM1/t1: EDF demand test")));
    }

    /**
     * A user's trial: under Global EDF the tables had no vCPUs and no MPR interface for a VM (what
     * analyze --json gives as "vcpus" and "mpr"), and the host's one note stood on every core row.
     * The old columns keep their names and order; the new ones follow them.
     */
    @Test
    void aGlobalVmHasItsVcpusAndMprInterfaceAndTheHostNoteIsWrittenOnce() throws Exception {
        Scenario s = ScenarioJson.parse("global-three-vms.json", org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        AnalysisResult r = SystemAnalysis.analyze(s);
        String[] lines = ResultTables.csv(s, r, null).split("\n");
        List<String> header = org.vmsched.TestCsv.cells(lines[0]);
        List<String> old = org.vmsched.TestCsv.cells(ResultTables.HEADER.substring(0, ResultTables.HEADER.indexOf(",vcpus")));
        assertEquals(old, header.subList(0, old.size()), "the old columns first, as scripts read them");
        assertEquals(List.of("level", "vm", "task", "core", "scheduler"), header.subList(0, 5));
        assertEquals("note", header.get(18));
        assertEquals(List.of("vcpus", "MPR period Π (time units)", "MPR budget Θ (time units)", "MPR concurrency m′", "MPR proved on"),
                header.subList(19, header.size()));
        java.util.Map<String, List<String>> vms = new java.util.HashMap<>();
        int coreRows = 0;
        for (String l : lines) {
            List<String> c = org.vmsched.TestCsv.cells(l);
            assertEquals(header.size(), c.size(), l);
            switch (c.get(0)) {
                case "system" -> assertEquals(r.hostNote(), c.get(18), "the host note, once: " + l);
                case "core" -> {
                    coreRows++;
                    assertEquals("", c.get(18), "the host note is the system row's, not every core's: " + l);
                }
                case "vm" -> {
                    vms.put(c.get(1), c);
                    assertEquals("", c.get(3), "a global VM has no core of its own (its vCPUs migrate): " + l);
                }
                case "task" -> {
                    assertEquals(List.of("", "", "", "", ""), c.subList(19, 24), l);
                    assertEquals("", c.get(3), l);
                }
                default -> { }
            }
        }
        assertEquals(4, coreRows);
        assertTrue(r.hostNote() != null && !r.hostNote().isBlank());
        // analyze --json's mpr of each VM: web Π 5, Θ 4.5, m′ 3, P 4; db 4, 2.12, 2, P 1; ctl 2, 0.44, 1, P 0
        assertEquals(List.of("3", "5", "4.5", "3"), vms.get("web").subList(19, 23));
        assertEquals(List.of("2", "4", "2.12", "2"), vms.get("db").subList(19, 23));
        assertEquals(List.of("1", "2", "0.44", "1"), vms.get("ctl").subList(19, 23));
        // which supply proved the VM's tasks, as analyze --json's mpr.provedOn
        for (org.vmsched.analysis.VmVerdict v : r.vms()) {
            assertEquals(v.provedOn().jsonName(), vms.get(v.name()).get(23), v.name());
        }
        assertEquals("4", vms.get("web").get(13), "the MPR interface's preemptions P per vCPU and period");
        assertEquals("1", vms.get("db").get(13));
    }

    @Test
    void aPartitionedVmHasOneVcpuAndNoMprInterface() throws Exception {
        Scenario s = thesis();
        String[] lines = ResultTables.csv(s, SystemAnalysis.analyze(s), null).split("\n");
        assertTrue(lines[3].startsWith("vm,VM1,"), lines[3]);
        assertTrue(lines[3].endsWith(",schedulable,,1,,,,"), lines[3]);
        assertTrue(lines[1].endsWith(",schedulable,,,,,,"), lines[1]);
        String notAnalysed = ResultTables.csv(s, null, "Not analysed").split("\n")[2];
        assertTrue(notAnalysed.startsWith("vm,VM1,") && notAnalysed.endsWith(",,,1,,,,"), "the vCPUs are the scenario's: " + notAnalysed);
    }

    /** The report's text as the PDF prints it, with a current simulation. */
    static List<String> reportLines(org.vmsched.model.Scenario s, org.vmsched.analysis.AnalysisResult r, String whyNot) {
        return org.vmsched.report.PrintedReport.of(s, s, r, whyNot, org.vmsched.report.PrintedReport.Simulation.CURRENT).lines();
    }
}

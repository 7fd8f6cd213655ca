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
        assertTrue(lines[1].endsWith(",schedulable,"), lines[1]);
        assertTrue(lines[2].startsWith("core,,,0,"), lines[2]);
        // VM1: T 10, C 4, X 0, α 0.4, Tmax 10 (the isolated good period), alone on its core: P = 0
        assertTrue(csv.contains("\nvm,VM1,,0,RM,,10,,0,4,0,0.4,"), csv);
        assertTrue(csv.contains("\nvm,VM1,,0,RM,,10,,0,4,0,0.4,0.2777777777777778,0,4,10,,schedulable,\n"), csv);
        // t3: C 4, T 36, R 36 exactly
        assertTrue(csv.contains("\ntask,VM1,t3,0,,4,36,36,0,,,,0.1111111111111111,,,,36,schedulable,\n"), csv);
    }

    @Test
    void withoutAResultTheVerdictsAreEmptyAndTheSystemRowSaysWhy() throws Exception {
        Scenario s = thesis();
        String csv = ResultTables.csv(s, null, "Not analysed: VM1 / t2: wcet must be positive");
        assertTrue(csv.split("\n")[1].endsWith(",,Not analysed: VM1 / t2: wcet must be positive"), csv);
        assertTrue(!csv.contains("schedulable"), csv);
        List<String> lines = ResultTables.reportLines(s, null, "Not analysed: VM1 / t2: wcet must be positive");
        assertEquals("  Not analysed: VM1 / t2: wcet must be positive", lines.get(lines.size() - 1));
    }

    @Test
    void theReportTextNamesEveryVerdictWithTheNumbersBehindIt() throws Exception {
        Scenario s = thesis();
        AnalysisResult r = SystemAnalysis.analyze(s);
        List<String> lines = ResultTables.reportLines(s, r, null);
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
        assertTrue(ResultTables.reportLines(edf, SystemAnalysis.analyze(edf), null).stream()
                .anyMatch(l -> l.contains("VM1/t1: EDF demand test")));
    }
}

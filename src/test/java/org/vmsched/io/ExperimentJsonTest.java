package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.experiment.OverheadStudy;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.experiment.UUniFast;

/** Experiment files: the built-ins load, writing and reading agree, and every mistake is named by its JSON path. */
class ExperimentJsonTest {

    static final String TMAX = """
            {"schemaVersion": 1, "name": "t", "study": "tmax", "seed": 1, "sets": 2,
             "generator": {"method": "thesis", "periodMin": 10, "periodMax": 100, "wcetMin": 1},
             "grid": {"n": [3], "u": [0.2], "alpha": [0.5]}}""";

    static final String OVERHEAD = """
            {"schemaVersion": 1, "name": "o", "study": "overhead", "seed": 1, "sets": 2,
             "generator": {"method": "uunifast", "periodMin": 10, "periodMax": 100, "periods": "log-uniform"},
             "grid": {"n": 4, "panels": [{"u": 0.2, "alpha": [0.3, 0.4]}], "overhead": [1, 2],
                      "period": {"from": 1, "to": 50}}}""";

    @Test
    void builtInTmaxStudyIsTheThesisGrid() throws Exception {
        Experiment e = ExperimentJson.load(Path.of("scenarios/experiments/thesis-tmax.json"));
        TmaxStudy s = assertInstanceOf(TmaxStudy.class, e.study());
        assertEquals(List.of(10, 20, 30), s.n());
        assertEquals(List.of(0.1, 0.2, 0.3), s.u());
        assertEquals(9, s.alpha().size());
        assertEquals(0, s.overhead());
        assertEquals(10, e.sets());
        assertEquals(new ThesisGenerator(1000, 10000, 1000), e.generator());
    }

    @Test
    void builtInOverheadStudyIsTheThesisGrid() throws Exception {
        Experiment e = ExperimentJson.load(Path.of("scenarios/experiments/thesis-overhead.json"));
        OverheadStudy s = assertInstanceOf(OverheadStudy.class, e.study());
        assertEquals(10, s.n());
        assertEquals(12, s.panelCount());
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0), s.overhead());
        assertEquals(500, s.periods().values().length);
        assertEquals(10, s.responseRatioCap());
        assertEquals(new ThesisGenerator(100, 1000, 100), e.generator());
    }

    @Test
    void writtenFilesReadBackEqual() throws Exception {
        for (String f : List.of("thesis-tmax.json", "thesis-overhead.json")) {
            Experiment e = ExperimentJson.load(Path.of("scenarios/experiments", f));
            assertEquals(e, ExperimentJson.parse("again", ExperimentJson.toJson(e)));
        }
        Experiment o = ExperimentJson.parse("o", OVERHEAD);
        assertEquals(o, ExperimentJson.parse("again", ExperimentJson.toJson(o)));
        assertEquals(new UUniFast(10, 100, UUniFast.PeriodDistribution.LOG_UNIFORM), o.generator());
        assertEquals(1, ((OverheadStudy) o.study()).periods().step());
        assertEquals(10, ((OverheadStudy) o.study()).responseRatioCap());
    }

    @Test
    void writtenFileSpellsWholeNumbersWithoutDecimals() throws Exception {
        String json = ExperimentJson.toJson(ExperimentJson.load(Path.of("scenarios/experiments/thesis-overhead.json")));
        assertTrue(json.contains("\"periodMin\" : 100,"), json);
        assertTrue(json.contains("\"responseRatioCap\" : 10"), json);
        assertTrue(!json.contains("\r"), "line ends are \\n on every system");
    }

    static String messageOf(String text) {
        return assertThrows(InvalidExperimentException.class, () -> ExperimentJson.parse("f.json", text)).getMessage();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"sets\": 2|\"sets\": 0|f.json: sets must be between 1 and 10000, got 0",
        "\"seed\": 1|\"seed\": 1.5|f.json: seed must be an integer (64 bits), got the number 1.5",
        "\"u\": [0.2]|\"u\": [0.2, 1.5]|f.json: grid.u[1] must be in (0, 1], got 1.5",
        "\"alpha\": [0.5]|\"alpha\": [0.5, 1]|f.json: grid.alpha[1] must be in (0, 1), got 1.0",
        "\"alpha\": [0.5]|\"alpha\": [0.5, 0.5]|f.json: grid.alpha[1] is 0.5 again; list each value once",
        "\"n\": [3]|\"n\": [\"3\"]|f.json: grid.n[0] must be an integer, got the string \"3\"",
        "\"wcetMin\": 1|\"wcetMin\": 11|f.json: generator.wcetMin must be in [0, periodMin] = [0, 10.0], got 11.0",
        "\"method\": \"thesis\"|\"method\": \"random\"|f.json: generator.method must be \"thesis\", \"uunifast\", \"uunifast-discard\" or \"randfixedsum\", got \"random\"",
        "\"study\": \"tmax\"|\"study\": \"tmx\"|f.json: study must be \"tmax\", \"overhead\" or \"acceptance\", got \"tmx\"",
        "\"name\": \"t\",|\"name\": \"t\", \"colour\": 1,|f.json: colour is an unknown field (expected one of description, generator, grid, measure, name, schemaVersion, seed, sets, study)",
        "\"schemaVersion\": 1|\"schemaVersion\": 2|f.json: schemaVersion is 2, an unknown version (this version of VMSched reads 1)",
    })
    void tmaxFileMistakesAreNamedByPath(String from, String to, String message) {
        assertTrue(TMAX.contains(from), from);
        assertEquals(message, messageOf(TMAX.replace(from, to)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"to\": 50|\"to\": 0.5|f.json: grid.period.to must be a number ≥ from (1.0), got 0.5",
        "\"from\": 1, \"to\": 50|\"from\": 1, \"to\": 5000000|f.json: grid.period has more than 100000 periods; use a larger step",
        "\"overhead\": [1, 2]|\"overhead\": [1, -2]|f.json: grid.overhead[1] must be zero or a positive number, got -2.0",
        "\"overhead\": [1, 2]|\"overhead\": [1, 1e400]|f.json: grid.overhead[1] must be zero or a positive number, got Infinity",
        "\"panels\": [{\"u\": 0.2, \"alpha\": [0.3, 0.4]}]|\"panels\": [{\"u\": 0.2, \"alpha\": [0.3, 0]}]|f.json: grid.panels[0].alpha[1] must be in (0, 1], got 0.0",
        "\"periods\": \"log-uniform\"|\"periods\": \"normal\"|f.json: generator.periods must be \"uniform\" or \"log-uniform\", got \"normal\"",
        "\"n\": 4|\"n\": 0|f.json: grid.n must be between 1 and 1000, got 0",
    })
    void overheadFileMistakesAreNamedByPath(String from, String to, String message) {
        assertTrue(OVERHEAD.contains(from), from);
        assertEquals(message, messageOf(OVERHEAD.replace(from, to)));
    }

    @Test
    void overheadStudyReadsTheSimulatedSourceAndItsResolutionAndWritesThemBack() throws Exception {
        String text = OVERHEAD.replace("}}}", "}}, \"measure\": {\"source\": \"simulation\", \"resolution\": 10}}");
        Experiment e = ExperimentJson.parse("f.json", text);
        OverheadStudy s = assertInstanceOf(OverheadStudy.class, e.study());
        assertEquals(OverheadStudy.Source.SIMULATION, s.source());
        assertEquals(10, s.resolution());
        assertEquals(e, ExperimentJson.parse("g.json", ExperimentJson.toJson(e)));
        OverheadStudy byDefault = (OverheadStudy) ExperimentJson.parse("f.json",
                OVERHEAD.replace("}}}", "}}, \"measure\": {\"source\": \"simulation\"}}")).study();
        assertEquals(100, byDefault.resolution());
        assertEquals("f.json: measure.source must be \"analysis\" or \"simulation\", got \"guess\"",
                messageOf(OVERHEAD.replace("}}}", "}}, \"measure\": {\"source\": \"guess\"}}")));
        assertEquals("f.json: measure.resolution is only used with \"source\": \"simulation\"",
                messageOf(OVERHEAD.replace("}}}", "}}, \"measure\": {\"resolution\": 10}}")));
        assertEquals("f.json: measure.resolution must be a power of ten from 0.001 to 10000 (steps per time unit), got 3.0",
                messageOf(OVERHEAD.replace("}}}", "}}, \"measure\": {\"source\": \"simulation\", \"resolution\": 3}}")));
        assertEquals("f.json: measure.responseRatioCap must be between 1 and 1000000, got 0.5",
                messageOf(OVERHEAD.replace("}}}", "}}, \"measure\": {\"responseRatioCap\": 0.5}}")));
    }

    @Test
    void analysisFilesAreWrittenWithoutTheSimulationSettings() throws Exception {
        String written = ExperimentJson.toJson(ExperimentJson.parse("f.json", TMAX));
        assertTrue(!written.contains("measure"), written);
        written = ExperimentJson.toJson(ExperimentJson.parse("f.json", OVERHEAD));
        assertTrue(!written.contains("resolution"), written);
    }

    @Test
    void tmaxStudyReadsSimulatedPointsWithDefaultsAndWritesThemBack() throws Exception {
        Experiment e = ExperimentJson.parse("f.json", TMAX.replace("}}", "}, \"measure\": {\"simulated\": {\"sets\": 1}}}"));
        TmaxStudy.Simulated sim = assertInstanceOf(TmaxStudy.class, e.study()).simulated();
        assertEquals(new TmaxStudy.Simulated(org.vmsched.model.SimulationMode.WORST_CASE, 1, 50, 2, 1), sim);
        assertEquals(e, ExperimentJson.parse("g.json", ExperimentJson.toJson(e)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"mode\": \"random\"|f.json: measure.simulated.mode must be \"worst-case\" or \"synchronous\", got \"random\"",
        "\"sets\": 0|f.json: measure.simulated.sets must be between 1 and 10000, got 0",
        "\"sets\": 1, \"grid\": 0|f.json: measure.simulated.grid must be between 1 and 10000, got 0",
        "\"sets\": 1, \"horizonPeriods\": 0|f.json: measure.simulated.horizonPeriods must be in (0, 1000], got 0.0",
        "\"sets\": 1, \"resolution\": 0.01|f.json: measure.simulated.resolution is 0.01 steps per time unit: generator.periodMin (10.0) would round to 0; use a resolution of at least 0.1",
        "\"sets\": 1, \"steps\": 1|f.json: measure.simulated.steps is an unknown field (expected one of grid, horizonPeriods, mode, resolution, sets)",
    })
    void simulatedTmaxMistakesAreNamedByPath(String fields, String message) {
        String m = messageOf(TMAX.replace("}}", "}, \"measure\": {\"simulated\": {" + fields + "}}}"));
        assertEquals(message, m);
    }

    @Test
    void severalMistakesAreReportedTogether() {
        String m = messageOf(TMAX.replace("\"sets\": 2", "\"sets\": -1").replace("\"u\": [0.2]", "\"u\": [0]"));
        assertEquals("f.json: sets must be between 1 and 10000, got -1; grid.u[0] must be in (0, 1], got 0.0", m);
    }

    @Test
    void malformedJsonIsReportedWithLineAndColumn() {
        String m = messageOf("{\"schemaVersion\": 1,\n \"name\": }");
        assertTrue(m.startsWith("f.json: malformed JSON at line 2, column 10: '}' where a value was expected"), m);
    }

    @Test
    void missingPiecesAreNamed() {
        assertEquals("f.json: schemaVersion is missing (this version of VMSched reads 1)", messageOf("{}"));
        assertEquals("f.json: the top level must be a JSON object, got an array", messageOf("[]"));
        String m = messageOf("{\"schemaVersion\": 1, \"study\": \"tmax\"}");
        assertEquals("f.json: name is missing; seed is missing; sets is missing; generator is missing; grid is missing", m);
        assertEquals("no/such.json: file not found",
                assertThrows(InvalidExperimentException.class, () -> ExperimentJson.load(Path.of("no/such.json"))).getMessage());
    }
}

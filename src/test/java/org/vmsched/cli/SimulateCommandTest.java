package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code simulate} and {@code simtmax} subcommands: output shape, and exit 2 with a clear message on bad input. */
class SimulateCommandTest {

    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(status, out.toString(), err.toString());
    }

    private static final String THESIS = "scenarios/thesis-example.json";

    @Test
    void jsonOfTheThesisExampleInWorstCaseModeHasTheAnalyticResponseTimes() throws Exception {
        Run r = run("simulate", THESIS, "--mode", "worst-case", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        for (String key : List.of("horizon", "resolution", "events", "deadlineMisses", "vms", "cores", "traceTruncated")) {
            assertTrue(j.has(key), key);
        }
        assertEquals(1440, j.get("horizon").asDouble());
        assertEquals(0, j.get("deadlineMisses").asLong());
        JsonNode tasks = j.get("vms").get(0).get("tasks");
        assertEquals(14, tasks.get(0).get("maxResponseTime").asDouble());
        assertEquals(15, tasks.get(1).get("maxResponseTime").asDouble());
        assertEquals(36, tasks.get(2).get("maxResponseTime").asDouble());
        for (String key : List.of("name", "jobs", "completed", "missed", "maxResponseTime", "meanResponseTime")) {
            assertTrue(tasks.get(0).has(key), key);
        }
        for (String key : List.of("name", "supply", "overheadTime", "overheadCount", "idleBurn")) {
            assertTrue(j.get("vms").get(0).has(key), key);
        }
        for (String key : List.of("core", "busy", "idle")) {
            assertTrue(j.get("cores").get(0).has(key), key);
        }
    }

    @Test
    void traceCsvHasAHeaderAndOneRowPerSlice() throws Exception {
        Path csv = dir.resolve("trace.csv");
        Run r = run("simulate", THESIS, "--horizon", "72", "--trace", csv.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("kind,core,vm,task,start,end,start_tick,end_tick", lines.get(0));
        assertEquals("execution,0,VM1,t1,0,2,0,2", lines.get(1));
        // the thesis example's schedule up to 72: t1's last slice runs 70..72 and ends the trace at the horizon
        assertEquals("execution,0,VM1,t1,70,72,70,72", lines.get(lines.size() - 1));
        assertEquals(24, lines.size(), "the header and 23 slices");
    }

    @Test
    void negativeOrNonNumericHorizonIsBadInput() {
        Run r = run("simulate", THESIS, "--horizon", "-5");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--horizon"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void absurdHorizonIsBadInputNamingTheLimit() {
        Run r = run("simulate", THESIS, "--horizon", "1e20");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("horizon"), r.err());
        assertTrue(r.err().contains("1e9"), r.err()); // the documented largest time value (README, "Limits")
    }

    @Test
    void valueNeedingMoreThanAMicroTickGetsAFinerClockOrTheResolutionGiven() throws Exception {
        // issue 18: any decimal the scenario holds is simulated without --resolution
        Path f = dir.resolve("fine.json");
        Files.writeString(f, Files.readString(Path.of(THESIS)).replace("\"wcet\": 2,", "\"wcet\": 2.0000001,"));
        Run r = run("simulate", f.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("10000000 ticks per time unit"), r.out());
        Run rounded = run("simulate", f.toString(), "--resolution", "1000");
        assertEquals(0, rounded.status(), rounded.err());
        assertTrue(rounded.out().contains("rounded"), rounded.out());
    }

    /** The last end of an execution slice in a trace CSV (time units). */
    private static double lastExecutionEnd(Path csv) throws Exception {
        return Files.readAllLines(csv).stream().skip(1).filter(l -> l.startsWith("execution,"))
                .mapToDouble(l -> Double.parseDouble(l.split(",")[5])).max().orElse(0);
    }

    /** The thesis example with t1's wcet 1: its job released at 1200 (= 75 · 16) completes at 1201. */
    private Path completesAt1201(String horizon) throws Exception {
        Path f = dir.resolve("t1-wcet-1.json");
        Files.writeString(f, Files.readString(Path.of(THESIS)).replace("\"wcet\": 2,", "\"wcet\": 1,")
                .replace("\"horizon\": 1440", "\"horizon\": " + horizon));
        return f;
    }

    @Test
    void fractionalHorizonIsSimulatedExactlyAndNoJobCompletingAfterItIsCounted() throws Exception {
        Path f = completesAt1201("1440");
        Path csv = dir.resolve("trace.csv");
        Run r = run("simulate", f.toString(), "--horizon", "1200.5", "--json", "--trace", csv.toString());
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(1200.5, j.get("horizon").asDouble());
        assertEquals(10, j.get("resolution").asDouble());
        JsonNode t1 = j.get("vms").get(0).get("tasks").get(0);
        assertEquals(76, t1.get("jobs").asLong());
        assertEquals(75, t1.get("completed").asLong(), "the job completing at 1201 is counted");
        assertTrue(lastExecutionEnd(csv) <= 1200.5, "a slice runs past the horizon: " + lastExecutionEnd(csv));
        assertEquals(0, j.get("notes").size(), j.get("notes").toString());
    }

    @Test
    void fractionalHorizonStoredInTheScenarioIsSimulatedExactly() throws Exception {
        Run r = run("simulate", completesAt1201("1200.5").toString(), "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(1200.5, j.get("horizon").asDouble());
        assertEquals(75, j.get("vms").get(0).get("tasks").get(0).get("completed").asLong());
    }

    @Test
    void horizonTheGivenResolutionCannotRepresentIsRoundedDownAndSaidSo() throws Exception {
        Path f = completesAt1201("1440");
        Run r = run("simulate", f.toString(), "--horizon", "1200.5", "--resolution", "1", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(1200, j.get("horizon").asDouble());
        JsonNode t1 = j.get("vms").get(0).get("tasks").get(0);
        assertEquals(75, t1.get("jobs").asLong());
        assertEquals(75, t1.get("completed").asLong());
        assertTrue(j.get("notes").toString().contains("1200.5"), j.get("notes").toString());
        Run text = run("simulate", f.toString(), "--horizon", "1200.5", "--resolution", "1");
        assertTrue(text.out().contains("simulated 0..1200 "), text.out());
        assertTrue(text.out().contains("rounded down"), text.out());
    }

    @Test
    void unwritableTraceIsBadInputAndLeavesNothingBehind() throws Exception {
        Path missing = dir.resolve("no-such-folder").resolve("t.csv");
        Run r = run("simulate", THESIS, "--trace", missing.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--trace"), r.err());
        assertEquals("", r.out());
        Run folder = run("simulate", THESIS, "--trace", dir.toString());
        assertEquals(2, folder.status());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void unknownModeIsBadInput() {
        Run r = run("simulate", THESIS, "--mode", "fast");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--mode"), r.err());
    }

    @Test
    void simtmaxJsonPutsSimulatedNextToAnalyticTmax() throws Exception {
        Run r = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.4,0.5", "--mode", "worst-case", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("VM1", j.get("vm").asText());
        JsonNode p = j.get("points");
        assertEquals(0.4, p.get(0).get("alpha").asDouble());
        assertEquals(10, p.get(0).get("simulatedTmax").asDouble(), 1e-9);
        assertEquals(10, p.get(0).get("analyticTmax").asDouble(), 1e-9);
        assertEquals(14, p.get(1).get("simulatedTmax").asDouble(), 1e-9);
    }

    /** One VM with tasks (2, 4) and (4, 12), U = 0.8333, at period T and budget C. */
    private Path overloaded(String period, String budget) throws Exception {
        Path f = dir.resolve("overloaded-" + period + ".json");
        Files.writeString(f, """
                {"schemaVersion": 1, "name": "U 0.8333",
                 "vms": [{"name": "VM1", "period": %s, "budget": %s,
                          "tasks": [{"name": "t1", "wcet": 2, "period": 4}, {"name": "t2", "wcet": 4, "period": 12}]}]}
                """.formatted(period, budget));
        return f;
    }

    @Test
    void simtmaxCallsNoPeriodGoodThatSimulateShowsMissing() throws Exception {
        // simtmax used to report 12.96 at α = 0.8 (its runs ended at 12 + 2 · 12.96)
        Run sim = run("simulate", overloaded("12.96", "10.368").toString(), "--horizon", "100", "--json");
        assertEquals(0, sim.status(), sim.err());
        assertEquals(8, new ObjectMapper().readTree(sim.out()).get("deadlineMisses").asLong());
        Run r = run("simtmax", overloaded("10", "8").toString(), "--vm", "VM1", "--alpha", "0.8", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode p = new ObjectMapper().readTree(r.out()).get("points").get(0);
        assertEquals(0, p.get("simulatedTmax").asDouble(), p.toString());
        assertTrue(p.get("conclusive").asBoolean(), p.toString());
        assertTrue(p.get("horizon").isNull(), p.toString());
    }

    @Test
    void simtmaxJsonSaysWhetherAPointIsConclusiveHowLongItRanAndWhetherItIsAtTheSearchLimit() throws Exception {
        Run r = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.5,1", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode p = new ObjectMapper().readTree(r.out()).get("points");
        for (String key : List.of("alpha", "simulatedTmax", "analyticTmax", "searchLimit", "atSearchLimit", "conclusive", "horizon")) {
            assertTrue(p.get(0).has(key), key);
        }
        assertTrue(p.get(0).get("conclusive").asBoolean());
        assertFalse(p.get(0).get("atSearchLimit").asBoolean());
        assertTrue(p.get(0).get("horizon").asDouble() >= 144, p.get(0).toString());
        assertTrue(p.get(1).get("atSearchLimit").asBoolean(), p.get(1).toString());
        assertEquals(p.get(1).get("searchLimit").asDouble(), p.get(1).get("simulatedTmax").asDouble());
    }

    @Test
    void simtmaxTextMarksABoundAndAPointThatIsNotConclusive() {
        Run r = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.5,1", "--horizon", "300");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(">= 72"), r.out());
        assertTrue(r.out().contains("0..300, no miss up to here only"), r.out());
        assertTrue(r.out().contains("?  : no miss up to the time simulated"), r.out());
        assertTrue(r.out().contains("a bound and not a value"), r.out());
    }

    /**
     * Issue 18: simtmax cut each synchronous run at its own 2·10^6 releases and replenishments,
     * with no option; --max-jobs now sets that budget as for simulate. At 50 the run that proves
     * α = 0.5 (conclusive by default) stops early and the point is marked not conclusive.
     */
    @Test
    void simtmaxMaxJobsCapsEachSynchronousRun() throws Exception {
        Run full = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.5", "--json");
        assertEquals(0, full.status(), full.err());
        assertTrue(new ObjectMapper().readTree(full.out()).get("points").get(0).get("conclusive").asBoolean());
        Run cut = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.5", "--max-jobs", "50", "--json");
        assertEquals(0, cut.status(), cut.err());
        JsonNode p = new ObjectMapper().readTree(cut.out()).get("points").get(0);
        assertFalse(p.get("conclusive").asBoolean(), p.toString());
        for (String bad : List.of("0", "-1", "garbage", "1e11", "2.5")) {
            Run r = run("simtmax", THESIS, "--vm", "VM1", "--alpha", "0.5", "--max-jobs", bad);
            assertEquals(2, r.status(), bad + ": " + r.err());
            assertTrue(r.err().contains("--max-jobs"), r.err());
        }
    }

    @Test
    void simtmaxWithAnUnknownVmIsBadInput() {
        Run r = run("simtmax", THESIS, "--vm", "nope", "--alpha", "0.5");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("VM1"), r.err());
    }

    /**
     * Issue 18: a flat 10-task RM set on a full-bandwidth VM (budget = period = 1) over 10^8 time
     * units releases about 2.9·10^7 jobs, past the default work budget of 10^7: refused with exit 2
     * naming --max-jobs, and run (exit 0) with --max-jobs 10^8. Memory stays flat with the trace off.
     */
    @Test
    void aRunPastTheDefaultJobBudgetIsRefusedNamingMaxJobsAndRunsWithIt() throws Exception {
        Path flat = flatRmVm();
        Run refused = run("simulate", flat.toString(), "--horizon", "1e8");
        assertEquals(2, refused.status(), refused.err());
        assertTrue(refused.err().contains("at most 10000000 are simulated by default; give --max-jobs N or a shorter horizon"),
                refused.err());
        Run ran = run("simulate", flat.toString(), "--horizon", "1e8", "--max-jobs", "100000000", "--json");
        assertEquals(0, ran.status(), ran.err());
        JsonNode j = new ObjectMapper().readTree(ran.out());
        assertEquals(1e8, j.get("horizon").asDouble());
        assertEquals(0, j.get("deadlineMisses").asLong());
        assertEquals(10_000_000, j.get("vms").get(0).get("tasks").get(0).get("jobs").asLong(), "t0 of period 10 over 10^8");
    }

    @Test
    void aMaxJobsBelowTheRunIsRefusedNamingTheOptionAndItsValue() throws Exception {
        Run r = run("simulate", flatRmVm().toString(), "--horizon", "1e4", "--max-jobs", "1000");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("at most 1000 are simulated (--max-jobs); give a larger --max-jobs or a shorter horizon"),
                r.err());
        assertEquals(0, run("simulate", flatRmVm().toString(), "--horizon", "1e4", "--max-jobs", "3000").status());
    }

    @Test
    void maxJobsOutOfRangeOrNotAnIntegerIsBadInputNamingTheOption() throws Exception {
        for (String bad : List.of("NaN", "-1", "0", "garbage", "1e11", "2.5", "")) {
            Run r = run("simulate", flatRmVm().toString(), "--max-jobs", bad);
            assertEquals(2, r.status(), bad + ": " + r.err());
            assertTrue(r.err().contains("--max-jobs"), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }

    private static final String FIRST_OF_TWO_VMS = "t = 0: control begins a period: 2.5 of budget until 5; logging begins a period:"
            + " 4 of budget until 10; control/sensor is released (deadline 20); control/actuator is released (deadline 40);"
            + " logging/collect is released (deadline 50); logging/flush is released (deadline 80); control has the earliest"
            + " deadline (5) and starts; control/sensor has the shortest period (20, rate-monotonic) and runs.";

    // issue 30: the step-through's narration on the command line, from the same narrator as the window
    @Test
    void narrateTellsTheFirstInstantsOfTheStepThroughBeforeTheTables() {
        Run r = run("simulate", "scenarios/two-vms.json", "--narrate", "3");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(FIRST_OF_TWO_VMS, lines.get(0));
        assertEquals("t = 1: control/sensor completes, response time 1; control/actuator is the only ready task and runs.",
                lines.get(1));
        assertEquals("t = 2.5: control's budget is spent (until its next period at 5); logging is the only VM with budget and"
                + " starts; logging/collect has the earliest deadline (50) and runs.", lines.get(2));
        assertEquals("", lines.get(3));
        assertTrue(lines.get(4).startsWith("Scenario Two VMs on one core: simulated 0..2000"), lines.get(4));
    }

    @Test
    void narratePastTheEndOfTheRunEndsWithTheNarratorsLastLine() {
        Run r = run("simulate", "scenarios/two-vms.json", "--horizon", "3", "--narrate", "100");
        assertEquals(0, r.status(), r.err());
        List<String> told = r.out().lines().takeWhile(l -> !l.isEmpty()).toList();
        assertEquals(FIRST_OF_TWO_VMS, told.get(0));
        assertEquals("t = 3: end of the run (the horizon); no deadline missed.", told.get(told.size() - 1));
    }

    @Test
    void narrateStepsThroughTheGlobalExampleInBothModes() {
        Run sync = run("simulate", "scenarios/rtds-global-periodic.json", "--narrate", "4");
        assertEquals(0, sync.status(), sync.err());
        List<String> s = sync.out().lines().takeWhile(l -> !l.isEmpty()).toList();
        assertEquals(4, s.size(), sync.out());
        assertTrue(s.get(0).startsWith("t = 0: ") && s.get(0).contains("vCPU control#0 starts on core"), s.get(0));
        Run worst = run("simulate", "scenarios/rtds-global-periodic.json", "--mode", "worst-case", "--narrate", "40");
        assertEquals(0, worst.status(), worst.err());
        List<String> w = worst.out().lines().takeWhile(l -> !l.isEmpty()).toList();
        assertEquals(40, w.size(), worst.out());
        assertTrue(w.stream().allMatch(l -> l.startsWith("t = ")), worst.out());
        assertTrue(worst.out().contains("control#1"), worst.out());
    }

    @Test
    void narrateWithJsonPutsTheInstantsInTheObject() throws Exception {
        Run r = run("simulate", "scenarios/two-vms.json", "--narrate", "2", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode n = new ObjectMapper().readTree(r.out()).get("narration");
        assertEquals(2, n.size(), r.out());
        assertEquals(0.0, n.get(0).get("time").asDouble());
        assertEquals(FIRST_OF_TWO_VMS, n.get(0).get("text").asText());
        assertEquals(1.0, n.get(1).get("time").asDouble());
        assertFalse(new ObjectMapper().readTree(run("simulate", "scenarios/two-vms.json", "--json").out()).has("narration"));
    }

    @Test
    void narrateOutOfRangeOrNotAnIntegerIsBadInputNamingTheOption() {
        for (String bad : List.of("0", "-1", "abc", "1000000000000", "10001", "2.5", "")) {
            Run r = run("simulate", "scenarios/two-vms.json", "--narrate", bad);
            assertEquals(2, r.status(), bad + ": " + r.err());
            assertTrue(r.err().contains("--narrate must be an integer between 1 and 10000"), bad + ": " + r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            assertEquals("", r.out(), bad);
        }
    }

    /** One RM VM with budget = period = 1 and ten tasks of periods 10, 20, …, 100 (wcet 1). */
    private Path flatRmVm() throws Exception {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"wcet\":1,\"period\":")
                    .append(10 * (i + 1)).append('}');
        }
        Path f = dir.resolve("flat.json");
        Files.writeString(f, "{\"schemaVersion\":1,\"name\":\"flat\",\"hypervisor\":{\"policy\":\"RM\",\"cores\":1},"
                + "\"vms\":[{\"name\":\"v\",\"period\":1,\"budget\":1,\"overhead\":0,\"tasks\":[" + tasks + "]}]}");
        return f;
    }
}

package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line: exit codes, error messages and the JSON shapes of analyze, tmax and budget. */
class MainTest {

    static final String THESIS = "scenarios/thesis-example.json";
    static final ObjectMapper JSON = new ObjectMapper();

    /** Exit status, standard output and standard error of one run. */
    record Run(int status, String out, String err) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + out, e);
            }
        }
    }

    /** One subcommand object run on {@code args} (a test may first set its clock), its output captured. */
    static Run execute(java.util.concurrent.Callable<Integer> command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        picocli.CommandLine cl = new picocli.CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(status, out.toString(), err.toString());
    }

    static List<String> keys(JsonNode n) {
        List<String> k = new ArrayList<>();
        n.fieldNames().forEachRemaining(k::add);
        return k;
    }

    static void assertNoStackTrace(Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "stack trace or exception name: " + r.err());
    }

    // ---------------------------------------------------------------- exit 0

    @ParameterizedTest
    @ValueSource(strings = {"thesis-example.json", "two-vms.json", "overhead.json", "not-schedulable.json"})
    void analyzeExitsZeroOnEveryBundledScenario(String name) {
        Run r = run("analyze", "scenarios/" + name);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().isEmpty(), r.err());
        Run j = run("analyze", "scenarios/" + name, "--json");
        assertEquals(0, j.status(), j.err());
        j.json();
    }

    /**
     * The text table's policy column names the policy as the messages do (issue 17: human policy
     * names in every message); it printed the file ids "CREDIT" and "GLOBAL_EDF". JSON keeps the id.
     */
    @ParameterizedTest
    @CsvSource({"latency/credit-1ms.json, Xen Credit, CREDIT", "rtds-global-periodic.json, Global EDF (Xen RTDS), GLOBAL_EDF",
        "thesis-example.json, EDF, EDF"})
    void analyzeNamesThePolicyInItsCoreTableAsPeopleDo(String file, String title, String id) {
        Run r = run("analyze", "scenarios/" + file);
        assertEquals(0, r.status(), r.err());
        String row = r.out().lines().filter(l -> l.startsWith("0 ")).findFirst().orElseThrow();
        assertTrue(row.contains(" " + title + " "), row);
        if (!title.equals(id)) {
            assertFalse(row.contains(id), row);
        }
        assertEquals(id, run("analyze", "scenarios/" + file, "--json").json().get("cores").get(0).get("policy").asText());
    }

    /**
     * Under global EDF one host-level test decides every core: `analyze` printed it under each
     * core line ("core 0: all 4 virtual CPUs …", "core 1: all 4 virtual CPUs …") and into each
     * core's JSON "note" (issue 21). Once for the host, in text and JSON.
     */
    @Test
    void aGlobalScenarioSaysItsHostTestOnce(@TempDir Path dir) throws IOException {
        // a host no test proves and whose own schedule misses a budget (THEORY.md §15.18; Dhall's effect:
        // a's three light vCPUs of deadline 10 first, b's heavy one then ends at 11.5 > 11); b's task needs 37 of every
        // 40, more than the 10 of every 11 its vCPU gets, so only a is proved on that schedule's supply (§15.22)
        Path f = dir.resolve("dhall.json");
        Files.writeString(f, """
                { "schemaVersion": 2, "name": "dhall", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": 1, "vcpus": 3, "scheduler": "GLOBAL_EDF",
                      "tasks": [ { "name": "t1", "wcet": 0.5, "period": 20 } ] },
                    { "name": "b", "period": 11, "budget": 10.5, "scheduler": "EDF",
                      "tasks": [ { "name": "u1", "wcet": 37, "period": 40 } ] } ] }
                """);
        Run r = run("analyze", f.toString());
        assertEquals(0, r.status(), r.err());
        List<String> host = r.out().lines().filter(l -> l.contains("virtual CPUs on 2 cores by global EDF")
                && !l.startsWith(" ")).toList();
        assertEquals(1, host.size(), r.out());
        assertTrue(host.get(0).startsWith("host: all 4 virtual CPUs on 2 cores"), host.get(0));
        // each VM points to it instead of repeating its reason (printed three times before)
        assertEquals(1, r.out().split("U = 1.254545 > M", -1).length - 1, r.out());
        assertEquals(1, r.out().lines().filter(l -> l.equals(
                "  the host test does not guarantee the virtual CPUs' budgets (host, above)")).count(), r.out());
        // that schedule proves the host fails at these offsets (THEORY.md §15.18 Claim 5): not schedulable, not undecided
        assertTrue(r.out().startsWith("dhall: NOT SCHEDULABLE"), r.out());
        assertTrue(host.get(0).contains("gives vCPU b#0 (period T = 11, budget C = 10.5) a core for only 10 in its period"
                + " from 0 to 11, 0.5 short"), host.get(0));
        // no Δ is read off that schedule (a budget is short), and each VM says why
        assertEquals(2, r.out().split("the host's exact schedule not used: vCPU b#0 holds a core for less than its budget", -1).length - 1,
                r.out());
        JsonNode root = run("analyze", "scenarios/rtds-global-periodic.json", "--json").json();
        assertEquals(List.of("schedulable", "verdict", "hostNote", "cores", "vms"), keys(root));
        assertTrue(root.get("hostNote").asText().startsWith("all 4 virtual CPUs on 2 cores"), root.toString());
        for (JsonNode c : root.get("cores")) {
            assertFalse(c.has("note"), c.toString());
        }
    }

    @Test
    void notSchedulableIsAnAnswerNotAnError() {
        Run r = run("analyze", "scenarios/not-schedulable.json", "--json");
        assertEquals(0, r.status());
        assertFalse(r.json().get("schedulable").asBoolean());
        JsonNode t3 = r.json().get("vms").get(0).get("tasks").get(2);
        assertTrue(t3.get("responseTime").isNull(), "a response time past the deadline is null");
        assertFalse(t3.get("schedulable").asBoolean());
        assertTrue(run("analyze", "scenarios/not-schedulable.json").out().contains("NOT SCHEDULABLE"));
        assertEquals("not-schedulable", r.json().get("verdict").asText());
    }

    /** One VM with EDF inside, its tasks as {wcet, period} pairs. */
    private static Path edfScenario(Path dir, double period, double budget, double overhead, double[]... tasks)
            throws IOException {
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < tasks.length; i++) {
            t.append(i == 0 ? "" : ", ").append("{ \"name\": \"t").append(i).append("\", \"wcet\": ")
                    .append(tasks[i][0]).append(", \"period\": ").append(tasks[i][1]).append(" }");
        }
        Path f = dir.resolve("edf.json");
        Files.writeString(f, "{ \"schemaVersion\": 1, \"name\": \"edf\", \"vms\": [ { \"name\": \"V\", \"period\": "
                + period + ", \"budget\": " + budget + ", \"overhead\": " + overhead
                + ", \"scheduler\": \"EDF\", \"tasks\": [ " + t + " ] } ] }");
        return f;
    }

    /** Issue 8, finding 4 (b): the useful rate 0.9 equals U and every deadline is met. */
    @Test
    void anEdfVmWhoseUsefulRateEqualsItsUtilisationIsSchedulable(@TempDir Path dir) throws IOException {
        Path f = edfScenario(dir, 10, 10, 1, new double[] {9, 10});
        JsonNode root = run("analyze", f.toString(), "--json").json();
        assertEquals("schedulable", root.get("verdict").asText());
        JsonNode vm = root.get("vms").get(0);
        assertEquals("schedulable", vm.get("tasks").get(0).get("verdict").asText());
        assertEquals(11, vm.get("edf").get("horizon").asDouble(), "B + lcm(H, T) = 1 + 10");
        assertTrue(run("analyze", f.toString()).out().contains("edf: SCHEDULABLE"));
    }

    /**
     * U = 1/2 + 1/3 + 1/6 on a whole core with coprime periods near 10^6: one period of dbf − sbf
     * is beyond 64-bit ticks. The answer is "undecided" with the reason, in text and JSON, and
     * the system's verdict is undecided too — never a silent "not schedulable".
     */
    @Test
    void anEdfVmBeyondTheTestsLimitsIsUndecidedWithTheReason(@TempDir Path dir) throws IOException {
        Path f = edfScenario(dir, 1, 1, 0, new double[] {999983, 2 * 999983}, new double[] {999979, 3 * 999979},
                new double[] {999961, 6 * 999961});
        Run r = run("analyze", f.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode root = r.json();
        assertFalse(root.get("schedulable").asBoolean(), "schedulable stays a boolean: true only when proven");
        assertEquals("undecided", root.get("verdict").asText());
        JsonNode vm = root.get("vms").get(0);
        assertEquals("undecided", vm.get("verdict").asText());
        assertTrue(vm.get("reason").asText().contains("beyond 64-bit"), vm.get("reason").asText());
        assertEquals("undecided", vm.get("tasks").get(0).get("verdict").asText());
        String text = run("analyze", f.toString()).out();
        assertTrue(text.contains("edf: UNDECIDED"), text);
        assertTrue(text.contains("EDF inside: undecided: "), text);
    }

    // ---------------------------------------------------------------- exit 2

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "analyze scenarios/nowhere.json                                | scenarios/nowhere.json: file not found",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 0:1:0.1   | --alpha: every value must be between 1e-9 and 1, got 0",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 1.5       | --alpha: every value must be between 1e-9 and 1, got 1.5",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha abc       | --alpha: \"abc\" is not a number list",
        "tmax scenarios/overhead.json --vm VM1 --alpha 5e-324 --overhead 1 | --alpha: every value must be between 1e-9 and 1, got 5e-324",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 0.9:0.1:0.1 | --alpha: the range ends (0.1) before it starts (0.9)",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 0.1:0.9:0 | --alpha: the step must be positive",
        "tmax scenarios/thesis-example.json --vm VM9 --alpha 0.4       | --vm: no VM named \"VM9\"; the scenario has VM1",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 0.4 --overhead -1 | --overhead must be 0 or between 1e-9 and 1e9, got -1",
        "tmax scenarios/thesis-example.json --vm VM1 --alpha 0.4 --min-period 0 | --min-period must be between 1e-9 and 1e9, got 0",
        "budget scenarios/thesis-example.json --vm VM1 --period -5     | --period must be between 1e-9 and 1e9, got -5",
        "budget scenarios/thesis-example.json --vm nope --period 5     | --vm: no VM named \"nope\"",
        "budget scenarios/thesis-example.json --vm VM1 --period abc    | abc",
        "budget scenarios/thesis-example.json --period 5               | --vm",
        "frobnicate                                                    | frobnicate"})
    void badFilesAndOptionsExitTwoWithAClearMessage(String commandLine, String expected) {
        Run r = run(commandLine.trim().split("\\s+"));
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(expected.trim()), "expected \"" + expected.trim() + "\" in: " + r.err());
        assertNoStackTrace(r);
    }

    @Test
    void aBadScenarioFileIsReportedWithItsPathAndTheJsonPath(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, Files.readString(Path.of(THESIS)).replace("\"wcet\": 2,", "\"wcet\": -2,"));
        Run r = run("analyze", f.toString());
        assertEquals(2, r.status());
        assertEquals("error: " + f + ": vms[0].tasks[0].wcet must be positive, got -2", r.err().strip());
        assertNoStackTrace(r);
    }

    @Test
    void malformedJsonThroughTheCliGivesLineAndColumn(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, "{\n  \"schemaVersion\": 1,\n  \"name\": \"x\"\n  \"vms\": []\n}\n");
        Run r = run("analyze", f.toString(), "--json");
        assertEquals(2, r.status());
        assertTrue(r.err().contains(f + ": malformed JSON at line 4, column 3"), r.err());
        assertTrue(r.out().isEmpty(), "nothing on standard output: " + r.out());
    }

    // ---------------------------------------------------------------- JSON shapes

    @Test
    void analyzeJsonHasTheDocumentedShape() {
        JsonNode root = run("analyze", "scenarios/two-vms.json", "--json").json();
        assertEquals(List.of("schedulable", "verdict", "cores", "vms"), keys(root));
        assertEquals(List.of("core", "policy", "utilization", "schedulable", "verdict"), keys(root.get("cores").get(0)));
        JsonNode vm = root.get("vms").get(0);
        assertEquals(List.of("name", "period", "budget", "overhead", "vcpus", "bandwidth", "schedulable", "verdict", "reason",
                "supply", "mpr", "tmax", "feasiblePeriods", "exactPeriods", "edf", "tasks"), keys(vm));
        assertEquals(List.of("kind", "preemptions", "usefulBudget", "blackout"), keys(vm.get("supply")));
        assertTrue(vm.get("edf").isNull(), "RM inside: no EDF test");
        assertEquals(List.of("horizon", "steps", "witness", "note"), keys(root.get("vms").get(1).get("edf")));
        assertTrue(vm.get("feasiblePeriods").isArray());
        for (JsonNode iv : vm.get("feasiblePeriods")) {
            assertEquals(2, iv.size());
            assertTrue(iv.get(0).isNumber() && iv.get(1).isNumber());
        }
        assertEquals(List.of("name", "wcet", "period", "deadline", "responseTime", "schedulable", "verdict"),
                keys(vm.get("tasks").get(0)));
        assertEquals(2, root.get("vms").size());
        assertEquals("EDF", root.get("cores").get(0).get("policy").asText());
        assertEquals(0.9, root.get("cores").get(0).get("utilization").asDouble(), 1e-12);
    }

    @Test
    void analyzeJsonGivesTheThesisResponseTimesAndGoodPeriods() {
        JsonNode vm = run("analyze", THESIS, "--json").json().get("vms").get(0);
        assertEquals(10, vm.get("tmax").asDouble(), 1e-9);
        double[] r = {14, 15, 36};
        for (int i = 0; i < 3; i++) {
            assertEquals(r[i], vm.get("tasks").get(i).get("responseTime").asDouble(), 1e-9);
        }
        assertThesisGoodPeriodsAtPointFour(vm.get("feasiblePeriods"));
    }

    static void assertThesisGoodPeriodsAtPointFour(JsonNode iv) {
        double[][] expected = {{0.016, 22.0 / 3}, {7.5, 8}, {25.0 / 3, 55.0 / 6}, {10, 10}};
        assertEquals(expected.length, iv.size(), iv.toString());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i][0], iv.get(i).get(0).asDouble(), 1e-9, iv.toString());
            assertEquals(expected[i][1], iv.get(i).get(1).asDouble(), 1e-9, iv.toString());
        }
    }

    @Test
    void tmaxJsonHasTheDocumentedShapeAndTheThesisNumbers() {
        Run r = run("tmax", THESIS, "--vm", "VM1", "--alpha", "0.4,0.5", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode root = r.json();
        assertEquals(List.of("vm", "setting", "overhead", "points"), keys(root));
        assertEquals("among its core mates", root.get("setting").asText());
        assertEquals("VM1", root.get("vm").asText());
        assertEquals(0, root.get("overhead").asDouble());
        JsonNode p4 = root.get("points").get(0);
        assertEquals(List.of("alpha", "tmax", "feasiblePeriods", "exactPeriods", "upperBound"), keys(p4));
        assertEquals(0.4, p4.get("alpha").asDouble());
        assertEquals(10, p4.get("tmax").asDouble(), 1e-9);
        assertThesisGoodPeriodsAtPointFour(p4.get("feasiblePeriods"));
        // the same ends, exact: 22/3 is no decimal, the isolated point is exactly 10
        assertEquals("[[\"0.016\",\"22/3\"],[\"7.5\",\"8\"],[\"25/3\",\"55/6\"],[\"10\",\"10\"]]",
                p4.get("exactPeriods").toString());
        assertEquals((16 - 2) / (2 * 0.6), p4.get("upperBound").asDouble(), 1e-9);
        JsonNode p5 = root.get("points").get(1);
        assertEquals(14, p5.get("tmax").asDouble(), 1e-9);
        assertEquals(1, p5.get("feasiblePeriods").size());
    }

    @Test
    void tmaxAcceptsARangeOfBandwidths() {
        JsonNode points = run("tmax", THESIS, "--vm", "VM1", "--alpha", "0.1:0.9:0.1", "--json").json().get("points");
        assertEquals(9, points.size());
        assertEquals(0.9, points.get(8).get("alpha").asDouble(), 1e-12);
        assertEquals(0, points.get(0).get("tmax").asDouble(), "alpha 0.1 is below U = 0.3");
        assertEquals(10, points.get(3).get("tmax").asDouble(), 1e-9);
    }

    @Test
    void tmaxOverheadOptionOverridesTheVmsOverhead() {
        JsonNode root = run("tmax", THESIS, "--vm", "VM1", "--alpha", "0.5", "--overhead", "0.5", "--min-period", "0.1",
                "--json").json();
        assertEquals(0.5, root.get("overhead").asDouble());
        double lo = root.get("points").get(0).get("feasiblePeriods").get(0).get(0).asDouble();
        assertTrue(lo >= 0.5 / (0.5 - 0.3) * (1 - 1e-9), "left bound X/(alpha-U) = 2.5 respected, got " + lo);
    }

    @Test
    void tmaxOfAnEdfVmAgreesWithAnalyze() {
        JsonNode p = run("tmax", "scenarios/two-vms.json", "--vm", "logging", "--alpha", "0.4", "--json").json()
                .get("points").get(0);
        JsonNode vm = run("analyze", "scenarios/two-vms.json", "--json").json().get("vms").get(1);
        assertEquals("logging", vm.get("name").asText());
        assertEquals(vm.get("tmax").asDouble(), p.get("tmax").asDouble(), 1e-12);
        assertEquals(vm.get("feasiblePeriods"), p.get("feasiblePeriods"));
        assertEquals("[[\"0.05\",\"235/6\"]]", vm.get("exactPeriods").toString());
        assertTrue(vm.get("tasks").get(0).get("responseTime").isNull(), "EDF inside a VM has no per-task response time");
    }

    @Test
    void budgetJsonHasTheDocumentedShape() {
        Run r = run("budget", THESIS, "--vm", "VM1", "--period", "10", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode root = r.json();
        assertEquals(List.of("vm", "setting", "period", "minBudget"), keys(root));
        assertEquals("VM1", root.get("vm").asText());
        assertEquals(10, root.get("period").asDouble());
        assertEquals(4, root.get("minBudget").asDouble(), 1e-9, "t3 meets 36 exactly at C = 4");
    }

    @Test
    void theBudgetPrintedAsTextIsNeverBelowTheLeastBudget() {
        // the logging VM (EDF inside) at 13.7 needs 1.8333333333333908: "1.833333" is not enough
        double least = run("budget", "scenarios/two-vms.json", "--vm", "logging", "--period", "13.7", "--json").json()
                .get("minBudget").asDouble();
        String text = run("budget", "scenarios/two-vms.json", "--vm", "logging", "--period", "13.7").out();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("smallest budget is ([0-9.]+)").matcher(text);
        assertTrue(m.find(), text);
        double shown = Double.parseDouble(m.group(1));
        assertTrue(shown >= least, "printed " + shown + " below the least budget " + least);
        assertTrue(shown - least < 1e-6, text);
    }

    @Test
    void budgetIsNullWhenNoBudgetIsEnough(@TempDir Path dir) throws IOException {
        // An overhead of 15 per start: even the whole period (C = T = 16) leaves t1 (2, 16) late.
        Path f = dir.resolve("heavy.json");
        Files.writeString(f, Files.readString(Path.of(THESIS)).replace(
                "\"period\": 10, \"budget\": 4, \"overhead\": 0,", "\"period\": 16, \"budget\": 15.5, \"overhead\": 15,"));
        JsonNode root = run("budget", f.toString(), "--vm", "VM1", "--period", "16", "--json").json();
        assertEquals(16, root.get("period").asDouble());
        assertTrue(root.get("minBudget").isNull(), root.toString());
        assertTrue(run("budget", f.toString(), "--vm", "VM1", "--period", "16").out().contains("no budget"));
    }

    @Test
    void textOutputsNameTheVerdicts() {
        String a = run("analyze", THESIS).out();
        assertTrue(a.contains("SCHEDULABLE") && a.contains("Tmax = 10"), a);
        String t = run("tmax", THESIS, "--vm", "VM1", "--alpha", "0.4").out();
        assertTrue(t.contains("{10}"), t);
        String b = run("budget", THESIS, "--vm", "VM1", "--period", "10").out();
        assertTrue(b.contains("smallest budget is 4"), b);
    }
}

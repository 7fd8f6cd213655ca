package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A bandwidth or a utilization is a ratio or sum of the decimals the scenario was written in; the
 * JSON gave the double arithmetic's 0.39999999999999997 for 3.8 / 9.5 and 0.9500000000000001 for
 * (0.65 + 0.65 + 0.3 + 0.3) / 2. They are now the double nearest the exact value.
 */
class DecimalRatiosInJsonTest {

    private static JsonNode analyze(String file) throws Exception {
        MainTest.Run r = MainTest.run("analyze", file, "--json");
        assertEquals(0, r.status(), r.err());
        return MainTest.JSON.readTree(r.out());
    }

    @Test
    void aBandwidthIsTheRatioOfTheDecimalsAsWritten() throws Exception {
        JsonNode j = analyze("scenarios/edf-inside.json"); // C = 3.8, T = 9.5
        assertEquals("0.4", j.get("vms").get(0).get("bandwidth").asText());
        assertEquals("0.4", j.get("cores").get(0).get("utilization").asText());
    }

    @Test
    void aGlobalUtilizationIsTheExactSumOverTheCores() throws Exception {
        JsonNode j = analyze("scenarios/rtds-global-periodic.json");
        assertEquals("0.95", j.get("cores").get(0).get("utilization").asText());
    }

    @Test
    void aRatioWithNoShortDecimalIsTheNearestDouble() throws Exception {
        JsonNode j = analyze("scenarios/overhead-preemption.json");
        for (JsonNode c : j.get("cores")) {
            double u = c.get("utilization").asDouble();
            assertEquals(Double.toString(u), c.get("utilization").asText()); // what Jackson writes is the double's shortest form
        }
        assertEquals("0.9333333333333333", j.get("cores").get(0).get("utilization").asText());
    }

    /**
     * The commands' JSON wrote every time as Java prints a double (a period of 150.0, a horizon of
     * 200.0, 1.0E-4) while saved scenarios write 150 and 0.0001: the same numbers read alike in both now.
     */
    @Test
    void numbersAreWrittenAsTyped() throws Exception {
        java.util.regex.Pattern javaLike = java.util.regex.Pattern.compile("[:\\[,]-?[0-9]+(\\.0[,}\\]]|(\\.[0-9]+)?[eE])");
        String[][] commands = {
            {"analyze", "scenarios/thesis-example.json", "--json"},
            {"analyze", "scenarios/rtds-global-periodic.json", "--json"},
            {"simulate", "scenarios/rtds-global-periodic.json", "--json"},
            {"simulate", "scenarios/thesis-example.json", "--json"},
            {"design", "scenarios/rtds-example.json", "--place", "--json"},
            {"tmax", "scenarios/thesis-example.json", "--vm", "VM1", "--alpha", "0.4", "--json"},
        };
        for (String[] c : commands) {
            MainTest.Run r = MainTest.run(c);
            assertEquals(0, r.status(), String.join(" ", c) + ": " + r.err());
            java.util.regex.Matcher m = javaLike.matcher(r.out());
            org.junit.jupiter.api.Assertions.assertFalse(m.find(), String.join(" ", c) + " writes "
                    + (m.find(0) ? r.out().substring(Math.max(0, m.start() - 30), Math.min(r.out().length(), m.end() + 10)) : ""));
            MainTest.JSON.readTree(r.out()); // and it is JSON
        }
        // a value that is not short keeps every digit it needs
        assertEquals("0.9333333333333333", analyze("scenarios/overhead-preemption.json").get("cores").get(0).get("utilization").asText());
    }

    /**
     * A user trial: a mean response time of 109.6744 (the sum of the response times over the jobs,
     * in ticks, over the ticks per unit) came out 109.67439999999999, the quotient rounded twice.
     * It is now one division, rounded once.
     */
    @Test
    void aMeanResponseTimeIsRoundedOnce() throws Exception {
        MainTest.Run r = MainTest.run("simulate", "scenarios/rtds-example.json", "--horizon", "100000", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode a2 = MainTest.JSON.readTree(r.out()).get("vms").get(0).get("tasks").get(1);
        assertEquals("a2", a2.get("name").asText());
        assertEquals("109.6744", a2.get("meanResponseTime").asText());
    }

    /** Credit, proportional share and FP/FP give a VM no budget: the JSON showed the model's placeholder period = budget = 1. */
    @Test
    void aPolicyWithoutBudgetsHasNoPeriodBudgetOrBandwidth() throws Exception {
        JsonNode vm = analyze("scenarios/latency/credit-1ms.json").get("vms").get(0);
        for (String field : new String[] {"period", "budget", "bandwidth"}) {
            org.junit.jupiter.api.Assertions.assertTrue(vm.get(field).isNull(), field + " under Credit: " + vm.get(field));
        }
        assertEquals(0.0, vm.get("overhead").asDouble());
    }

    /**
     * compare's CSV itself (not only the helper it calls) on not-schedulable.json, C = 3.8 and
     * T = 9.5: 0.4, where the doubles' quotient is 0.39999999999999997 (a user trial).
     */
    @Test
    void comparesCsvSaysPointFourForThreePointEightOverNinePointFive(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        MainTest.Run r = MainTest.run("compare", "scenarios/not-schedulable.json", "--gantt", dir.resolve("g").toString());
        assertEquals(0, r.status(), r.err());
        java.util.List<String> rows = java.nio.file.Files.readAllLines(dir.resolve("g").resolve("compare.csv"));
        assertEquals("hypervisor,vm,bandwidth,jobs,missed,worst response / deadline", rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            assertEquals("0.4", org.vmsched.TestCsv.cells(row).get(2), row);
        }
    }

    /** The tables CSV (the window's Export Tables) wrote the doubles' 0.39999999999999997 for 3.8 / 9.5 too. */
    @Test
    void theTablesCsvSaysPointFourForThreePointEightOverNinePointFive() throws Exception {
        org.vmsched.model.Scenario s = org.vmsched.io.ScenarioJson.load(java.nio.file.Path.of("scenarios/not-schedulable.json"));
        String csv = org.vmsched.io.ResultTables.csv(s, org.vmsched.analysis.SystemAnalysis.analyze(s), null);
        String vm = csv.lines().filter(l -> l.startsWith("vm,")).findFirst().orElseThrow();
        assertEquals("0.4", org.vmsched.TestCsv.cells(vm).get(11), vm);
    }

    /** compare's CSV wrote budget/period in doubles (a user-trial review). */
    @Test
    void compareWritesTheBandwidthAsTheDecimalRatio() {
        assertEquals(0.4, org.vmsched.model.VirtualMachine.of("v", 9.5, 3.8, 0,
                java.util.List.of(org.vmsched.model.Task.of("t", 1, 10))).bandwidthAsWritten());
    }
}

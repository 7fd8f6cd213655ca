package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Findings of a user trial: numbers a reader cannot use (a budget rounded above its period, a
 * 16-digit period, Java's "1.0E-9"), a rounding that did not only help, a refusal answered with
 * exit 0, and a floor dropped without a word.
 */
class UserTrialNumbersTest {

    private static void assertOneLineError(MainTest.Run r) {
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals(1, r.err().strip().split("\\R").length, r.err());
        MainTest.assertNoStackTrace(r);
    }

    /** No Java spelling of a number: "16.0", "1.0E-9", "1E308". */
    private static void assertNoJavaNumbers(String text) {
        assertFalse(text.matches("(?s).*\\d\\.0\\b(?!\\d).*") || text.matches("(?s).*\\dE[-+]?\\d.*"),
                "a number as Java writes it: " + text);
    }

    @Test
    void budgetIsRoundedUpToSixSignificantDigitsNotToSixDecimals() {
        MainTest.Run r = MainTest.run("budget", "scenarios/thesis-example.json", "--vm", "VM1", "--period", "1e-9");
        assertEquals(0, r.status(), r.err());
        // the least budget is 3.125000000097771e-10: 0.000001 was a thousand times the period
        assertTrue(r.out().contains("the smallest budget is 0.000000000312501 (rounded up"), r.out());
    }

    @Test
    void exportConfigRefusesAPeriodBelowOneUnitOfTheTargetInsteadOfRoundingItUp() {
        MainTest.Run r = MainTest.run("export-config", "scenarios/rtds-example.json", "--target", "rtds", "--unit-us", "0.001");
        assertOneLineError(r);
        assertTrue(r.err().contains("VMa") && r.err().contains("0.05 us") && r.err().contains("1 us"), r.err());
        assertFalse(r.out().contains("-> 1 us"), r.out());
    }

    @Test
    void globalDesignWritesAnEmptyRangeOfPeriodsPlainlyWithReadableNumbers() {
        MainTest.Run r = MainTest.run("design", "scenarios/rtds-global-periodic.json", "--max-switches", "1e-9");
        assertEquals(0, r.status(), r.err());
        assertFalse(r.out().contains("999999999999.9999"), r.out());
        assertFalse(r.out().contains("periods searched [1000000000000, 10]"), "an inverted range: " + r.out());
        assertTrue(r.out().contains("no period to search: the least, 1000000000000, is above the largest, 10"), r.out());
    }

    @ParameterizedTest
    @CsvSource({"design,--max-period", "tmax,--alpha"})
    void aMinimumPeriodBelowTheAnalysisLimitIsRefusedWithExit2AndReadableNumbers(String command, String other) {
        MainTest.Run r = command.equals("design")
                ? MainTest.run("design", "scenarios/thesis-example.json", "--min-period", "1e-9", "--max-period", "1e9")
                : MainTest.run("tmax", "scenarios/thesis-example.json", "--vm", "VM1", "--alpha", "0.4", "--min-period", "1e-9");
        assertOneLineError(r);
        assertTrue(r.err().contains("--min-period must be at least 0.000000016 (1e-9 times VM1's shortest task period 16), got 1e-9"),
                r.err());
        assertNoJavaNumbers(r.err());
    }

    @Test
    void minimumAboveMaximumPeriodShowsBothAsTyped() {
        MainTest.Run r = MainTest.run("design", "scenarios/thesis-example.json", "--min-period", "5", "--max-period", "4");
        assertOneLineError(r);
        assertTrue(r.err().contains("--min-period 5 is above --max-period 4"), r.err());
    }

    @Test
    void aHorizonShorterThanATickIsQuotedAsTyped() {
        MainTest.Run r = MainTest.run("simulate", "scenarios/rtds-global-periodic.json", "--mode", "worst-case", "--horizon", "1e-9");
        assertOneLineError(r);
        assertTrue(r.err().contains("horizon 1e-9 is less than one tick"), r.err());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "simulate|vms[0].period = 10 rounds to 0 ticks at resolution 1e-9",
        "simtmax|tasks[0].wcet = 2 rounds to 0 ticks at resolution 1e-9"})
    void aResolutionThatRoundsAValueToNothingQuotesBothReadably(String command, String expected) {
        MainTest.Run r = command.equals("simulate")
                ? MainTest.run("simulate", "scenarios/thesis-example.json", "--resolution", "1e-9")
                : MainTest.run("simtmax", "scenarios/thesis-example.json", "--vm", "VM1", "--alpha", "0.4", "--resolution", "1e-9");
        assertOneLineError(r);
        assertTrue(r.err().contains(expected), r.err());
        assertNoJavaNumbers(r.err());
    }

    @Test
    void aHugeTaskPeriodIsBlamedOnThePeriodOnlyNotOnTheDeadlineNobodyTyped(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("huge.json");
        Files.writeString(f, Files.readString(Path.of("scenarios/thesis-example.json"))
                .replace("\"wcet\": 2, \"period\": 16", "\"wcet\": 2, \"period\": 1e308"));
        MainTest.Run r = MainTest.run("analyze", f.toString());
        assertOneLineError(r);
        assertTrue(r.err().contains("tasks[0].period must be at most 1e9, got 1e308"), r.err());
        assertFalse(r.err().contains("deadline"), r.err());
        assertNoJavaNumbers(r.err());
    }

    @Test
    void designWithAFinerTimeUnitKeepsTheOneMillisecondFloorInThatUnit() {
        MainTest.Run r = MainTest.run("design", "scenarios/thesis-example.json", "--unit-us", "0.001");
        assertEquals(0, r.status(), r.err());
        // 16 ps was proposed: 1 ms is 1000000 time units of 0.001 us, above every period searched
        assertFalse(r.out().contains("0.0160025"), r.out());
        assertTrue(r.out().contains("1 ms") && r.out().contains("1000000"), r.out());
    }
}

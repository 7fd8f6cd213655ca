package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18: {@code design} and {@code design --place} ran for tens of seconds without a word. Past
 * its first second a run prints a progress line on stderr once a second, as {@code simulate} does;
 * stdout is what it was. The clock is the test's own: every reading moves it 0.4 s, so any run
 * "takes" more than a second without waiting.
 */
class DesignProgressTest {

    private static MainTest.Run slow(String... args) {
        long[] now = {0};
        DesignCommand cmd = new DesignCommand();
        cmd.nanos = () -> now[0] += 400_000_000L;
        return MainTest.execute(cmd, args);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "scenarios/overhead.json|designing VM1: ",
        "scenarios/overhead.json --json|designing VM1: ",
        "scenarios/rtds-example.json --place|placing",
        "scenarios/rtds-global-periodic.json|designing control (VM 1 of 2): "})
    void aLongRunSaysHowFarItIsOnStderrAndStdoutIsUnchanged(String args, String phrase) {
        String[] a = args.split(" ");
        MainTest.Run quick = MainTest.run(withCommand("design", a));
        assertSaysHowFar(quick, slow(a), phrase);
    }

    /** {@code command} followed by {@code args}. */
    static String[] withCommand(String command, String[] args) {
        String[] out = new String[args.length + 1];
        out[0] = command;
        System.arraycopy(args, 0, out, 1, args.length);
        return out;
    }

    /**
     * A run with a slow clock ({@code slow}) prints what the quick one does on stdout and only
     * progress lines on stderr, one of them naming {@code phrase}, the last one at 100 %.
     */
    static void assertSaysHowFar(MainTest.Run quick, MainTest.Run slow, String phrase) {
        assertEquals(0, slow.status(), slow.err());
        assertEquals(quick.out(), slow.out(), "stdout is the same with the progress line on stderr");
        assertTrue(slow.err().contains(phrase), slow.err());
        assertTrue(slow.err().matches("(?s)(\\S[^\\n]*: \\d{1,3}%, \\d+ s\\R)+"), "only progress lines: " + slow.err());
        String[] lines = slow.err().split("\\R");
        assertTrue(lines[lines.length - 1].matches(".*: 100%, \\d+ s"), "ends at 100%: " + slow.err());
        assertEquals(1, slow.err().split("100%", -1).length - 1, "one line at 100%: " + slow.err());
    }

    /**
     * Issue 30, item 18: {@code --place --write} into a folder that does not exist was refused only
     * after the placement had run (the slow clock shows its progress line); it is checked first.
     */
    @org.junit.jupiter.api.Test
    void aWritePathThatCannotBeWrittenIsRefusedBeforeThePlacementRuns(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        String bad = tmp.resolve("missing").resolve("placed.json").toString();
        MainTest.Run r = slow("scenarios/rtds-example.json", "--place", "--write", bad);
        assertTrue(r.status() != 0, r.out());
        assertTrue(r.err().contains("--write: cannot write " + bad + ": no such folder"), r.err());
        assertTrue(!r.err().contains("placing"), "the placement ran first: " + r.err());
        assertEquals("", r.out());
        assertEquals(2, MainTest.run("design", "scenarios/rtds-example.json", "--place", "--write", bad).status());
    }
}

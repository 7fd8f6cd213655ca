package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.AtomicFiles;
import org.vmsched.model.Limits;

/**
 * The table of issue 20, one test per row: the commands added later (design, import,
 * export-config, latency-study, reproduce) answer bad input like the rest, exit 2 with one line
 * in our words and never an internal error.
 */
class NewerCommandsBadInputTest {

    static final String GOOD = "scenarios/two-vms.json";

    @TempDir
    Path dir;

    /** Exit 2 with one printable "error: " line naming no Java class; returns that line. */
    static String refused(String... args) {
        MainTest.Run r = MainTest.run(args);
        assertEquals(2, r.status(), String.join(" ", args) + " -> " + r.err());
        String first = r.err().strip().split("\n")[0];
        assertTrue(first.startsWith("error: "), first);
        assertTrue(Limits.printable(first), first);
        assertFalse(first.matches(".*\\b(java|org|com)\\.[a-z]+\\..*") || first.contains("Exception"), first);
        return first;
    }

    @Test
    void row1AFifoIsRefusedAtOnceByAnalyzeAndImport() throws Exception {
        Path f = dir.resolve("f.json");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", f.toString()).start().waitFor() == 0, "no mkfifo here");
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertTrue(refused("analyze", f.toString()).contains("not a regular file"));
            assertTrue(refused("import", f.toString()).contains("not a regular file"));
            assertTrue(refused("experiment", f.toString()).contains("not a regular file"));
        });
    }

    @Test
    void row2ImportOfDevZeroIsRefusedWithoutReadingIt() {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")));
        assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertTrue(refused("import", "/dev/zero").contains("not a regular file")));
    }

    @Test
    void row3ACartsFilePastEightMibIsRefused() throws Exception {
        Path big = dir.resolve("big.xml");
        Files.writeString(big, " ".repeat(Limits.MAX_FILE_BYTES) + "<system os_scheduler=\"EDF\"><component name=\"c\""
                + " scheduler=\"EDF\"><task name=\"t\" p=\"10\" e=\"1\"/></component></system>");
        assertTrue(refused("import", big.toString()).contains("larger than 8 MiB"));
    }

    @Test
    void row4DesignOfABundledCreditScenarioSaysWhyThereIsNothingToDesign() {
        String m = refused("design", "scenarios/latency/credit-1ms.json");
        assertTrue(m.contains("Xen Credit gives a VM no interface to design"), m);
    }

    @Test
    void row5ExportConfigUnitUsNamesTheOptionAndItsRange() {
        String m = refused("export-config", GOOD, "--target", "rtds", "--unit-us", "1e-300");
        assertTrue(m.contains("--unit-us must be between 0.001 and 1e9 microseconds, got 1e-300"), m);
    }

    @Test
    void row6LatencyStudyPastTheSimulationLimitIsBadInputWithoutTheClassName() {
        String m = refused("latency-study", "--horizon", "1e9");
        assertTrue(m.contains("give --max-jobs N or a shorter horizon"), m);
        assertFalse(m.contains("SimulationInputException"), m);
    }

    @Test
    void row7DesignGranularityOutOfRangeAnswersAtOnce() {
        assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertTrue(refused("design", GOOD, "--granularity", "1e-300").contains("--granularity")));
    }

    @Test
    void row8DesignPlaceCoresPastTheFileLimitIsRefused() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            String m = refused("design", GOOD, "--place", "--cores", "2147483647");
            assertTrue(m.contains("--cores must be an integer between 1 and 64 cores, got 2147483647"), m);
        });
    }

    /**
     * A value picocli cannot read as the option's number type (1e308 or 2.5 for an integer, "abc")
     * was answered in picocli's words ("Invalid value for option '--cores': '1e308' is not an int");
     * it now reads as every other range message.
     */
    @Test
    void row8AnIntegerOptionGivenAnUnreadableValueGetsTheRangeMessage() {
        assertTrue(refused("design", GOOD, "--place", "--cores", "1e308")
                .contains("--cores must be an integer between 1 and 64 cores, got 1e308"));
        assertTrue(refused("design", GOOD, "--place", "--cores", "2.5")
                .contains("--cores must be an integer between 1 and 64 cores, got 2.5"));
        String m = refused("simulate", GOOD, "--max-jobs", "abc");
        assertTrue(m.contains("--max-jobs must be an integer between 1 and 1e10, got \"abc\""), m);
        assertTrue(!m.contains("Invalid value") && !m.contains("is not a"), m);
    }

    @Test
    void row9DesignPeriodsOutsideTheTimeRangeAreRefused() {
        assertTrue(refused("design", GOOD, "--min-period", "NaN").contains("--min-period"));
        assertTrue(refused("design", GOOD, "--max-period", "1e308").contains("--max-period must be between 1e-9 and 1e9, got 1e308"));
        assertTrue(refused("design", GOOD, "--hypervisor-min-period", "1e308").contains("--hypervisor-min-period"));
    }

    /**
     * As row 9, for the ends of a from:to:step list ({@code tmax}/{@code simtmax --alpha}): NaN as
     * the end was dropped silently (exit 0, the start alone), NaN as the start was reported as
     * "got 0.0", and an end of Infinity or 1e308 as "-9223372036854775808 values is too many".
     */
    @Test
    void row9TheEndsOfARangeListAreCheckedLikeEveryValue() {
        String[] vm = {"--vm", "control", "--alpha"};
        for (String cmd : new String[] {"tmax", "simtmax"}) {
            assertTrue(refused(cmd, GOOD, vm[0], vm[1], vm[2], "0.1:NaN:0.1").endsWith("--alpha: every value must be between 1e-9 and 1, got NaN"));
            assertTrue(refused(cmd, GOOD, vm[0], vm[1], vm[2], "NaN:0.9:0.1").endsWith("got NaN"));
            assertTrue(refused(cmd, GOOD, vm[0], vm[1], vm[2], "0.1:Infinity:0.1").endsWith("got Infinity"));
            assertTrue(refused(cmd, GOOD, vm[0], vm[1], vm[2], "0.1:1e308:0.1").endsWith("got 1e308"));
        }
        String m = refused("tmax", GOOD, "--vm", "control", "--alpha", "0.1:0.9:1e-300");
        assertTrue(m.contains("--alpha: ") && m.contains("values is too many (at most 100001)") && !m.matches(".*: -[0-9].*"), m);
    }

    @Test
    void row10ReproduceWithoutASubcommandIsAUsageError() {
        MainTest.Run r = MainTest.run("reproduce");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("cbs-fpfp") && r.err().contains("two-vm"), r.err());
    }

    @Test
    void row15WriteErrorsGiveTheReasonAndNeverTheTemporarysName() throws Exception {
        Path file = dir.resolve("afile");
        Files.writeString(file, "x");
        String m = refused("reproduce", "two-vm", "--out", file.toString());
        assertTrue(m.contains("is a file, not a folder"), m);
        assertEquals("", MainTest.run("reproduce", "two-vm", "--out", file.toString()).out(),
                "refused before the study is run or printed");
        Path proc = Path.of("/proc");
        Assumptions.assumeTrue(Files.isDirectory(proc));
        m = refused("simulate", GOOD, "--horizon", "10", "--trace", "/proc/x.csv");
        assertFalse(m.contains(AtomicFiles.TEMP_MARK), m);
        assertTrue(m.matches("error: --trace: cannot write /proc/x\\.csv: [a-z].*"), m);
    }

    /**
     * simulate checks that the trace's folder can be written before the run; that check said only
     * "cannot write in the folder /proc" (for a user other than root, /proc itself; for root too,
     * /proc/self), where the row asks for the reason as every other write gives it.
     */
    @Test
    void row15AFolderTheTraceCannotBeWrittenInGivesTheReason() throws Exception {
        Path self = Path.of("/proc/self");
        Assumptions.assumeTrue(Files.isDirectory(self) && !Files.isWritable(self), "no /proc/self here, or it is writable");
        String m = refused("simulate", GOOD, "--horizon", "10", "--trace", "/proc/self/x.csv");
        assertTrue(m.matches("error: --trace: cannot write /proc/self/x\\.csv: [a-z].*"), m);
        assertEquals("", MainTest.run("simulate", GOOD, "--horizon", "10", "--trace", "/proc/self/x.csv").out(),
                "refused before the run is printed");
    }

    /**
     * A folder that cannot be made where nothing can be (procfs answers "no such file") said
     * "file not found", as if a file were missing; it says what the file writes say.
     */
    @Test
    void row15AFolderThatCannotBeMadeSaysNoSuchFileOrFolder() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc")), "no /proc here");
        String m = refused("compare", GOOD, "--horizon", "10", "--gantt", "/proc/g");
        assertEquals("error: --gantt: cannot create the folder /proc/g: no such file or folder", m);
    }

    @Test
    void row15AReadOnlyFolderForTheTraceSaysPermissionDenied() throws Exception {
        Path ro = dir.resolve("ro");
        Files.createDirectory(ro);
        assertTrue(ro.toFile().setWritable(false));
        try {
            Assumptions.assumeFalse(Files.isWritable(ro), "running as root: a read-only folder is writable");
            String m = refused("simulate", GOOD, "--horizon", "10", "--trace", ro.resolve("x.csv").toString());
            assertTrue(m.endsWith(": permission denied"), m);
        } finally {
            ro.toFile().setWritable(true);
        }
    }

    @Test
    void row17OutputFoldersThatAreSymlinksAreRefusedLikeExperimentOut() throws Exception {
        Path target = dir.resolve("real");
        Files.createDirectory(target);
        Files.writeString(target.resolve("mine.txt"), "keep");
        Path link = dir.resolve("link");
        try {
            Files.createSymbolicLink(link, target);
        } catch (UnsupportedOperationException | java.io.IOException e) {
            Assumptions.abort("no symbolic links here");
        }
        assertTrue(refused("reproduce", "two-vm", "--out", link.toString()).contains("is a symbolic link"));
        assertEquals("", MainTest.run("reproduce", "two-vm", "--out", link.toString()).out(),
                "refused before the study is run or printed");
        assertTrue(refused("compare", GOOD, "--horizon", "10", "--gantt", link.toString()).contains("is a symbolic link"));
        assertEquals("", MainTest.run("compare", GOOD, "--horizon", "10", "--gantt", link.toString()).out(),
                "refused before any comparison is run or printed");
        try (var s = Files.list(target)) {
            assertEquals(1, s.count(), "nothing written into the linked folder");
        }
    }

    @Test
    void theOneThingWrongComesFirstForAFileOfTheOtherKind() {
        String m = refused("experiment", GOOD);
        assertTrue(m.startsWith("error: " + GOOD + ": this is a scenario file; `experiment` takes an experiment file"), m);
        assertTrue(m.length() < 300, m);
        m = refused("analyze", "scenarios/experiments/thesis-tmax.json");
        assertTrue(m.contains(": this is an experiment file;"), m);
        assertTrue(m.length() < 300, m);
    }

    /** A user trial (2026-11-29): compare --window without --gantt was silently ignored; it only sets the charts' time. */
    @Test
    void compareWindowWithoutGanttIsRefusedNamingBoth() {
        String m = refused("compare", GOOD, "--horizon", "10", "--window", "5");
        assertTrue(m.contains("--window") && m.contains("--gantt"), m);
    }
}

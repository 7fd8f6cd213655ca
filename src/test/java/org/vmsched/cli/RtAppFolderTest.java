package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export-config --target rt-app --out DIR} and {@code measure --out DIR} on a folder a run
 * has written into: a measured trace cannot be repeated, so a folder holding any file the export
 * does not write is refused, not replaced.
 */
class RtAppFolderTest {

    private static final String SCENARIO = "scenarios/linux-rt-groups.json";

    /** A folder as {@code measure --out} leaves it: the export's files, then the run's trace, logs and report. */
    private static Path measured(Path dir) throws Exception {
        Path out = dir.resolve("run1");
        assertEquals(0, MainTest.run("export-config", SCENARIO, "--target", "rt-app", "--out", out.toString()).status());
        Files.writeString(out.resolve("trace.txt"), "# tracer: nop\n");
        Files.writeString(out.resolve("rt-app-vmsched_ctl.out"), "[rt-app] <notice> Exiting.\n");
        Files.writeString(out.resolve("report.txt"), "report\n");
        return out;
    }

    @Test
    void exportIntoAMeasuredFolderIsRefusedNamingTheTraceAndKeepsEveryFile(@TempDir Path dir) throws Exception {
        Path out = measured(dir);
        String ctl = Files.readString(out.resolve("ctl.json"));
        String m = NewerCommandsBadInputTest.refused("export-config", SCENARIO, "--target", "rt-app", "--out", out.toString());
        assertTrue(m.contains("--out") && m.contains(out.toString()) && m.contains("trace.txt"), m);
        assertTrue(Files.isRegularFile(out.resolve("trace.txt")), "the measured trace is kept");
        assertTrue(Files.isRegularFile(out.resolve("report.txt")) && Files.isRegularFile(out.resolve("rt-app-vmsched_ctl.out")));
        assertEquals(ctl, Files.readString(out.resolve("ctl.json")));
    }

    @Test
    void measureIntoAMeasuredFolderIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path out = measured(dir);
        boolean[] started = new boolean[1];
        MainTest.Run r = MeasureCommandTest.run(pb -> {
            started[0] = true;
            return new ProcessBuilder("sh", "-c", "exit 0").start();
        }, MeasureCommand.RUNTIME_HOOKS, MeasureInterrupt.Machine.LINUX, () -> { },
                "measure", SCENARIO, "--seconds", "1", "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--out") && r.err().contains("trace.txt"), r.err());
        assertTrue(!started[0], "run.sh was not started");
        assertTrue(Files.isRegularFile(out.resolve("trace.txt")), "the measured trace is kept");
    }

    @Test
    void anEarlierExportAloneIsStillReplaced(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("rtapp");
        assertEquals(0, MainTest.run("export-config", SCENARIO, "--target", "rt-app", "--out", out.toString()).status());
        Files.writeString(out.resolve("ctl.json"), "edited by hand\n");
        MainTest.Run r = MainTest.run("export-config", SCENARIO, "--target", "rt-app", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.readString(out.resolve("ctl.json")).contains("\"tasks\""), "written again");
    }
}

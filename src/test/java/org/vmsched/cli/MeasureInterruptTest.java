package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The line {@code measure}'s shutdown hook says after a Ctrl-C, on a fake machine (a cgroup folder
 * and a tracing_on file) that run.sh's stand-in changes: what it finds is what it says.
 */
class MeasureInterruptTest {

    /** The hook's line after {@code standIn} ran as run.sh (it says "running" once it has changed the machine). */
    private static String interrupted(MeasureInterrupt i, String standIn, long waitMillis) throws Exception {
        Process p = i.start(pb -> new ProcessBuilder("sh", "-c", standIn).start(), new ProcessBuilder());
        try {
            assertEquals("running", p.inputReader().readLine());
            StringWriter err = new StringWriter();
            i.interrupt(new PrintWriter(err, true), waitMillis);
            assertTrue(i.interrupted());
            List<String> lines = err.toString().strip().lines().toList();
            assertEquals(1, lines.size(), err.toString());
            return lines.get(0);
        } finally {
            p.destroyForcibly();
        }
    }

    private static MeasureInterrupt.Machine machine(Path dir) throws Exception {
        return new MeasureInterrupt.Machine(Files.createDirectories(dir.resolve("cpu")),
                Files.writeString(dir.resolve("tracing_on"), "0\n"));
    }

    @Test
    void whatRunShLeftBehindIsNamedWithHowToUndoIt(@TempDir Path dir) throws Exception {
        MeasureInterrupt.Machine m = machine(dir);
        Path out = Files.createDirectories(dir.resolve("m"));
        Files.writeString(out.resolve("trace.txt"), "");
        Files.writeString(out.resolve("rt-app-vmsched_ctl.out"), "");
        MeasureInterrupt i = new MeasureInterrupt(m, out, false, List.of("vmsched_ctl", "vmsched_batch"));
        // a stand-in whose cleanup removes one group only and leaves tracing on
        String line = interrupted(i, "trap 'rmdir " + m.cgroup().resolve("vmsched_batch") + "; exit 143' TERM; mkdir "
                + m.cgroup().resolve("vmsched_ctl") + " " + m.cgroup().resolve("vmsched_batch") + "; echo 1 > "
                + m.tracingOn() + "; echo running; while :; do sleep 0.05; done", MeasureInterrupt.WAIT_MILLIS);
        assertEquals("measure: interrupted; run.sh did not restore everything: cgroups still there: vmsched_ctl under "
                + m.cgroup() + " (rmdir them); " + m.tracingOn() + " reads 1, it read 0 before the run; " + out
                + " keeps the rt-app files and run.sh, rt-app's logs, the trace and no report", line);
    }

    @Test
    void aRunShThatDoesNotEndInTimeIsSaidWithWhereToLook(@TempDir Path dir) throws Exception {
        MeasureInterrupt.Machine m = machine(dir);
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        MeasureInterrupt i = new MeasureInterrupt(m, tmp, true, List.of("vmsched_ctl"));
        // TERM ignored: the hook stops waiting, and keeps the temporary folder run.sh may still write into
        String line = interrupted(i, "trap '' TERM; echo running; while :; do sleep 0.05; done", 200);
        assertTrue(line.startsWith("measure: interrupted; run.sh did not finish restoring the machine within 0 s: look for"
                + " vmsched_ctl under " + m.cgroup()), line);
        assertTrue(line.endsWith("its files stay in " + tmp), line);
        assertTrue(Files.isDirectory(tmp));
    }

    @Test
    void aTemporaryFolderIsRemovedOnceRunShHasRestoredTheMachine(@TempDir Path dir) throws Exception {
        MeasureInterrupt.Machine m = machine(dir);
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.writeString(tmp.resolve("run.sh"), "");
        MeasureInterrupt i = new MeasureInterrupt(m, tmp, true, List.of("vmsched_ctl"));
        String line = interrupted(i, "trap 'exit 143' TERM; echo running; while :; do sleep 0.05; done",
                MeasureInterrupt.WAIT_MILLIS);
        assertEquals("measure: interrupted; run.sh restored the machine (cgroups vmsched_ctl removed, tracing off as found);"
                + " nothing kept (no --out: the temporary folder is removed)", line);
        assertFalse(Files.exists(tmp));
    }

    @Test
    void anInterruptBeforeRunShStartsLeavesTheMachineAloneAndStartsNothing(@TempDir Path dir) throws Exception {
        MeasureInterrupt.Machine m = machine(dir);
        Path out = Files.createDirectories(dir.resolve("m"));
        MeasureInterrupt i = new MeasureInterrupt(m, out, false, List.of("vmsched_ctl"));
        StringWriter err = new StringWriter();
        i.interrupt(new PrintWriter(err, true), 200);
        assertEquals("measure: interrupted before run.sh started: the machine is unchanged; " + out + " keeps the rt-app"
                + " files and run.sh, no trace and no report", err.toString().strip());
        assertNull(i.start(pb -> {
            throw new AssertionError("run.sh started after the interrupt");
        }, new ProcessBuilder()));
    }
}

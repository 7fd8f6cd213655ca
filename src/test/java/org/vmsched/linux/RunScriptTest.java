package org.vmsched.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.sh's run and finish ({@code run-start-tracing.sh}, the {@code start_vm} lines, {@code
 * run-finish.sh}) on a made-up machine: cgroup and tracefs folders in a temporary folder and a
 * stand-in rt-app on the PATH, so no root, kernel or rt-app is needed. The checks before them
 * need root and are not run here.
 */
class RunScriptTest {

    /** What sh said and its status. */
    record Ended(int status, String err) {
    }

    /**
     * Runs run.sh from the tracing on, for {@code seconds}, with {@code rtApp} as rt-app's body
     * (POSIX sh), in {@code dir}: its output folder is {@code dir/out}.
     */
    static Ended run(Path dir, int seconds, String rtApp) throws Exception {
        return run(dir, seconds, rtApp, true);
    }

    /** {@link #run(Path, int, String)}, with rt-app's calibration first unless {@code calibrated}. */
    static Ended run(Path dir, int seconds, String rtApp, boolean calibrated) throws Exception {
        RtAppExport.Output o = RtAppExport.export(RtAppExportTest.example(), 1000);
        Path here = Files.createDirectories(dir.resolve("here"));
        Files.writeString(here.resolve("ctl.json"), o.files().get("ctl.json"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Path cg = Files.createDirectories(dir.resolve("cpu/vmsched_ctl"));
        Path tr = Files.createDirectories(dir.resolve("tracing"));
        Files.writeString(tr.resolve("trace"), "# tracer: nop\n");
        String events = "sched_switch sched_wakeup sched_wakeup_new sched_process_exit";
        for (String e : events.split(" ")) {
            Files.createDirectories(tr.resolve("events/sched/" + e));
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path exe = Files.writeString(bin.resolve("rt-app"), "#!/bin/sh\n" + rtApp + "\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        // the prologue's variables as run-prologue.sh and RunScript set them, the calibration skipped
        String script = "set -u\nseconds=" + seconds + "\nhere='" + here + "'\nout='" + out + "'\ncg='" + cg.getParent()
                + "'\ntr='" + tr + "'\nevents='" + events + "'\nmissing() { echo \"run.sh: cannot run: $*\" >&2; exit 2; }\n"
                + "cpus='1'\npids=''\n" + (calibrated ? "CALIBRATION=60\n" : "") + part("run-start-tracing.sh") + "start_vm vmsched_ctl ctl.json\n"
                + part("run-finish.sh");
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", script).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Ended(p.waitFor(), err);
    }

    private static String part(String name) throws IOException {
        try (InputStream in = RunScript.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    // measure in the background of a shell script (INT ignored, which sh cannot trap then): a kill -INT
    // of its process group stopped rt-app, which ends with status 0 on INT and TERM, and run.sh kept the
    // 6.5 s trace of a 10 s run and ended with 0, so measure reported it as a complete run
    @Test
    void anRtAppThatEndsBeforeTheSecondsAskedIsACutShortRunNotAnEndedOne(@TempDir Path dir) throws Exception {
        Ended e = run(dir, 60, "exit 0");
        assertEquals(RtAppExport.CUT_SHORT, e.status(), e.err());
        assertTrue(e.err().contains("run.sh: cut short: rt-app ran ") && e.err().contains(" of the 60 asked"), e.err());
        assertTrue(Files.isRegularFile(dir.resolve("out/trace.txt")), "the trace of what ran is kept");
    }

    // a signal during rt-app's calibration (a TERM here; run.sh's own trap is for the run) left no pLoad line, and
    // run.sh said "rt-app's calibration printed no pLoad (set CALIBRATION=ns-per-loop)": advice for another problem
    @Test
    void aCalibrationStoppedByASignalSaysSoAndNotThatCalibrationShouldBeSet(@TempDir Path dir) throws Exception {
        Ended e = run(dir, 1, "kill -TERM $$", false);
        assertEquals(2, e.status(), e.err());
        assertTrue(e.err().contains("run.sh: cannot run: rt-app's calibration was stopped by a signal (status 143)"), e.err());
        assertTrue(!e.err().contains("set CALIBRATION"), e.err());
    }

    // measure in the background of a shell script again (INT ignored there but by rt-app): a kill -INT of its process
    // group during the calibration (2026-11-30, live as root) ended rt-app with status 0 and no pLoad line, and run.sh
    // said "rt-app's calibration printed no pLoad (set CALIBRATION=ns-per-loop)", the advice for another problem
    @Test
    void aCalibrationThatEndsWithNothingSaysItMayHaveBeenStopped(@TempDir Path dir) throws Exception {
        Ended e = run(dir, 1, "exit 0", false);
        assertEquals(2, e.status(), e.err());
        assertTrue(e.err().contains("run.sh: cannot run: rt-app's calibration ended (status 0) without its pLoad line:"
                + " a signal to rt-app (a Ctrl-C reaches it) stops it so"), e.err());
        assertTrue(e.err().contains("CALIBRATION=ns-per-loop"), "the way round it is still said: " + e.err());
    }

    // run.sh timed rt-app with date +%s, the wall clock: an NTP step forward during the run made an rt-app
    // stopped at once look as if it had run the seconds asked, and a step back cut short a complete run
    @Test
    void aWallClockSteppedForwardDuringTheRunDoesNotHideARunCutShort(@TempDir Path dir) throws Exception {
        steppingDate(dir, 3600);
        Ended e = run(dir, 60, "exit 0");
        assertEquals(RtAppExport.CUT_SHORT, e.status(), e.err());
        assertTrue(e.err().contains("run.sh: cut short: rt-app ran ") && e.err().contains(" of the 60 asked"), e.err());
    }

    @Test
    void aWallClockSteppedBackDuringTheRunDoesNotCutAWholeRunShort(@TempDir Path dir) throws Exception {
        steppingDate(dir, -3600);
        Ended e = run(dir, 1, "sleep 1");
        assertEquals(0, e.status(), e.err());
        assertTrue(!e.err().contains("cut short"), e.err());
    }

    /** A {@code date} on run()'s PATH whose clock steps by {@code step} seconds after its first reading. */
    private static void steppingDate(Path dir, int step) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path date = Files.writeString(bin.resolve("date"), "#!/bin/sh\nf=\"$(dirname \"$0\")/date-read\"\n"
                + "if [ -e \"$f\" ]; then echo " + (1_700_000_000 + step) + "; else : > \"$f\"; echo 1700000000; fi\n");
        Files.setPosixFilePermissions(date, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void anRtAppThatRunsTheSecondsAskedEndsTheRunWell(@TempDir Path dir) throws Exception {
        Ended e = run(dir, 1, "sleep 1");
        assertEquals(0, e.status(), e.err());
        assertTrue(!e.err().contains("cut short") && !e.err().contains("failed"), e.err());
        assertTrue(Files.isRegularFile(dir.resolve("out/trace.txt")));
    }
}

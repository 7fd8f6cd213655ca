package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.linux.RtAppExport;
import picocli.CommandLine;

/**
 * {@code measure} without running anything: what it says is missing, read from a made-up machine
 * (the suite needs no root, rt-app or RT group scheduling), and what it refuses before looking.
 */
class MeasureCommandTest {

    /** A machine with RT groups, rt-app on the path and the given effective uid. */
    static Path[] machine(Path dir, boolean rtGroups, boolean rtApp, String uid) throws Exception {
        Path cg = Files.createDirectories(dir.resolve("cpu"));
        if (rtGroups) {
            Files.writeString(cg.resolve("cpu.rt_runtime_us"), "950000\n");
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        if (rtApp) {
            Path exe = Files.writeString(bin.resolve("rt-app"), "#!/bin/sh\n");
            Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path status = Files.writeString(dir.resolve("status"), "Name:\tjava\nUid:\t1000\t" + uid + "\t1000\t1000\n");
        return new Path[] {cg, status, bin};
    }

    @Test
    void eachMissingPrerequisiteIsNamedInOneLine(@TempDir Path dir) throws Exception {
        Path[] m = machine(dir.resolve("a"), false, true, "0");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("no RT group scheduling"));
        m = machine(dir.resolve("b"), true, false, "0");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("rt-app is not installed"));
        m = machine(dir.resolve("c"), true, true, "1000");
        assertTrue(MeasureCommand.missing(m[0], m[1], m[2].toString()).contains("needs root"));
        m = machine(dir.resolve("d"), true, true, "0");
        assertNull(MeasureCommand.missing(m[0], m[1], m[2].toString()));
    }

    @Test
    void aScenarioTheKernelCannotRunIsRefusedBeforeAnythingRuns() {
        String m = NewerCommandsBadInputTest.refused("measure", "scenarios/two-vms.json", "--seconds", "1");
        assertTrue(m.contains("--target rt-app") && m.contains("EDF"), m);
        m = NewerCommandsBadInputTest.refused("measure", "scenarios/linux-rt-groups.json", "--seconds", "0");
        assertTrue(m.contains("--seconds"), m);
    }

    /** A run of {@code measure ARGS} whose run.sh is replaced by {@code sh -c script} on a machine lacking nothing. */
    static MainTest.Run failingRun(String script, String... args) {
        return run(pb -> new ProcessBuilder("sh", "-c", script).start(), MeasureCommand.RUNTIME_HOOKS,
                MeasureInterrupt.Machine.LINUX, () -> { }, args);
    }

    /**
     * A run of {@code measure ARGS} with the given run.sh, shutdown hooks and machine, on a machine
     * lacking nothing; what it printed is read once {@code afterwards} has run (a hook's thread joined).
     */
    static MainTest.Run run(MeasureCommand.Launcher launcher, MeasureCommand.Hooks hooks, MeasureInterrupt.Machine machine,
                            Runnable afterwards, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                return cls == MeasureCommand.class ? cls.cast(new MeasureCommand(launcher, () -> null, hooks, machine))
                        : CommandLine.defaultFactory().create(cls);
            }
        };
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), factory);
        afterwards.run();
        return new MainTest.Run(status, out.toString(), err.toString());
    }

    /** Nothing of Java's in what the user reads: no exception class, no stack frame. */
    static void noJava(String err) {
        assertFalse(err.contains("Exception") || err.contains("internal error") || err.contains("\tat ")
                || err.matches("(?s).*\\b(java|org|com)\\.[a-z]+\\..*"), err);
    }

    @Test
    void aRunThatFailsIsTheEnvironmentsFailureWithItsStatusLastLinesAndFolder(@TempDir Path dir) {
        Path out = dir.resolve("m");
        MainTest.Run r = failingRun("echo 'rt-app: starting' >&2; echo 'rt-app: cannot set SCHED_FIFO' >&2; exit 3",
                "measure", "scenarios/linux-rt-groups.json", "--seconds", "1", "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        noJava(r.err());
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("error: measure: run.sh failed with exit status 3"), last);
        assertTrue(last.contains("cannot set SCHED_FIFO"), last);
        assertTrue(last.contains(out.toString()), last);
        assertTrue(Files.isRegularFile(out.resolve("run.sh")), "the partial output stays in --out");
    }

    @Test
    void aRunWithoutOutKeepsItsTemporaryFolderWhenItFailsAndNamesIt() {
        MainTest.Run r = failingRun("echo 'run.sh: rt-app exited with status 1' >&2; exit 1",
                "measure", "scenarios/linux-rt-groups.json", "--seconds", "1");
        assertEquals(2, r.status(), r.err());
        noJava(r.err());
        Matcher m = Pattern.compile("kept in (\\S+?)[;)]?$").matcher(r.err().strip());
        assertTrue(m.find(), r.err());
        Path kept = Path.of(m.group(1));
        try {
            assertTrue(Files.isRegularFile(kept.resolve("run.sh")), r.err());
        } finally {
            try (var files = Files.walk(kept)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // the system's to clean
            }
        }
    }

    // measure in the background of a shell script, a kill -INT of its process group: rt-app ended after
    // 6.5 s of 10 with status 0 and measure printed the report with exit 0 (RunScriptTest: run.sh's part)
    @Test
    void aRunCutShortIsNeverReportedAsComplete(@TempDir Path dir) {
        Path out = dir.resolve("m");
        MainTest.Run r = failingRun("echo '# tracer: nop' > " + out.resolve("trace.txt") + "; echo 'run.sh: rt-app calibration:"
                + " 60 ns per loop' >&2; echo 'run.sh: cut short: rt-app ran 6 s of the 10 asked: a signal stopped it (rt-app"
                + " then ends with status 0); the trace of what ran is in " + out.resolve("trace.txt") + "' >&2; exit "
                + RtAppExport.CUT_SHORT, "measure", "scenarios/linux-rt-groups.json", "--seconds", "10",
                "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        noJava(r.err());
        assertTrue(r.out().isEmpty(), "no report: " + r.out());
        assertFalse(Files.exists(out.resolve("report.txt")));
        assertTrue(Files.isRegularFile(out.resolve("trace.txt")), "what ran is kept");
        List<String> lines = r.err().strip().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertEquals("error: measure: cut short: rt-app ran 6 s of the 10 asked: a signal stopped it (rt-app then ends with"
                + " status 0), so there is no report (trace.txt holds what ran); the files so far are kept in " + out, lines.get(1));
    }

    @Test
    void aRunThatEndsWellButLeavesNoTraceSaysSo(@TempDir Path dir) {
        Path out = dir.resolve("m");
        MainTest.Run r = failingRun("exit 0", "measure", "scenarios/linux-rt-groups.json", "--seconds", "1",
                "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        noJava(r.err());
        assertTrue(r.err().contains("run.sh ended with status 0 but left no trace")
                && r.err().contains(out.resolve("trace.txt").toString()), r.err());
    }

    /**
     * Ctrl-C during the run, without a signal: the command's shutdown hook runs once run.sh's stand-in
     * has made its cgroups in a fake machine and turned tracing on; the stand-in restores both on TERM,
     * as run.sh's trap does.
     */
    @Test
    void ctrlCDuringTheRunSaysInOneLineThatTheMachineIsRestoredAndWhatTheFolderKeeps(@TempDir Path dir) throws Exception {
        Path cg = Files.createDirectories(dir.resolve("cpu"));
        Path on = Files.writeString(dir.resolve("tracing_on"), "0\n");
        String groups = cg.resolve("vmsched_ctl") + " " + cg.resolve("vmsched_batch");
        String standIn = "trap 'rmdir " + groups + "; echo 0 > " + on + "; exit 143' TERM; mkdir " + groups + "; echo 1 > "
                + on + "; echo running; while :; do sleep 0.05; done";
        Thread[] hook = new Thread[1];
        Thread[] ctrlC = new Thread[1];
        MeasureCommand.Hooks hooks = new MeasureCommand.Hooks() {
            @Override
            public void add(Thread h) {
                hook[0] = h;
            }

            @Override
            public void remove(Thread h) {
                // the test's hook is not the JVM's
            }
        };
        MeasureCommand.Launcher launcher = pb -> {
            Process p = new ProcessBuilder("sh", "-c", standIn).start();
            ctrlC[0] = new Thread(() -> {
                try {
                    p.inputReader().readLine(); // "running": the groups are made and tracing is on
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                hook[0].run();
            });
            ctrlC[0].start();
            return p;
        };
        Path out = dir.resolve("m");
        Runnable joinCtrlC = () -> {
            try {
                ctrlC[0].join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };
        MainTest.Run r = run(launcher, hooks, new MeasureInterrupt.Machine(cg, on), joinCtrlC, "measure",
                "scenarios/linux-rt-groups.json", "--seconds", "1", "--out", out.toString());
        assertEquals(130, r.status(), r.err());
        noJava(r.err());
        List<String> lines = r.err().strip().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertEquals("measure: interrupted; run.sh restored the machine (cgroups vmsched_ctl, vmsched_batch removed, tracing"
                + " off as found); " + out + " keeps the rt-app files and run.sh, no trace and no report", lines.get(0));
        assertEquals("0", Files.readString(on).strip());
        try (var left = Files.list(cg)) {
            assertEquals(0, left.count());
        }
    }

    /** No shutdown hook of the JVM's: an interruption comes from run.sh's stand-in alone. */
    private static final MeasureCommand.Hooks NO_HOOKS = new MeasureCommand.Hooks() {
        @Override
        public void add(Thread hook) {
            // not the JVM's
        }

        @Override
        public void remove(Thread hook) {
            // not the JVM's
        }
    };

    /**
     * Ctrl-C reaches the whole process group: run.sh's trap may end its cleanup (exit 130) before
     * this JVM's hook begins. The command says the hook's line itself, not "run.sh failed".
     */
    @Test
    void runShEndingOnItsInterruptTrapIsAnInterruptionNotAFailure(@TempDir Path dir) throws Exception {
        Path cg = Files.createDirectories(dir.resolve("cpu"));
        Path on = Files.writeString(dir.resolve("tracing_on"), "0\n");
        Path out = dir.resolve("m");
        for (int status : new int[] {130, 143}) {
            MainTest.Run r = run(pb -> new ProcessBuilder("sh", "-c", "echo 'run.sh: rt-app calibration: 60 ns per loop' >&2;"
                    + " exit " + status).start(), NO_HOOKS, new MeasureInterrupt.Machine(cg, on), () -> { }, "measure",
                    "scenarios/linux-rt-groups.json", "--seconds", "1", "--out", out.toString());
            assertEquals(status, r.status(), r.err());
            noJava(r.err());
            assertEquals("measure: interrupted; run.sh restored the machine (cgroups vmsched_ctl, vmsched_batch removed,"
                    + " tracing off as found); " + out + " keeps the rt-app files and run.sh, no trace and no report",
                    r.err().strip());
        }
    }
}

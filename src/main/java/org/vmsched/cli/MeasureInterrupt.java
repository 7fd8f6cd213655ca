package org.vmsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What Ctrl-C (or TERM, HUP) of {@code measure} does, as the command's shutdown hook: it stops
 * run.sh (TERM: run.sh's trap stops rt-app, removes the cgroups and restores tracing), waits for
 * it, looks at the machine itself (are the run's cgroups gone, does {@code tracing_on} read what
 * it read before the run) and says in one line on stderr that the run was interrupted, what state
 * the machine is left in and what the output folder keeps; a temporary folder (no {@code --out})
 * is removed. The command's thread then says nothing more ({@link #interrupted()}): the JVM exits
 * with 128 plus the signal's number, 130 for Ctrl-C. Thread-safe: the hook's thread and the
 * command's share it.
 */
final class MeasureInterrupt {

    /** The parts of a machine run.sh changes: the cgroup v1 cpu controller and tracefs's tracing_on (a test's seam). */
    record Machine(Path cgroup, Path tracingOn) {

        /** This machine's, as run.sh writes them. */
        static final Machine LINUX = new Machine(MeasureCommand.CPU_CGROUP, Path.of("/sys/kernel/tracing/tracing_on"));

        /** What tracing_on reads ("0" or "1"), or null when tracefs is not mounted or cannot be read. */
        String tracing() {
            try {
                return Files.readString(tracingOn).strip();
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * How long the hook waits for run.sh's cleanup, in milliseconds: the cleanup gives rt-app up to
     * 3 s to stop and each group up to 5 s to be removed (run-checks.sh).
     */
    static final long WAIT_MILLIS = 15_000;

    private final Machine machine;
    private final Path dir;
    private final boolean temporary;
    private final List<String> groups;
    private final String tracingBefore;
    private Process process;
    private boolean interrupted;
    private boolean said;

    /**
     * The hook of a run writing into {@code dir} (a temporary folder when {@code temporary}) that
     * makes the cgroups {@code groups}; reads tracing_on now, as run.sh will find it.
     */
    MeasureInterrupt(Machine machine, Path dir, boolean temporary, List<String> groups) {
        this.machine = machine;
        this.dir = dir;
        this.temporary = temporary;
        this.groups = List.copyOf(groups);
        this.tracingBefore = machine.tracing();
    }

    /** Starts run.sh through {@code launcher}, or nothing and null when the run was interrupted already. */
    synchronized Process start(MeasureCommand.Launcher launcher, ProcessBuilder pb) throws IOException {
        if (interrupted) {
            return null;
        }
        process = launcher.start(pb);
        return process;
    }

    /** Whether the hook ran (or runs): the command's thread then prints nothing more. */
    synchronized boolean interrupted() {
        return interrupted;
    }

    /** The shutdown hook's thread: {@link #interrupt} with {@code err} and {@link #WAIT_MILLIS}. */
    Thread hook(PrintWriter err) {
        return new Thread(() -> interrupt(err, WAIT_MILLIS), "measure-interrupt");
    }

    /**
     * The hook's action: stops run.sh and waits at most {@code waitMillis} for it to restore the
     * machine, removes a temporary folder once run.sh has ended, and says so in one line on {@code
     * err}, unless {@link #signalled} said it already.
     */
    void interrupt(PrintWriter err, long waitMillis) {
        Process p;
        synchronized (this) {
            interrupted = true;
            p = process;
        }
        boolean ended = true;
        if (p != null && p.isAlive()) {
            p.destroy();
            try {
                ended = p.waitFor(waitMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ended = !p.isAlive();
            }
        }
        say(err, p != null, ended, waitMillis);
    }

    /**
     * run.sh ended on a signal (its traps exit 128 plus the signal's number): a Ctrl-C reaches the
     * whole process group, and run.sh's cleanup may end before this JVM's hook has begun, so the
     * command's thread says the same line (once: the hook then says nothing).
     */
    void signalled(PrintWriter err) {
        synchronized (this) {
            interrupted = true;
        }
        say(err, true, true, 0);
    }

    private void say(PrintWriter err, boolean started, boolean ended, long waitMillis) {
        synchronized (this) {
            if (said) {
                return;
            }
            said = true;
        }
        String machineState = !started ? " before run.sh started: the machine is unchanged"
                : ended ? machineAfter() : "; run.sh did not finish restoring the machine within " + waitMillis / 1000
                        + " s: look for " + String.join(", ", groups) + " under " + machine.cgroup() + " (rmdir them)"
                        + " and for 1 in " + machine.tracingOn();
        err.println("measure: interrupted" + machineState + "; " + folder(ended));
        err.flush();
    }

    /** The machine as run.sh left it: the cgroups that are still there and tracing_on against what it read before. */
    private String machineAfter() {
        List<String> left = new ArrayList<>();
        for (String g : groups) {
            if (Files.exists(machine.cgroup().resolve(g))) {
                left.add(g);
            }
        }
        String now = machine.tracing();
        boolean tracingAsFound = Objects.equals(now, tracingBefore);
        if (left.isEmpty() && tracingAsFound) {
            return "; run.sh restored the machine (cgroups " + String.join(", ", groups) + " removed, "
                    + tracing(now) + " as found)";
        }
        List<String> wrong = new ArrayList<>();
        if (!left.isEmpty()) {
            wrong.add("cgroups still there: " + String.join(", ", left) + " under " + machine.cgroup() + " (rmdir them)");
        }
        if (!tracingAsFound) {
            wrong.add(machine.tracingOn() + " reads " + now + ", it read " + tracingBefore + " before the run");
        }
        return "; run.sh did not restore everything: " + String.join("; ", wrong);
    }

    private static String tracing(String value) {
        return value == null ? "tracefs not mounted" : value.equals("0") ? "tracing off" : "tracing_on " + value;
    }

    /** What the output folder keeps; a temporary one is removed once run.sh no longer writes into it. */
    private String folder(boolean ended) {
        if (temporary) {
            if (!ended) {
                return "its files stay in " + dir;
            }
            MeasureCommand.delete(dir);
            return "nothing kept (no --out: the temporary folder is removed)";
        }
        boolean logs;
        try (DirectoryStream<Path> outs = Files.newDirectoryStream(dir, "rt-app-*.out")) {
            logs = outs.iterator().hasNext();
        } catch (IOException | RuntimeException e) {
            logs = false;
        }
        boolean trace = Files.isRegularFile(dir.resolve("trace.txt"));
        boolean report = Files.isRegularFile(dir.resolve("report.txt")) || Files.isRegularFile(dir.resolve("report.json"));
        return dir + " keeps the rt-app files and run.sh" + (logs ? ", rt-app's logs" : "") + (trace ? ", the trace"
                : ", no trace") + (report ? " and the report" : " and no report");
    }
}

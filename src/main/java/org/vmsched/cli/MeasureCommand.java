package org.vmsched.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.vmsched.io.InputFiles;
import org.vmsched.linux.RtAppExport;
import org.vmsched.model.Scenario;
import org.vmsched.report.TraceReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code measure FILE --seconds N}: export-config --target rt-app and its run.sh on this machine,
 * then trace on what it recorded (docs/linux-loop.md). Needs root, rt-app and RT group
 * scheduling; without one of them, one line naming it and exit 2. A run that fails (run.sh's or
 * rt-app's status, no trace afterwards, rt-app ended before --seconds: cut short by a signal run.sh
 * could not trap) is the environment's failure too, never a report: one line with the status,
 * the last lines of run.sh's stderr and the folder kept with the files so far, and exit 2. The machine is left as it was
 * found: run.sh restores cgroups and tracing on exit, error and signals, a TERM or Ctrl-C of this
 * command reaches it through the shutdown hook ({@link MeasureInterrupt}, which then says in one
 * line what the machine and the folder were left with; exit 130 for Ctrl-C), and a kill -9 of this
 * command makes it clean up within half a second ({@code VMSCHED_PARENT_PID}).
 */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = "Run the scenario on this machine's Linux kernel (RT cgroups, rt-app; as root) for N seconds,"
                + " record the scheduler's events and show what trace shows of them; the files stay in --out.")
public final class MeasureCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON) with an FP or RM host and RM VMs.")
    Path file;

    @Bounds(min = 1, max = 3600, unit = "seconds")
    @Option(names = "--seconds", defaultValue = "3", description = "How long the tasks run (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the rt-app files, run.sh, the trace and the"
            + " report (default: a temporary folder, removed at the end); one an earlier run left its trace in is refused.")
    Path out;

    @Option(names = "--json", description = "Print the report as one JSON object instead of tables.")
    boolean json;

    @Option(names = "--unit-us", defaultValue = "1000",
            description = "Length of the scenario's time unit in microseconds (default: ${DEFAULT-VALUE}, a millisecond).")
    @Bounds(min = 1e-3, max = 1e9, unit = "microseconds")
    double unitMicros;

    /** The cgroup v1 cpu controller's root, where RT group scheduling shows. */
    static final Path CPU_CGROUP = Path.of("/sys/fs/cgroup/cpu");

    /** Starts run.sh as {@code pb} describes it: a test's seam, so a failing run needs no root. */
    interface Launcher {
        Process start(ProcessBuilder pb) throws IOException;
    }

    /** Adds and removes the JVM's shutdown hooks: a test's seam, so an interruption needs no signal. */
    interface Hooks {
        void add(Thread hook);

        void remove(Thread hook);
    }

    /** The JVM's own hooks; a removal while the JVM shuts down (the hook runs) is no error. */
    static final Hooks RUNTIME_HOOKS = new Hooks() {
        @Override
        public void add(Thread hook) {
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void remove(Thread hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs
            }
        }
    };

    private final Launcher launcher;

    /** What this machine lacks to measure, in one line, or null (a test's seam, as {@link #launcher}). */
    private final Supplier<String> prerequisites;

    private final Hooks hooks;

    private final MeasureInterrupt.Machine machine;

    public MeasureCommand() {
        this(ProcessBuilder::start, () -> missing(CPU_CGROUP, Path.of("/proc/self/status"), System.getenv("PATH")),
                RUNTIME_HOOKS, MeasureInterrupt.Machine.LINUX);
    }

    /** A measure whose run.sh, prerequisites, shutdown hooks and machine are a test's. */
    MeasureCommand(Launcher launcher, Supplier<String> prerequisites, Hooks hooks, MeasureInterrupt.Machine machine) {
        this.launcher = launcher;
        this.prerequisites = prerequisites;
        this.hooks = hooks;
        this.machine = machine;
    }

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        RtAppExport.Output o = RtAppFolder.export(s, unitMicros);
        String missing = prerequisites.get();
        if (missing != null) {
            throw new BadInputException("measure: " + missing);
        }
        Path dir = out;
        boolean temporary = dir == null;
        boolean keep = false;
        MeasureInterrupt interrupt = null;
        Thread hook = null;
        try {
            if (temporary) {
                dir = Files.createTempDirectory("vmsched-measure-");
            }
            writeFiles(dir, temporary, o);
            PrintWriter err = spec.commandLine().getErr();
            // from here a Ctrl-C or TERM is answered by the hook: run.sh restores the machine, the hook says so
            interrupt = new MeasureInterrupt(machine, dir, temporary, o.groups().stream().map(RtAppExport.Group::group).toList());
            hook = interrupt.hook(err);
            hooks.add(hook);
            String failed = runScript(dir, err, interrupt);
            Path trace = dir.resolve("trace.txt");
            if (failed != null) {
                // the environment failed, not the input: exit 2 as for a refused prerequisite, and
                // what the run left is kept for the user to read, also in a temporary folder
                keep = true;
                throw new BadInputException("measure: " + failed + "; the files so far are kept in " + dir);
            }
            TraceReport r;
            try {
                r = TraceCommand.run(trace, s, null, 0, unitMicros);
            } catch (BadInputException e) {
                keep = temporary;
                throw temporary ? new BadInputException(e.getMessage() + " (the run's files are kept in " + dir + ")") : e;
            }
            if (interrupt.interrupted()) {
                throw new InterruptedCommandException(InterruptedCommandException.STATUS);
            }
            report(s, r, temporary ? null : dir);
            return 0;
        } catch (IOException | RuntimeException e) {
            if (interrupt != null && interrupt.interrupted() && !(e instanceof InterruptedCommandException)) {
                // the hook has said what happened; a failure it caused (a folder it removed) is not news
                throw new InterruptedCommandException(InterruptedCommandException.STATUS);
            }
            throw e instanceof IOException io ? new BadInputException("measure: " + InputFiles.reason(io)) : (RuntimeException) e;
        } finally {
            if (hook != null) {
                hooks.remove(hook);
            }
            if (temporary && dir != null && !keep) {
                delete(dir);
            }
        }
    }

    /**
     * Writes the rt-app files and run.sh into {@code dir}: a new temporary folder, or --out (checked,
     * written whole; a folder an earlier run left its trace in is refused, not replaced).
     */
    private static void writeFiles(Path dir, boolean temporary, RtAppExport.Output o) throws IOException {
        if (temporary) {
            RtAppFolder.files(dir, o.files());
        } else {
            CliSupport.outputFolder("--out", dir, RtAppFolder.MARKER, "a measure folder");
            RtAppFolder.holdsOnlyExport(dir, o.files().keySet());
            CliSupport.writeFolder("--out", dir, RtAppFolder.MARKER, "a measure folder", f -> RtAppFolder.files(f, o.files()));
        }
    }

    /** Prints the report, and keeps it in {@code dir} (report.txt or report.json) unless that is null. */
    private void report(Scenario s, TraceReport r, Path dir) throws IOException {
        TraceCommand.print(spec.commandLine().getOut(), s, r, json);
        if (dir != null) {
            try (PrintWriter f = new PrintWriter(Files.newBufferedWriter(dir.resolve(json ? "report.json" : "report.txt"),
                    StandardCharsets.UTF_8))) {
                TraceCommand.print(f, s, r, json);
            }
        }
    }

    /**
     * Runs run.sh in {@code dir}; its stderr is passed on; a refusal (exit 2) is bad input with its
     * line; an interruption (this command's hook, or run.sh's own traps: 129, 130, 143) is said in one
     * line by {@link MeasureInterrupt}. A run cut short ({@link RtAppExport#CUT_SHORT}: rt-app ended
     * before --seconds, stopped by a signal run.sh could not trap) is returned as what failed, in
     * run.sh's words; so is any other status but 0 (rt-app failed, a status run.sh never gives), or 0
     * without a trace: the status and the last lines of its stderr; null when it ended well.
     */
    private String runScript(Path dir, PrintWriter err, MeasureInterrupt interrupt) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("sh", dir.resolve("run.sh").toString(), String.valueOf(seconds), dir.toString());
        pb.environment().put("VMSCHED_PARENT_PID", String.valueOf(ProcessHandle.current().pid()));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectErrorStream(false);
        Process p = interrupt.start(launcher, pb);
        if (p == null) {
            throw new InterruptedCommandException(InterruptedCommandException.STATUS);
        }
        String lines;
        int status;
        try {
            lines = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            status = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("measure: interrupted while waiting for run.sh");
        }
        if (interrupt.interrupted()) {
            // run.sh ended because the hook stopped it: the hook says what it left
            throw new InterruptedCommandException(InterruptedCommandException.STATUS);
        }
        if (status == 129 || status == 130 || status == 143) {
            // run.sh's traps for HUP, INT and TERM: interrupted like this command (Ctrl-C reaches the whole
            // process group), and its cleanup may have ended before this JVM's hook began
            interrupt.signalled(err);
            throw new InterruptedCommandException(status);
        }
        List<String> said = lines.lines().filter(l -> !l.isBlank()).toList();
        if (status == 2) {
            String first = said.stream().filter(l -> l.contains("cannot run")).findFirst().orElse(said.isEmpty() ? "run.sh"
                    + " refused to run" : said.get(0));
            throw new BadInputException("measure: " + first.replaceFirst("^run\\.sh: (cannot run: )?", ""));
        }
        String cutShort = "run.sh: cut short";
        said.stream().filter(l -> !l.startsWith(cutShort)).forEach(l -> err.println(l.replaceFirst("^run\\.sh: ", "measure: ")));
        err.flush();
        if (status == RtAppExport.CUT_SHORT) {
            // rt-app ended early with status 0 (a signal run.sh did not trap): what ran is no run of --seconds
            String line = said.stream().filter(l -> l.startsWith(cutShort)).findFirst().orElse(cutShort);
            return line.replaceFirst("^run\\.sh: ", "").replaceFirst("; the trace of what ran is in .*$", "")
                    + ", so there is no report (trace.txt holds what ran)";
        }
        if (status == 0) {
            Path trace = dir.resolve("trace.txt");
            return Files.isRegularFile(trace) ? null : "run.sh ended with status 0 but left no trace at " + trace;
        }
        List<String> last = said.subList(Math.max(0, said.size() - LAST_LINES), said.size());
        return "run.sh failed with exit status " + status + (last.isEmpty() ? " and said nothing on stderr"
                : " (its last lines: " + String.join(" | ", last) + ")");
    }

    /** How many of run.sh's last stderr lines a failure quotes. */
    private static final int LAST_LINES = 3;

    /**
     * What this machine lacks to measure, in one line, or null: root (the Uid line of
     * {@code procStatus}), rt-app on {@code path}, RT group scheduling ({@code cpu.rt_runtime_us} in
     * {@code cgroup}).
     */
    static String missing(Path cgroup, Path procStatus, String path) {
        if (!Files.isRegularFile(cgroup.resolve("cpu.rt_runtime_us"))) {
            return "no RT group scheduling here (" + cgroup.resolve("cpu.rt_runtime_us") + " is missing: it needs cgroup"
                    + " v1's cpu controller and a kernel with CONFIG_RT_GROUP_SCHED)";
        }
        boolean rtApp = false;
        for (String d : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "rt-app"))) {
                rtApp = true;
            }
        }
        if (!rtApp) {
            return "rt-app is not installed (Debian/Ubuntu: apt-get install rt-app)";
        }
        try {
            for (String l : Files.readAllLines(procStatus)) {
                if (l.startsWith("Uid:")) {
                    String[] f = l.substring(4).trim().split("\\s+");
                    if (f.length > 1 && !f[1].equals("0")) {
                        return "needs root (it makes RT cgroups and records tracefs)";
                    }
                    return null;
                }
            }
        } catch (IOException | RuntimeException e) {
            return "cannot tell whether this runs as root (" + procStatus + " unreadable)";
        }
        return "cannot tell whether this runs as root (no Uid line in " + procStatus + ")";
    }

    /** Deletes {@code dir} and everything in it, as far as it can. */
    static void delete(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is the system's to clean
        }
    }
}

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
import java.util.concurrent.TimeUnit;
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
 * rt-app's status, no trace afterwards) is the environment's failure too: one line with the status,
 * the last lines of run.sh's stderr and the folder kept with the files so far, and exit 2. The machine is left as it was
 * found: run.sh restores cgroups and tracing on exit, error and signals, a TERM or Ctrl-C of this
 * command reaches it, and a kill -9 of this command makes it clean up within half a second
 * ({@code VMSCHED_PARENT_PID}).
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
            + " report (default: a temporary folder, removed at the end).")
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

    private final Launcher launcher;

    /** What this machine lacks to measure, in one line, or null (a test's seam, as {@link #launcher}). */
    private final Supplier<String> prerequisites;

    public MeasureCommand() {
        this(ProcessBuilder::start, () -> missing(CPU_CGROUP, Path.of("/proc/self/status"), System.getenv("PATH")));
    }

    MeasureCommand(Launcher launcher, Supplier<String> prerequisites) {
        this.launcher = launcher;
        this.prerequisites = prerequisites;
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
        try {
            if (temporary) {
                dir = Files.createTempDirectory("vmsched-measure-");
                RtAppFolder.files(dir, o.files());
            } else {
                CliSupport.outputFolder("--out", dir, RtAppFolder.MARKER, "a measure folder");
                Path d = dir;
                CliSupport.writeFolder("--out", dir, RtAppFolder.MARKER, "a measure folder", f -> RtAppFolder.files(f, o.files()));
                dir = d;
            }
            PrintWriter err = spec.commandLine().getErr();
            String failed = runScript(dir, err);
            Path trace = dir.resolve("trace.txt");
            if (failed == null && !Files.isRegularFile(trace)) {
                failed = "run.sh ended with status 0 but left no trace at " + trace;
            }
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
            PrintWriter pw = spec.commandLine().getOut();
            TraceCommand.print(pw, s, r, json);
            if (!temporary) {
                try (PrintWriter f = new PrintWriter(Files.newBufferedWriter(dir.resolve(json ? "report.json" : "report.txt"),
                        StandardCharsets.UTF_8))) {
                    TraceCommand.print(f, s, r, json);
                }
            }
            return 0;
        } catch (IOException e) {
            throw new BadInputException("measure: " + InputFiles.reason(e));
        } finally {
            if (temporary && dir != null && !keep) {
                delete(dir);
            }
        }
    }

    /**
     * Runs run.sh in {@code dir}; its stderr is passed on; a refusal (exit 2) is bad input with its
     * line. Any other status but 0 (rt-app failed, a signal, a status run.sh never gives) is returned
     * as what failed: the status and the last lines of its stderr; null when it ended well.
     */
    private String runScript(Path dir, PrintWriter err) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("sh", dir.resolve("run.sh").toString(), String.valueOf(seconds), dir.toString());
        pb.environment().put("VMSCHED_PARENT_PID", String.valueOf(ProcessHandle.current().pid()));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectErrorStream(false);
        Process p = launcher.start(pb);
        Thread hook = new Thread(() -> {
            // TERM or Ctrl-C of this JVM: run.sh's trap restores the machine; wait for it
            p.destroy();
            try {
                p.waitFor(15, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        String lines;
        int status;
        try {
            lines = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            status = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("measure: interrupted");
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs
            }
        }
        List<String> said = lines.lines().filter(l -> !l.isBlank()).toList();
        if (status == 2) {
            String first = said.stream().filter(l -> l.contains("cannot run")).findFirst().orElse(said.isEmpty() ? "run.sh"
                    + " refused to run" : said.get(0));
            throw new BadInputException("measure: " + first.replaceFirst("^run\\.sh: (cannot run: )?", ""));
        }
        said.forEach(l -> err.println(l.replaceFirst("^run\\.sh: ", "measure: ")));
        err.flush();
        if (status == 0) {
            return null;
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

    private static void delete(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is the system's to clean
        }
    }
}

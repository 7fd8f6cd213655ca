package org.vmsched.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.vmsched.chart.ExperimentCharts;
import org.vmsched.chart.ExportOptions;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.ExperimentValidator;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.experiment.OverheadCurve;
import org.vmsched.experiment.OverheadPoint;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxPoint;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.io.AtomicFiles;
import org.vmsched.io.ExperimentJson;
import org.vmsched.io.ExperimentResults;
import org.vmsched.model.Problem;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;
import org.vmsched.text.Format;

/**
 * {@code experiment FILE [--out DIR] [--seed S] [--sets N] [--threads N] [--font-size PT] [--json] [--shard i/n]}:
 * runs a study (e.g. {@code scenarios/experiments/thesis-tmax.json}) on all cores and writes its
 * results folder; with {@code --shard} one share of an acceptance study, merged later by
 * {@link ExperimentMergeCommand}. A progress bar goes to stderr when the terminal is interactive; Ctrl+C
 * cancels, writes no results (an earlier results folder stays as it was) and says so in one line
 * (exit status 130, the shell's usual for Ctrl+C).
 */
@Command(name = "experiment", mixinStandardHelpOptions = true, subcommands = ExperimentMergeCommand.class,
        description = {"Runs an experiment file (a Tmax, overhead or acceptance study of random task sets) and writes a results folder.",
            "The folder holds experiment.json (the run as done, to repeat it), CSV of every point, and every chart as PNG, SVG,"
                + " PDF and pgfplots (.tex).",
            "The same seed gives the same CSV bytes on any machine and any number of threads.",
            "An acceptance study can run in shards (--shard i/n, e.g. as a Slurm job array) that `experiment merge` combines"
                + " into the unsharded run's results (docs/acceptance-studies.md)."})
public final class ExperimentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    // optional for picocli only: `experiment merge …` has no FILE; without a subcommand call() requires it
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "Experiment file (JSON), e.g. scenarios/experiments/thesis-tmax.json.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder (default: results/<FILE name without .json>). An existing results folder is replaced.")
    Path out;

    @Option(names = "--seed", paramLabel = "S", description = "Master seed, overrides the file's (any 64-bit integer).")
    @Bounds(min = Long.MIN_VALUE, max = Long.MAX_VALUE)
    Long seed;

    @Option(names = "--sets", paramLabel = "N", description = "Task sets per (n, u) cell, overrides the file's (1 to 10000).")
    @Bounds(min = 1, max = 10_000)
    Integer sets;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: one per processor). Results do not depend on it.")
    @Bounds(min = 1, max = 1024)
    Integer threads;

    @Option(names = "--font-size", paramLabel = "PT",
            description = "Tick and legend text of the exported figures, in points (pixels in the PNGs); titles and axis labels "
                    + "are drawn proportionally larger. Default: readable (7 pt or more) when a figure is printed at a "
                    + "journal page's text width, 13 for the 900-point-wide figures.")
    @Bounds(min = ExportOptions.MIN_FONT, max = ExportOptions.MAX_FONT, unit = "points")
    Float fontSize;

    @Option(names = "--json", description = "Print the results as one JSON object on stdout (no table, no progress on stdout).")
    boolean json;

    @Option(names = "--shard", paramLabel = "i/n",
            description = "Acceptance studies: compute only share i of n (the systems whose global index is i mod n, 0 <= i < n) and"
                    + " write the shard file <FILE name>.shard-i-of-n.json into --out (default: results/<FILE name>-shards);"
                    + " `experiment merge` combines all n.")
    String shard;

    @Override
    public Integer call() {
        Experiment e = checkedExperiment();
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1 || n > 1024) {
            throw new BadInputException("--threads must be between 1 and 1024, got " + n);
        }
        if (shard != null) {
            return ExperimentMergeCommand.runShard(spec, e, file, stem(file), shard, out, n, json);
        }
        Path dir = out != null ? out : Path.of("results", stem(file));
        // refused before the study runs: a folder of other files, or a place where none can be made
        CliSupport.outputFolder("--out", dir, ExperimentResults.MARKER, ExperimentResults.KIND);

        PrintWriter err = spec.commandLine().getErr();
        Cancellation cancel = new Cancellation();
        CountDownLatch finished = new CountDownLatch(1);
        AtomicBoolean said = new AtomicBoolean();
        // Ctrl+C runs shutdown hooks: ask the run to stop, then give it time to remove its
        // temporary folder before the JVM halts.
        Thread hook = new Thread(() -> cancelled(cancel, finished, said, err, dir, HOOK_WAIT_MILLIS), "experiment-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        long start = System.nanoTime();
        try {
            ProgressBar bar = System.console() != null ? new ProgressBar(err, "computing") : null;
            ExperimentResult result = new ExperimentRunner(n).run(e, bar == null ? Progress.NONE : bar, cancel);
            if (bar != null) {
                bar.done("done");
                bar = new ProgressBar(err, "writing  ");
            }
            List<ExperimentResults.ChartFile> charts = chartFiles(result);
            List<Path> written = ExperimentResults.write(result, charts, dir, bar == null ? Progress.NONE : bar, cancel);
            if (bar != null) {
                bar.done("done");
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            report(result, dir, written, seconds);
            return 0;
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        } catch (CancelledException ex) {
            say(said, err, dir, false);
            return InterruptedCommandException.STATUS;
        } catch (IOException ex) {
            throw new BadInputException("--out: cannot write the results folder " + dir + ": " + ex.getMessage());
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is already exiting (Ctrl+C); the hook is running and will return.
            }
        }
    }

    /**
     * The experiment file with --seed and --sets applied, checked: the problems of --sets named as
     * the option's, then the file's, then whether --font-size leaves the smallest figure room.
     */
    private Experiment checkedExperiment() {
        if (file == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'FILE'");
        }
        Experiment e = load();
        if (seed != null) {
            e = e.withSeed(seed);
        }
        if (sets != null) {
            e = e.withSets(sets);
        }
        for (Problem p : ExperimentValidator.problems(e)) {
            if (p.path().equals("sets") && sets != null) {
                throw new BadInputException("--sets " + p.message());
            }
        }
        try {
            ExperimentValidator.check(file.toString(), e);
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        }
        if (fontSize != null) {
            // the smallest figure decides: its plot must keep room beside the text
            List<String> p = ExportOptions.problems(900, 420, fontSize);
            if (!p.isEmpty()) {
                throw new BadInputException("--font-size: " + p.get(0).replaceFirst("^font size ", ""));
            }
        }
        return e;
    }

    /** How long the shutdown hook gives the run to stop and remove its temporary folder, in milliseconds. */
    static final long HOOK_WAIT_MILLIS = 10_000;

    /**
     * What the shutdown hook Ctrl+C runs does: it asks the run to stop, then gives it up to {@code
     * waitMillis} to remove its temporary folder ({@code finished}) before the JVM halts. The run's
     * thread says the interruption ({@code said}); when it has not stopped in time, the hook says it.
     */
    static void cancelled(Cancellation cancel, CountDownLatch finished, AtomicBoolean said, PrintWriter err, Path dir,
                          long waitMillis) {
        cancel.cancel();
        boolean stopped;
        try {
            stopped = finished.await(waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
            stopped = false;
        }
        if (!stopped) {
            say(said, err, dir, true);
        }
    }

    /** Says {@link #interrupted} on {@code err} unless it was said ({@code said}): the run's thread and the hook may both. */
    private static void say(AtomicBoolean said, PrintWriter err, Path dir, boolean cut) {
        if (said.compareAndSet(false, true)) {
            if (System.console() != null) {
                err.println(); // ends the progress bar's line
            }
            err.println(interrupted(dir, cut));
            err.flush();
        }
    }

    /**
     * The one line an interrupted run ends with: no results were written to {@code dir}, an earlier
     * results folder there is left as it was; when the run had not stopped ({@code cut}), a hidden
     * partial folder beside it may be left too.
     */
    static String interrupted(Path dir, boolean cut) {
        String name = dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
        return "experiment: interrupted; no results written: " + (Files.isDirectory(dir) ? dir + " is left as it was"
                : "no folder " + dir) + (cut ? " (the run did not stop within " + HOOK_WAIT_MILLIS / 1000 + " s: a hidden ."
                + name + AtomicFiles.TEMP_MARK + "partial-… folder beside it may be left; delete it)" : "");
    }

    /** The result's figures as chart files, at --font-size when given. */
    private List<ExperimentResults.ChartFile> chartFiles(ExperimentResult result) {
        List<ExperimentResults.ChartFile> charts = new ArrayList<>();
        for (ExperimentCharts.Figure f : ExperimentCharts.figures(result)) {
            charts.add(fontSize == null ? new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height())
                    : new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height(), fontSize));
        }
        return charts;
    }

    private Experiment load() {
        try {
            return ExperimentJson.load(file);
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        }
    }

    private void report(ExperimentResult result, Path dir, List<Path> written, double seconds) {
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            CliSupport.printJson(o, toJson(result, dir));
            return;
        }
        Experiment e = result.experiment();
        o.println(e.name() + ": " + e.study().kind() + " study, " + e.sets()
                + (e.study() instanceof AcceptanceStudy ? " systems per point" : " task sets per cell") + ", seed " + e.seed()
                + ", " + Format.fixed(seconds, 1) + " s");
        o.println("Results in " + dir + ":");
        for (Path p : written) {
            o.println("  " + p);
        }
        o.flush();
    }

    /** The JSON printed with --json (the format in docs/researcher.md). */
    static ObjectNode toJson(ExperimentResult result, Path dir) {
        ObjectNode root = CliSupport.object();
        root.put("study", result.experiment().study().kind());
        root.put("seed", result.experiment().seed());
        root.put("sets", result.experiment().sets());
        root.put("results", dir.toString());
        if (result instanceof TmaxResult t) {
            ArrayNode pts = root.putArray("points");
            for (TmaxPoint p : t.points()) {
                ObjectNode pn = pts.addObject();
                pn.put("n", p.n());
                pn.put("u", p.u());
                pn.put("alpha", p.alpha());
                pn.put("meanTmaxOverT1", p.meanTmaxOverT1());
                pn.put("stdOverMean", p.stdOverMean());
                CliSupport.number(pn, "upperBound", p.upperBound());
                // added with simulated points; null when the study has none
                if (p.simulated()) {
                    pn.put("simulatedSets", p.simulatedSets());
                    pn.put("meanRoundedAnalyticTmaxOverT1", p.meanRoundedAnalyticTmaxOverT1());
                    pn.put("meanSimulatedTmaxOverT1", p.meanSimulatedTmaxOverT1());
                } else {
                    pn.put("simulatedSets", 0);
                    pn.putNull("meanRoundedAnalyticTmaxOverT1");
                    pn.putNull("meanSimulatedTmaxOverT1");
                }
            }
        } else if (result instanceof AcceptanceResult a) {
            ExperimentMergeCommand.points(root, a);
        } else if (result instanceof OverheadResult r) {
            root.put("responseRatioCap", r.study().responseRatioCap());
            root.put("source", r.study().source().jsonName());
            ArrayNode curves = root.putArray("curves");
            for (OverheadCurve c : r.curves()) {
                ObjectNode cn = curves.addObject();
                cn.put("u", c.u());
                cn.put("alpha", c.alpha());
                cn.put("overhead", c.overhead());
                CliSupport.number(cn, "leftBound", c.leftBound());
                cn.put("lowerBoundSlope", c.lowerBoundSlope());
                cn.put("lowerBoundOffset", c.lowerBoundOffset());
                ArrayNode pts = cn.putArray("points");
                for (OverheadPoint p : c.points()) {
                    ObjectNode pn = pts.addObject();
                    pn.put("period", p.period());
                    pn.put("meanMaxResponseRatio", p.meanMaxResponseRatio());
                }
            }
        }
        return root;
    }

    static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    /** A one-line progress bar redrawn with carriage returns, at most ten times a second. */
    static final class ProgressBar implements Progress {
        private final PrintWriter err;
        private final String label;
        private final long start = System.nanoTime();
        private long lastDraw;

        ProgressBar(PrintWriter err, String label) {
            this.err = err;
            this.label = label;
        }

        @Override
        public void progress(long done, long total, String what) {
            long now = System.nanoTime();
            if (done < total && now - lastDraw < 100_000_000L) {
                return;
            }
            lastDraw = now;
            err.print("\r" + label + " " + line(done, total, (now - start) / 1e9));
            err.flush();
        }

        /** Ends the bar's line with a word saying what finished. */
        void done(String what) {
            err.print("  " + what);
            err.println();
            err.flush();
        }

        static String line(long done, long total, double seconds) {
            int width = 30;
            int filled = (int) (width * done / total);
            return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] "
                    + String.format(Locale.ROOT, "%3d%%  %d/%d  %s s  (Ctrl+C cancels)", 100 * done / total, done, total, Format.fixed(seconds, 1));
        }
    }
}

package org.vmsched.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.vmsched.chart.ExperimentCharts;
import org.vmsched.experiment.AcceptanceResult;
import org.vmsched.experiment.AcceptanceRunner;
import org.vmsched.experiment.AcceptanceStudy;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.InvalidExperimentException;
import org.vmsched.experiment.Shard;
import org.vmsched.io.AcceptanceShards;
import org.vmsched.io.ExperimentResults;
import org.vmsched.io.InputFiles;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;
import org.vmsched.text.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code experiment merge SHARD|DIR… [--out DIR] [--json]}: combines the shard files of an
 * acceptance study ({@code experiment FILE --shard i/n}) into the results folder the unsharded run
 * writes, byte for byte in its CSV (docs/acceptance-studies.md). Refuses, with exit status 2 and
 * the files named, a missing, repeated or foreign shard. Also the shard half of
 * {@link ExperimentCommand} ({@link #runShard}).
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merges the shard files of an acceptance study (from `experiment FILE --shard i/n`) into its results folder:",
            "the same CSV bytes as the unsharded run. Give the shard files, or folders holding them (*.shard-i-of-n.json).",
            "Every shard of the study must be given exactly once."})
public final class ExperimentMergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SHARD|DIR", description = "Shard files, or folders of shard files.")
    List<Path> inputs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder (default: results/<experiment file name>). An existing results folder is replaced.")
    Path out;

    @Option(names = "--json", description = "Print the results as one JSON object on stdout, as `experiment --json` does.")
    boolean json;

    @Override
    public Integer call() {
        AcceptanceShards.Loaded merged;
        try {
            merged = AcceptanceShards.merge(inputs);
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        }
        Path dir = out != null ? out : Path.of("results", merged.source());
        CliSupport.outputFolder("--out", dir, ExperimentResults.MARKER, ExperimentResults.KIND);
        List<ExperimentResults.ChartFile> charts = new ArrayList<>();
        for (ExperimentCharts.Figure f : ExperimentCharts.figures(merged.result())) {
            charts.add(new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height()));
        }
        List<Path> written;
        try {
            written = ExperimentResults.write(merged.result(), charts, dir, new Cancellation());
        } catch (IOException ex) {
            throw new BadInputException("--out: cannot write the results folder " + dir + ": " + ex.getMessage());
        } catch (CancelledException ex) {
            return 130;
        }
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            CliSupport.printJson(o, ExperimentCommand.toJson(merged.result(), dir));
            return 0;
        }
        Experiment e = merged.result().experiment();
        o.println(e.name() + ": " + inputsCount() + " merged, " + ((AcceptanceStudy) e.study()).systems(e.sets()) + " systems");
        o.println("Results in " + dir + ":");
        for (Path p : written) {
            o.println("  " + p);
        }
        o.flush();
        return 0;
    }

    private String inputsCount() {
        try {
            int n = AcceptanceShards.files(inputs).size();
            return n + (n == 1 ? " shard" : " shards");
        } catch (InvalidExperimentException ex) {
            return "shards";
        }
    }

    /** A shard run as checked before it computes: the study, the share, the folder (made) and the shard file. */
    record ShardRun(Experiment experiment, AcceptanceStudy study, Shard shard, Path dir, Path target, String stem) {
    }

    /** {@code experiment FILE --shard i/n}: computes the share and writes its shard file. */
    static int runShard(CommandSpec spec, Experiment e, Path file, String stem, String shardText, Path out, int threads,
                        boolean json) {
        ShardRun run = plan(e, file, stem, shardText, out);
        PrintWriter err = spec.commandLine().getErr();
        Cancellation cancel = new Cancellation();
        CountDownLatch finished = new CountDownLatch(1);
        AtomicBoolean said = new AtomicBoolean();
        // Ctrl+C (or a TERM, as Slurm sends at a time limit) runs shutdown hooks: stop the run and say so,
        // as the unsharded run does (docs/reference/command-line.md, status 130)
        Thread hook = new Thread(() -> {
            cancel.cancel();
            try {
                if (!finished.await(ExperimentCommand.HOOK_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    say(said, err, run);
                }
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "experiment-shard-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return compute(run, threads, json, spec.commandLine().getOut(), err, cancel, said);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is exiting (Ctrl+C): the hook is running and returns once it sees finished
            }
        }
    }

    /**
     * Checks a shard run before it computes: an acceptance study, a share i/n, and a folder for the
     * shard file, made now, so a place where none can be made is refused before hours of work.
     */
    static ShardRun plan(Experiment e, Path file, String stem, String shardText, Path out) {
        if (!(e.study() instanceof AcceptanceStudy st)) {
            throw new BadInputException("--shard: only acceptance studies run in shards; " + file + " is a " + e.study().kind() + " study");
        }
        Shard shard;
        try {
            shard = AcceptanceShards.parseShard("--shard", shardText);
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        }
        Path dir = out != null ? out : Path.of("results", stem + "-shards");
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException("--out: " + dir + " is a file; shards go into a folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException ex) {
            throw new BadInputException("--out: cannot make the folder " + dir + ": " + InputFiles.writeReason(ex));
        }
        return new ShardRun(e, st, shard, dir, dir.resolve(AcceptanceShards.fileName(stem, shard)), stem);
    }

    /** Computes the share of {@code run} and writes its shard file; 130 and one line on {@code err} when cancelled. */
    static int compute(ShardRun run, int threads, boolean json, PrintWriter o, PrintWriter err, Cancellation cancel,
                       AtomicBoolean said) {
        Experiment e = run.experiment();
        long start = System.nanoTime();
        AcceptanceResult r;
        try {
            r = AcceptanceRunner.run(new ExperimentRunner(threads), e, run.shard(), Progress.NONE, cancel);
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        } catch (CancelledException ex) {
            say(said, err, run);
            return InterruptedCommandException.STATUS;
        }
        try {
            AcceptanceShards.write(r, run.stem(), run.target());
        } catch (IOException ex) {
            throw new BadInputException("--out: cannot write the shard file " + run.target() + ": " + InputFiles.writeReason(ex));
        }
        long systems = run.shard().size(run.study().systems(e.sets()));
        if (json) {
            ObjectNode root = CliSupport.object();
            root.put("shard", run.shard().toString());
            root.put("systems", systems);
            root.put("file", run.target().toString());
            CliSupport.printJson(o, root);
        } else {
            o.println(e.name() + ": shard " + run.shard() + ", " + systems + " of " + run.study().systems(e.sets()) + " systems, "
                    + Format.fixed((System.nanoTime() - start) / 1e9, 1) + " s");
            o.println("Shard file: " + run.target());
        }
        o.flush();
        return 0;
    }

    /** The one line an interrupted shard run ends with, said once (the run's thread and the hook may both). */
    private static void say(AtomicBoolean said, PrintWriter err, ShardRun run) {
        if (said.compareAndSet(false, true)) {
            err.println("experiment: interrupted; shard " + run.shard() + " not written: " + (Files.exists(run.target())
                    ? run.target() + " is left as it was" : "no file " + run.target()));
            err.flush();
        }
    }

    /** The acceptance points of the --json object: u, test, systems, accepted, share and the Wilson interval. */
    static void points(ObjectNode root, AcceptanceResult a) {
        ArrayNode pts = root.putArray("points");
        for (AcceptanceResult.Point p : a.points()) {
            ObjectNode pn = pts.addObject();
            pn.put("u", p.u());
            pn.put("test", p.test());
            pn.put("systems", p.systems());
            pn.put("accepted", p.accepted());
            if (p.systems() > 0) {
                pn.put("share", p.share());
                pn.put("wilsonLow95", p.interval().low());
                pn.put("wilsonHigh95", p.interval().high());
            }
        }
    }
}

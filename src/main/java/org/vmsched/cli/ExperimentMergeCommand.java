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

    /** {@code experiment FILE --shard i/n}: computes the share and writes its shard file. */
    static int runShard(CommandSpec spec, Experiment e, Path file, String stem, String shardText, Path out, int threads,
                        boolean json) {
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
        Path target = dir.resolve(AcceptanceShards.fileName(stem, shard));
        long start = System.nanoTime();
        AcceptanceResult r;
        try {
            r = AcceptanceRunner.run(new ExperimentRunner(threads), e, shard, Progress.NONE, new Cancellation());
        } catch (InvalidExperimentException ex) {
            throw new BadInputException(ex.getMessage());
        } catch (CancelledException ex) {
            return 130;
        }
        try {
            Files.createDirectories(dir);
            AcceptanceShards.write(r, stem, target);
        } catch (IOException ex) {
            throw new BadInputException("--out: cannot write the shard file " + target + ": " + ex.getMessage());
        }
        PrintWriter o = spec.commandLine().getOut();
        long systems = shard.size(st.systems(e.sets()));
        if (json) {
            ObjectNode root = CliSupport.object();
            root.put("shard", shard.toString());
            root.put("systems", systems);
            root.put("file", target.toString());
            CliSupport.printJson(o, root);
        } else {
            o.println(e.name() + ": shard " + shard + ", " + systems + " of " + st.systems(e.sets()) + " systems, "
                    + Format.fixed((System.nanoTime() - start) / 1e9, 1) + " s");
            o.println("Shard file: " + target);
        }
        o.flush();
        return 0;
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

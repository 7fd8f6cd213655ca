package org.vmsched.bench;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jfree.chart.JFreeChart;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.vmsched.chart.ExperimentCharts;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentResult;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.OverheadResult;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.io.ExperimentJson;
import org.vmsched.io.ExperimentResults;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The built-in thesis studies (scenarios/experiments/thesis-*.json): the whole computation on
 * all cores and on one, and the parts around it (charts, the results folder). See BENCHMARKS.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ExperimentBenchmark {

    Experiment tmax;
    Experiment overhead;
    OverheadResult overheadResult;
    TmaxResult tmaxResult;
    Path out;

    @Setup(Level.Trial)
    public void load() throws Exception {
        System.setProperty("java.awt.headless", "true");
        tmax = ExperimentJson.load(Path.of("scenarios/experiments/thesis-tmax.json"));
        overhead = ExperimentJson.load(Path.of("scenarios/experiments/thesis-overhead.json"));
        tmaxResult = (TmaxResult) run(tmax, 1);
        overheadResult = (OverheadResult) run(overhead, 1);
        out = Files.createTempDirectory("vmsched-bench");
    }

    @TearDown(Level.Trial)
    public void clean() throws Exception {
        org.vmsched.io.AtomicFolder.deleteTree(out);
    }

    static ExperimentResult run(Experiment e, int threads) throws Exception {
        return new ExperimentRunner(threads).run(e, Progress.NONE, new Cancellation());
    }

    /** Tmax study: 90 task sets, 810 exact Tmax values, all cores. */
    @Benchmark
    public Object tmaxStudy() throws Exception {
        return run(tmax, Runtime.getRuntime().availableProcessors());
    }

    /** The same on one thread. */
    @Benchmark
    public Object tmaxStudyOneThread() throws Exception {
        return run(tmax, 1);
    }

    /** Overhead study: 60 curves × 500 periods × 10 sets = 300,000 capped max Ri/Ti, all cores. */
    @Benchmark
    public Object overheadStudy() throws Exception {
        return run(overhead, Runtime.getRuntime().availableProcessors());
    }

    /** The same on one thread. */
    @Benchmark
    public Object overheadStudyOneThread() throws Exception {
        return run(overhead, 1);
    }

    /** Building the three overhead figures and drawing them as 900-pixel-wide PNG images in memory. */
    @Benchmark
    public Object overheadChartsDrawn() {
        List<BufferedImage> images = new ArrayList<>();
        for (ExperimentCharts.Figure f : ExperimentCharts.overhead(overheadResult)) {
            JFreeChart c = f.chart();
            images.add(c.createBufferedImage(f.width(), f.height()));
        }
        return images;
    }

    /** Writing the whole overhead results folder: experiment.json, CSV, 3 charts × PNG, SVG, PDF. */
    @Benchmark
    public Object overheadResultsFolder() throws Exception {
        List<ExperimentResults.ChartFile> charts = new ArrayList<>();
        for (ExperimentCharts.Figure f : ExperimentCharts.overhead(overheadResult)) {
            charts.add(new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height()));
        }
        return ExperimentResults.write(overheadResult, charts, out.resolve("overhead"), new Cancellation());
    }

    /** Writing the whole Tmax results folder. */
    @Benchmark
    public Object tmaxResultsFolder() throws Exception {
        List<ExperimentResults.ChartFile> charts = new ArrayList<>();
        for (ExperimentCharts.Figure f : ExperimentCharts.tmax(tmaxResult)) {
            charts.add(new ExperimentResults.ChartFile(f.name(), f.chart(), f.width(), f.height()));
        }
        return ExperimentResults.write(tmaxResult, charts, out.resolve("tmax"), new Cancellation());
    }
}

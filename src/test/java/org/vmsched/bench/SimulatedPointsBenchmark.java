package org.vmsched.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.vmsched.experiment.Experiment;
import org.vmsched.experiment.ExperimentRunner;
import org.vmsched.experiment.OverheadStudy;
import org.vmsched.experiment.PeriodGrid;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.experiment.TmaxStudy;
import org.vmsched.io.ExperimentJson;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * What simulated points cost in the studies, each next to the same work without them, on one
 * thread: the built-in scenarios/experiments/thesis-tmax-simulated.json, and one curve of the
 * thesis overhead study with the simulated source. See BENCHMARKS.md, section Experiments.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 4, time = 3)
@Fork(1)
public class SimulatedPointsBenchmark {

    Experiment tmaxSimulated;
    Experiment tmaxAnalytic;
    Experiment curveSimulated;
    Experiment curveAnalytic;

    @Setup(Level.Trial)
    public void load() throws Exception {
        tmaxSimulated = ExperimentJson.load(Path.of("scenarios/experiments/thesis-tmax-simulated.json"));
        TmaxStudy st = (TmaxStudy) tmaxSimulated.study();
        tmaxAnalytic = new Experiment(1, "a", "", tmaxSimulated.seed(), tmaxSimulated.sets(), tmaxSimulated.generator(),
                new TmaxStudy(st.n(), st.u(), st.alpha(), st.overhead()));
        // thesis-overhead.json's generator and periods, one (u, α, X) curve
        ThesisGenerator gen = new ThesisGenerator(100, 1000, 100);
        OverheadStudy sim = new OverheadStudy(10, List.of(new OverheadStudy.Panel(0.2, List.of(0.32))), List.of(4.0),
                new PeriodGrid(1, 500, 1), 10, OverheadStudy.Source.SIMULATION, 1); // figures in BENCHMARKS.md: resolution 1
        curveSimulated = new Experiment(1, "s", "", 2013, 10, gen, sim);
        curveAnalytic = new Experiment(1, "a", "", 2013, 10, gen, new OverheadStudy(sim.n(), sim.panels(), sim.overhead(),
                sim.periods(), 10, OverheadStudy.Source.ANALYSIS));
    }

    static Object run(Experiment e) throws Exception {
        return new ExperimentRunner(1).run(e, Progress.NONE, new Cancellation());
    }

    /** thesis-tmax-simulated.json: 9 sets of 10 tasks × 9 α, exact Tmax plus simulated Tmax of each rounded set. */
    @Benchmark
    public Object tmaxWithSimulatedPoints() throws Exception {
        return run(tmaxSimulated);
    }

    /** The same study without simulated points. */
    @Benchmark
    public Object tmaxAnalysisOnly() throws Exception {
        return run(tmaxAnalytic);
    }

    /** One overhead curve (u 0.2, α 0.32, X 4): 500 periods × 10 sets = 5,000 simulated max Ri/Ti. */
    @Benchmark
    public Object overheadCurveSimulated() throws Exception {
        return run(curveSimulated);
    }

    /** The same curve by the analysis. */
    @Benchmark
    public Object overheadCurveAnalysis() throws Exception {
        return run(curveAnalytic);
    }
}

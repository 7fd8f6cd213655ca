package org.vmsched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/**
 * Speed of the exact Tmax (THEORY.md §3) against the naive grid search, single-threaded:
 * <ul>
 * <li>{@code curve}: Tmax at α = 0.01 … 0.99 (99 points) for one seeded 30-task set, u = 0.3,
 *     periods uniform in [1000, 10000] (THEORY.md §5 generator);</li>
 * <li>{@code curveWithPeriods}: the same curve with every good-period interval;</li>
 * <li>{@code study}: the whole Tmax study of THEORY.md §5, 810 Tmax values (n ∈ {10, 20, 30},
 *     u ∈ {0.1, 0.2, 0.3}, α ∈ {0.1 … 0.9}, 10 sets each);</li>
 * <li>{@code naiveSubset}: the naive way, T_VM stepped by 0.01 from 0.01 up to the upper bound
 *     with the RTA at every step, on the {@link #NAIVE_ALPHAS} subset of the 99 bandwidths (the
 *     full curve would take minutes; the report extrapolates by the number of steps).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TmaxBenchmark {

    /** The bandwidths the naive grid search is timed on. */
    public static final double[] NAIVE_ALPHAS = {0.1, 0.3, 0.5};

    /** The grid step of the naive search. */
    public static final double STEP = 0.01;

    static final long SEED = 20261122L;

    List<Task> set30;
    double[] alphas99;
    List<List<Task>> studySets;

    @Setup(Level.Trial)
    public void setUp() {
        set30 = taskSet(new SplittableRandom(SEED), 30, 0.3);
        alphas99 = new double[99];
        for (int i = 0; i < 99; i++) {
            alphas99[i] = (i + 1) / 100.0;
        }
        studySets = studySets();
    }

    /** THEORY.md §5: periods uniform in [1000, 10000], Ci uniform in [1000, Ti], scaled to Σ Ci/Ti = u. */
    public static List<Task> taskSet(SplittableRandom r, int n, double u) {
        double[] t = new double[n];
        double[] c = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            t[i] = 1000 + 9000 * r.nextDouble();
            c[i] = 1000 + (t[i] - 1000) * r.nextDouble();
            sum += c[i] / t[i];
        }
        List<Task> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Task.of("t" + i, c[i] * u / sum, t[i]));
        }
        return out;
    }

    /** The 90 task sets of the study, in (n, u, set) order, all from one seed. */
    public static List<List<Task>> studySets() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        List<List<Task>> out = new ArrayList<>();
        for (int n : new int[] {10, 20, 30}) {
            for (double u : new double[] {0.1, 0.2, 0.3}) {
                for (int s = 0; s < 10; s++) {
                    out.add(taskSet(r, n, u));
                }
            }
        }
        return out;
    }

    @Benchmark
    public List<TmaxCurve.Point> curve() {
        return TmaxCurve.compute(set30, GuestScheduler.RM, alphas99, 0, Double.NaN, false);
    }

    @Benchmark
    public List<TmaxCurve.Point> curveWithPeriods() {
        return TmaxCurve.compute(set30, GuestScheduler.RM, alphas99, 0, Double.NaN, true);
    }

    @Benchmark
    public double study() {
        double sum = 0;
        for (List<Task> set : studySets) {
            GoodPeriods gp = GoodPeriods.of(set, GuestScheduler.RM);
            for (int a = 1; a <= 9; a++) {
                sum += gp.tmax(a / 10.0, 0, gp.defaultMinPeriod());
            }
        }
        return sum;
    }

    @Benchmark
    public double naiveSubset() {
        double sum = 0;
        for (double a : NAIVE_ALPHAS) {
            sum += naiveTmax(set30, a, 0, STEP);
        }
        return sum;
    }

    /** Grid steps the naive search takes at α: up to the upper bound, one RTA each. */
    public static long naiveSteps(List<Task> tasks, double alpha, double overhead, double step) {
        return (long) Math.floor(Bounds.upperBound(alpha, overhead, tasks) / step);
    }

    /** The naive Tmax: the largest grid period k·step ≤ the upper bound that passes the RTA, or 0. */
    public static double naiveTmax(List<Task> tasks, double alpha, double overhead, double step) {
        long steps = naiveSteps(tasks, alpha, overhead, step);
        double best = 0;
        for (long k = 1; k <= steps; k++) {
            double period = k * step;
            if (ResponseTimeAnalysis.schedulable(new Supply(period, alpha * period, overhead), tasks)) {
                best = period;
            }
        }
        return best;
    }
}

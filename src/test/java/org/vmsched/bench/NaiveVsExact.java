package org.vmsched.bench;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;

/**
 * Where the naive grid search (step 0.01) disagrees with the exact Tmax: prints every bandwidth
 * at which they differ by more than rounding, for the thesis example (α = 0.01 … 0.99) and for
 * the benchmark's 30-task set on {@link TmaxBenchmark#NAIVE_ALPHAS}, plus the grid steps the full
 * naive curve would take. Run with the test classpath: {@code java -cp ... org.vmsched.bench.NaiveVsExact}.
 */
public final class NaiveVsExact {

    private NaiveVsExact() {
    }

    public static void main(String[] args) {
        List<Task> thesis = List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
        compare("thesis example", thesis, alphas(1, 99), TmaxBenchmark.STEP);
        compare("thesis example, grid 0.03", thesis, alphas(1, 99), 0.03);
        List<Task> set30 = TmaxBenchmark.taskSet(new SplittableRandom(TmaxBenchmark.SEED), 30, 0.3);
        long total = 0;
        long subset = 0;
        for (double a : alphas(1, 99)) {
            total += TmaxBenchmark.naiveSteps(set30, a, 0, TmaxBenchmark.STEP);
        }
        for (double a : TmaxBenchmark.NAIVE_ALPHAS) {
            subset += TmaxBenchmark.naiveSteps(set30, a, 0, TmaxBenchmark.STEP);
        }
        System.out.printf(Locale.ROOT, "30-task set: T1 = %.1f; naive grid steps: subset %d, full 99-point curve %d (x%.1f)%n",
                set30.stream().mapToDouble(Task::period).min().orElseThrow(), subset, total, (double) total / subset);
        compare("30-task set", set30, TmaxBenchmark.NAIVE_ALPHAS, TmaxBenchmark.STEP);
    }

    static double[] alphas(int from, int to) {
        double[] a = new double[to - from + 1];
        for (int i = from; i <= to; i++) {
            a[i - from] = i / 100.0;
        }
        return a;
    }

    static void compare(String what, List<Task> tasks, double[] alphas, double step) {
        GoodPeriods gp = GoodPeriods.of(tasks, GuestScheduler.RM);
        int differ = 0;
        for (double a : alphas) {
            double exact = gp.tmax(a, 0, gp.defaultMinPeriod());
            double naive = TmaxBenchmark.naiveTmax(tasks, a, 0, step);
            if (Math.abs(exact - naive) > 1e-9 * Math.max(1, exact)) {
                differ++;
                System.out.printf(Locale.ROOT, "%s: alpha %.2f exact Tmax %.6f naive %.6f (%s)  good periods near the top: %s%n",
                        what, a, exact, naive, naive < exact - step ? "MISSED by more than the step" : "within the step",
                        top(gp.intervals(a, 0, gp.defaultMinPeriod())));
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d of %d bandwidths differ (grid %.2f)%n", what, differ, alphas.length, step);
    }

    static String top(List<org.vmsched.analysis.Interval> iv) {
        return iv.subList(Math.max(0, iv.size() - 3), iv.size()).toString();
    }
}

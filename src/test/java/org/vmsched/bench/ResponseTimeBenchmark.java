package org.vmsched.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 12's slow answers (THEORY.md §10.1), single-threaded:
 * <ul>
 * <li>{@code ratioAnalysis}: the whole analysis of a VM (1, 1) with a task (0.00099999999, 0.001)
 *     beside (0.005, 999999.99): R = 500000, 5·10^8 plain steps ("undecided" before);</li>
 * <li>{@code thousandAnalysis}: the whole analysis of the thousand-task VM of
 *     {@code FastResponseTimesTest} (seed 12, U = 0.7, periods log-uniform 10–3162, VM (1, 0.9));</li>
 * <li>{@code thousandResponseTimes}: its response times alone;</li>
 * <li>{@code thesisResponseTimes}: the thesis's three tasks at (10, 4), the common small case.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ResponseTimeBenchmark {

    Scenario ratio;
    Scenario thousand;
    List<Task> thousandTasks;
    List<Task> thesis;

    @Setup
    public void setUp() {
        List<Task> r = List.of(Task.of("fast", 0.00099999999, 0.001), Task.of("slow", 0.005, 999999.99));
        ratio = Scenario.of("ratio", List.of(VirtualMachine.of("VM1", 1, 1, 0, r)));
        thousandTasks = thousandTasks();
        thousand = Scenario.of("thousand", List.of(VirtualMachine.of("VM1", 1, 0.9, 0, thousandTasks)));
        thesis = List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
    }

    @Benchmark
    public AnalysisResult ratioAnalysis() {
        return SystemAnalysis.analyze(ratio);
    }

    @Benchmark
    public AnalysisResult thousandAnalysis() {
        return SystemAnalysis.analyze(thousand);
    }

    @Benchmark
    public double[] thousandResponseTimes() {
        return ResponseTimeAnalysis.responseTimes(new Supply(1, 0.9, 0), thousandTasks, 1.0);
    }

    @Benchmark
    public double[] thesisResponseTimes() {
        return ResponseTimeAnalysis.responseTimes(new Supply(10, 4, 0), thesis, 1.0);
    }

    /**
     * A thousand tasks (seed 12): utilisation 0.7, periods log-uniform over 2.5 decades
     * (10 to 3162), three decimals, in a VM (1, 0.9).
     */
    public static List<Task> thousandTasks() {
        java.util.Random rnd = new java.util.Random(12);
        int n = 1000;
        double[] period = new double[n];
        double[] share = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            period[i] = Math.round(Math.pow(10, 1 + 2.5 * rnd.nextDouble()));
            share[i] = rnd.nextDouble();
            sum += share[i];
        }
        List<Task> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            double wcet = Math.max(0.001, Math.round(share[i] * 0.7 / sum * period[i] * 1000) / 1000.0);
            tasks.add(Task.of("t" + i, wcet, period[i]));
        }
        return tasks;
    }
}

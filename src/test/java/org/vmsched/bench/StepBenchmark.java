package org.vmsched.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jfree.chart.JFreeChart;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.StepRecorder;

/**
 * What stepping through a schedule costs: recording the thesis example with overhead 0.5 up to
 * the stepping limit (10,000 instants, narrated), and one Step or Back at the last of them (the
 * schedule cut at that instant, its window drawn with the instant marked), the work the window
 * does on each key press.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StepBenchmark {

    Scenario scenario;
    SimulationOptions options;
    GanttData full;
    double last;

    @Setup
    public void setup() {
        scenario = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0.5,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));
        options = SimulationOptions.DEFAULT.withHorizon(1_000_000.0);
        StepRecorder.Recording r = record();
        full = SimulationChartData.gantt(scenario, r.result(), Integer.MAX_VALUE);
        last = r.steps().get(r.steps().size() - 2).time();
    }

    @Benchmark
    public StepRecorder.Recording record() {
        return StepRecorder.record(scenario, options, StepRecorder.DEFAULT_MAX_STEPS);
    }

    @Benchmark
    public JFreeChart oneStepAtTheLastInstant() {
        // as the step-through draws it (RecordedRun.at): the run cut at the instant, the window and one more to its left
        JFreeChart c = GanttChartFactory.create(full.until(last).between(last - 72, last + 4), last - 36, last + 4);
        GanttChartFactory.markNow(c, last);
        return c;
    }
}

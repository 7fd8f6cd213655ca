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
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * What the GUI pays to show a long trace: the thesis example with switch overhead 0.5 simulated
 * over 2,000,000 time units, cut to the first 50,000 trace slices (as the GUI's simulator backend
 * does), converted to Gantt data and built into the JFreeChart (lanes, merged runs, marks).
 * Both steps run on the simulation worker, not the FX thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GanttChartBenchmark {

    Scenario scenario;
    SimulationResult result;

    @Setup
    public void setup() {
        scenario = Scenario.of("Thesis", List.of(VirtualMachine.of("VM1", 10, 4, 0.5,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)))));
        SimulationSettings s = new SimulationSettings(2_000_000.0, scenario.simulation().mode(),
                scenario.simulation().serverPolicy(), scenario.simulation().missPolicy());
        result = Simulator.run(scenario, SimulationOptions.from(s), Progress.NONE, new Cancellation());
    }

    @Benchmark
    public GanttData convertFirst50000Slices() {
        return SimulationChartData.gantt(scenario, result, 50_000);
    }

    @Benchmark
    public JFreeChart convertAndBuildChart() {
        GanttData d = SimulationChartData.gantt(scenario, result, 50_000);
        return GanttChartFactory.create(d, d.start(), d.viewEnd());
    }
}

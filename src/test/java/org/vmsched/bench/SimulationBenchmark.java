package org.vmsched.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/**
 * Simulation speed on bench/sim-3vm-30tasks.json (3 VMs under EDF on one core, 30 RM tasks),
 * trace off. {@code threeVms}: the two-level system; {@code flatRm}: the same 30 tasks in one VM
 * that owns the processor (budget = period = horizon), i.e. flat RM, the system SimSo simulates in
 * bench/simso_compare.py. Score: runs per second; the {@code events} counter: events per second
 * (wall clock). Run with -prof gc to see that allocation per run does not grow with the horizon.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@State(Scope.Benchmark)
public class SimulationBenchmark {

    @Param({"10000000"})
    public double horizon;

    private Scenario threeVms;
    private Scenario flat;
    private SimulationOptions options;

    /** Events handled, reported by JMH as a rate. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long events;

    }

    @Setup
    public void load() throws Exception {
        threeVms = ScenarioJson.load(Path.of("bench", "sim-3vm-30tasks.json"));
        List<org.vmsched.model.Task> all = threeVms.vms().stream().flatMap(v -> v.tasks().stream()).toList();
        flat = threeVms.withVms(List.of(VirtualMachine.of("flat", horizon, horizon, 0, all)));
        options = SimulationOptions.DEFAULT.withHorizon(horizon).withTrace(false);
    }

    @Benchmark
    public SimulationResult threeVms(Counters c) {
        SimulationResult r = Simulator.run(threeVms, options, null);
        c.events += r.events();
        return r;
    }

    @Benchmark
    public SimulationResult flatRm(Counters c) {
        SimulationResult r = Simulator.run(flat, options, null);
        c.events += r.events();
        return r;
    }
}

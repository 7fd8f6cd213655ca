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
 * bench/simso_compare.py. {@code dedicated}: a dedicated processor written as a VM with budget =
 * period = 1 holding the first VM's 10 RM tasks, over {@code dedicatedHorizon} (issue 10: at least
 * 10 million jobs per CPU second). Score: runs per second; the {@code events} counter: events per
 * second, the {@code jobs} counter: jobs released per second (wall clock). Run with -prof gc to see
 * that allocation per run does not grow with the horizon.
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

    @Param({"100000000"})
    public double dedicatedHorizon;

    private Scenario threeVms;
    private Scenario flat;
    private Scenario dedicated;
    private Scenario global;
    private SimulationOptions options;
    private SimulationOptions dedicatedOptions;

    /** Events handled, reported by JMH as a rate. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long events;
        public long jobs;

    }

    @Setup
    public void load() throws Exception {
        threeVms = ScenarioJson.load(Path.of("bench", "sim-3vm-30tasks.json"));
        List<org.vmsched.model.Task> all = threeVms.vms().stream().flatMap(v -> v.tasks().stream()).toList();
        flat = threeVms.withVms(List.of(VirtualMachine.of("flat", horizon, horizon, 0, all)));
        options = SimulationOptions.DEFAULT.withHorizon(horizon).withTrace(false);
        dedicated = threeVms.withVms(List.of(VirtualMachine.of("dedicated", 1, 1, 0, threeVms.vms().get(0).tasks())));
        dedicatedOptions = SimulationOptions.DEFAULT.withHorizon(dedicatedHorizon).withTrace(false);
        global = globalFourCores();
    }

    private static long jobs(SimulationResult r) {
        long n = 0;
        for (org.vmsched.sim.VmStats v : r.vms()) {
            for (org.vmsched.sim.TaskStats t : v.tasks()) {
                n += t.jobs();
            }
        }
        return n;
    }

    @Benchmark
    public SimulationResult threeVms(Counters c) {
        SimulationResult r = Simulator.run(threeVms, options, null);
        c.events += r.events();
        c.jobs += jobs(r);
        return r;
    }

    /**
     * Global EDF (issue 21 item 7): 4 cores, 4 VMs of 2 virtual CPUs (periods 5, 6, 8, 10, bandwidth
     * 0.4 each vCPU, 3.2 of the 4 cores), 5 tasks each (20 in all, GLOBAL_EDF and GLOBAL_RM guests,
     * task periods 10–100, about 0.6 of each VM's supply), periodic servers, overhead 0.01.
     */
    public static org.vmsched.model.Scenario globalFourCores() {
        List<VirtualMachine> vms = new java.util.ArrayList<>();
        double[] periods = {5, 6, 8, 10};
        double[] taskPeriods = {10, 20, 25, 50, 100};
        for (int v = 0; v < 4; v++) {
            List<org.vmsched.model.Task> tasks = new java.util.ArrayList<>();
            for (int i = 0; i < 5; i++) {
                double p = taskPeriods[i] * (1 + v % 2);
                tasks.add(org.vmsched.model.Task.of("t" + i, Math.round(p * 0.1 * 100) / 100.0, p));
            }
            vms.add(new VirtualMachine("vm" + v, periods[v], 0.4 * periods[v], 0.01, 0, 0,
                    v % 2 == 0 ? org.vmsched.model.GuestScheduler.GLOBAL_EDF : org.vmsched.model.GuestScheduler.GLOBAL_RM,
                    null, tasks, null, 2));
        }
        return org.vmsched.model.Scenario.of("global-4x2", vms)
                .withHypervisor(new org.vmsched.model.Platform(org.vmsched.model.HypervisorPolicy.GLOBAL_EDF, 4));
    }

    @Benchmark
    public SimulationResult globalFourCores(Counters c) {
        SimulationResult r = Simulator.run(global, options.withMaxJobs(1_000_000_000L), null);
        c.events += r.events();
        c.jobs += jobs(r);
        return r;
    }

    @Benchmark
    public SimulationResult flatRm(Counters c) {
        SimulationResult r = Simulator.run(flat, options, null);
        c.events += r.events();
        c.jobs += jobs(r);
        return r;
    }

    @Benchmark
    public SimulationResult dedicated(Counters c) {
        SimulationResult r = Simulator.run(dedicated, dedicatedOptions, null);
        c.events += r.events();
        c.jobs += jobs(r);
        return r;
    }
}

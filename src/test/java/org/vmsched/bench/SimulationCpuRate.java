package org.vmsched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.VmStats;

/**
 * Events and jobs per second of <em>thread CPU time</em> on bench/sim-3vm-30tasks.json, for a
 * machine shared with other jobs (where JMH's wall-clock figures understate one core's speed),
 * and the same-unit figure (jobs per CPU second) that bench/simso_compare.py prints for SimSo.
 * Also the heap in use after each run, to show it does not grow with the horizon.
 * Arguments: [horizon] [runs] [dedicated-horizon]. Not a test; run through exec:java (see BENCHMARKS.md).
 */
public final class SimulationCpuRate {

    private SimulationCpuRate() {
    }

    public static void main(String[] args) throws Exception {
        double horizon = args.length > 0 ? Double.parseDouble(args[0]) : 1e7;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Scenario three = ScenarioJson.load(Path.of("bench", "sim-3vm-30tasks.json"));
        List<Task> all = three.vms().stream().flatMap(v -> v.tasks().stream()).toList();
        Scenario flat = three.withVms(List.of(VirtualMachine.of("flat", horizon, horizon, 0, all)));
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(horizon).withTrace(false);
        measure("threeVms", three, o, runs);
        measure("flatRm", flat, o, runs);
        measure("globalFourCores", SimulationBenchmark.globalFourCores(), o.withMaxJobs(1_000_000_000L), runs);
        // a dedicated processor written as a VM with budget = period = 1 (issue 10): 10 RM tasks
        // (the first VM's), horizon 10^8 unless a third argument says otherwise
        double dh = args.length > 2 ? Double.parseDouble(args[2]) : 1e8;
        Scenario dedicated = three.withVms(List.of(VirtualMachine.of("dedicated", 1, 1, 0, three.vms().get(0).tasks())));
        measure("dedicated", dedicated, SimulationOptions.DEFAULT.withHorizon(dh).withTrace(false), runs);
    }

    private static void measure(String name, Scenario s, SimulationOptions o, int runs) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double best = 0;
        double bestJobs = 0;
        SimulationResult last = null;
        long cpuTotal = 0;
        long eventsTotal = 0;
        long jobsTotal = 0;
        for (int i = 0; i < runs; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            SimulationResult r = Simulator.run(s, o, null);
            long cpu = mx.getCurrentThreadCpuTime() - c0;
            long jobs = jobs(r);
            if (i >= runs / 2) {
                cpuTotal += cpu;
                eventsTotal += r.events();
                jobsTotal += jobs;
            }
            best = Math.max(best, r.events() / (cpu / 1e9));
            bestJobs = Math.max(bestJobs, jobs / (cpu / 1e9));
            last = r;
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long heap = rt.totalMemory() - rt.freeMemory();
        System.out.printf(Locale.ROOT,
                "%s horizon=%.0f events=%d jobs=%d misses=%d | second half of %d runs: %.1f M events/CPU-s, %.0f jobs/CPU-s"
                        + " | best: %.1f M events/CPU-s, %.0f jobs/CPU-s | heap after run %.1f MB%n",
                name, o.horizon(), last.events(), jobs(last), last.deadlineMisses(), runs,
                eventsTotal / (cpuTotal / 1e9) / 1e6, jobsTotal / (cpuTotal / 1e9), best / 1e6, bestJobs, heap / 1e6);
    }

    private static long jobs(SimulationResult r) {
        long n = 0;
        for (VmStats v : r.vms()) {
            for (TaskStats t : v.tasks()) {
                n += t.jobs();
            }
        }
        return n;
    }
}

package org.vmsched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Two builds of VMSched timed in one JVM, run after run in turn, on
 * {@link SimulationBenchmark#globalFourCores()}: for a machine shared with other jobs, where two
 * JVMs run one after the other see different loads (runs of one build in separate JVMs differed by
 * half there, BENCHMARKS.md). Each build is loaded from its own project directory
 * ({@code target/classes}, {@code target/test-classes} and the jars listed in {@code target/cp.txt},
 * written by {@code dependency:build-classpath}) through its own class loader, so each is compiled
 * by the JIT on its own; the order within a round alternates. Prints each build's jobs per second of
 * thread CPU time over the last two thirds of the rounds (mean and best run) and the ratio of their
 * CPU times. Arguments: {@code dirA dirB [rounds] [horizon]}. Not a test.
 */
public final class AlternatingBuilds {

    private AlternatingBuilds() {
    }

    /** One build's {@code Simulator.run(scenario, options)} with the benchmark's scenario and options. */
    private record Build(String dir, Method run, Object scenario, Object options) {

        long jobsOf(Object result) throws ReflectiveOperationException {
            long n = 0;
            for (Object vm : (List<?>) result.getClass().getMethod("vms").invoke(result)) {
                for (Object t : (List<?>) vm.getClass().getMethod("tasks").invoke(vm)) {
                    n += (long) t.getClass().getMethod("jobs").invoke(t);
                }
            }
            return n;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: AlternatingBuilds dirA dirB [rounds] [horizon]");
            System.exit(2);
        }
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        double horizon = args.length > 3 ? Double.parseDouble(args[3]) : 1e6;
        Build[] builds = {load(args[0], horizon), load(args[1], horizon)};
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[2];
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
        long[] jobs = new long[2];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int b = r % 2 == 0 ? k : 1 - k;
                long c0 = mx.getCurrentThreadCpuTime();
                Object result = builds[b].run().invoke(null, builds[b].scenario(), builds[b].options());
                long c = mx.getCurrentThreadCpuTime() - c0;
                jobs[b] = builds[b].jobsOf(result);
                if (r >= rounds / 3) {
                    cpu[b] += c;
                    best[b] = Math.min(best[b], c);
                }
            }
        }
        int measured = rounds - rounds / 3;
        for (int b = 0; b < 2; b++) {
            System.out.printf(Locale.ROOT, "%s: %d jobs a run, %d runs: mean %.3f M jobs/CPU-s, best run %.3f M%n",
                    builds[b].dir(), jobs[b], measured, jobs[b] * (double) measured / (cpu[b] / 1e9) / 1e6, jobs[b] / (best[b] / 1e9) / 1e6);
        }
        System.out.printf(Locale.ROOT, "CPU time A / B: %.3f%n", (double) cpu[0] / cpu[1]);
    }

    private static Build load(String dir, double horizon) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(Path.of(dir, "target", "classes").toUri().toURL());
        urls.add(Path.of(dir, "target", "test-classes").toUri().toURL());
        for (String jar : Files.readString(Path.of(dir, "target", "cp.txt")).trim().split(java.io.File.pathSeparator)) {
            urls.add(Path.of(jar).toUri().toURL());
        }
        ClassLoader cl = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Object scenario = cl.loadClass(SimulationBenchmark.class.getName()).getMethod("globalFourCores").invoke(null);
        Class<?> options = cl.loadClass("org.vmsched.sim.SimulationOptions");
        Object o = options.getField("DEFAULT").get(null);
        o = options.getMethod("withHorizon", Double.class).invoke(o, horizon);
        o = options.getMethod("withTrace", boolean.class).invoke(o, false);
        o = options.getMethod("withMaxJobs", long.class).invoke(o, 1_000_000_000L);
        Method run = cl.loadClass("org.vmsched.sim.Simulator").getMethod("run", scenario.getClass(), options);
        return new Build(dir, run, scenario, o);
    }
}

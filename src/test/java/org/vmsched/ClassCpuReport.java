package org.vmsched;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * CPU seconds per test class, for ranking the suite's cost on a machine shared with other work,
 * where wall times say more about the load than about the tests. Off unless the test JVM has the
 * system property {@code test.cpu.report} (a file name): {@code ./mvnw -B -o verify
 * -Dtest.forks=1 -Dtest.cpu.report=target/class-cpu.tsv} (one test JVM: with two, each would write
 * the file over the other's). Each row is a class: the CPU time of the test JVM
 * (every thread: the FX pulse, workers, JIT, GC) and of the child processes it waited for (the CLI
 * tests' JVMs) while the class ran, then its wall time, in seconds, most CPU first. Work a class
 * leaves running (a background thread) is charged to the next. Linux's {@code /proc/self/stat}
 * in clock ticks of 1/100 s; without it, the JVM's own CPU time only. Registered through
 * {@code META-INF/services}; surefire runs the classes of a JVM one after another, so the
 * listener is called from one thread at a time.
 */
public final class ClassCpuReport implements TestExecutionListener {
    private static final String PROPERTY = "test.cpu.report";

    private final String file = System.getProperty(PROPERTY);
    private final Map<String, long[]> started = new LinkedHashMap<>();
    private final Map<String, double[]> spent = new LinkedHashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        String name = className(id);
        if (name != null) {
            started.put(id.getUniqueId(), new long[] {cpuNanos(), System.nanoTime()});
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        long[] at = started.remove(id.getUniqueId());
        if (at != null) {
            double[] sum = spent.computeIfAbsent(className(id), k -> new double[2]);
            sum[0] += (cpuNanos() - at[0]) / 1e9;
            sum[1] += (System.nanoTime() - at[1]) / 1e9;
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (file == null || spent.isEmpty()) {
            return;
        }
        List<Map.Entry<String, double[]>> rows = new ArrayList<>(spent.entrySet());
        rows.sort((a, b) -> Double.compare(b.getValue()[0], a.getValue()[0]));
        StringBuilder out = new StringBuilder("class\tcpu_s\twall_s\n");
        for (Map.Entry<String, double[]> r : rows) {
            out.append(String.format(java.util.Locale.ROOT, "%s\t%.2f\t%.2f%n", r.getKey(), r.getValue()[0], r.getValue()[1]));
        }
        try {
            Files.writeString(Path.of(file), out);
        } catch (IOException e) {
            System.err.println("ClassCpuReport: cannot write " + file + ": " + e.getMessage());
        }
    }

    /** The class a top-level class container stands for; null for anything else (methods, nested classes). */
    private String className(TestIdentifier id) {
        if (file == null || !id.isContainer() || !(id.getSource().orElse(null) instanceof ClassSource c)
                || c.getJavaClass().getEnclosingClass() != null) {
            return null;
        }
        return c.getClassName();
    }

    /** CPU time of this process and its waited-for children, in nanoseconds. */
    private static long cpuNanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // fields after the command name (which may hold spaces) in parentheses: utime is the 14th
            // field of the line, the 12th after ")": state is the 1st
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        }
    }
}

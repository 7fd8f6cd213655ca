package org.vmsched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.InterfaceDesigner;
import org.vmsched.design.Placement;
import org.vmsched.design.ReservationServer;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * BENCHMARKS.md "Design (issue 18)": thread CPU time of {@code design} on one 10-task VM (the
 * first VM of bench/sim-3vm-30tasks.json), on scenarios/two-vms.json, and of {@code design
 * --place} of 100 VMs of 10 tasks on 16 cores (whole task periods 10 to 100, VM utilisation
 * 0.02-0.12, X from {0, 0.05, 0.1, 0.2}), each in a fresh JVM's first call (what a command pays).
 * Loading the scenario file (the JSON reader's first use, about 0.4 s of CPU in a fresh JVM) is
 * timed apart from the design: the figures before issue 18's second round included it.
 * Run from the repository root with the test classpath; argument {@code one}, {@code two} or {@code place};
 * {@code write FILE} saves the placement's scenario (seed 1) to FILE for timing the whole command.
 */
public final class DesignTiming {

    private DesignTiming() {
    }

    static Scenario tenTaskVms(long seed, int vms) {
        Random r = new Random(seed);
        double[] xs = {0, 0.05, 0.1, 0.2};
        List<VirtualMachine> out = new ArrayList<>();
        for (int i = 0; i < vms; i++) {
            double u = 0.02 + 0.1 * r.nextDouble();
            List<Task> ts = new ArrayList<>();
            for (int j = 0; j < 10; j++) {
                int p = 10 + r.nextInt(91);
                ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * u / 10 * 100) / 100), p));
            }
            out.add(VirtualMachine.of("VM" + (i + 1), 10, 5, xs[r.nextInt(xs.length)], ts));
        }
        return Scenario.of("ten-task VMs " + seed, out).withHypervisor(new Platform(HypervisorPolicy.EDF, 16));
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String what = args.length > 0 ? args[0] : "one";
        if (what.equals("write")) {
            // the placement's scenario as a file, for timing the whole command (BENCHMARKS.md)
            ScenarioJson.save(tenTaskVms(1, 100), Path.of(args[1]));
            return;
        }
        long c0 = mx.getCurrentThreadCpuTime();
        Scenario loaded = switch (what) {
            case "one" -> ScenarioJson.load(Path.of("bench/sim-3vm-30tasks.json"));
            case "two" -> ScenarioJson.load(Path.of("scenarios/two-vms.json"));
            default -> null;
        };
        long c1 = mx.getCurrentThreadCpuTime();
        String result;
        switch (what) {
            case "one" -> {
                Scenario s = loaded;
                Scenario one = s.withVms(List.of(s.vms().get(0)));
                result = InterfaceDesigner.design(one, one.vms().get(0), ReservationServer.of(one),
                        DesignConstraints.DEFAULT, false).best().toString();
            }
            case "two" -> {
                Scenario s = loaded;
                StringBuilder b = new StringBuilder();
                for (VirtualMachine vm : s.vms()) {
                    b.append(InterfaceDesigner.design(s, vm, ReservationServer.of(s), DesignConstraints.DEFAULT, false)
                            .best()).append(' ');
                }
                result = b.toString();
            }
            default -> {
                Scenario s = tenTaskVms(args.length > 1 ? Long.parseLong(args[1]) : 1, 100);
                Placement.Result r = Placement.place(s, 16, ReservationServer.PERIODIC, DesignConstraints.DEFAULT);
                result = "fits " + r.fits() + ", cores used " + r.coresUsed() + ", lower bound " + r.lowerBound();
            }
        }
        long c2 = mx.getCurrentThreadCpuTime();
        System.out.printf(Locale.ROOT, "%s: design %.3f s thread CPU (loading the file %.3f s, both %.3f s); %s%n",
                what, (c2 - c1) / 1e9, (c1 - c0) / 1e9, (c2 - c0) / 1e9, result);
    }
}

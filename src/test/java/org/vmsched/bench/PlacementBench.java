package org.vmsched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.Placement;
import org.vmsched.design.ReservationServer;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * BENCHMARKS.md "Placement": on random systems, the cores the heuristic uses against the lower
 * bound, and the wall time of one placement. Systems: VMs of 1 to 4 tasks, whole periods 10 to 100
 * (ms), each VM's utilisation uniform in [lo, hi], wcets rounded up to 0.01, overhead X uniform in
 * {0, 0.05, 0.1, 0.2}, periodic servers, EDF hypervisor. Run its main on the test class path:
 * {@code PlacementBench table} or {@code PlacementBench big} (100 VMs on 16 cores, VM utilisation 0.02-0.12, 5 systems).
 */
public final class PlacementBench {

    /** Periods of at least 1 ms: without it VMs without overhead pick periods of 10 µs and preempt their core mates hundreds of times. */
    static final DesignConstraints MIN_1MS = DesignConstraints.DEFAULT.withRange(1, 200);

    private PlacementBench() {
    }

    static Scenario random(long seed, int vms, double lo, double hi) {
        Random r = new Random(seed);
        double[] xs = {0, 0.05, 0.1, 0.2};
        List<VirtualMachine> out = new ArrayList<>();
        for (int i = 0; i < vms; i++) {
            int n = 1 + r.nextInt(4);
            double u = lo + (hi - lo) * r.nextDouble();
            List<Task> ts = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                int p = 10 + r.nextInt(91);
                ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * u / n * 100) / 100), p));
            }
            out.add(VirtualMachine.of("VM" + (i + 1), 10, 5, xs[r.nextInt(xs.length)], ts));
        }
        return Scenario.of("random " + seed, out).withHypervisor(new Platform(HypervisorPolicy.EDF, 1));
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("big")) {
            for (long seed = 1; seed <= 5; seed++) {
                Scenario s = random(seed, 100, 0.02, 0.12);
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                long c0 = mx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                Placement.Result r = Placement.place(s, 16, ReservationServer.PERIODIC, MIN_1MS);
                double cpu = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
                if (!r.fits()) {
                    System.out.println(String.join("\n", r.explanation()).substring(0, 600));
                }
                double sec = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "100 VMs, 16 cores, seed %d: fits %s, used %d, lower bound %d, %.2f s"
                        + " wall, %.2f s thread CPU%n", seed, r.fits(), r.coresUsed(), r.lowerBound(), sec, cpu);
            }
            return;
        }
        System.out.println("| VMs | VM utilisation | systems | mean lower bound | mean cores used | max gap | systems at the bound |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int vms : new int[] {5, 10, 20, 40}) {
            for (double[] u : new double[][] {{0.05, 0.2}, {0.1, 0.4}}) {
                int systems = 10;
                double lb = 0;
                double used = 0;
                int maxGap = 0;
                int atBound = 0;
                for (long seed = 1; seed <= systems; seed++) {
                    Scenario s = random(seed * 1000 + vms, vms, u[0], u[1]);
                    Placement.Result r = Placement.place(s, vms, ReservationServer.PERIODIC, MIN_1MS);
                    if (!r.fits()) {
                        throw new AssertionError(r.explanation().toString());
                    }
                    lb += r.lowerBound();
                    used += r.coresUsed();
                    maxGap = Math.max(maxGap, r.gap());
                    atBound += r.gap() == 0 ? 1 : 0;
                }
                System.out.printf(Locale.ROOT, "| %d | %.2f-%.2f | %d | %.1f | %.1f | %d | %d |%n", vms, u[0], u[1], systems,
                        lb / systems, used / systems, maxGap, atBound);
            }
        }
    }
}

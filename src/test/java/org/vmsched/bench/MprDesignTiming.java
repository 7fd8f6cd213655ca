package org.vmsched.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.MprDesign;
import org.vmsched.design.MprDesigner;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * BENCHMARKS.md "MPR interface search (issue 21)": thread CPU time of one cold
 * {@link MprDesigner#design(Scenario, VirtualMachine, MprDesigner.Policy, int, int, DesignConstraints)}
 * (global EDF, P = 1, at most 4 vCPUs, default range, with the partitioned alternative) on a 10-task
 * VM: {@code one} the first VM of bench/sim-3vm-30tasks.json, {@code heavy} ten tasks of whole periods
 * 10 to 100 and total utilisation about 1.6 (seed 1, X = 0.05). Run from the repository root with the
 * test classpath.
 */
public final class MprDesignTiming {

    private MprDesignTiming() {
    }

    static VirtualMachine heavy(long seed) {
        Random r = new Random(seed);
        List<Task> ts = new ArrayList<>();
        for (int j = 0; j < 10; j++) {
            int p = 10 + r.nextInt(91);
            ts.add(Task.of("t" + (j + 1), Math.ceil(p * (0.08 + 0.16 * r.nextDouble()) * 100) / 100, p));
        }
        return VirtualMachine.of("heavy", 10, 5, 0.05, ts);
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String what = args.length > 0 ? args[0] : "one";
        VirtualMachine vm = what.equals("heavy") ? heavy(1)
                : ScenarioJson.load(Path.of("bench/sim-3vm-30tasks.json")).vms().get(0);
        Scenario s = Scenario.of("bench", List.of(vm.withCore(0)));
        double u = vm.tasks().stream().mapToDouble(t -> t.wcet() / t.period()).sum();
        long c0 = mx.getCurrentThreadCpuTime();
        MprDesign d = MprDesigner.design(s, vm, MprDesigner.Policy.GLOBAL_EDF, 1, 4, DesignConstraints.DEFAULT);
        double cpu = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
        System.out.printf(Locale.ROOT, "%s (U = %.3f, X = %s): %.3f s thread CPU, %d tests; %s; partitioned %s%n",
                what, u, vm.overhead(), cpu, d.testsRun(), d.proposal(), d.partitioned() == null ? "none"
                        : d.partitioned().vcpus().size() + " vCPUs, bandwidth " + d.partitioned().bandwidth());
    }
}

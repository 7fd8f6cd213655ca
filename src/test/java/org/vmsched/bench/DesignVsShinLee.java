package org.vmsched.bench;

import java.util.List;
import java.util.Locale;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.InterfaceDesign;
import org.vmsched.design.InterfaceDesigner;
import org.vmsched.design.ReservationServer;
import org.vmsched.design.ShinLeeInterface;
import org.vmsched.experiment.RandomStreams;
import org.vmsched.experiment.ThesisGenerator;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The measurement behind README's "designed interface against Shin and Lee": on the task sets of
 * the built-in studies (seed 2013; overhead study n = 10, periods in [100, 1000]; Tmax study n = 10,
 * periods in [1000, 10000]), X = 0 and the periodic server, the least bandwidth over the period
 * range [T1/10, T1] by the design and by Shin and Lee's interface at every whole period of it.
 * Run its {@code main} on the test class path (after {@code ./mvnw -B -o -q test-compile}, with
 * {@code dependency:build-classpath -Dmdep.includeScope=test} for the jars), about a minute.
 */
public final class DesignVsShinLee {

    private DesignVsShinLee() {
    }

    public static void main(String[] args) {
        run("overhead study", new ThesisGenerator(100, 1000, 100), 10);
        run("Tmax study", new ThesisGenerator(1000, 10000, 1000), 10);
    }

    private static void run(String study, ThesisGenerator gen, int n) {
        for (double u : List.of(0.1, 0.2, 0.3)) {
            double sumRel = 0;
            double maxRel = 0;
            int below = 0;
            int sets = 10;
            for (int set = 0; set < sets; set++) {
                List<Task> tasks = gen.generate(n, u, RandomStreams.forTaskSet(2013, n, u, set));
                double t1 = tasks.stream().mapToDouble(Task::period).min().orElseThrow();
                VirtualMachine vm = VirtualMachine.of("VM", 10, 5, 0, tasks);
                Scenario s = Scenario.of("set", List.of(vm));
                InterfaceDesign d = InterfaceDesigner.design(s, vm, ReservationServer.PERIODIC,
                        DesignConstraints.DEFAULT.withRange(t1 / 10, t1), false);
                double[] sl = ShinLeeInterface.bestWholePeriod(tasks, t1 / 10, t1);
                double rel = (sl[2] - d.best().bandwidth()) / sl[2];
                if (rel < -1e-9) {
                    throw new AssertionError("design above Shin and Lee: " + d.best() + " vs " + sl[2]);
                }
                sumRel += rel;
                maxRel = Math.max(maxRel, rel);
                below += rel > 1e-6 ? 1 : 0;
                System.out.printf(Locale.ROOT, "  %s u=%.1f set %d: design T=%.6f alpha=%.6f; Shin-Lee T=%.0f alpha=%.6f; below by %.4f %%%n",
                        study, u, set, d.best().period(), d.best().bandwidth(), sl[0], sl[2], 100 * rel);
            }
            System.out.printf(Locale.ROOT, "%s, n=%d, u=%.1f: below in %d of %d sets, mean %.4f %%, max %.4f %%%n",
                    study, n, u, below, sets, 100 * sumRel / sets, 100 * maxRel);
        }
    }
}

package org.vmsched.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.progress.Cancellation;

/**
 * The child JVM of {@link KillDuringWritesTest}: writes files over and over until it is killed,
 * each kind named (save|trace|results, comma-separated) in its own thread and its own subfolder of
 * the folder given, printing "done KIND N" after each complete write. Arguments: kinds, folder.
 * One child for the three kinds: a kill then lands in each kind's loop at once, where a child per
 * kind paid a JVM start per kill and kind (BENCHMARKS.md).
 */
public final class WriteLoop {

    private WriteLoop() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        String[] kinds = args[0].split(",");
        CountDownLatch first = new CountDownLatch(kinds.length);
        for (String kind : kinds) {
            Path folder = Files.createDirectories(dir.resolve(kind));
            Thread t = new Thread(() -> {
                try {
                    loop(kind, folder, first);
                } catch (Exception e) {
                    e.printStackTrace();
                    System.exit(1);
                }
            }, kind);
            t.start();
        }
    }

    /**
     * Writes {@code kind} into {@code dir} until killed; after its first write it waits until every
     * kind has written once ({@code first}), so that a quick kind does not spin while a slow one starts.
     */
    private static void loop(String kind, Path dir, CountDownLatch first) throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        SimulationResult trace = "trace".equals(kind)
                ? Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(200_000.0).withTrace(true), null) : null;
        TmaxResult result = "results".equals(kind) ? ExperimentResultsTest.small() : null;
        for (int i = 1; ; i++) {
            switch (kind) {
                case "save" -> ScenarioJson.save(s.withName("version " + i), dir.resolve("s.json"));
                case "trace" -> TraceCsv.write(trace, dir.resolve("trace.csv"));
                case "results" -> ExperimentResults.write(result, ExperimentResultsTest.chart(), dir.resolve("out"),
                        new Cancellation());
                default -> throw new IllegalArgumentException(kind);
            }
            synchronized (System.out) {
                System.out.println("done " + kind + " " + i);
                System.out.flush();
            }
            if (i == 1) {
                first.countDown();
                first.await();
            }
        }
    }
}

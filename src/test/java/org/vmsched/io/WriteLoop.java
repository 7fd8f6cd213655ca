package org.vmsched.io;

import java.nio.file.Path;
import java.util.List;
import org.vmsched.experiment.TmaxResult;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.progress.Cancellation;

/**
 * The child JVM of {@link KillDuringWritesTest}: writes one kind of file over and over until it
 * is killed, printing "done N" after each complete write. Arguments: save|trace|results, folder.
 */
public final class WriteLoop {

    private WriteLoop() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        Scenario s = ScenarioJson.load(Path.of("scenarios/thesis-example.json"));
        SimulationResult trace = "trace".equals(args[0])
                ? Simulator.run(s, SimulationOptions.from(s.simulation()).withHorizon(200_000.0).withTrace(true), null) : null;
        TmaxResult result = "results".equals(args[0]) ? ExperimentResultsTest.small() : null;
        for (int i = 1; ; i++) {
            switch (args[0]) {
                case "save" -> ScenarioJson.save(s.withName("version " + i), dir.resolve("s.json"));
                case "trace" -> TraceCsv.write(trace, dir.resolve("trace.csv"));
                case "results" -> ExperimentResults.write(result, ExperimentResultsTest.chart(), dir.resolve("out"),
                        new Cancellation());
                default -> throw new IllegalArgumentException(args[0]);
            }
            System.out.println("done " + i);
            System.out.flush();
        }
    }
}

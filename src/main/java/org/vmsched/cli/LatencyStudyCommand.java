package org.vmsched.cli;

import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.vmsched.experiment.LatencyStudy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.sim.Simulator;
import org.vmsched.text.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code latency-study}: the seed's latency test simulated under Credit and CBS (issue 10, reproduction 3). */
@Command(name = "latency-study", mixinStandardHelpOptions = true,
        description = "Reproduce the hypervisor-latency seed's test: a real-time VM beside one CPU-load VM under Xen"
                + " Credit (30 ms and 1 ms time slice) and under CBS reservations; the simulated worst latency of its"
                + " 1 ms tick beside the seed's measurements. The scenarios are bundled (scenarios/latency/).")
public final class LatencyStudyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--horizon", paramLabel = "MS", description = "Simulated time in ms (default: the scenarios' 10000).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double horizon;

    @Option(names = "--max-jobs", paramLabel = "N", description = SimulateCommand.MAX_JOBS_HELP)
    @Bounds(min = 1, max = 1e10)
    Long maxJobs;

    @Override
    public Integer call() {
        List<LatencyStudy.Row> rows;
        try {
            rows = LatencyStudy.run(LatencyStudyCommand::load, horizon == null ? null : CliSupport.positive("--horizon", horizon),
                    maxJobs == null ? Simulator.MAX_ARRIVALS : maxJobs);
        } catch (InvalidScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"configuration", "simulated worst latency", "mean", "seed (measured)"});
        for (LatencyStudy.Row r : rows) {
            table.add(new String[] {r.c().label(), ms(r.worstMs()), ms(r.meanMs()),
                ms(r.c().seedMs()) + " (" + r.c().seedNote() + ")"});
        }
        CliSupport.table(out, table);
        out.println();
        out.println("latency: response time of the VM's 1 ms tick minus its 10 us of work; scenarios in scenarios/latency/");
        out.flush();
        return 0;
    }

    /** The bundled scenario of a case. */
    static Scenario load(LatencyStudy.Case c) throws InvalidScenarioException {
        String path = LatencyStudy.resource(c);
        try (InputStream in = LatencyStudyCommand.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new InvalidScenarioException(path, "is not bundled with this build");
            }
            return ScenarioJson.load(path, in);
        } catch (IOException e) {
            throw new InvalidScenarioException(path, e.getMessage());
        }
    }

    private static String ms(double x) {
        return x < 1 ? Format.fixed(x * 1000, 0) + " us" : Format.fixed(x, 2) + " ms";
    }
}

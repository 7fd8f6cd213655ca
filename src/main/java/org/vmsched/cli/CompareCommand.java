package org.vmsched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare FILE}: one scenario simulated under every hypervisor, side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Simulate one scenario under every hypervisor policy with the bandwidths matched (each VM's"
                + " budget/period as a server, a CBS reservation, weights or shares), and print the misses and the"
                + " worst response time over the deadline of each VM side by side.")
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON); its VMs' budget and period set the bandwidths.")
    Path file;

    @Option(names = "--horizon", paramLabel = "H", description = "Simulated time (default: the scenario's, else the hyperperiod).")
    Double horizon;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        SimulationOptions o = SimulationOptions.from(s.simulation()).withTrace(false)
                .withMode(org.vmsched.model.SimulationMode.SYNCHRONOUS);
        if (horizon != null) {
            o = o.withHorizon(CliSupport.positive("--horizon", horizon));
        }
        List<PolicyComparison.Row> rows;
        try {
            rows = PolicyComparison.run(s, o);
        } catch (SimulationInputException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Scenario " + s.name() + " under every hypervisor (bandwidths matched); per VM: missed/jobs,"
                + " worst response time / deadline (inf: a job never finished)");
        out.println();
        List<String[]> table = new ArrayList<>();
        String[] head = new String[2 + s.vms().size()];
        head[0] = "hypervisor";
        head[1] = "missed";
        for (int v = 0; v < s.vms().size(); v++) {
            head[2 + v] = s.vms().get(v).name() + String.format(Locale.ROOT, " (%.0f %%)", 100 * s.vms().get(v).bandwidth());
        }
        table.add(head);
        for (PolicyComparison.Row r : rows) {
            String[] line = new String[head.length];
            line[0] = r.label();
            line[1] = Long.toString(r.missed());
            for (int v = 0; v < r.vms().size(); v++) {
                PolicyComparison.VmOutcome vo = r.vms().get(v);
                line[2 + v] = vo.missed() + "/" + vo.jobs() + ", " + (Double.isInfinite(vo.worstResponseOverDeadline())
                        ? "inf" : String.format(Locale.ROOT, "%.2f", vo.worstResponseOverDeadline()));
            }
            table.add(line);
        }
        CliSupport.table(out, table);
        return 0;
    }
}

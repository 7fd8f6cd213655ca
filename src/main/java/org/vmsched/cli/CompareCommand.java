package org.vmsched.cli;

import org.vmsched.model.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jfree.chart.JFreeChart;
import org.vmsched.chart.ExportOptions;
import org.vmsched.chart.ExportStyle;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.GanttData;
import org.vmsched.chart.SimulationChartData;
import org.vmsched.experiment.PolicyComparison;
import org.vmsched.io.ChartExport;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.text.Csv;
import org.vmsched.text.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare FILE}: one scenario simulated under every hypervisor, side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Simulate one scenario under every hypervisor policy with the bandwidths matched (each VM's"
                + " budget/period as a server, a CBS reservation, a Credit or ESXi/Hyper-V weight), and print the misses and the"
                + " worst response time over the deadline of each VM side by side.")
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON); its VMs' budget and period set the bandwidths.")
    Path file;

    @Option(names = "--horizon", paramLabel = "H", description = "Simulated time (default: the scenario's, else the hyperperiod).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double horizon;

    @Option(names = "--gantt", paramLabel = "DIR", description = "Also write each hypervisor's Gantt chart into DIR"
            + " (NN-name.png/.svg/.pdf/.tex, all of them in compare.pdf) and the table as compare.csv. An earlier"
            + " --gantt folder is replaced whole.")
    Path gantt;

    @Option(names = "--window", paramLabel = "W", description = "Time shown in each Gantt chart (default: twice the"
            + " longest task period, at most the horizon).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double window;

    @Option(names = "--max-jobs", paramLabel = "N", description = SimulateCommand.MAX_JOBS_HELP)
    @Bounds(min = 1, max = 1e10)
    Long maxJobs;

    @Override
    public Integer call() {
        if (window != null && gantt == null) {
            throw new BadInputException("--window needs --gantt (it sets the time each Gantt chart shows)");
        }
        Scenario s = CliSupport.load(file);
        if (gantt != null) {
            // refused before the runs, not after their table is printed
            CliSupport.outputFolder("--gantt", gantt, TABLE, FOLDER);
        }
        SimulationOptions o = SimulationOptions.from(s.simulation()).withTrace(false)
                .withMode(SimulationMode.SYNCHRONOUS);
        if (horizon != null) {
            o = o.withHorizon(CliSupport.positive("--horizon", horizon));
        }
        if (maxJobs != null) {
            o = o.withMaxJobs(maxJobs);
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
            head[2 + v] = s.vms().get(v).name() + " (" + Format.fixed(100 * s.vms().get(v).bandwidth(), 0) + " %)";
        }
        table.add(head);
        for (PolicyComparison.Row r : rows) {
            String[] line = new String[head.length];
            line[0] = r.label();
            line[1] = Long.toString(r.missed());
            for (int v = 0; v < r.vms().size(); v++) {
                PolicyComparison.VmOutcome vo = r.vms().get(v);
                line[2 + v] = vo.missed() + "/" + vo.jobs() + ", " + Format.fixed(vo.worstResponseOverDeadline(), 2);
            }
            table.add(line);
        }
        CliSupport.table(out, table);
        if (gantt != null) {
            List<Path> files = writeGantts(s, o, rows);
            out.println();
            out.println("Wrote " + files.size() + " files to " + gantt + " (each hypervisor's Gantt chart, compare.pdf, compare.csv)");
        }
        return 0;
    }

    /** The file that marks a folder an earlier {@code --gantt} wrote, which a new one replaces whole. */
    static final String TABLE = "compare.csv";
    private static final String FOLDER = "a compare --gantt folder";

    /**
     * Each variant's schedule over the window as a Gantt chart, one file set each, all in
     * compare.pdf, and the table; the folder is written whole ({@link CliSupport#writeFolder}).
     */
    private List<Path> writeGantts(Scenario s, SimulationOptions o, List<PolicyComparison.Row> rows) {
        double shown = PolicyComparison.ganttWindow(s, o, window != null ? CliSupport.positive("--window", window) : null);
        ExportOptions print = ExportOptions.forPrint(1200, 520,
                ExportOptions.TEXT_WIDTH_PT);
        List<Path> written = new ArrayList<>();
        List<JFreeChart> pages = new ArrayList<>();
        CliSupport.writeFolder("--gantt", gantt, TABLE, FOLDER, dir -> {
            List<PolicyComparison.Variant> variants = variants(s, o);
            for (int i = 0; i < variants.size(); i++) {
                PolicyComparison.Variant v = variants.get(i);
                SimulationResult r = simulate(v, shown);
                GanttData d = SimulationChartData.gantt(v.scenario(), r, 200_000, v.options().serverPolicy());
                JFreeChart chart = GanttChartFactory.create(d, 0, shown);
                chart.setTitle(s.name() + " under " + v.label());
                String base = String.format(Locale.ROOT, "%02d-%s", i + 1, slug(v.label()));
                for (ChartExport.Format f : ChartExport.Format.values()) {
                    String name = base + "." + f.name().toLowerCase(Locale.ROOT);
                    ChartExport.write(chart, dir.resolve(name), f, print);
                    written.add(gantt.resolve(name));
                }
                pages.add(ExportStyle.forExport(chart, print));
            }
            ChartExport.writePdf(pages, dir.resolve("compare.pdf"), print.width(), print.height());
            written.add(gantt.resolve("compare.pdf"));
            // from the results, one row per hypervisor and VM, numbers at full precision
            Csv csv = new Csv().field("hypervisor").field("vm").field("bandwidth")
                    .field("jobs").field("missed").field("worst response / deadline").endRow();
            for (PolicyComparison.Row r : rows) {
                for (int v = 0; v < r.vms().size(); v++) {
                    PolicyComparison.VmOutcome vo = r.vms().get(v);
                    csv.field(r.label()).field(vo.vm()).number(s.vms().get(v).bandwidthAsWritten()).integer(vo.jobs())
                            .integer(vo.missed()).number(vo.worstResponseOverDeadline()).endRow();
                }
            }
            Files.writeString(dir.resolve(TABLE), csv.toString(), StandardCharsets.UTF_8);
            written.add(gantt.resolve(TABLE));
        });
        return written;
    }

    private List<PolicyComparison.Variant> variants(Scenario s, SimulationOptions o) {
        try {
            return PolicyComparison.variants(s, o);
        } catch (SimulationInputException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
    }

    private SimulationResult simulate(PolicyComparison.Variant v, double shown) {
        try {
            return Cancellation.uncancelled(
                    never -> PolicyComparison.traced(v, shown, Progress.NONE, never)).result();
        } catch (SimulationInputException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
    }

    /** "Xen Credit, weights = C/T" → "xen-credit-weights-c-t". */
    static String slug(String label) {
        String s = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return s.replaceAll("^-+|-+$", "");
    }
}

package org.vmsched.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jfree.chart.JFreeChart;
import org.vmsched.text.Format;
import org.vmsched.chart.HierarchyCharts;
import org.vmsched.experiment.HierarchyComparison;
import org.vmsched.experiment.TwoVmExample;
import org.vmsched.io.ChartExport;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code reproduce cbs-fpfp | two-vm}: the seed papers' results of issue 10, each from one
 * command, printed as a table beside the seed's numbers and, with {@code --out DIR}, written as
 * CSV and a figure (PNG, SVG, PDF, pgfplots .tex).
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Reproduces a seed paper's result (THEORY.md §11): cbs-fpfp, two-vm.",
        subcommands = {ReproduceCommand.CbsFpFp.class, ReproduceCommand.TwoVm.class})
public final class ReproduceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** No subcommand is a usage error: the usage goes to stderr and the exit status is 2. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: reproduce needs a subcommand: cbs-fpfp or two-vm");
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** What a folder holding a study's CSV is, in messages. */
    private static String what(String name) {
        return "a reproduce " + name + " folder";
    }

    /** Refuses, before the study runs or prints, a folder {@link #write} would refuse. */
    static void checkFolder(Path dir, String name) {
        CliSupport.outputFolder("--out", dir, name + ".csv", what(name));
    }

    /**
     * Writes the CSV and the chart in four formats as the folder {@code dir}, whole
     * ({@link CliSupport#writeFolder}); returns the files.
     */
    static List<Path> write(Path dir, String name, String csv, JFreeChart chart) {
        List<Path> out = new ArrayList<>();
        CliSupport.writeFolder("--out", dir, name + ".csv", what(name), tmp -> {
            Files.writeString(tmp.resolve(name + ".csv"), csv, StandardCharsets.UTF_8);
            out.add(dir.resolve(name + ".csv"));
            for (String ext : new String[] {"png", "svg", "pdf", "tex"}) {
                ChartExport.write(chart, tmp.resolve(name + "." + ext), 1000, 650);
                out.add(dir.resolve(name + "." + ext));
            }
        });
        return out;
    }

    /** The CBS/FP vs FP/FP comparison over random systems. */
    @Command(name = "cbs-fpfp", mixinStandardHelpOptions = true,
            description = {"CBS/FP against FP/FP on random systems (the seed reports 88.4 %% and 72 %%).",
                "Systems of 2-4 VMs with 2-5 RM tasks each, periods 10-200 ms; per total utilisation U the share",
                "each hierarchy schedules. The same seed gives the same numbers on any machine."})
    static final class CbsFpFp implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--systems", paramLabel = "N", description = "Systems per utilisation (default 500; 1 to 1000000).")
        @Bounds(min = 1, max = 1_000_000)
        int systems = 500;

        @Option(names = "--seed", paramLabel = "S", description = "Random seed (default 1).")
        @Bounds(min = Long.MIN_VALUE, max = Long.MAX_VALUE)
        long seed = 1;

        @Option(names = "--overhead", paramLabel = "US", description = "Overhead X per switch to a VM, in microseconds (default 0, as the seed).")
        long overhead;

        @Option(names = "--out", paramLabel = "DIR", description = "Folder for cbs-fpfp.csv and the figure cbs-fpfp.png/.svg/.pdf/.tex"
                + " (an earlier one is replaced whole).")
        Path out;

        @Override
        public Integer call() {
            if (systems < 1 || systems > 1_000_000) {
                throw new BadInputException("--systems must be between 1 and 1000000, got " + systems);
            }
            if (overhead < 0) {
                throw new BadInputException("--overhead must be >= 0 microseconds, got " + overhead);
            }
            if (out != null) {
                checkFolder(out, "cbs-fpfp"); // refused before the study runs or prints
            }
            HierarchyComparison.Params p = HierarchyComparison.Params.defaults().withSystems(systems).withSeed(seed)
                    .withOverhead(overhead);
            HierarchyComparison.Result r;
            try {
                r = HierarchyComparison.run(p, new Cancellation());
            } catch (CancelledException e) {
                return 130;
            }
            PrintWriter o = spec.commandLine().getOut();
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"U", "systems", "CBS/FP %", "FP/FP best order %", "FP/FP by period %"});
            StringBuilder csv = new StringBuilder("u,systems,cbs_fp,fp_fp_best_order,fp_fp_by_period,aligned_vms,vms\n");
            for (HierarchyComparison.Point pt : r.points()) {
                rows.add(new String[] {Format.fixed(pt.u(), 2), Integer.toString(pt.systems()), Format.fixed(pt.cbsPercent(), 1),
                    Format.fixed(pt.fpOptimalPercent(), 1), Format.fixed(pt.fpByPeriodPercent(), 1)});
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%d%n", Format.fixed(pt.u(), 2), pt.systems(), pt.cbsFp(),
                        pt.fpFpOptimal(), pt.fpFpByPeriod(), pt.alignedVms(), pt.vms()));
            }
            rows.add(new String[] {"all", Integer.toString(systems * r.points().size()), Format.fixed(r.cbsPercent(), 1),
                Format.fixed(r.fpOptimalPercent(), 1), Format.fixed(r.fpByPeriodPercent(), 1)});
            rows.add(new String[] {"seed", "?", Format.fixed(HierarchyComparison.SEED_CBS_FP, 1), "-", Format.fixed(HierarchyComparison.SEED_FP_FP, 1)});
            CliSupport.table(o, rows);
            o.println("The seed does not say how its systems were drawn nor its VM order; the 'all' row averages U = 0.05..0.95 evenly.");
            if (out != null) {
                for (Path f : write(out, "cbs-fpfp", csv.toString(), HierarchyCharts.comparison(r))) {
                    o.println("wrote " + f);
                }
            }
            o.flush();
            return 0;
        }
    }

    /** The seed's worked two-VM example: the budget each analysis asks for. */
    @Command(name = "two-vm", mixinStandardHelpOptions = true,
            description = {"The seed's two VMs: VMa {(30,150),(50,200)} ms at period 50, VMb {(30,120),(40,240)} ms at 120.",
                "The least budget a hard CBS and a periodic server need, without and with overhead per switch",
                "(the seed: 27 ms suffices for VMa, 28 used; 52 ms reserved for VMb)."})
    static final class TwoVm implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--overhead", paramLabel = "US", split = ",",
                description = "Overheads X per switch to try, microseconds, comma-separated (default 0,100,1000;"
                        + " each 0 to 26999).")
        @Bounds(min = 0, max = 26_999, unit = "microseconds")
        long[] overheads = {0, 100, 1000};

        @Option(names = "--out", paramLabel = "DIR", description = "Folder for two-vm.csv and the figure two-vm.png/.svg/.pdf/.tex"
                + " (an earlier one is replaced whole).")
        Path out;

        @Override
        public Integer call() {
            for (long x : overheads) {
                if (x < 0 || x >= 27_000) {
                    throw new BadInputException("--overhead must be an integer between 0 and 26999 microseconds, got " + x);
                }
            }
            if (out != null) {
                checkFolder(out, "two-vm"); // refused before the study runs or prints
            }
            TwoVmExample.Result r = TwoVmExample.run(overheads);
            PrintWriter o = spec.commandLine().getOut();
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"VM", "period", "X", "CBS (fresh at releases)", "CBS any phase", "periodic server", "seed"});
            StringBuilder csv = new StringBuilder(
                    "vm,period_us,overhead_us,cbs_preemptions,cbs_aligned_us,cbs_any_phase_us,periodic_preemptions,periodic_server_us\n");
            for (TwoVmExample.Row row : r.rows()) {
                String seedText = row.vm().equals("VMa") ? "27 (28 used)" : "52";
                rows.add(new String[] {row.vm(), ms(row.period()), ms(row.overhead()),
                    ms(row.cbsAligned()) + " (P = " + row.cbsPreemptions() + ")", ms(row.cbsAnyPhase()),
                    ms(row.periodicServer()) + " (P = " + row.periodicPreemptions() + ")", row.overhead() == 0 ? seedText : ""});
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%d,%d%n", row.vm(), row.period(), row.overhead(),
                        row.cbsPreemptions(), row.cbsAligned(), row.cbsAnyPhase(), row.periodicPreemptions(),
                        row.periodicServer()));
            }
            o.println("Least budgets in ms (P = preemptions per period counted for the overhead):");
            CliSupport.table(o, rows);
            o.println("FP/FP (no budgets) schedules the pair in some VM order: " + (r.fpFpEitherOrder() ? "yes" : "no"));
            if (out != null) {
                for (Path f : write(out, "two-vm", csv.toString(), HierarchyCharts.twoVmSupply())) {
                    o.println("wrote " + f);
                }
            }
            o.flush();
            return 0;
        }

        private static String ms(long us) {
            return us < 0 ? "none" : Format.table(us / 1000.0);
        }
    }
}

package org.vmsched.cli;

import org.vmsched.model.Limits;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;
import org.vmsched.report.AnalysisReport;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulatedTmax;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code simtmax FILE --vm NAME --alpha ...}: simulated Tmax next to the analytic one. */
@Command(name = "simtmax", mixinStandardHelpOptions = true,
        description = "The largest VM period with no simulated deadline miss, for a list of bandwidths, next to the analytic Tmax.")
public final class SimtmaxCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    VmCurveOptions target;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "worst-case (agrees with the analysis) or synchronous (default: the scenario's).")
    String mode;

    @Option(names = "--horizon", paramLabel = "H",
            description = "Synchronous: the longest run per period tried; a period that needs a longer run to be conclusive"
                    + " is reported as \"no miss up to H\" (default: as long as --max-jobs releases and replenishments)."
                    + " Worst-case: each run's length before two VM periods are added"
                    + " (default: the tasks' hyperperiod).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double horizon;

    @Option(names = "--resolution", paramLabel = "TICKS",
            description = "Ticks per time unit (default: 100 times what the task values need, at most 10^6).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double resolution;

    @Option(names = "--max-jobs", paramLabel = "N",
            description = "Synchronous: most job releases and replenishments of one run (one period tried) without"
                    + " --horizon; a longer run stops there and its point is marked not conclusive (default: "
                    + SimulatedTmax.MAX_ARRIVALS + ").")
    @Bounds(min = 1, max = 1e10)
    Long maxJobs;

    @Option(names = "--grid", paramLabel = "N", description = "Grid periods tried per bandwidth (default: 200).")
    @Bounds(min = 1, max = 100_000)
    Integer grid;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    /** The clock of the progress line on stderr (a test's own; the progress never reaches stdout). */
    LongSupplier nanos = System::nanoTime;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(target.file);
        VirtualMachine vm = CliSupport.oneServerVm(s, target.vmName);
        double[] alphas = target.alphas();
        // the scenario's horizon is for one simulation; each period tried here runs as long as it takes
        // to be conclusive, unless --horizon caps it
        SimulationOptions o = SimulationOptions.from(s.simulation()).withTrace(false).withHorizon(null);
        if (mode != null) {
            o = o.withMode(CliSupport.mode("--mode", mode));
        }
        if (horizon != null) {
            o = o.withHorizon(CliSupport.positive("--horizon", horizon));
        }
        if (resolution != null) {
            o = o.withResolution(CliSupport.positive("--resolution", resolution));
        }
        // this command's own budget per run unless --max-jobs is given (any value, 10^7 included)
        o = o.withMaxJobs(maxJobs != null ? maxJobs : SimulatedTmax.MAX_ARRIVALS);
        int n = grid == null ? SimulatedTmax.DEFAULT_GRID : grid;
        if (n < 1 || n > 100_000) {
            throw new BadInputException("--grid must be between 1 and 100000, got " + n);
        }
        List<SimulatedTmax.Point> points;
        try {
            // nothing cancels it (Ctrl+C ends the JVM before anything is printed on stdout)
            Progress progress = new StderrProgress(spec.commandLine().getErr(), nanos, "");
            points = SimulatedTmax.compute(vm, alphas, o, n,
                    (done, total, what) -> progress.progress(done, total, what + " of " + vm.name()), null);
        } catch (SimulationInputException e) {
            throw new BadInputException(target.file + ": " + e.getMessage());
        } catch (CancelledException e) {
            throw new IllegalStateException("no token was given, nothing cancels", e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(out, s, vm, o, points);
        } else {
            printText(out, s, vm, o, points);
        }
        return 0;
    }

    /** The points as one JSON object: per bandwidth the simulated and analytic Tmax, search limit and horizon. */
    private static void printJson(PrintWriter out, Scenario s, VirtualMachine vm, SimulationOptions o,
            List<SimulatedTmax.Point> points) {
        ObjectNode root = CliSupport.object();
        root.put("vm", vm.name());
        root.put("mode", o.mode().jsonName());
        CliSupport.note(root, AnalysisReport.of(s).aloneCaveat(s.vms().indexOf(vm)));
        ArrayNode arr = root.putArray("points");
        for (SimulatedTmax.Point p : points) {
            ObjectNode pn = arr.addObject();
            pn.put("alpha", p.alpha());
            pn.put("simulatedTmax", p.simulatedTmax());
            CliSupport.number(pn, "analyticTmax", p.analyticTmax());
            pn.put("searchLimit", p.searchLimit());
            pn.put("atSearchLimit", p.atSearchLimit());
            pn.put("conclusive", p.conclusive());
            CliSupport.number(pn, "horizon", p.horizon());
        }
        CliSupport.printJson(out, root);
    }

    /** The points as a table, with the legend of its bounds (>=) and open runs (?) when they occur. */
    private static void printText(PrintWriter out, Scenario s, VirtualMachine vm, SimulationOptions o,
            List<SimulatedTmax.Point> points) {
        out.println("VM " + vm.name() + ", overhead " + Format.table(vm.overhead()) + ", " + o.mode().jsonName() + " mode");
        CliSupport.note(out, AnalysisReport.of(s).aloneCaveat(s.vms().indexOf(vm)));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"alpha", "simulated Tmax", "analytic Tmax", "longest period tried", "simulated"});
        boolean atLimit = false;
        boolean open = false;
        for (SimulatedTmax.Point p : points) {
            atLimit |= p.atSearchLimit();
            open |= !p.conclusive();
            String run = p.simulatedTmax() == 0 ? "every period tried misses"
                    : "0.." + Format.table(p.horizon()) + (p.conclusive() ? ", conclusive" : ", no miss up to here only");
            rows.add(new String[] {Format.table(p.alpha()),
                (p.atSearchLimit() ? ">= " : "") + Format.table(p.simulatedTmax()) + (p.conclusive() ? "" : " ?"),
                Format.table(p.analyticTmax()), Format.table(p.searchLimit()), run});
        }
        CliSupport.table(out, rows);
        if (atLimit) {
            out.println(">= : no miss even at the longest period tried, a bound and not a value: the simulated Tmax may be larger");
        }
        if (open) {
            out.println("?  : no miss up to the time simulated, which is shorter than the run that would prove it"
                    + " (the schedule's repeat; raise --horizon)");
        }
    }
}

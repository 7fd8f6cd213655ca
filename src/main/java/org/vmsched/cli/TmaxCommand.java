package org.vmsched.cli;

import org.vmsched.model.Limits;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.vmsched.progress.Progress;
import org.vmsched.analysis.TmaxCurve;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.TmaxSetting;
import org.vmsched.report.TmaxSweep;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tmax FILE --vm NAME --alpha ...}: the Tmax curve and good periods of one VM's task set. */
@Command(name = "tmax", mixinStandardHelpOptions = true,
        description = "Tmax and the exact good VM periods of one VM's tasks, for a list of bandwidths, among its core"
                + " mates (as analyze) or --alone on a core.")
public final class TmaxCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    VmCurveOptions target;

    @Option(names = "--overhead", description = "Switch overhead X (default: the VM's).")
    Double overhead;

    @Option(names = "--min-period", description = "Lowest VM period searched (default: T1/1000).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double minPeriod;

    @Option(names = "--alone", description = "The VM alone on a core (the thesis's supply) instead of among its core"
            + " mates (the default, as analyze computes it).")
    boolean alone;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    /** The clock of the progress line on stderr (a test's own; the progress never reaches stdout). */
    LongSupplier nanos = System::nanoTime;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(target.file);
        VirtualMachine vm = CliSupport.oneServerVm(s, target.vmName);
        double[] alphas = target.alphas();
        double x = overhead == null ? vm.overhead() : CliSupport.nonNegative("--overhead", overhead);
        double min = minPeriod == null ? Double.NaN : CliSupport.positive("--min-period", minPeriod);
        CliSupport.minPeriodFits(spec, List.of(vm), minPeriod);
        AnalysisReport report = AnalysisReport.of(s);
        TmaxSweep sweep = report.tmax(s.vms().indexOf(vm), alone ? TmaxSetting.ALONE : TmaxSetting.AMONG_CORE_MATES, x,
                min);
        // one point at a time, each turned into its row (or JSON object) at once: a list of 100,001
        // bandwidths kept every point's exact intervals alive until the end (BENCHMARKS.md, tmax)
        Progress progress = new StderrProgress(spec.commandLine().getErr(), nanos, "");
        String what = "Tmax of " + vm.name();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = CliSupport.object();
            root.put("vm", vm.name());
            root.put("setting", sweep.setting().words());
            root.put("overhead", x);
            CliSupport.note(root, report.aloneCaveat(s.vms().indexOf(vm)));
            ArrayNode arr = root.putArray("points");
            for (int i = 0; i < alphas.length; i++) {
                TmaxCurve.Point p = sweep.at(alphas[i], true);
                ObjectNode pn = arr.addObject();
                pn.put("alpha", p.alpha());
                CliSupport.number(pn, "tmax", p.tmax());
                pn.set("feasiblePeriods", CliSupport.intervals(p.feasiblePeriods()));
                pn.set("exactPeriods", CliSupport.exactIntervals(p.exactPeriods()));
                CliSupport.number(pn, "upperBound", p.upperBound());
                progress.progress(i + 1, alphas.length, what);
            }
            CliSupport.printJson(out, root);
        } else {
            List<String[]> rows = new ArrayList<>(alphas.length + 1);
            rows.add(new String[] {"alpha", "Tmax", "upper bound", "good periods"});
            for (int i = 0; i < alphas.length; i++) {
                TmaxCurve.Point p = sweep.at(alphas[i], true);
                rows.add(new String[] {Format.table(p.alpha()), Format.table(p.tmax()), Format.table(p.upperBound()),
                    CliSupport.exactIntervalsText(p.exactPeriods())});
                progress.progress(i + 1, alphas.length, what);
            }
            out.println("VM " + vm.name() + " " + sweep.setting().words() + ", overhead " + Format.table(x));
            CliSupport.note(out, report.aloneCaveat(s.vms().indexOf(vm)));
            CliSupport.table(out, rows);
        }
        return 0;
    }
}

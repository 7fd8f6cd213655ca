package org.vmsched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.vmsched.io.CartsExport;
import org.vmsched.text.Format;
import org.vmsched.design.ConfigExport;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code export-config FILE --target rtds|sched-deadline|cpu-max|carts|rt-app}: the VMs' interfaces in a hypervisor's syntax. */
@Command(name = "export-config", mixinStandardHelpOptions = true,
        description = "The scenario's VM periods and budgets as hypervisor configuration: Xen RTDS (xl sched-rtds, us),"
                + " Linux SCHED_DEADLINE (chrt, ns) or cgroup v2 cpu.max (us); periods rounded down, budgets up, and"
                + " the rounded values analysed again (verdict in the comment header); rt-app: a folder (--out) with"
                + " one rt-app file per VM and a run.sh for Linux RT cgroups (docs/linux-loop.md).")
public final class ExportConfigCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON), e.g. written by design --place --write.")
    Path file;

    @Option(names = "--target", required = true, description = "rtds, sched-deadline, cpu-max, carts (the tasks as"
            + " a CARTS input, for comparison with that tool), or rt-app (with --out: a run on Linux RT cgroups).")
    String target;

    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    @Option(names = "--min-period", description = "carts: least component period (default: 1, or the least VM period"
            + " when it is shorter).")
    Double minPeriod;

    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    @Option(names = "--max-period", description = "carts: largest component period (default: 100, or more to reach the"
            + " longest VM period and twice the longest task deadline, design's default search).")
    Double maxPeriod;

    @Option(names = "--unit-us", defaultValue = "1000",
            description = "Length of the scenario's time unit in microseconds (default: ${DEFAULT-VALUE}, a millisecond).")
    @Bounds(min = 1e-3, max = 1e9, unit = "microseconds")
    double unitMicros;

    @Option(names = "--out", description = "rt-app: the folder to write (rt-app files, threads.json, run.sh); a folder"
            + " holding any other file (a run's trace.txt, rt-app's logs, a report) is refused, not replaced.")
    Path out;

    @Override
    public Integer call() {
        if ("rt-app".equals(target)) {
            RtAppFolder.write(CliSupport.load(file), out, unitMicros, spec.commandLine().getOut(), spec.commandLine().getErr());
            return 0;
        }
        if (out != null) {
            throw new BadInputException("--out is for --target rt-app; the other targets print to standard output");
        }
        if ("carts".equals(target)) {
            return carts();
        }
        ConfigExport.Target t = ConfigExport.Target.of(target);
        if (t == null) {
            throw new BadInputException("--target: expected rtds, sched-deadline, cpu-max, carts or rt-app, got "
                    + Limits.quote(target));
        }
        Scenario s = CliSupport.load(file);
        HypervisorPolicy p = s.hypervisor().policy();
        if (!p.usesBudget()) {
            // as design refuses it: a placeholder period and budget of 1 are not a reservation to deploy
            throw new BadInputException(p.title() + " gives a VM no period and budget (" + p.description() + "), so there is"
                    + " no reservation to write; export-config"
                    + " writes reservations under " + String.join(", ", HypervisorPolicy.values().stream()
                    .filter(HypervisorPolicy::usesBudget).map(HypervisorPolicy::title)
                    .toList()) + " (--target carts exports the tasks under any policy)");
        }
        ConfigExport.Output o;
        try {
            o = ConfigExport.export(s, t, unitMicros);
        } catch (ConfigExport.PeriodBelowOneUnitException e) {
            // refused, not raised to one unit: a longer period does not only help the VM's tasks, and
            // whoever sizes a host wants the period the analysis checked or a clear no
            throw new BadInputException(e.vm() + ": period " + Format.exact(e.period()) + " is " + e.inUnit() + " at --unit-us "
                    + CliSupport.typed(spec, "--unit-us", unitMicros) + ", below 1 " + t.unit() + ", the least period --target "
                    + t.cliName() + " writes (periods are only rounded down: a longer one does not only help the"
                    + " VM's tasks); check --unit-us, or give the VM a period of at least 1 " + t.unit());
        } catch (ArithmeticException e) {
            throw new BadInputException("--unit-us " + CliSupport.typed(spec, "--unit-us", unitMicros) + ": a period or budget does not fit in"
                    + " whole " + t.unit() + " as a 64-bit number");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(o.text());
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String w : o.warnings()) {
            err.println("warning: " + w);
        }
        err.flush();
        if (!o.verdict().schedulable()) {
            err.println("warning: the rounded configuration is " + o.verdict().verdict() + " by the analysis (see the header)");
            err.flush();
        }
        return 0;
    }

    /** --target carts: the tasks as a CARTS input over the period range given or the default one. */
    private int carts() {
        Scenario s = CliSupport.load(file);
        // by default a range that holds the scenario's own periods and design's default search
        double lo = minPeriod != null ? minPeriod : Math.min(1, s.vms().stream().mapToDouble(v -> v.period()).min().orElse(1));
        double hi = maxPeriod != null ? maxPeriod : Math.max(100, Math.max(
                s.vms().stream().mapToDouble(v -> v.period()).max().orElse(0),
                2 * s.vms().stream().flatMap(v -> v.tasks().stream()).mapToDouble(t -> t.deadline()).max().orElse(0)));
        CliSupport.positive("--min-period", lo);
        CliSupport.positive("--max-period", hi);
        if (lo > hi) {
            throw new BadInputException("--min-period " + (minPeriod != null ? CliSupport.typed(spec, "--min-period", lo) : Format.table(lo))
                    + " is above --max-period " + (maxPeriod != null ? CliSupport.typed(spec, "--max-period", hi) : Format.table(hi)));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(CartsExport.write(s, lo, hi));
        out.flush();
        return 0;
    }
}

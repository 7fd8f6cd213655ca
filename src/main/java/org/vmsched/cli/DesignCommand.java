package org.vmsched.cli;

import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Limits;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.vmsched.text.Format;
import org.vmsched.design.Candidate;
import org.vmsched.design.CurvePoint;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.InterfaceDesign;
import org.vmsched.design.InterfaceDesigner;
import org.vmsched.design.MprDesign;
import org.vmsched.design.MprDesigner;
import org.vmsched.design.Placement;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Platform;
import org.vmsched.design.ReservationServer;
import org.vmsched.design.ServerModel;
import org.vmsched.design.WholeBudgets;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code design FILE}: the period and budget of least bandwidth for each VM (THEORY.md §12). */
@Command(name = "design", mixinStandardHelpOptions = true,
        description = "The VM interface (period, budget) of least bandwidth, overhead included, for each VM "
                + "(or one with --vm), among its current core mates; with runner-ups and, in JSON, the curve. Under"
                + " GLOBAL_EDF: (period, budget per vCPU, vcpus) by the MPR interface search, beside the partitioned"
                + " alternative.")
public final class DesignCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON).")
    Path file;

    @Option(names = "--vm", description = "Only this VM.")
    String vmName;

    @Option(names = "--min-period", description = "Least period to consider (default: T1/1000).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double minPeriod;

    @Option(names = "--max-period", description = "Largest period to consider (default: twice the longest deadline).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double maxPeriod;

    @Option(names = "--granularity", description = "Only periods that are multiples of this (default: any).")
    double granularity;

    @Option(names = "--max-switches", paramLabel = "N", description = "At most N VM switches per second (T >= 1 s / N).")
    double maxSwitches;

    @Option(names = "--unit-us", defaultValue = "1000",
            description = "Length of the scenario's time unit in microseconds (default: ${DEFAULT-VALUE}, a millisecond).")
    @Bounds(min = 1e-3, max = 1e9, unit = "microseconds")
    double unitMicros;

    @Option(names = "--hypervisor-min-period", description = "Also propose the best period at or above this.")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double hypervisorMinPeriod;

    @Option(names = "--server", description = "Server kind: periodic or deferrable (default: the scenario's).")
    String server;

    @Option(names = "--max-tests", paramLabel = "N", description = "Under a global host: at most N tests per VM"
            + " (each sufficient test of the MPR search, each exact question of the partitioned alternative; default:"
            + " 20000); a design stopped there says so and shows the best found so far.")
    @Bounds(min = 1, max = 1e9)
    Long maxTests;

    @Option(names = "--json", description = "Print one JSON object (with the bandwidth-against-period curve).")
    boolean json;

    @Option(names = "--place", description = "Also place the VMs on cores (first-fit decreasing on bandwidth, then"
            + " local improvement; every core passes the hypervisor test with the preemption-aware overhead).")
    boolean place;

    @Option(names = "--cores", description = "Cores for --place (default: the scenario's).")
    @Bounds(min = 1, max = Limits.MAX_CORES, unit = "cores")
    Integer cores;

    @Option(names = "--write", paramLabel = "OUT", description = "With --place: write the placed scenario (JSON) here.")
    Path write;

    /** The clock of the progress line on stderr (a test's own; the progress never reaches stdout). */
    LongSupplier nanos = System::nanoTime;

    /**
     * The progress line on stderr after the first second, as {@code simulate} gives it; nothing
     * cancels a command-line design (Ctrl+C ends the JVM, before anything is printed on stdout).
     */
    private Progress progress() {
        return new StderrProgress(spec.commandLine().getErr(), nanos, "");
    }

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        if (s.hypervisor().policy().global()) {
            return global(s);
        }
        if (maxTests != null) {
            throw new BadInputException("--max-tests bounds the design under a global host (GLOBAL_EDF); under "
                    + s.hypervisor().policy().title() + " the design is the exact search of one server per VM, which it does not count");
        }
        String noDesign = noInterface(s.hypervisor().policy());
        if (noDesign != null) {
            throw new BadInputException(file + ": " + noDesign);
        }
        DesignConstraints k = constraints();
        ServerModel model = server(s);
        List<VirtualMachine> vms = vmName == null ? s.vms() : List.of(CliSupport.vm(s, vmName));
        CliSupport.minPeriodFits(spec, place ? s.vms() : vms, minPeriod);
        PrintWriter out = spec.commandLine().getOut();
        if (place) {
            if (write != null) {
                CliSupport.outputFile("--write", write); // before the placement, not after it has run
            }
            return place(s, k, model, out); // placement designs each VM itself: none designed twice
        }
        List<InterfaceDesign> designs = new ArrayList<>();
        Progress bar = progress();
        for (VirtualMachine vm : vms) {
            Progress part = bar.part((double) designs.size() / vms.size(), 1.0 / vms.size(), null);
            designs.add(Cancellation.uncancelled(never -> InterfaceDesigner.design(s, vm, model, k, json, part, never)));
        }
        bar.fraction(1, "designing");
        if (write != null) {
            throw new BadInputException("--write needs --place");
        }
        if (json) {
            printJson(out, s, model, designs);
        } else {
            printText(out, model, designs);
        }
        return 0;
    }

    /** The designs as one JSON object: scenario, server kind, time unit and one entry per VM. */
    private void printJson(PrintWriter out, Scenario s, ServerModel model, List<InterfaceDesign> designs) {
        ObjectNode root = CliSupport.object();
        root.put("scenario", s.name());
        root.put("server", model.kindName());
        root.put("unitMicros", unitMicros);
        ArrayNode arr = root.putArray("vms");
        for (InterfaceDesign d : designs) {
            arr.add(toJson(d));
        }
        CliSupport.printJson(out, root);
    }

    /** The designs as text: per VM its best interface and runner-ups as a table, or why none was found. */
    private void printText(PrintWriter out, ServerModel model, List<InterfaceDesign> designs) {
        out.println("Interfaces of least bandwidth (" + model.kindName() + " server; overhead included; among current"
                + " core mates):");
        for (InterfaceDesign d : designs) {
            out.println();
            out.println("VM " + d.vm() + " (X = " + Format.table(d.overhead()) + ", " + searched(d.minPeriod(), d.maxPeriod()) + ")");
            if (!d.found()) {
                out.println("  no interface: " + d.note());
                continue;
            }
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"  proposal", "period", "budget", "bandwidth"});
            rows.add(row(d.best()));
            d.runnerUps().forEach(c -> rows.add(row(c)));
            CliSupport.table(out, rows);
            if (d.why() != null) {
                out.println("  why: " + d.why().text());
            }
            if (d.note() != null) {
                out.println("  (" + d.note() + ")");
            }
        }
    }

    /**
     * Under a global host (Global EDF, Xen RTDS): the MPR interface search of each VM (THEORY.md
     * §15.9) beside its partitioned alternative. vCPUs are periodic servers: the search reads §15.2's
     * periodic supply; deferrable vCPUs are analysed (§15.14), not designed.
     */
    private int global(Scenario s) {
        if (place || write != null) {
            throw new BadInputException((place ? "--place" : "--write") + " places single-vCPU VMs on cores; under "
                    + s.hypervisor().policy().title() + " the vCPUs migrate between all cores (design without it)");
        }
        if ("deferrable".equals(server)) {
            throw new BadInputException("--server deferrable: the interface search of several virtual CPUs designs periodic servers only"
                    + " (docs/THEORY.md §15.9); deferrable ones are analysed (§15.14), not designed: design with periodic"
                    + " servers, then analyze the scenario as written");
        }
        server(s); // validates --server
        DesignConstraints k = constraints();
        int cores = s.hypervisor().cores();
        List<VirtualMachine> vms = vmName == null ? s.vms() : List.of(CliSupport.vm(s, vmName));
        CliSupport.minPeriodFits(spec, vms, minPeriod);
        Progress bar = progress();
        long bound = maxTests == null ? MprDesigner.DEFAULT_MAX_TESTS : maxTests;
        boolean searched = vmName == null && s.vms().size() <= WholeBudgets.MAX_VMS;
        // the whole analysis's budgets take the line's last fifth where they are searched (as in the Design dialog): the
        // designs' end is then no 100 %, which would end the line before the search
        double share = searched ? 0.8 : 1;
        List<MprDesign> designs = Cancellation.uncancelled(never -> MprDesigner.designAll(s, vms, cores, k, bound, i -> {
            // the VM's place among many, so the line moves from VM to VM even where 1 % holds several
            String which = vms.size() > 1 ? " (VM " + (i + 1) + " of " + vms.size() + ")" : "";
            Progress part = bar.part(share * i / vms.size(), share / vms.size(), null);
            return which.isEmpty() ? part : (done, total, what) -> part.progress(done, total, what + which);
        }, never));
        WholeBudgets.Result whole = searched ? Cancellation.uncancelled(never -> WholeBudgets.search(s,
                WholeBudgets.DEFAULT_MAX_ANALYSES, bar.part(share, 1 - share, null), never)) : null;
        bar.fraction(1, "designing");
        GlobalDesignReport.print(s, designs, cores, vmName == null, whole, json, spec.commandLine().getOut());
        return 0;
    }

    private int place(Scenario s, DesignConstraints k, ServerModel model, PrintWriter out) {
        int n = cores == null ? s.hypervisor().cores() : cores;
        if (n < 1) {
            throw new BadInputException("--cores must be at least 1, got " + n);
        }
        Progress bar = progress();
        Placement.Result r = Cancellation.uncancelled(never -> Placement.place(s, n, model, k, bar, never));
        bar.fraction(1, "placing");
        if (r.fits() && write != null) {
            try {
                ScenarioJson.save(r.scenario().withHypervisor(s.hypervisor().withCores(r.coresUsed())), write);
            } catch (IOException e) {
                throw CliSupport.cannotWrite("--write", write, e);
            }
        }
        if (json) {
            printPlacementJson(out, s, model, r);
            return 0;
        }
        if (!r.fits()) {
            out.println("Does not fit on " + n + " core" + (n == 1 ? "" : "s") + " (lower bound " + r.lowerBound() + "):");
            r.explanation().forEach(line -> out.println("  " + line));
            return 0;
        }
        out.println("Placement on " + r.coresUsed() + " of " + n + " cores (lower bound " + r.lowerBound() + ", gap "
                + r.gap() + "); every core passes the " + s.hypervisor().policy().title() + " hypervisor test and every VM its"
                + " analysis:");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"  VM", "core", "period", "budget", "bandwidth", "alone"});
        for (Placement.PlacedVm v : r.vms()) {
            rows.add(new String[] {"  " + v.vm(), Integer.toString(v.core()), Format.plain(v.period()), Format.plain(v.budget()),
                Format.table(v.bandwidth()), Format.table(v.aloneBandwidth())});
        }
        CliSupport.table(out, rows);
        out.println("(alone: the VM's least bandwidth on a core of its own; more where core mates preempt it)");
        if (r.note() != null) {
            out.println("(" + r.note() + ")");
        }
        if (write != null) {
            out.println("wrote " + write);
        }
        return 0;
    }

    /** The placement as one JSON object: the fit, cores used and their bound, each VM's core and interface. */
    private static void printPlacementJson(PrintWriter out, Scenario s, ServerModel model, Placement.Result r) {
        ObjectNode root = CliSupport.object();
        root.put("scenario", s.name());
        root.put("server", model.kindName());
        root.put("fits", r.fits());
        root.put("cores", r.cores());
        root.put("coresUsed", r.coresUsed());
        root.put("lowerBound", r.lowerBound());
        if (r.fits()) {
            root.put("bandwidth", r.bandwidth());
            CliSupport.number(root, "sixDigitBandwidth", r.sixDigitBandwidth());
        }
        root.put("note", r.note());
        ArrayNode vms = root.putArray("vms");
        for (Placement.PlacedVm v : r.vms()) {
            ObjectNode o = vms.addObject();
            o.put("vm", v.vm());
            o.put("core", v.core());
            o.put("period", v.period());
            o.put("budget", v.budget());
            o.put("bandwidth", v.bandwidth());
            o.put("aloneBandwidth", v.aloneBandwidth());
        }
        ArrayNode why = root.putArray("explanation");
        r.explanation().forEach(why::add);
        CliSupport.printJson(out, root);
    }

    private static String[] row(Candidate c) {
        return new String[] {"  " + c.label(), Format.plain(c.period()), Format.plain(c.budget()), Format.table(c.bandwidth())};
    }

    static ObjectNode toJson(InterfaceDesign d) {
        ObjectNode o = CliSupport.object();
        o.put("vm", d.vm());
        o.put("overhead", d.overhead());
        CliSupport.number(o, "minPeriod", d.minPeriod());
        CliSupport.number(o, "maxPeriod", d.maxPeriod());
        if (d.found()) {
            o.set("best", candidate(d.best()));
            o.set("exactOptimum", candidate(d.exactOptimum()));
        } else {
            o.putNull("best");
        }
        o.put("note", d.note());
        if (d.why() != null) {
            ObjectNode why = o.putObject("why");
            why.put("kind", d.why().kind().name());
            why.put("task", d.why().task());
            why.put("text", d.why().text());
        }
        ArrayNode r = o.putArray("runnerUps");
        d.runnerUps().forEach(c -> r.add(candidate(c)));
        ArrayNode curve = o.putArray("curve");
        for (CurvePoint p : d.curve()) {
            ObjectNode q = curve.addObject();
            q.put("period", p.period());
            CliSupport.number(q, "budget", p.budget());
            CliSupport.number(q, "bandwidth", p.bandwidth());
        }
        return o;
    }

    private static ObjectNode candidate(Candidate c) {
        ObjectNode o = CliSupport.object();
        o.put("label", c.label());
        o.put("period", c.period());
        o.put("budget", c.budget());
        o.put("bandwidth", c.bandwidth());
        return o;
    }

    private DesignConstraints constraints() {
        if (minPeriod != null && maxPeriod != null && minPeriod > maxPeriod) {
            throw new BadInputException("--min-period " + CliSupport.typed(spec, "--min-period", minPeriod) + " is above --max-period "
                    + CliSupport.typed(spec, "--max-period", maxPeriod));
        }
        try {
            return new DesignConstraints(minPeriod == null ? Double.NaN : minPeriod,
                    maxPeriod == null ? Double.NaN : maxPeriod, granularity, maxSwitches, unitMicros,
                    hypervisorMinPeriod == null ? Double.NaN : hypervisorMinPeriod);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(optionNames(e.getMessage()));
        }
    }

    /**
     * The periods a design searched, as its proposals are written (six significant digits: a bound
     * of 1 s/N reads 1000000000000, not 999999999999.9999), or why there were none.
     */
    static String searched(double min, double max) {
        if (min > max) {
            return "no period to search: the least, " + Format.significant(min, 6) + ", is above the largest, "
                    + Format.significant(max, 6);
        }
        return "periods searched [" + Format.significant(min, 6) + ", " + Format.significant(max, 6) + "]";
    }

    /** The constraint's field names as the options the user typed. */
    static String optionNames(String m) {
        return m.replace("hypervisorMinPeriod", "--hypervisor-min-period").replace("minPeriod", "--min-period")
                .replace("maxPeriod", "--max-period").replace("granularity", "--granularity")
                .replace("maxSwitchesPerSecond", "--max-switches").replace("unitMicros (the time unit in microseconds)", "--unit-us");
    }

    /**
     * Why design has nothing to find under this hypervisor policy, or null under EDF, RM and FP:
     * design finds a periodic or deferrable server's period and budget.
     */
    static String noInterface(HypervisorPolicy p) {
        if (p.periodicServers()) {
            return null;
        }
        // the policy's own words: a reservation that is not a periodic server, or no budget at all
        String why = p.usesBudget()
                ? p.title() + " reservations are not designed here (design finds a periodic or deferrable server)"
                : p.title() + " gives a VM no interface to design: it has no period and budget (" + p.description() + ")";
        return why + "; design works under the EDF, RM and FP hypervisors: set hypervisor.policy to one of them";
    }

    private ServerModel server(Scenario s) {
        if (server == null) {
            return ReservationServer.of(s);
        }
        return switch (server) {
            case "periodic" -> ReservationServer.PERIODIC;
            case "deferrable" -> ReservationServer.DEFERRABLE;
            default -> throw new BadInputException("--server: expected periodic or deferrable, got " + Limits.quote(server));
        };
    }
}

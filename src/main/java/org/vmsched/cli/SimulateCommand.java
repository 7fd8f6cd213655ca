package org.vmsched.cli;

import org.vmsched.model.Limits;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.vmsched.io.TraceCsv;
import org.vmsched.model.MissPolicy;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.SimulationReport;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.sim.CoreStats;
import org.vmsched.sim.SimulationInputException;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.StepRecorder;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.VmStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code simulate FILE}: runs the discrete-event simulation and prints its statistics. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate the two-level schedule event by event: per-task response times and misses, "
                + "per-VM supply and overhead, per-core load; optionally the trace as CSV.")
public final class SimulateCommand implements Callable<Integer> {

    /** The help of {@code --max-jobs}, shared by the commands that simulate a run no one can cancel. */
    static final String MAX_JOBS_HELP = "Most job releases and replenishments simulated (per run); a longer run is refused"
            + " up front (default: 10000000).";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (JSON).")
    Path file;

    @Option(names = "--horizon", paramLabel = "H",
            description = "Simulated time (default: the scenario's, else the hyperperiod, capped at 10^9 ticks);"
                    + " part of the automatic resolution, rounded down (with a note) at a --resolution that cannot represent it.")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double horizon;

    @Option(names = "--mode", paramLabel = "MODE", description = "synchronous (every release at its offset) or worst-case"
            + " (each VM, under GLOBAL_EDF each vCPU, alone on the least supply the analysis reads, its tasks released"
            + " where that supply's worst window starts; deferrable vCPUs replay the periodic pattern their analysis"
            + " reads, THEORY.md §15.14) (default: the scenario's).")
    String mode;

    @Option(names = "--server-policy", paramLabel = "POLICY", description = "periodic or deferrable (default: the scenario's).")
    String serverPolicy;

    @Option(names = "--miss-policy", paramLabel = "POLICY", description = "continue or abort (default: the scenario's).")
    String missPolicy;

    @Option(names = "--resolution", paramLabel = "TICKS",
            description = "Ticks per time unit; values are rounded to it (default: the smallest power of 10 up to 10^6 that is exact).")
    @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)
    Double resolution;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write every slice and miss to this CSV file.")
    Path trace;

    @Option(names = "--trace-cap", paramLabel = "N", description = "Most slices kept in the trace (default: 1000000).")
    Integer traceCap;

    @Option(names = "--max-jobs", paramLabel = "N",
            description = MAX_JOBS_HELP)
    @Bounds(min = 1, max = 1e10)
    Long maxJobs;

    @Option(names = "--json", description = "Print one JSON object instead of tables.")
    boolean json;

    @Option(names = "--narrate", paramLabel = "N",
            description = "Before the tables, tell the run's first N instants in words, as the window's step-through does"
                    + " (at most 10000, its own limit); with --json, as the object's \"narration\": [{time, text}].")
    @Bounds(min = 1, max = StepRecorder.DEFAULT_MAX_STEPS)
    Integer narrate;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(file);
        SimulationOptions o = options(s);
        if (trace != null) {
            CliSupport.outputFile("--trace", trace);
        }
        SimulationResult r;
        PrintWriter err = spec.commandLine().getErr();
        try {
            // no cancellation: the work budget (--max-jobs) holds; a run past a second says how far it is
            r = SimulationReport.of(AnalysisReport.of(s), o,
                    new StderrProgress(err, System::nanoTime), null).result();
        } catch (SimulationInputException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
        if (trace != null) {
            try {
                TraceCsv.write(r, s.hypervisor().policy().global(), trace);
            } catch (IOException e) {
                throw CliSupport.cannotWrite("--trace", trace, e);
            }
            if (r.traceTruncated()) {
                err.println("note: the trace was cut at " + r.trace().size() + " slices (--trace-cap); statistics cover the whole run");
                err.flush();
            }
        }
        List<StepRecorder.Step> told = narrate == null ? List.of() : narration(s, o);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = toJson(s, r);
            if (narrate != null) {
                ArrayNode steps = root.putArray("narration");
                told.forEach(t -> steps.addObject().put("time", t.time()).put("text", t.narration()));
            }
            CliSupport.printJson(out, root);
        } else {
            if (narrate != null) {
                told.forEach(t -> out.println(t.narration()));
                out.println();
            }
            printTables(out, s, r);
        }
        return 0;
    }

    /**
     * The first {@code --narrate} instants of the run as the window's step-through records and tells
     * them ({@link StepRecorder}, the same narrator), and the end of the run when it comes within
     * them; when stepping stops before the end, the narrator's last line (which points at the
     * window's full run) is left out: the tables that follow are the full run.
     */
    private List<StepRecorder.Step> narration(Scenario s, SimulationOptions o) {
        try {
            StepRecorder.Recording rec = StepRecorder.record(s, o, narrate);
            List<StepRecorder.Step> steps = rec.steps();
            return rec.stoppedEarly() ? steps.subList(0, steps.size() - 1) : steps;
        } catch (SimulationInputException e) {
            throw new BadInputException(file + ": " + e.getMessage());
        }
    }

    private SimulationOptions options(Scenario s) {
        SimulationOptions o = SimulationOptions.from(s.simulation()).withTrace(trace != null);
        if (horizon != null) {
            o = o.withHorizon(CliSupport.positive("--horizon", horizon));
        }
        if (mode != null) {
            o = o.withMode(CliSupport.mode("--mode", mode));
        }
        if (serverPolicy != null) {
            o = o.withServerPolicy(enumValue(ServerPolicy.class, "--server-policy", serverPolicy));
        }
        if (missPolicy != null) {
            o = o.withMissPolicy(enumValue(MissPolicy.class, "--miss-policy", missPolicy));
        }
        if (resolution != null) {
            o = o.withResolution(CliSupport.positive("--resolution", resolution));
        }
        if (maxJobs != null) {
            o = o.withMaxJobs(maxJobs);
        }
        if (traceCap != null) {
            if (traceCap < 0) {
                throw new BadInputException("--trace-cap must be zero or more, got " + traceCap);
            }
            o = o.withTraceCap(traceCap);
        }
        return o;
    }

    static <E extends Enum<E>> E enumValue(Class<E> type, String option, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(text)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw new BadInputException(option + " must be " + String.join(" or ", names) + ", got " + Limits.quote(text));
    }

    /** The JSON shape documented in docs/reference/command-line.md (simulate --json), with {@code mode} and {@code notes}. */
    static ObjectNode toJson(Scenario s, SimulationResult r) {
        ObjectNode root = CliSupport.object();
        root.put("horizon", r.horizon());
        root.put("resolution", r.resolution());
        root.put("mode", r.mode().jsonName());
        root.put("events", r.events());
        root.put("deadlineMisses", r.deadlineMisses());
        ArrayNode vms = root.putArray("vms");
        for (VmStats v : r.vms()) {
            ObjectNode vn = vms.addObject();
            vn.put("name", v.name());
            vn.put("vcpus", s.vm(v.name()).vcpus());
            vn.put("supply", v.supply());
            vn.put("overheadTime", v.overheadTime());
            vn.put("overheadCount", v.overheadCount());
            vn.put("idleBurn", v.idleBurn());
            if (s.hypervisor().policy().global()) {
                vn.put("vcpuMigrations", v.vcpuMigrations());
                vn.put("jobMigrations", v.jobMigrations());
            }
            ArrayNode tasks = vn.putArray("tasks");
            for (TaskStats t : v.tasks()) {
                ObjectNode tn = tasks.addObject();
                tn.put("name", t.name());
                tn.put("jobs", t.jobs());
                tn.put("completed", t.completed());
                tn.put("missed", t.missed());
                number(tn, "maxResponseTime", t.maxResponseTime());
                number(tn, "meanResponseTime", t.meanResponseTime());
            }
        }
        ArrayNode cores = root.putArray("cores");
        for (CoreStats c : r.cores()) {
            ObjectNode cn = cores.addObject();
            if (c.core() >= 0) {
                cn.put("core", c.core());
            }
            if (c.vm() != null) {
                cn.put("vm", c.vm());
            }
            if (c.core() < 0) { // a global VM's vCPU run alone
                cn.put("vcpu", c.vcpu());
            }
            cn.put("busy", c.busy());
            cn.put("idle", c.idle());
        }
        root.put("traceTruncated", r.traceTruncated());
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        return root;
    }

    private static void number(ObjectNode n, String key, double x) {
        if (Double.isFinite(x)) {
            n.put(key, x);
        } else {
            n.putNull(key);
        }
    }

    private static void printTables(PrintWriter out, Scenario s, SimulationResult r) {
        out.println("Scenario " + s.name() + ": simulated 0.." + Format.table(r.horizon()) + " (" + r.mode().jsonName()
                + "), " + Format.table(r.resolution()) + (r.resolution() == 1 ? " tick" : " ticks") + " per time unit, " + r.events() + " events, "
                + Format.count(r.deadlineMisses(), "deadline miss", "deadline misses"));
        for (String n : r.notes()) {
            out.println("note: " + n);
        }
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"VM", "task", "jobs", "completed", "missed", "max R", "mean R"});
        for (VmStats v : r.vms()) {
            for (TaskStats t : v.tasks()) {
                rows.add(new String[] {v.name(), t.name(), Long.toString(t.jobs()), Long.toString(t.completed()),
                    Long.toString(t.missed()), Format.table(t.maxResponseTime()), Format.table(t.meanResponseTime())});
            }
        }
        CliSupport.table(out, rows);
        out.println();
        rows = new ArrayList<>();
        boolean global = s.hypervisor().policy().global();
        rows.add(global ? new String[] {"VM", "vCPUs", "supply", "overhead", "switches", "executed", "idle burn",
            "vCPU migrations", "job migrations"} : new String[] {"VM", "core", "supply", "overhead", "switches", "executed",
            "idle burn"});
        for (VmStats v : r.vms()) {
            String[] row = {v.name(), Integer.toString(global ? s.vm(v.name()).vcpus() : v.core()), Format.table(v.supply()),
                Format.table(v.overheadTime()), Long.toString(v.overheadCount()), Format.table(v.execution()),
                Format.table(v.idleBurn())};
            if (global) { // virtual CPUs migrate: no core of their own, migrations counted instead
                row = Arrays.copyOf(row, 9);
                row[7] = Long.toString(v.vcpuMigrations());
                row[8] = Long.toString(v.jobMigrations());
            }
            rows.add(row);
        }
        CliSupport.table(out, rows);
        out.println();
        rows = new ArrayList<>();
        rows.add(new String[] {"core", "busy", "idle"});
        for (CoreStats c : r.cores()) {
            String name;
            if (c.vm() == null) {
                name = Integer.toString(c.core());
            } else if (c.core() < 0) { // a global VM run alone: one lane per vCPU
                name = c.vm() + " vCPU " + c.vcpu() + " (alone)";
            } else {
                name = c.core() + " (" + c.vm() + " alone)";
            }
            rows.add(new String[] {name, Format.table(c.busy()), Format.table(c.idle())});
        }
        CliSupport.table(out, rows);
    }
}

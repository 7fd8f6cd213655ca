package org.vmsched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.vmsched.io.InputFiles;
import org.vmsched.io.ScenarioJson;
import org.vmsched.io.TraceInput;
import org.vmsched.linux.ModelSuggestion;
import org.vmsched.linux.TraceComparison;
import org.vmsched.linux.TraceMeasure;
import org.vmsched.linux.VmSupplyWindows;
import org.vmsched.model.Limits;
import org.vmsched.model.Scenario;
import org.vmsched.report.AnalysisReport;
import org.vmsched.report.TraceReport;
import org.vmsched.text.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code trace TRACE --scenario FILE}: a Linux scheduler trace (tracefs's {@code trace} file or
 * {@code trace-cmd report}, gzip allowed) held against the scenario's analysis and worst-case
 * simulation ({@link TraceMeasure}, {@link TraceComparison}; docs/linux-loop.md).
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Read a Linux scheduler trace (tracefs's trace file or trace-cmd report, also gzipped) of a run of"
                + " the scenario (export-config --target rt-app) and show, per task, the jobs, measured response and"
                + " execution times beside the analytic and the simulated R, and per VM the supply received beside the"
                + " sbf; where the measurement exceeds a guarantee, the reason the data shows.")
public final class TraceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace: tracefs's trace file, trace-cmd report's output, or either gzipped.")
    Path trace;

    @Option(names = "--scenario", required = true, paramLabel = "FILE", description = "The scenario that ran (JSON).")
    Path scenario;

    @Option(names = "--json", description = "Print one JSON object instead of tables.")
    boolean json;

    @Option(names = "--map", paramLabel = "FILE", description = "JSON object of thread names or thread ids to \"VM/task\""
            + " (default: the names export-config --target rt-app gives, its threads.json).")
    Path map;

    @Option(names = "--from", paramLabel = "T", description = "Skip jobs woken in the first T time units of the trace.")
    Double from;

    @Option(names = "--suggest", paramLabel = "OUT", description = "Write the scenario with each task's WCET set to its"
            + " measured worst execution times --margin and each VM's overhead X to the least that keeps its sbf at or"
            + " below the measured supply, and say what the analysis makes of it.")
    Path suggest;

    @Bounds(min = 1, max = 100)
    @Option(names = "--margin", defaultValue = "1.2", description = "--suggest: factor on the measured worst execution"
            + " (default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--unit-us", defaultValue = "1000",
            description = "Length of the scenario's time unit in microseconds (default: ${DEFAULT-VALUE}, a millisecond).")
    @Bounds(min = 1e-3, max = 1e9, unit = "microseconds")
    double unitMicros;

    @Override
    public Integer call() {
        Scenario s = CliSupport.load(scenario);
        if (suggest != null) {
            CliSupport.outputFile("--suggest", suggest);
        }
        TraceReport r = run(trace, s, map == null ? null : readMap(map), from == null ? 0 : from, unitMicros);
        print(spec.commandLine().getOut(), s, r, json);
        if (suggest != null) {
            ModelSuggestion.Suggested g = ModelSuggestion.of(s, r.measurement(), margin);
            try {
                ScenarioJson.save(g.scenario(), suggest);
            } catch (IOException | RuntimeException e) {
                throw new BadInputException("--suggest " + suggest + ": cannot write the suggested scenario: "
                        + Limits.oneLine(String.valueOf(e.getMessage()), 300));
            }
            PrintWriter err = spec.commandLine().getErr();
            g.changes().forEach(c -> err.println("suggest: " + c));
            err.println("suggest: wrote " + suggest + "; its analysis: " + AnalysisReport.of(g.scenario()).verdict());
            err.flush();
        }
        return 0;
    }

    /** Reads {@code trace} of {@code s} and compares it with the model; bad input (not a trace, unreadable) as {@link BadInputException}. */
    static TraceReport run(Path trace, Scenario s, Map<String, String> map, double from, double unitMicros) {
        TraceMeasure m;
        try {
            m = new TraceMeasure(s, unitMicros, from, map);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--map: " + e.getMessage());
        }
        TraceInput.Read read;
        try {
            read = TraceInput.read(trace, "TRACE", m);
        } catch (InputFiles.Refused e) {
            throw new BadInputException(e.getMessage());
        }
        m.overwritten(read.summary().overwritten());
        if (from > 0 && from >= m.length()) {
            // every job would be skipped: an empty report with exit 0 reads as a run without jobs
            throw new BadInputException("--from " + Format.significant(from, 9) + ": the trace lasts "
                    + Format.table(m.length()) + " time units from its first event; give a smaller T");
        }
        return TraceReport.of(s, m.finish(), read.summary(), read.notes());
    }

    /** The --map file: a JSON object of strings, through the input gate. */
    static Map<String, String> readMap(Path file) {
        String text;
        try {
            text = InputFiles.read(file, "a JSON map of thread names to VM/task");
        } catch (InputFiles.Refused e) {
            throw new BadInputException("--map " + file + ": " + e.getMessage());
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new BadInputException("--map " + file + ": is not JSON (" + Limits.oneLine(String.valueOf(e.getMessage()), 200) + ")");
        }
        if (root == null || !root.isObject()) {
            throw new BadInputException("--map " + file + ": expected a JSON object such as {\"ctl_fast\": \"ctl/ctl_fast\"}");
        }
        Map<String, String> out = new LinkedHashMap<>();
        var it = root.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getValue().isTextual()) {
                throw new BadInputException("--map " + file + ": \"" + Limits.oneLine(e.getKey(), 60)
                        + "\" must map to a string \"VM/task\"");
            }
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    static void print(PrintWriter out, Scenario s, TraceReport r, boolean json) {
        if (json) {
            CliSupport.printJson(out, TraceJson.of(s, r));
            return;
        }
        TraceMeasure.Measurement m = r.measurement();
        out.println(s.name() + ": trace of " + Format.table(m.span()) + " time units, " + r.summary().events()
                + " scheduler events");
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"vm", "task", "jobs", "start-up", "wcet", "max exec", "deadline", "R analytic",
                "R simulated", "R measured", "mean R", "misses", "cut"});
        for (TraceComparison.Row row : r.rows()) {
            TraceMeasure.MeasuredTask t = row.measured();
            rows.add(new String[] {t.vm(), t.task(), String.valueOf(t.jobs()), Format.table(t.maxStartup()),
                    Format.table(row.wcet()), Format.table(t.maxExecution()), Format.table(row.deadline()),
                    row.analyticR() == null ? "-" : Format.table(row.analyticR()),
                    row.simulatedR() == null ? "-" : Format.table(row.simulatedR()), Format.table(t.maxResponse()),
                    Format.table(t.meanResponse()), String.valueOf(t.misses()), String.valueOf(t.cut())});
        }
        CliSupport.table(out, rows);
        for (TraceComparison.Row row : r.rows()) {
            for (String why : row.reasons()) {
                out.println(row.measured().vm() + "/" + row.measured().task() + ": " + why);
            }
        }
        for (TraceMeasure.MeasuredVm v : m.vms()) {
            out.println();
            out.println(perPeriod(v, s));
            VmSupplyWindows.Curve c = v.supply();
            List<String[]> sup = new ArrayList<>();
            sup.add(new String[] {"window", "least supply", "windows", "sbf"});
            for (int k = 0; k < c.lengths().length; k++) {
                if (c.windows()[k] > 0) {
                    sup.add(new String[] {Format.table(c.lengths()[k]), Format.table(c.least()[k]),
                            String.valueOf(c.windows()[k]), Format.table(c.sbf()[k])});
                }
            }
            if (sup.size() > 1) {
                CliSupport.table(out, sup);
            } else {
                out.println("  no window in which it had a job ready throughout was as long as " + Format.table(c.lengths()[0]));
            }
        }
        out.println();
        for (String n : r.notes()) {
            out.println("note: " + n);
        }
        for (String n : m.notes()) {
            out.println("assumed: " + n);
        }
        out.flush();
    }

    /**
     * The line of a VM's CPU time per period. THEORY.md §17.4: the kernel's period timer has a phase the trace does
     * not show, and a deferrable server may use its budget at the end of one of its periods and again at the start
     * of the next, so a period counted from the first event may hold up to min(2C, T).
     */
    static String perPeriod(TraceMeasure.MeasuredVm v, Scenario s) {
        double budget = s.vm(v.vm()).budget();
        double shifted = Math.min(2 * budget, s.vm(v.vm()).period());
        return "VM " + v.vm() + ": CPU time per period, start-ups left out (" + v.periods()
                + " periods from the first event, not from the kernel's period timer): max "
                + Format.table(v.maxPerPeriod()) + ", mean " + Format.table(v.meanPerPeriod()) + " (budget "
                + Format.table(budget) + " per period of the kernel's, so up to " + Format.table(shifted)
                + " in one of these)";
    }

    /** The --json object: per task at least vm, task, jobs, maxResponse, maxExecution and R. */
    static final class TraceJson {
        private TraceJson() {
        }

        static ObjectNode of(Scenario s, TraceReport r) {
            ObjectNode root = CliSupport.object();
            root.put("scenario", s.name());
            CliSupport.number(root, "span", r.measurement().span());
            ObjectNode sum = root.putObject("trace");
            sum.put("lines", r.summary().lines()).put("events", r.summary().events())
                    .put("otherEvents", r.summary().otherEvents()).put("skippedLines", r.summary().unreadable()
                    + r.summary().overlong()).put("overwritten", r.summary().overwritten())
                    .put("format", r.summary().traceCmd() ? "trace-cmd report" : "tracefs");
            ArrayNode tasks = root.putArray("tasks");
            for (TraceComparison.Row row : r.rows()) {
                task(tasks.addObject(), row);
            }
            ArrayNode vms = root.putArray("vms");
            for (TraceMeasure.MeasuredVm v : r.measurement().vms()) {
                vm(vms.addObject(), v, s);
            }
            ArrayNode notes = root.putArray("notes");
            r.notes().forEach(notes::add);
            r.measurement().notes().forEach(notes::add);
            return root;
        }

        /** One task's entry of the "tasks" array: its measures, R, simulated R, histogram and reasons. */
        private static void task(ObjectNode o, TraceComparison.Row row) {
            TraceMeasure.MeasuredTask t = row.measured();
            o.put("vm", t.vm()).put("task", t.task()).put("thread", t.thread()).put("jobs", t.jobs())
                    .put("startups", t.startups());
            CliSupport.number(o, "maxStartup", t.maxStartup());
            CliSupport.number(o, "maxResponse", t.maxResponse());
            CliSupport.number(o, "meanResponse", t.meanResponse());
            CliSupport.number(o, "maxExecution", t.maxExecution());
            CliSupport.number(o, "meanExecution", t.meanExecution());
            CliSupport.number(o, "wcet", row.wcet());
            CliSupport.number(o, "deadline", row.deadline());
            o.put("misses", t.misses()).put("cut", t.cut()).put("skipped", t.skipped());
            if (row.analyticR() == null) {
                o.putNull("R");
            } else {
                CliSupport.number(o, "R", row.analyticR());
            }
            if (row.simulatedR() == null) {
                o.putNull("simulatedR");
            } else {
                CliSupport.number(o, "simulatedR", row.simulatedR());
            }
            ArrayNode h = o.putArray("histogram");
            for (long c : t.histogram()) {
                h.add(c);
            }
            ArrayNode why = o.putArray("reasons");
            row.reasons().forEach(why::add);
        }

        /** One VM's entry of the "vms" array: its periods, per-period supply and supply windows. */
        private static void vm(ObjectNode o, TraceMeasure.MeasuredVm v, Scenario s) {
            o.put("vm", v.vm()).put("periods", v.periods());
            CliSupport.number(o, "maxPerPeriod", v.maxPerPeriod());
            CliSupport.number(o, "meanPerPeriod", v.meanPerPeriod());
            CliSupport.number(o, "budget", s.vm(v.vm()).budget());
            // a period counted from the first event may hold min(2C, T): THEORY.md §17.4
            CliSupport.number(o, "perPeriodBound", Math.min(2 * s.vm(v.vm()).budget(), s.vm(v.vm()).period()));
            ArrayNode sup = o.putArray("supply");
            VmSupplyWindows.Curve c = v.supply();
            for (int k = 0; k < c.lengths().length; k++) {
                ObjectNode p = sup.addObject();
                CliSupport.number(p, "length", c.lengths()[k]);
                CliSupport.number(p, "least", c.least()[k]);
                p.put("windows", c.windows()[k]);
                CliSupport.number(p, "sbf", c.sbf()[k]);
            }
        }
    }
}

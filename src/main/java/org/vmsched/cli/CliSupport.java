package org.vmsched.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.analysis.ExactInterval;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.io.AtomicFolder;
import org.vmsched.io.InputFiles;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Limits;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.report.AnalysisReport;
import org.vmsched.text.Format;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.PolicyRegistry;
import org.vmsched.progress.CancelledException;
import picocli.CommandLine;

/** Helpers shared by the subcommands: loading, argument parsing, JSON and table output. */
public final class CliSupport {

    /** Made on first use (--json): a command printing tables never constructs a mapper. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);
    }

    /**
     * The policies a command on this thread reads scenario files with: the built-in ones, unless
     * {@link Main#run(String[], PrintWriter, PrintWriter, PolicyRegistry)} was given others (a test's
     * own policy, run through the commands in-process without registering it for other tests).
     */
    private static final ThreadLocal<PolicyRegistry> REGISTRY = ThreadLocal.withInitial(() -> PolicyRegistry.BUILT_IN);

    private CliSupport() {
    }

    /** Runs {@code command} with scenario files read under {@code registry}, then restores the built-in policies. */
    static int withRegistry(PolicyRegistry registry, IntSupplier command) {
        REGISTRY.set(registry);
        try {
            return command.getAsInt();
        } finally {
            REGISTRY.remove();
        }
    }

    /** Loads a scenario file; a bad file becomes a {@link BadInputException} with the loader's message. */
    public static Scenario load(Path file) {
        try {
            return ScenarioJson.load(file, REGISTRY.get());
        } catch (InvalidScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /**
     * Checks, before any work, an output folder given to {@code option} that {@link #writeFolder}
     * will write: the rule of every command that writes a folder (docs/reference/command-line.md, "Limits"). A symbolic
     * link is refused, so files never land among a linked folder's own; so is a path that is not a
     * folder, and a folder that is neither empty nor holds {@code marker} (of an earlier run: the
     * whole folder is replaced, never mixed). A place where no folder can be made is refused with
     * the reason, never a temporary name.
     */
    public static Path outputFolder(String option, Path dir, String marker, String what) {
        String problem = AtomicFolder.targetProblem(dir, marker, what);
        if (problem != null) {
            throw new BadInputException(option + ": " + problem);
        }
        try {
            AtomicFolder.checkWritable(dir);
        } catch (IOException e) {
            throw new BadInputException(option + ": cannot create the folder " + dir + ": " + e.getMessage());
        }
        return dir;
    }

    /**
     * Writes the folder {@code dir} given to {@code option} through {@link org.vmsched.io.AtomicFolder}
     * (whole, in one step: a failure or a kill leaves the old folder or none, never part of one);
     * a failure is bad input naming the option, the folder and the reason.
     */
    public static void writeFolder(String option, Path dir, String marker, String what,
                                   AtomicFolder.Writer writer) {
        try {
            AtomicFolder.write(dir, marker, what, writer);
        } catch (IOException e) {
            throw new BadInputException(option + ": cannot write the folder " + dir + ": " + e.getMessage());
        } catch (CancelledException e) {
            throw new IllegalStateException("a command-line folder write is never cancelled", e);
        }
    }

    /**
     * Checks, before the work whose result it will hold, that the file given to {@code option} can
     * be written: its folder exists and is writable, and it is not a folder. A refusal gives the
     * system's reason ("permission denied", "read-only file system").
     */
    public static void outputFile(String option, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new BadInputException(option + ": cannot write " + file + ": no such folder " + dir);
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + ": " + file + " is a folder");
        }
        try {
            dir.getFileSystem().provider().checkAccess(dir, AccessMode.WRITE);
        } catch (IOException e) {
            throw cannotWrite(option, file, e);
        }
    }

    /** A write to {@code file} given to {@code option} failed: the reason, never a temporary name. */
    public static BadInputException cannotWrite(String option, Path file, IOException e) {
        return new BadInputException(option + ": cannot write " + file + ": " + InputFiles.writeReason(e));
    }

    /** The VM with this name, or a bad-input error that lists the VMs there are. */
    public static VirtualMachine vm(Scenario s, String name) {
        VirtualMachine vm = s.vm(name);
        if (vm == null) {
            List<String> names = new ArrayList<>();
            s.vms().forEach(v -> names.add(v.name()));
            throw new BadInputException("--vm: no VM named " + Limits.quote(name) + "; the scenario has "
                    + Limits.oneLine(String.join(", ", names), 300));
        }
        return vm;
    }

    /** Puts {@code note} as the object's "note" when there is one. */
    static void note(ObjectNode root, String note) {
        if (note != null) {
            root.put("note", note);
        }
    }

    /** Prints {@code note} as a line "note: …" when there is one. */
    static void note(PrintWriter out, String note) {
        if (note != null) {
            out.println("note: " + note);
        }
    }

    /**
     * The VM with this name for a command that analyses one VM as one server ({@code tmax},
     * {@code budget}, {@code simtmax}); the report's refusal of a VM of several virtual CPUs
     * ({@link org.vmsched.report.AnalysisReport#oneServerRefusal}) as bad input.
     */
    public static VirtualMachine oneServerVm(Scenario s, String name) {
        VirtualMachine vm = vm(s, name);
        String why = AnalysisReport.of(s).oneServerRefusal(s.vms().indexOf(vm));
        if (why != null) {
            throw new BadInputException("--vm: " + why);
        }
        return vm;
    }

    /**
     * Parses a list of values: {@code from:to:step} (inclusive, up to rounding) or {@code a,b,c}.
     * Each value must lie between 1e-9 (the least time value, docs/reference/command-line.md "Limits") and {@code max};
     * {@code option} names the option in messages, which echo a value as it was typed.
     */
    public static double[] parseRange(String option, String text, double max) {
        List<Double> out = new ArrayList<>();
        if (text.contains(":")) {
            String[] p = text.split(":");
            if (p.length != 3) {
                throw new BadInputException(option + ": expected from:to:step or a comma list, got " + Limits.quote(text));
            }
            // the ends as every value (below), as typed: NaN was dropped or read as 0, 1e308 overflowed the count
            double from = inRange(option, text, p[0], max);
            double to = inRange(option, text, p[1], max);
            double step = number(option, text, p[2]);
            if (!(step > 0) || !Double.isFinite(step)) {
                throw new BadInputException(option + ": the step must be positive, got " + p[2]);
            }
            if (to < from) {
                throw new BadInputException(option + ": the range ends (" + p[1] + ") before it starts (" + p[0] + ")");
            }
            double count = Math.floor((to - from) / step + 1e-9);
            if (!(count <= 100_000)) {
                throw new BadInputException(option + ": " + (count < 1e15 ? String.valueOf((long) count + 1)
                        : "about " + Format.scientific(count)) + " values is too many (at most 100001)");
            }
            long n = (long) count;
            for (long i = 0; i <= n; i++) {
                out.add(Math.round((from + i * step) * 1e12) / 1e12);
            }
        } else {
            // -1: a trailing comma ("0.4,") leaves an empty last item, refused as any other empty item
            for (String s : text.split(",", -1)) {
                if (s.isBlank() && !text.replace(",", "").isBlank()) {
                    throw new BadInputException(option + ": an empty item in " + Limits.quote(text)
                            + "; give numbers separated by single commas");
                }
                if (!s.isBlank()) {
                    out.add(inRange(option, text, s, max));
                }
            }
        }
        if (out.isEmpty()) {
            throw new BadInputException(option + ": no value given, got " + Limits.quote(text));
        }
        double[] arr = new double[out.size()];
        for (int i = 0; i < arr.length; i++) {
            arr[i] = out.get(i);
            if (!(arr[i] >= Limits.MIN_TIME && arr[i] <= max)) {
                // a step's value past an end by its rounding
                inRange(option, text, shown(arr[i]), max);
            }
        }
        return arr;
    }

    /** One value of a list as typed, between 1e-9 and {@code max}; the message echoes it. */
    private static double inRange(String option, String list, String item, double max) {
        double v = number(option, list, item);
        if (!(v >= Limits.MIN_TIME && v <= max)) {
            // as every other number: 5e-324 passes "> 0" and is 0 one step later
            throw new BadInputException(option + ": every value must be between " + Format.scientific(Limits.MIN_TIME)
                    + " and " + Format.scientific(max) + ", got " + Limits.oneLine(item.strip(), 40));
        }
        return v;
    }

    private static double number(String option, String list, String item) {
        try {
            return Double.parseDouble(item.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": " + Limits.quote(list) + " is not a number list");
        }
    }

    /** A simulation mode option: {@code synchronous} or {@code worst-case}. */
    public static SimulationMode mode(String option, String text) {
        SimulationMode m = SimulationMode.fromJson(text);
        if (m == null) {
            throw new BadInputException(option + " must be synchronous or worst-case, got " + Limits.quote(text));
        }
        return m;
    }

    /**
     * A positive finite number option, within the time values a scenario may hold (docs/reference/command-line.md, "Limits").
     * Options declare this range with {@code @Bounds(min = Limits.MIN_TIME, max = Limits.MAX_TIME)}
     * and are refused at the gate ({@link OptionCheck}) as typed; this is the same rule, in the same
     * words, for a value that reaches a command another way.
     */
    public static double positive(String option, double v) {
        if (!(v >= Limits.MIN_TIME && v <= Limits.MAX_TIME)) {
            throw new BadInputException(option + " must be between " + Format.scientific(Limits.MIN_TIME) + " and "
                    + Format.scientific(Limits.MAX_TIME) + ", got " + shown(v));
        }
        return v;
    }

    /** A non-negative finite number option: 0 or within the time values a scenario may hold (the gate's default range). */
    public static double nonNegative(String option, double v) {
        if (!(v == 0 || v >= Limits.MIN_TIME && v <= Limits.MAX_TIME)) {
            throw new BadInputException(option + " must be 0 or between " + Format.scientific(Limits.MIN_TIME) + " and "
                    + Format.scientific(Limits.MAX_TIME) + ", got " + shown(v));
        }
        return v;
    }

    /**
     * The value of {@code option} as the user typed it (its last occurrence, on one line, cut to
     * 40 characters), or {@code v} as {@link #shown} writes it when the option was not typed (a
     * default).
     */
    static String typed(CommandLine.Model.CommandSpec spec, String option, double v) {
        CommandLine.Model.OptionSpec o = spec.findOption(option);
        List<String> texts = o == null ? List.of() : o.originalStringValues();
        return texts.isEmpty() ? shown(v) : Limits.oneLine(texts.get(texts.size() - 1).trim(), Limits.MAX_QUOTED);
    }

    /**
     * {@code --min-period} checked against the least period the exact search takes for each of
     * {@code vms} (1e-9 times its shortest task period, docs/reference/command-line.md "Limits"): exit 2 naming the option,
     * the VM and the value as typed, where a design answered "no interface" with Java's numbers.
     */
    static void minPeriodFits(CommandLine.Model.CommandSpec spec, List<VirtualMachine> vms,
                              Double minPeriod) {
        if (minPeriod == null) {
            return;
        }
        for (VirtualMachine vm : vms) {
            double t1 = vm.tasks().stream().mapToDouble(Task::period).min().orElse(Double.NaN);
            if (GoodPeriods.minPeriodProblem(t1, minPeriod) != null) {
                throw new BadInputException("--min-period must be at least "
                        + Format.significant(t1 * GoodPeriods.MIN_PERIOD_FACTOR, 6) + " (1e-9 times "
                        + vm.name() + "'s shortest task period " + Format.exact(t1) + "), got " + typed(spec, "--min-period", minPeriod));
            }
        }
    }

    /** A number in a message as it is usually typed: "0" (not "0.0"), "1e-10" (not "1.0E-10"). */
    static String shown(double v) {
        return Format.typed(v);
    }

    /** The one factory of the commands' JSON nodes. */
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** An empty JSON object for a command's output. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** Intervals as [[lo, hi], ...]. */
    public static ArrayNode intervals(List<Interval> iv) {
        ArrayNode a = NODES.arrayNode();
        for (Interval i : iv) {
            ArrayNode pair = a.addArray();
            pair.add(i.lo());
            number(pair, i.hi());
        }
        return a;
    }

    /**
     * Puts a number, or null when it is infinite or NaN: JSON has no infinity, and a quoted
     * "Infinity" would give one key two types. docs/reference/command-line.md documents null as "unbounded".
     */
    public static void number(ObjectNode node, String key, double v) {
        if (Double.isFinite(v)) {
            node.put(key, v);
        } else {
            node.putNull(key);
        }
    }

    /** Adds a number to an array, null when not finite (see {@link #number(ObjectNode, String, double)}). */
    public static void number(ArrayNode node, double v) {
        if (Double.isFinite(v)) {
            node.add(v);
        } else {
            node.addNull();
        }
    }

    /**
     * Prints {@code node} as one line of JSON, every number as typed (150, not 150.0; 0.0001, not
     * 1.0E-4; as a saved scenario writes it, {@link ScenarioJson#decimal}).
     */
    public static void printJson(PrintWriter out, Object node) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = new AsTyped(Json.MAPPER.getFactory().createGenerator(text))) {
            Json.MAPPER.writeValue(g, node);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        out.println(text);
        out.flush();
    }

    /** A generator that writes each finite double as the shortest plain decimal that reads back as it. */
    private static final class AsTyped extends JsonGeneratorDelegate {

        AsTyped(JsonGenerator g) {
            super(g, false);
            g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (Double.isFinite(v)) {
                delegate.writeNumber(ScenarioJson.decimal(v));
            } else {
                delegate.writeNumber(v);
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            writeNumber(Double.parseDouble(Float.toString(v)));
        }
    }

    /** Intervals as text: [a, b] ∪ {c}. */
    public static String intervalsText(List<Interval> iv) {
        if (iv.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        for (Interval i : iv) {
            parts.add(i.isPoint() ? "{" + Format.table(i.lo()) + "}" : "[" + Format.table(i.lo()) + ", " + Format.table(i.hi()) + "]");
        }
        return String.join(" ∪ ", parts);
    }

    /** Exact good periods as JSON strings: a decimal, or p/q when it has none; null for +∞. */
    public static ArrayNode exactIntervals(List<ExactInterval> iv) {
        ArrayNode a = NODES.arrayNode();
        for (ExactInterval i : iv) {
            ArrayNode pair = a.addArray();
            pair.add(ExactInterval.text(i.lo()));
            if (i.hi() == null) {
                pair.addNull();
            } else {
                pair.add(ExactInterval.text(i.hi()));
            }
        }
        return a;
    }

    /** Exact good periods as text; an end that is no short decimal reads "p/q ≈ x". */
    public static String exactIntervalsText(List<ExactInterval> iv) {
        if (iv.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        for (ExactInterval i : iv) {
            parts.add(i.isPoint() ? "{" + end(i.lo()) + "}" : "[" + end(i.lo()) + ", " + end(i.hi()) + "]");
        }
        return String.join(" ∪ ", parts);
    }

    private static String end(BigFraction f) {
        String s = ExactInterval.text(f);
        return f == null || !s.contains("/") ? s : s + " ≈ " + Format.table(f.doubleValue());
    }

    /** Widest cell of a table column but the last; longer cells (names) are cut with "…". */
    public static final int MAX_CELL = 40;

    /**
     * A plain text table with left-aligned columns, its cost linear in its cells: every cell but
     * the last of a row is cut to {@link #MAX_CELL} characters, so one long name cannot pad every
     * row; control characters are escaped.
     */
    public static void table(PrintWriter out, List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        List<String[]> cells = new ArrayList<>(rows.size());
        for (String[] r : rows) {
            String[] c2 = new String[cols];
            for (int c = 0; c < cols; c++) {
                c2[c] = c == cols - 1 ? Limits.escape(r[c]) : Limits.oneLine(r[c], MAX_CELL);
                width[c] = Math.max(width[c], c2[c].length());
            }
            cells.add(c2);
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : cells) {
            sb.setLength(0);
            for (int c = 0; c < cols; c++) {
                sb.append(r[c]);
                if (c < cols - 1) {
                    sb.append(" ".repeat(width[c] + 2 - r[c].length()));
                }
            }
            int end = sb.length();
            while (end > 0 && sb.charAt(end - 1) == ' ') {
                end--;
            }
            sb.setLength(end);
            out.println(sb);
        }
        out.flush();
    }
}

package org.vmsched.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.analysis.Interval;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Numbers;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/** Helpers shared by the subcommands: loading, argument parsing, JSON and table output. */
public final class CliSupport {

    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

    private CliSupport() {
    }

    /** Loads a scenario file; a bad file becomes a {@link BadInputException} with the loader's message. */
    public static Scenario load(Path file) {
        try {
            return ScenarioJson.load(file);
        } catch (InvalidScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The VM with this name, or a bad-input error that lists the VMs there are. */
    public static VirtualMachine vm(Scenario s, String name) {
        VirtualMachine vm = s.vm(name);
        if (vm == null) {
            List<String> names = new ArrayList<>();
            s.vms().forEach(v -> names.add(v.name()));
            throw new BadInputException("--vm: no VM named \"" + name + "\"; the scenario has " + String.join(", ", names));
        }
        return vm;
    }

    /**
     * Parses a list of values: {@code from:to:step} (inclusive, up to rounding) or {@code a,b,c}.
     * Each value must lie in (min, max]; {@code option} names the option in messages.
     */
    public static double[] parseRange(String option, String text, double min, double max) {
        List<Double> out = new ArrayList<>();
        try {
            if (text.contains(":")) {
                String[] p = text.split(":");
                if (p.length != 3) {
                    throw new BadInputException(option + ": expected from:to:step or a comma list, got \"" + text + "\"");
                }
                double from = Double.parseDouble(p[0]);
                double to = Double.parseDouble(p[1]);
                double step = Double.parseDouble(p[2]);
                if (!(step > 0) || !Double.isFinite(step)) {
                    throw new BadInputException(option + ": the step must be positive, got " + p[2]);
                }
                if (to < from) {
                    throw new BadInputException(option + ": the range ends (" + p[1] + ") before it starts (" + p[0] + ")");
                }
                long n = Math.round(Math.floor((to - from) / step + 1e-9));
                if (n > 100_000) {
                    throw new BadInputException(option + ": " + (n + 1) + " values is too many (at most 100001)");
                }
                for (long i = 0; i <= n; i++) {
                    out.add(Math.round((from + i * step) * 1e12) / 1e12);
                }
            } else {
                for (String s : text.split(",")) {
                    out.add(Double.parseDouble(s.trim()));
                }
            }
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": \"" + text + "\" is not a number list (" + e.getMessage() + ")");
        }
        double[] arr = new double[out.size()];
        for (int i = 0; i < arr.length; i++) {
            double v = out.get(i);
            if (!(v > min && v <= max)) {
                throw new BadInputException(option + ": every value must be in (" + min + ", " + max + "], got " + v);
            }
            arr[i] = v;
        }
        return arr;
    }

    /** A simulation mode option: {@code synchronous} or {@code worst-case}. */
    public static org.vmsched.model.SimulationMode mode(String option, String text) {
        org.vmsched.model.SimulationMode m = org.vmsched.model.SimulationMode.fromJson(text);
        if (m == null) {
            throw new BadInputException(option + " must be synchronous or worst-case, got \"" + text + "\"");
        }
        return m;
    }

    /** A positive finite number option. */
    public static double positive(String option, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new BadInputException(option + " must be a positive number, got " + v);
        }
        return v;
    }

    /** A non-negative finite number option. */
    public static double nonNegative(String option, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new BadInputException(option + " must be zero or a positive number, got " + v);
        }
        return v;
    }

    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** Intervals as [[lo, hi], ...]. */
    public static ArrayNode intervals(List<Interval> iv) {
        ArrayNode a = JSON.createArrayNode();
        for (Interval i : iv) {
            ArrayNode pair = a.addArray();
            pair.add(i.lo());
            number(pair, i.hi());
        }
        return a;
    }

    /**
     * Puts a number, or null when it is infinite or NaN: JSON has no infinity, and a quoted
     * "Infinity" would give one key two types. The README documents null as "unbounded".
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

    public static void printJson(PrintWriter out, Object node) {
        try {
            out.println(JSON.writeValueAsString(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        out.flush();
    }

    /** Intervals as text: [a, b] ∪ {c}. */
    public static String intervalsText(List<Interval> iv) {
        if (iv.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        for (Interval i : iv) {
            parts.add(i.isPoint() ? "{" + Numbers.table(i.lo()) + "}" : "[" + Numbers.table(i.lo()) + ", " + Numbers.table(i.hi()) + "]");
        }
        return String.join(" ∪ ", parts);
    }

    /** A plain text table with left-aligned columns. */
    public static void table(PrintWriter out, List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] r : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                sb.append(c == cols - 1 ? r[c] : String.format("%-" + (width[c] + 2) + "s", r[c]));
            }
            out.println(sb.toString().stripTrailing());
        }
        out.flush();
    }
}

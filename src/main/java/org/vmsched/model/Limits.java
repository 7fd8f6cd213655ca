package org.vmsched.model;

/**
 * The documented limits of what VMSched accepts, in one place (docs/reference/command-line.md, "Limits"): sizes of a
 * scenario, the range of its time values, and the shape of messages shown to users. They are
 * chosen from what the analysis and the simulator answer in about a second and a few hundred MB,
 * not from what fits a Java int; {@link ScenarioValidator} enforces the scenario limits with
 * field-named messages, and {@link #quote} and {@link #oneLine} keep every message printable.
 * Constants and stateless helpers only; thread-safe.
 */
public final class Limits {

    private Limits() {
    }

    /** Most bytes a scenario or experiment file may have (8 MiB). */
    public static final int MAX_FILE_BYTES = 8 * 1024 * 1024;
    /** Deepest nesting of JSON arrays and objects in an input file (the format needs 4). */
    public static final int MAX_JSON_DEPTH = 64;
    /** Longest JSON string in an input file, in characters. */
    public static final int MAX_JSON_STRING = 100_000;

    /** Most digits of a JSON number in an input file. */
    public static final int MAX_JSON_NUMBER = 100;

    /** Most cores of the hypervisor. */
    public static final int MAX_CORES = 64;
    /** Most VMs in a scenario. */
    public static final int MAX_VMS = 100;
    /** Most tasks in one VM. */
    public static final int MAX_TASKS_PER_VM = 1_000;
    /** Most tasks in a whole scenario. */
    public static final int MAX_TASKS = 1_000;
    /** Longest VM or task name, in characters. */
    public static final int MAX_NAME = 200;
    /** Longest scenario description, in characters. */
    public static final int MAX_DESCRIPTION = 10_000;
    /** Largest VM priority under the FP hypervisor. */
    public static final int MAX_PRIORITY = 1_000_000;

    /** Smallest positive time value (period, budget, wcet, deadline, overhead, offset, horizon). */
    public static final double MIN_TIME = 1e-9;
    /** Largest time value. */
    public static final double MAX_TIME = 1e9;
    /** Largest ratio between two positive time values of one scenario (the simulator's ticks span it). */
    public static final double MAX_RATIO = 1e9;

    /** At most this many problems are spelt out in a message; the rest are counted ("and 3 more"). */
    public static final int MAX_LISTED_PROBLEMS = 5;
    /** At most this many characters of a bad value are quoted in a message. */
    public static final int MAX_QUOTED = 40;
    /** Longest message printed to a terminal or shown in a dialog, in characters. */
    public static final int MAX_MESSAGE = 1_000;

    /**
     * A value for a message: in double quotes, control characters escaped (\n, \t, \u001b, …)
     * and cut after {@link #MAX_QUOTED} characters with an ellipsis. Null gives {@code null}.
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        boolean longer = value.length() > MAX_QUOTED;
        String e = escape(longer ? value.substring(0, MAX_QUOTED) : value);
        return "\"" + cut(longer ? e + "…" : e, MAX_QUOTED) + "\"";
    }

    /** {@code text} on one line, control characters escaped, cut after {@code max} characters with "…". */
    public static String oneLine(String text, int max) {
        return cut(escape(text == null ? "" : text), max);
    }

    /** {@code text} cut after {@code max} characters with "…" (max ≥ 1), unchanged when short enough. */
    public static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max - 1;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "…";
    }

    /**
     * Control characters (C0, DEL, C1), line and paragraph separators and format characters (bidi
     * overrides such as U+202E, zero-width spaces, the byte-order mark) as escapes; the rest unchanged.
     */
    public static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            // format characters (U+202E reverses the rest of a terminal line, U+200B hides) count as control
            boolean control = ch < 0x20 || (ch >= 0x7f && ch <= 0x9f) || ch == 0x2028 || ch == 0x2029
                    || Character.getType(ch) == Character.FORMAT;
            if (!control) {
                if (sb != null) {
                    sb.append(ch);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            switch (ch) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(String.format("\\u%04x", (int) ch));
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** True when {@code text} has no character {@link #escape} would change. */
    public static boolean printable(String text) {
        return escape(text).equals(text);
    }
}

package org.vmsched.model;

import org.vmsched.text.Format;

import java.util.List;

/**
 * One parameter of a hypervisor policy's schema: its JSON name, its kind (which fixes its unit
 * and its bounds), its label and meaning for the window, and its documented default. The JSON
 * reader and writer, the validator, the simulator's tick conversion and the window's parameter
 * rows are generated from these, so a policy declares a parameter once. Immutable.
 *
 * @param name      the JSON field name ({@code "weight"})
 * @param kind      what values it takes
 * @param label     the label in the window, with its unit where it has one ("Cap (%)")
 * @param help      what it means, a sentence for a tooltip
 * @param min       the least value of an {@link Kind#INTEGER}, else unused
 * @param max       the greatest value of an {@link Kind#INTEGER}, else unused
 * @param choices   the values of a {@link Kind#CHOICE}, else empty
 * @param optional  true when it may be absent (null), standing for a rule rather than a value
 *                  (CBS's deadline: the period)
 * @param shownDefault what an empty field's prompt says when the default is not a number
 *                  ("= period", "0 = none"), or null to show the default with its unit
 */
public record ParamSpec(String name, Kind kind, String label, String help, long min, long max, List<String> choices,
                        boolean optional, String shownDefault) {

    /** What values a parameter takes. */
    public enum Kind {
        /** A time in scenario units, above 0 (converted to ticks by the simulator). */
        TIME,
        /** A time in scenario units, 0 or more. */
        TIME_OR_ZERO,
        /** A percentage of one CPU, 0 to 100. */
        PERCENT,
        /** A percentage of one CPU, above 0 to 100. */
        PERCENT_ABOVE_ZERO,
        /** A whole number between {@code min} and {@code max}. */
        INTEGER,
        /** true or false. */
        BOOLEAN,
        /** One of {@code choices}, written as its name. */
        CHOICE
    }

    public ParamSpec {
        choices = List.copyOf(choices);
    }

    /** A time above 0. */
    public static ParamSpec time(String name, String label, String help) {
        return new ParamSpec(name, Kind.TIME, label, help, 0, 0, List.of(), false, null);
    }

    /** A time of 0 or more. */
    public static ParamSpec timeOrZero(String name, String label, String help) {
        return new ParamSpec(name, Kind.TIME_OR_ZERO, label, help, 0, 0, List.of(), false, null);
    }

    /** A percentage of one CPU; {@code zeroAllowed} false: above 0. */
    public static ParamSpec percent(String name, String label, String help, boolean zeroAllowed) {
        return new ParamSpec(name, zeroAllowed ? Kind.PERCENT : Kind.PERCENT_ABOVE_ZERO, label, help, 0, 0, List.of(),
                false, null);
    }

    /** A whole number in [min, max]. */
    public static ParamSpec integer(String name, String label, String help, long min, long max) {
        return new ParamSpec(name, Kind.INTEGER, label, help, min, max, List.of(), false, null);
    }

    /** A switch. */
    public static ParamSpec flag(String name, String label, String help) {
        return new ParamSpec(name, Kind.BOOLEAN, label, help, 0, 0, List.of(), false, null);
    }

    /** One of named values. */
    public static ParamSpec choice(String name, String label, String help, List<String> choices) {
        return new ParamSpec(name, Kind.CHOICE, label, help, 0, 0, choices, false, null);
    }

    /** The same parameter, allowed to be absent (null). */
    public ParamSpec asOptional() {
        return new ParamSpec(name, kind, label, help, min, max, choices, true, shownDefault);
    }

    /** The same parameter whose empty field's prompt says {@code text} instead of the default. */
    public ParamSpec prompting(String text) {
        return new ParamSpec(name, kind, label, help, min, max, choices, optional, text);
    }

    /** True for a time (scenario units, converted to ticks by the simulator). */
    public boolean isTime() {
        return kind == Kind.TIME || kind == Kind.TIME_OR_ZERO;
    }

    /** True for a number the window edits as text (every kind but a switch and a choice). */
    public boolean isNumber() {
        return kind != Kind.BOOLEAN && kind != Kind.CHOICE;
    }

    /** True for a whole number. */
    public boolean isWhole() {
        return kind == Kind.INTEGER;
    }

    /** Its unit after a number in a prompt: " %", " ms" for a time (the products' defaults assume 1 ms), or "". */
    public String unit() {
        return switch (kind) {
            case PERCENT, PERCENT_ABOVE_ZERO -> " %";
            case TIME, TIME_OR_ZERO -> " ms";
            default -> "";
        };
    }

    /** The problems of {@code value} at {@code path}, added to {@code out} in the validator's words. */
    public void check(List<Problem> out, String path, Object value) {
        if (value == null) {
            if (!optional) {
                out.add(new Problem(path, "is missing"));
            }
            return;
        }
        switch (kind) {
            case TIME -> ScenarioValidator.positive(out, path, ((Number) value).doubleValue());
            case TIME_OR_ZERO -> ScenarioValidator.nonNegative(out, path, ((Number) value).doubleValue());
            case PERCENT, PERCENT_ABOVE_ZERO -> percent(out, path, ((Number) value).doubleValue(), kind == Kind.PERCENT);
            case INTEGER -> {
                long x = ((Number) value).longValue();
                if (x < min || x > max) {
                    out.add(new Problem(path, (max >= Integer.MAX_VALUE ? "must be at least " + min
                            : "must be between " + min + " and " + max) + ", got " + x));
                }
            }
            case BOOLEAN, CHOICE -> {
                // the reader admits only true/false and the named choices
            }
        }
    }

    /** A percentage of one CPU: 0 (when allowed) up to 100. */
    private static void percent(List<Problem> out, String path, double x, boolean zeroAllowed) {
        if (!Double.isFinite(x)) {
            out.add(new Problem(path, "must be a finite number, got " + Format.exact(x)));
        } else if (x < 0 || (!zeroAllowed && x == 0) || x > 100) {
            out.add(new Problem(path, "must be a percentage of one CPU, " + (zeroAllowed ? "0" : "above 0")
                    + " to 100, got " + Format.exact(x)));
        }
    }
}

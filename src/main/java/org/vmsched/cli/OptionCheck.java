package org.vmsched.cli;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.vmsched.model.Limits;
import org.vmsched.model.ScenarioValidator;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.ParseResult;
import org.vmsched.text.Format;

/**
 * The one range check of every numeric option of every command (docs/reference/command-line.md, "Limits"), run on the
 * parsed command line before any command body: a value must be a finite number within the
 * option's {@link Bounds}, or within its type's default range, the same as a file's time values
 * (so no command takes NaN, ±∞, 1e308 or more cores than a file may have). An option declared
 * later is covered without a line here. The same gate refuses an empty path argument. Stateless.
 */
final class OptionCheck {

    private OptionCheck() {
    }

    /** Throws a {@link BadInputException} (exit 2, one line) for the first value out of range. */
    static void check(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (ArgSpec arg : p.matchedArgs()) {
                check(p.commandSpec().commandLine(), arg);
            }
        }
    }

    private static void check(CommandLine cl, ArgSpec arg) {
        emptyPath(cl, arg);
        Class<?> type = numberType(arg);
        if (type == null) {
            return;
        }
        boolean integer = isInteger(type);
        Bounds b = bounds(arg);
        double min = b != null ? b.min() : 0;
        double max = b != null ? b.max() : integer ? 1e9 : Limits.MAX_TIME;
        List<String> texts = arg.originalStringValues();
        Object value = arg.getValue();
        for (int i = 0; i < values(value).size(); i++) {
            String text = i < texts.size() ? texts.get(i) : String.valueOf(values(value).get(i));
            double v = exact(text, values(value).get(i));
            if (!Double.isFinite(v) || v < min || v > max
                    || (b == null && !integer && v != 0 && v < Limits.MIN_TIME)) {
                String msg = message(arg, text);
                // a bad input like any other: one line, exit 2, through the handler of Main
                throw new CommandLine.ExecutionException(cl, msg, new BadInputException(msg));
            }
        }
    }

    /**
     * An empty path ({@code analyze ""}, {@code --gantt ""}) is bad input naming the argument: read as the
     * current folder, it wrote a command's files there, or said "is a folder, not a file" of no name.
     */
    private static void emptyPath(CommandLine cl, ArgSpec arg) {
        Class<?> type = arg.type().isArray() ? arg.type().getComponentType() : arg.type();
        if (type != Path.class || !arg.originalStringValues().contains("")) {
            return;
        }
        String label = arg.paramLabel().replaceAll("[<>]", "");
        String kind = label.equals("DIR") ? "a folder" : "a file";
        String msg = arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName() + ": the " + label
                + " path is empty; give " + kind : "the " + label + " argument is empty; give " + kind;
        throw new CommandLine.ExecutionException(cl, msg, new BadInputException(msg));
    }

    /**
     * The range message for a value picocli could not read as the number type of its option ("1e308"
     * or "abc" for an integer option), so it reads as every other option's: "--cores must be an
     * integer between 1 and 64 cores, got 1e308"; null when the exception is about something else.
     */
    static String unreadable(CommandLine.ParameterException ex) {
        ArgSpec arg = ex.getArgSpec();
        String text = ex.getValue();
        if (arg == null || text == null || numberType(arg) == null) {
            return null;
        }
        try {
            Class<?> type = numberType(arg);
            if (type == int.class || type == Integer.class) {
                wholeInt(text);
            } else if (isInteger(type)) {
                whole(text);
            } else {
                Double.parseDouble(text.trim());
            }
            return null; // it reads: the exception is about something else
        } catch (NumberFormatException e) {
            return message(arg, text);
        }
    }

    /**
     * Lets every integer option read a whole number written with a decimal point or an exponent
     * ("1e10", "2.0"), so the ends its range message names ("between 1 and 1e10") are values it
     * takes; "1.5" or "1e308" still fail (and get the range message through {@link #unreadable}).
     * Registered after the subcommands are added, so it reaches them all.
     */
    static void registerConverters(CommandLine cl) {
        cl.registerConverter(Long.class, t -> (long) converted(t, false));
        cl.registerConverter(long.class, t -> (long) converted(t, false));
        cl.registerConverter(Integer.class, t -> (int) converted(t, true));
        cl.registerConverter(int.class, t -> (int) converted(t, true));
    }

    /** picocli's words for a value that is no whole number of the type, without a Java class name. */
    private static long converted(String text, boolean in32Bits) {
        try {
            return in32Bits ? wholeInt(text) : whole(text);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(Limits.quote(text) + " is not a whole number"
                    + (in32Bits ? " of 32 bits" : " of 64 bits"));
        }
    }

    /** A whole number that fits in 64 bits, as typed in any decimal notation; else NumberFormatException. */
    static long whole(String text) {
        String t = text.trim();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            try {
                // longValueExact refuses a fraction or more than 64 bits at once, without expanding 1e999999999
                return new BigDecimal(t).longValueExact();
            } catch (ArithmeticException | NumberFormatException e2) {
                throw new NumberFormatException("not a whole number: " + Limits.quote(text));
            }
        }
    }

    /** As {@link #whole}, within 32 bits. */
    static int wholeInt(String text) {
        long v = whole(text);
        if (v != (int) v) {
            throw new NumberFormatException("not a 32-bit whole number: " + Limits.quote(text));
        }
        return (int) v;
    }

    private static String message(ArgSpec arg, String text) {
        boolean integer = isInteger(numberType(arg));
        Bounds b = bounds(arg);
        double min = b != null ? b.min() : 0;
        double max = b != null ? b.max() : integer ? 1e9 : Limits.MAX_TIME;
        String name = arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName() : arg.paramLabel();
        String range = range(integer, b != null, min, max) + (b != null && !b.unit().isEmpty() ? " " + b.unit() : "");
        return name + " must be " + range + ", got " + shown(text);
    }

    /** The number type an argument holds (its element type for a list or array), or null. */
    private static Class<?> numberType(ArgSpec arg) {
        Class<?> type = arg.type().isArray() ? arg.type().getComponentType() : arg.type();
        if (Collection.class.isAssignableFrom(type) && arg.auxiliaryTypes().length > 0) {
            type = arg.auxiliaryTypes()[0];
        }
        return isNumber(type) ? type : null;
    }

    private static boolean isInteger(Class<?> type) {
        return type == int.class || type == Integer.class || type == long.class || type == Long.class;
    }

    /** The value as typed: plain when it reads as a number, else quoted (so "" shows). */
    private static String shown(String text) {
        try {
            Double.parseDouble(text.trim());
            return Limits.oneLine(text.trim(), Limits.MAX_QUOTED);
        } catch (NumberFormatException e) {
            return Limits.quote(text);
        }
    }

    /**
     * The value as typed, when it reads as a number: a float option holds 1e-300 as 0 and 1e308
     * as infinity, and the typed value is what must lie in range.
     */
    private static double exact(String text, Number parsed) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return parsed.doubleValue();
        }
    }

    private static String range(boolean integer, boolean declared, double min, double max) {
        if (!declared && !integer) {
            return "0 or between " + Format.scientific(Limits.MIN_TIME) + " and " + Format.scientific(max);
        }
        return (integer ? "an integer " : "") + "between " + text(min) + " and " + text(max);
    }

    private static String text(double x) {
        if (x == Long.MIN_VALUE || x == Long.MAX_VALUE) {
            return x < 0 ? "-2^63" : "2^63-1";
        }
        return x == Math.rint(x) && Math.abs(x) < 1e7 ? Long.toString((long) x) : Format.scientific(x);
    }

    private static boolean isNumber(Class<?> t) {
        return t == double.class || t == Double.class || t == float.class || t == Float.class || t == int.class
                || t == Integer.class || t == long.class || t == Long.class;
    }

    private static List<Number> values(Object value) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof Number n) {
            return List.of(n);
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(Number.class::cast).toList();
        }
        if (value.getClass().isArray()) {
            Number[] out = new Number[Array.getLength(value)];
            for (int i = 0; i < out.length; i++) {
                out[i] = (Number) Array.get(value, i);
            }
            return List.of(out);
        }
        return List.of();
    }

    private static Bounds bounds(ArgSpec arg) {
        Object user = arg.userObject();
        return user instanceof Field f ? f.getAnnotation(Bounds.class) : null;
    }
}

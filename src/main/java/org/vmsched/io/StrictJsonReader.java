package org.vmsched.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.vmsched.model.Problem;

/**
 * The strict field reading shared by the scenario and experiment loaders: each helper reads one
 * field of a JSON object and, instead of stopping, records a {@link Problem} with the field's
 * JSON path (missing, unknown, wrong type) and returns a default, so a user sees every problem
 * of a file at once. One instance per file read; not thread-safe.
 */
abstract class StrictJsonReader {

    /** The problems found so far, in reading order. */
    final List<Problem> problems = new ArrayList<>();

    boolean object(JsonNode n, String p) {
        if (!n.isObject()) {
            problems.add(new Problem(p, "must be a JSON object, got " + kind(n)));
            return false;
        }
        return true;
    }

    void fields(JsonNode n, String p, Set<String> known) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                problems.add(new Problem(join(p, f), "is an unknown field (expected one of " + String.join(", ", new TreeSet<>(known)) + ")"));
            }
        }
    }

    String string(JsonNode n, String p, String f, String dflt, boolean required) {
        JsonNode v = n.get(f);
        if (v == null) {
            if (required) {
                problems.add(new Problem(join(p, f), "is missing"));
            }
            return dflt;
        }
        if (!v.isTextual()) {
            problems.add(new Problem(join(p, f), "must be a string, got " + kind(v)));
            return dflt;
        }
        return v.asText();
    }

    double number(JsonNode n, String p, String f, double dflt, boolean required) {
        JsonNode v = n.get(f);
        if (v == null) {
            if (required) {
                problems.add(new Problem(join(p, f), "is missing"));
            }
            return dflt;
        }
        if (!v.isNumber()) {
            problems.add(new Problem(join(p, f), "must be a number, got " + kind(v)));
            return dflt;
        }
        return v.asDouble();
    }

    int integer(JsonNode n, String p, String f, int dflt, boolean required) {
        JsonNode v = n.get(f);
        if (v == null) {
            if (required) {
                problems.add(new Problem(join(p, f), "is missing"));
            }
            return dflt;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            problems.add(new Problem(join(p, f), "must be an integer, got " + kind(v)));
            return dflt;
        }
        return v.asInt();
    }

    long longValue(JsonNode n, String p, String f) {
        JsonNode v = n.get(f);
        if (v == null) {
            problems.add(new Problem(join(p, f), "is missing"));
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            problems.add(new Problem(join(p, f), "must be an integer (64 bits), got " + kind(v)));
            return 0;
        }
        return v.asLong();
    }

    <E extends Enum<E>> E enumValue(JsonNode n, String p, String f, Class<E> type, E dflt) {
        String s = string(n, p, f, null, false);
        if (s == null) {
            return dflt;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(s)) {
                return e;
            }
        }
        problems.add(new Problem(join(p, f), "must be one of " + names(type, false) + ", got \"" + s + "\""));
        return dflt;
    }

    <E extends Enum<E>> E lowerEnum(JsonNode n, String p, String f, Class<E> type, E dflt) {
        String s = string(n, p, f, null, false);
        if (s == null) {
            return dflt;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(java.util.Locale.ROOT).equals(s)) {
                return e;
            }
        }
        problems.add(new Problem(join(p, f), "must be one of " + names(type, true) + ", got \"" + s + "\""));
        return dflt;
    }

    static <E extends Enum<E>> String names(Class<E> type, boolean lower) {
        List<String> out = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            out.add("\"" + (lower ? e.name().toLowerCase(java.util.Locale.ROOT) : e.name()) + "\"");
        }
        return String.join(", ", out);
    }

    static String join(String p, String f) {
        return p.isEmpty() ? f : p + "." + f;
    }

    static String kind(JsonNode v) {
        if (v.isTextual()) {
            return "the string \"" + v.asText() + "\"";
        }
        if (v.isNumber()) {
            return "the number " + v.asText();
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        if (v.isNull()) {
            return "null";
        }
        return v.isArray() ? "an array" : "an object";
    }
}

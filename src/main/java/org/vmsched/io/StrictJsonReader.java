package org.vmsched.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.vmsched.model.Limits;
import org.vmsched.model.Problem;

/**
 * The strict field reading shared by the scenario and experiment loaders: each helper reads one
 * field of a JSON object and, instead of stopping, records a {@link Problem} with the field's
 * JSON path (missing, unknown, wrong type) and returns a default, so a user sees every problem
 * of a file at once. One instance per file read; not thread-safe.
 */
abstract class StrictJsonReader {

    /** A file that cannot be read or is not JSON; the message is for the user, without the source. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    /** Reads a file through the one input gate ({@link InputFiles}); {@code kind} names what it should be. */
    static String readFile(Path file, String kind) throws Unreadable {
        try {
            return InputFiles.read(file, kind);
        } catch (InputFiles.Refused e) {
            throw new Unreadable(e.getMessage());
        }
    }

    /** Reads a stream through the same gate as {@link #readFile}. */
    static String readStream(InputStream in, String kind) throws Unreadable {
        try {
            return InputFiles.read(in, kind);
        } catch (InputFiles.Refused e) {
            throw new Unreadable(e.getMessage());
        }
    }

    /** As {@link #tree(com.fasterxml.jackson.core.JsonFactory, String)} with the mapper's parser settings. */
    static JsonNode tree(ObjectMapper mapper, String text) throws Unreadable {
        return tree(mapper.getFactory(), text);
    }

    /**
     * Parses JSON text, naming the line and column of a syntax error; never returns null. The tree
     * is built from the parser alone, node for node as a mapper's {@code readTree} builds it (ints,
     * longs and big integers by size, other numbers as doubles; anything after the root value an
     * error), without constructing a mapper: that costs a fresh JVM about 0.3 s of CPU.
     */
    static JsonNode tree(JsonFactory factory, String text) throws Unreadable {
        JsonNode root;
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte-order mark is legal to skip
        }
        if (InputFiles.firstMark(text) == '<') {
            // the one thing wrong, first: the file's kind, not the parser's view of its first character
            throw new Unreadable("is an XML file, not JSON (`vmsched import FILE` turns a CARTS or SimSo XML file"
                    + " into a scenario)");
        }
        try (JsonParser p = factory.createParser(text)) {
            JsonToken first = p.nextToken();
            root = first == null ? null : value(p, first);
            if (root != null && p.nextToken() != null) {
                throw new JsonParseException(p, "trailing token after the root value");
            }
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            if (loc == null) {
                loc = whereItFails(factory, text);
            }
            // our words for what is wrong; the parser's own wording never reaches a user
            String mine = JsonSyntax.firstError(text);
            if (mine != null) {
                throw new Unreadable("malformed JSON at " + mine);
            }
            String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            String limit = constraint(e.getOriginalMessage());
            throw new Unreadable(limit != null ? limit + where : "malformed JSON" + where);
        } catch (IOException e) {
            throw new Unreadable("malformed JSON"); // a string source has no other I/O to fail
        }
        if (root == null) {
            throw new Unreadable("is empty");
        }
        return root;
    }

    /** The value starting at token {@code t}; nesting is bounded by the parser's depth limit. */
    private static JsonNode value(JsonParser p, JsonToken t)
            throws IOException {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (t == null) {
            throw new JsonParseException(p, "unexpected end of input");
        }
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = nodes.objectNode();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT;
                     k = p.nextToken()) {
                    if (k != JsonToken.FIELD_NAME) {
                        throw new JsonParseException(p, "expected a field name");
                    }
                    String name = p.currentName();
                    o.set(name, value(p, p.nextToken()));
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = nodes.arrayNode();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_ARRAY;
                     k = p.nextToken()) {
                    a.add(value(p, k));
                }
                return a;
            }
            case VALUE_STRING:
                return nodes.textNode(p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return nodes.numberNode(p.getIntValue());
                    case LONG:
                        return nodes.numberNode(p.getLongValue());
                    default:
                        return nodes.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return new TypedDouble(p.getDoubleValue(), p.getText());
            case VALUE_TRUE:
                return nodes.booleanNode(true);
            case VALUE_FALSE:
                return nodes.booleanNode(false);
            case VALUE_NULL:
                return nodes.nullNode();
            default:
                throw new JsonParseException(p, "unexpected token " + t);
        }
    }

    /**
     * Where a streaming parse of {@code text} fails: Jackson's constraint errors (nesting, string
     * length) carry no location of their own. Null when it does not fail.
     */
    private static JsonLocation whereItFails(JsonFactory factory,
                                                                        String text) {
        try (JsonParser p = factory.createParser(text)) {
            try {
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.VALUE_STRING) {
                        p.getText(); // strings are read lazily: their length limit applies here
                    }
                }
            } catch (IOException e) {
                return p.currentLocation();
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** Jackson's constraint errors in our words (null for other errors): which limit, without library names. */
    static String constraint(String message) {
        if (message == null) {
            return null;
        }
        if (message.contains("nesting depth")) {
            return "arrays and objects are nested more than " + Limits.MAX_JSON_DEPTH + " deep";
        }
        if (message.contains("String value length")) {
            return "a string is longer than " + Limits.MAX_JSON_STRING + " characters";
        }
        if (message.contains("Number value length")) {
            return "a number has more than " + Limits.MAX_JSON_NUMBER + " digits";
        }
        if (message.contains("Document length") || message.contains("Name length")) {
            return "the document exceeds a size limit";
        }
        return null;
    }

    /** A mapper whose parser stops at the documented limits of {@link Limits}. */
    static JsonFactoryBuilder limitedFactory() {
        return (JsonFactoryBuilder) JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(Limits.MAX_JSON_DEPTH)
                        .maxStringLength(Limits.MAX_JSON_STRING)
                        .maxNumberLength(Limits.MAX_JSON_NUMBER)
                        .maxNameLength(Limits.MAX_JSON_STRING)
                        .build());
    }

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
                problems.add(new Problem(join(p, fieldName(f)), "is an unknown field (expected one of " + String.join(", ", new TreeSet<>(known)) + ")"));
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
        if (!v.isIntegralNumber()) {
            problems.add(new Problem(join(p, f), "must be an integer, got " + kind(v)));
            return dflt;
        }
        if (!v.canConvertToInt()) {
            problems.add(new Problem(join(p, f), "is out of range (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    + "), got " + Limits.cut(v.asText(), Limits.MAX_QUOTED)));
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
        problems.add(new Problem(join(p, f), "must be one of " + names(type, false) + ", got " + Limits.quote(s)));
        return dflt;
    }

    <E extends Enum<E>> E lowerEnum(JsonNode n, String p, String f, Class<E> type, E dflt) {
        String s = string(n, p, f, null, false);
        if (s == null) {
            return dflt;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(s)) {
                return e;
            }
        }
        problems.add(new Problem(join(p, f), "must be one of " + names(type, true) + ", got " + Limits.quote(s)));
        return dflt;
    }

    static <E extends Enum<E>> String names(Class<E> type, boolean lower) {
        List<String> out = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            out.add("\"" + (lower ? e.name().toLowerCase(Locale.ROOT) : e.name()) + "\"");
        }
        return String.join(", ", out);
    }

    /**
     * An unknown field's name for a path: as it is when it is a plain word, otherwise quoted and
     * escaped ({@code ""}, {@code "a b"}, {@code "\u202eevil"}), so an empty or odd name is visible.
     */
    static String fieldName(String f) {
        return f.matches("[A-Za-z_][A-Za-z0-9_]{0,39}") ? f : Limits.quote(f);
    }

    static String join(String p, String f) {
        return p.isEmpty() ? f : p + "." + f;
    }

    /**
     * A decimal number node that remembers how the file wrote it, so that a message says the
     * value as typed ({@code 1e10}, not {@code 1.0E10}); otherwise a plain {@link
     * com.fasterxml.jackson.databind.node.DoubleNode}. Immutable.
     */
    static final class TypedDouble extends DoubleNode {
        private static final long serialVersionUID = 1L;
        private final String typed;

        TypedDouble(double value, String typed) {
            super(value);
            this.typed = typed;
        }
    }

    /** A number as the file wrote it (cut to {@link Limits#MAX_QUOTED} characters). */
    static String typed(JsonNode v) {
        return Limits.cut(v instanceof TypedDouble t ? t.typed : v.asText(), Limits.MAX_QUOTED);
    }

    /**
     * A count from {@code min} to {@code max} (a virtual CPU count): anything else, a decimal
     * such as 2.0 included (as {@link #integer} refuses it), is one problem in the range's words,
     * with the value as typed, and gives 0 — a count the validator refuses at the same path (said
     * once), so nothing that depends on the count is checked against a default the file never
     * wrote. {@code dflt} when the field is absent.
     */
    int count(JsonNode n, String p, String f, int dflt, int min, int max) {
        JsonNode v = n.get(f);
        if (v == null) {
            return dflt;
        }
        if (v.isIntegralNumber() && v.canConvertToInt() && v.asInt() >= min && v.asInt() <= max) {
            return v.asInt();
        }
        problems.add(new Problem(join(p, f), "must be an integer from " + min + " to " + max + ", got "
                + (v.isNumber() ? typed(v) : kind(v))));
        return 0;
    }

    static String kind(JsonNode v) {
        if (v.isTextual()) {
            return "the string " + Limits.quote(v.asText());
        }
        if (v.isNumber()) {
            return "the number " + typed(v);
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

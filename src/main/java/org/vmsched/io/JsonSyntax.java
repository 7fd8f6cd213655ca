package org.vmsched.io;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.vmsched.model.Limits;

/**
 * The first syntax error of a JSON text, in our words with its line and column (docs/reference/command-line.md,
 * "Limits"), so that no message shows a parser's wording: for example
 * {@code line 1, column 116: ']' where '}' should close the object opened at line 1, column 38}.
 * It checks what the strict reader accepts (RFC 8259, no comments, no NaN, no trailing comma, no
 * duplicate field, the nesting, string and number limits of {@link Limits}). It runs only after
 * the parser refused a text, in one pass with no recursion. Stateless, thread-safe.
 */
final class JsonSyntax {

    private JsonSyntax() {
    }

    /** The first error as "line L, column C: what", or null when the text is well-formed. */
    static String firstError(String text) {
        return new Scan(text).run();
    }

    private static final class Open {
        final boolean object;
        final int line;
        final int column;
        final Set<String> names = new HashSet<>();

        Open(boolean object, int line, int column) {
            this.object = object;
            this.line = line;
            this.column = column;
        }

        String what() {
            return (object ? "the object" : "the array") + " opened at line " + line + ", column " + column;
        }
    }

    /** One pass over the text; {@code i} is the next character, {@code line}/{@code lineStart} locate it. */
    private static final class Scan {
        private final String s;
        private int i;
        private int line = 1;
        private int lineStart;
        private final Deque<Open> open = new ArrayDeque<>();

        Scan(String s) {
            this.s = s;
        }

        private String at(int pos) {
            int l = 1;
            int start = 0;
            for (int k = 0; k < pos && k < s.length(); k++) {
                if (s.charAt(k) == '\n') {
                    l++;
                    start = k + 1;
                }
            }
            return "line " + l + ", column " + (pos - start + 1) + ": ";
        }

        private String here() {
            return "line " + line + ", column " + (i - lineStart + 1) + ": ";
        }

        private void blanks() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '\n') {
                    line++;
                    lineStart = i + 1;
                } else if (c != ' ' && c != '\t' && c != '\r') {
                    return;
                }
                i++;
            }
        }

        /** The character at {@code i} for a message: 'x', an escape, or "the end of the file". */
        private String found() {
            if (i >= s.length()) {
                return "the end of the file";
            }
            int cp = s.codePointAt(i);
            return "'" + Limits.escape(new String(Character.toChars(cp))) + "'";
        }

        /**
         * The first problem of the text, or null when it is one JSON value (or blank: the caller says so).
         * Long because it is one state machine: its state, whether a value or what follows one is
         * expected and whether a comma came just before, lives in two locals that every step reads
         * and sets, and each step ends in a continue or a return of the loop.
         */
        String run() {
            blanks();
            if (i >= s.length()) {
                return null; // empty: the caller says "is empty"
            }
            // state: expecting a value (true) or what follows one (false)
            boolean wantValue = true;
            boolean afterComma = false;
            while (true) {
                blanks();
                if (wantValue) {
                    Open top = open.peek();
                    if (top != null && top.object) {
                        // a field name, or '}' of an empty object
                        if (i < s.length() && s.charAt(i) == '}' && !afterComma) {
                            open.pop();
                            i++;
                            wantValue = false;
                            continue;
                        }
                        String problem = fieldName(top);
                        if (problem != null) {
                            return problem;
                        }
                    } else if (top != null && i < s.length() && s.charAt(i) == ']' && !afterComma) {
                        open.pop();
                        i++;
                        wantValue = false;
                        continue;
                    } else if (top != null && i < s.length() && s.charAt(i) == ']') {
                        return here() + "a ',' before ']' (JSON allows no comma after the last element)";
                    }
                    String e = value();
                    if (e != null) {
                        return e;
                    }
                    if (error != null) {
                        return error;
                    }
                    afterComma = false;
                    wantValue = justOpened;
                    justOpened = false;
                    continue;
                }
                Open top = open.peek();
                if (top == null) {
                    return i < s.length() ? here() + "there is more text after the end of the JSON value, from "
                            + found() : null;
                }
                if (i >= s.length()) {
                    return here() + "the file ends inside " + top.what() + " (a '" + (top.object ? '}' : ']')
                            + "' is missing)";
                }
                char c = s.charAt(i);
                if (c == ',') {
                    i++;
                    wantValue = true;
                    afterComma = true;
                    continue;
                }
                char close = top.object ? '}' : ']';
                if (c == close) {
                    open.pop();
                    i++;
                    continue;
                }
                if (c == '}' || c == ']') {
                    return here() + "'" + c + "' where '" + close + "' should close " + top.what();
                }
                return here() + "expected ',' or '" + close + "' after " + (top.object ? "a field's value" : "an element")
                        + " of " + top.what() + ", found " + found();
            }
        }

        /**
         * Reads a field name in double quotes and its ':' in {@code top} (an object), and says the
         * problem if there is one (the end, a comma before '}', no quotes, a name given twice), else null.
         */
        private String fieldName(Open top) {
            if (i >= s.length()) {
                return here() + "the file ends inside " + top.what() + " (a '}' is missing)";
            }
            if (s.charAt(i) == '}') {
                return here() + "a ',' before '}' (JSON allows no comma after the last field)";
            }
            if (s.charAt(i) != '"') {
                return here() + "expected a field name in double quotes, found " + found()
                        + (s.charAt(i) == '\'' ? " (JSON strings take double quotes)" : "");
            }
            int nameAt = i;
            String name = string();
            if (name == null) {
                return error;
            }
            if (!top.names.add(name)) {
                return at(nameAt) + "the field " + Limits.quote(name) + " is given twice in " + top.what();
            }
            blanks();
            if (i >= s.length() || s.charAt(i) != ':') {
                return here() + "expected ':' after the field name " + Limits.quote(name) + ", found " + found();
            }
            i++;
            blanks();
            return null;
        }

        private String error;
        private boolean justOpened;

        /** Reads one value at {@code i}; returns an error or null (an opened container sets {@link #justOpened}). */
        private String value() {
            if (i >= s.length()) {
                Open top = open.peek();
                return here() + (top == null ? "the file ends where a value was expected"
                        : "the file ends inside " + top.what() + " (a '" + (top.object ? '}' : ']') + "' is missing)");
            }
            char c = s.charAt(i);
            if (c == '{' || c == '[') {
                if (open.size() >= Limits.MAX_JSON_DEPTH) {
                    return here() + "arrays and objects are nested more than " + Limits.MAX_JSON_DEPTH + " deep";
                }
                open.push(new Open(c == '{', line, i - lineStart + 1));
                i++;
                justOpened = true;
                return null;
            }
            if (c == '"') {
                int start = i;
                String str = string();
                if (str == null) {
                    return error;
                }
                if (str.length() > Limits.MAX_JSON_STRING) {
                    return at(start) + "a string is longer than " + Limits.MAX_JSON_STRING + " characters";
                }
                return null;
            }
            if (c == '-' || (c >= '0' && c <= '9')) {
                return number();
            }
            if (c == '\'') {
                return here() + "strings take double quotes (\"), not single quotes";
            }
            if (c == '/' && i + 1 < s.length() && (s.charAt(i + 1) == '/' || s.charAt(i + 1) == '*')) {
                return here() + "comments are not allowed in JSON";
            }
            if (c == '}' || c == ']') {
                Open top = open.peek();
                return here() + "'" + c + "' where a value was expected"
                        + (top == null ? "" : " in " + top.what());
            }
            int start = i;
            while (i < s.length() && Character.isLetterOrDigit(s.charAt(i)) || i < s.length() && s.charAt(i) == '_') {
                i++;
            }
            String word = s.substring(start, i);
            if (word.equals("true") || word.equals("false") || word.equals("null")) {
                return null;
            }
            i = start;
            if (word.equals("NaN") || word.equals("Infinity")) {
                return here() + "NaN and Infinity are not JSON numbers; write a finite number";
            }
            if (word.isEmpty()) {
                return here() + "expected a value (a number, a string in double quotes, true, false, null, an object"
                        + " or an array), found " + found();
            }
            return here() + "unknown word " + Limits.quote(word) + " (JSON has true, false and null; strings take"
                    + " double quotes)";
        }

        /** Skips the ASCII digits at {@code i}; how many there were. */
        private int digits() {
            int from = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            return i - from;
        }

        private String number() {
            int start = i;
            if (s.charAt(i) == '-') {
                i++;
                if (i < s.length() && s.startsWith("Infinity", i)) {
                    i = start;
                    return here() + "NaN and Infinity are not JSON numbers; write a finite number";
                }
            }
            int intStart = i;
            int digits = digits();
            if (digits == 0) {
                return at(start) + "a '-' must be followed by digits";
            }
            if (digits > 1 && s.charAt(intStart) == '0') {
                return at(start) + "a number has a leading zero (write 7, not 07)";
            }
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                int f = digits();
                if (f == 0) {
                    return at(start) + "a '.' in a number must be followed by digits";
                }
                digits += f;
            }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                i++;
                if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                    i++;
                }
                int f = digits();
                if (f == 0) {
                    return at(start) + "an exponent in a number must have digits (as in 1e-3)";
                }
                digits += f;
            }
            if (digits > Limits.MAX_JSON_NUMBER) {
                return at(start) + "a number has more than " + Limits.MAX_JSON_NUMBER + " digits";
            }
            if (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                return here() + "a number ends in " + found() + " (write a plain decimal such as 12.5 or 1e-3)";
            }
            return null;
        }

        /** A string at {@code i} (which is '"'); its content, or null with {@link #error} set. */
        private String string() {
            int startLine = line;
            int startCol = i - lineStart + 1;
            i++;
            StringBuilder sb = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') {
                    i++;
                    return sb.toString();
                }
                if (c < 0x20) {
                    error = here() + "a control character (" + Limits.escape(String.valueOf(c))
                            + ") inside a string must be written as an escape";
                    return null;
                }
                if (c == '\\') {
                    if (i + 1 >= s.length()) {
                        break;
                    }
                    char e = s.charAt(i + 1);
                    if (e == 'u') {
                        if (i + 6 > s.length() || !s.substring(i + 2, i + 6).matches("[0-9a-fA-F]{4}")) {
                            error = here() + "\\u in a string must be followed by four hex digits";
                            return null;
                        }
                        sb.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                        i += 6;
                        continue;
                    }
                    if ("\"\\/bfnrt".indexOf(e) < 0) {
                        i++;
                        error = here() + "unknown escape \\" + Limits.escape(String.valueOf(e)) + " in a string"
                                + " (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
                        return null;
                    }
                    sb.append(e);
                    i += 2;
                    continue;
                }
                sb.append(c);
                i++;
            }
            error = here() + "the file ends inside the string that starts at line " + startLine + ", column " + startCol
                    + " (a '\"' is missing)";
            return null;
        }
    }
}

package org.vmsched.text;

/**
 * The one CSV writer (RFC 4180): comma-separated fields, "\n" line ends, a field quoted when it
 * holds a comma, a quote, "\r" or "\n" (quotes doubled), numbers in {@link Format.Context#CSV}.
 * Build a text row by row: {@code new Csv().field("vm").number(0.5).endRow()}. Not thread-safe.
 */
public final class Csv {

    private final StringBuilder out = new StringBuilder();
    private boolean inRow;

    /** A field, quoted when it must be; null is an empty field. */
    public Csv field(String s) {
        separator();
        out.append(quote(s));
        return this;
    }

    /** A number, in {@link Format.Context#CSV} (NaN an empty field). */
    public Csv number(double x) {
        separator();
        out.append(Format.of(x, Format.Context.CSV));
        return this;
    }

    /** A whole number. */
    public Csv integer(long x) {
        separator();
        out.append(x);
        return this;
    }

    /** Ends the row. */
    public Csv endRow() {
        out.append('\n');
        inRow = false;
        return this;
    }

    /** The text written so far. */
    @Override
    public String toString() {
        return out.toString();
    }

    /** One field as CSV writes it: quoted when it holds a comma, a quote, "\r" or "\n"; null is empty. */
    public static String quote(String s) {
        if (s == null) {
            return "";
        }
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private void separator() {
        if (inRow) {
            out.append(',');
        }
        inRow = true;
    }
}

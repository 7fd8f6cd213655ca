package org.vmsched;

import java.util.List;

/** Reading the CSV our exports write, in tests: one RFC 4180 row into its fields. */
public final class TestCsv {

    private TestCsv() {
    }

    /** One RFC 4180 row (quoted fields with doubled quotes; no line breaks inside). */
    public static List<String> cells(String row) {
        List<String> out = new java.util.ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < row.length(); i++) {
            char c = row.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < row.length() && row.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        out.add(f.toString());
        return out;
    }
}

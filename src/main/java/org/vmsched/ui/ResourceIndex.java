package org.vmsched.ui;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a bundled index file (one name a line, blank lines and {@code #} comments skipped): the
 * lists of examples and studies, since a folder inside a jar cannot be listed. Stateless.
 */
public final class ResourceIndex {

    private ResourceIndex() {
    }

    /** The names in the index at {@code path} (relative to {@code owner}), empty when it is missing. */
    public static List<String> lines(Class<?> owner, String path) {
        List<String> out = new ArrayList<>();
        try (InputStream in = owner.getResourceAsStream(path)) {
            if (in == null) {
                return out;
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.trim());
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}

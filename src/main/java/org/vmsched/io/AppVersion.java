package org.vmsched.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The application's version, from {@code org/vmsched/version.properties} (written by Maven from
 * the pom's {@code project.version}), so {@code --version}, the About box and the installer say
 * the same. Immutable; safe from any thread.
 */
public final class AppVersion {

    private static final String VERSION = load();

    private AppVersion() {
    }

    /** The version, e.g. "0.1.0-SNAPSHOT"; "unknown" when the resource is missing (a build outside Maven). */
    public static String get() {
        return VERSION;
    }

    /** "VMSched " and the version: the one line {@code vmsched --version} prints. */
    public static String line() {
        return "VMSched " + VERSION;
    }

    private static String load() {
        try (InputStream in = AppVersion.class.getResourceAsStream("/org/vmsched/version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "unknown").trim();
            // an unfiltered copy (an IDE build that skips Maven's filtering) still reads "${project.version}"
            return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            return "unknown";
        }
    }
}

package org.vmsched.ui.main;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

/**
 * The most recently opened or saved scenario files, newest first, at most {@link #MAX}. Backed by
 * java.util.prefs in the application and by memory in tests. Not thread-safe.
 */
public final class RecentFiles {

    public static final int MAX = 8;

    private final Preferences prefs;
    private final List<Path> files = new ArrayList<>();

    private RecentFiles(Preferences prefs) {
        this.prefs = prefs;
        if (prefs != null) {
            for (int i = 0; i < MAX; i++) {
                String p = prefs.get("recent." + i, null);
                if (p != null) {
                    files.add(Path.of(p));
                }
            }
        }
    }

    /** Kept in the user's preferences. */
    public static RecentFiles persistent() {
        try {
            return new RecentFiles(Preferences.userRoot().node("org/vmsched/ui"));
        } catch (SecurityException | IllegalStateException e) {
            return inMemory();
        }
    }

    /** Kept in memory only. */
    public static RecentFiles inMemory() {
        return new RecentFiles(null);
    }

    /** Newest first. */
    public List<Path> list() {
        return List.copyOf(files);
    }

    /** Moves the file to the front. */
    public void add(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        files.remove(abs);
        files.add(0, abs);
        while (files.size() > MAX) {
            files.remove(files.size() - 1);
        }
        if (prefs != null) {
            for (int i = 0; i < MAX; i++) {
                if (i < files.size()) {
                    prefs.put("recent." + i, files.get(i).toString());
                } else {
                    prefs.remove("recent." + i);
                }
            }
        }
    }
}

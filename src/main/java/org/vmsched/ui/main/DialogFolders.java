package org.vmsched.ui.main;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Where the window's file dialogs (open, save, exports) open: in the folder last chosen in one of
 * them during this session, else in the folder of the open scenario's file, else (an example or a
 * new scenario, with no file) in the user's home; a folder that no longer exists gives way to the
 * next. The process's working folder, where the dialogs opened before, means nothing to a user who
 * started the program from a menu. Plain Java; use from one thread.
 */
final class DialogFolders {

    private final Supplier<Path> scenarioFile;
    private final Path home;
    private Path lastChosen;

    /** {@code scenarioFile}: the open scenario's file, or null when it has none. */
    DialogFolders(Supplier<Path> scenarioFile, Path home) {
        this.scenarioFile = scenarioFile;
        this.home = home;
    }

    /** The folder the next file dialog opens in. */
    Path folder() {
        if (lastChosen != null && Files.isDirectory(lastChosen)) {
            return lastChosen;
        }
        Path file = scenarioFile.get();
        Path parent = file == null ? null : file.toAbsolutePath().getParent();
        if (parent != null && Files.isDirectory(parent)) {
            return parent;
        }
        return home;
    }

    /** A dialog answered {@code chosen} (null: cancelled, which changes nothing). */
    void chosen(Path chosen) {
        Path parent = chosen == null ? null : chosen.toAbsolutePath().getParent();
        if (parent != null) {
            lastChosen = parent;
        }
    }
}

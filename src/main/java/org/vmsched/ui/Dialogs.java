package org.vmsched.ui;

import java.nio.file.Path;
import org.vmsched.chart.ExportOptions;

/**
 * The questions the main window asks the user (files, sizes, unsaved changes, errors). The
 * application shows real dialogs; GUI tests answer with a stub, since native file choosers
 * cannot be driven headless. Called on the FX thread.
 */
public interface Dialogs {

    /** The answer to "save changes first?". */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    Unsaved askUnsaved(String documentName);

    /** A scenario file to open, or null; the dialog opens in {@code folder} (null: the user's home). */
    Path chooseOpen(Path folder);

    /**
     * A file to write, or null; the dialog opens in {@code folder} (null: the user's home);
     * {@code extensions} like "png", "svg", "pdf" (the first is the default).
     */
    Path chooseSave(Path folder, String title, String suggestedName, String... extensions);

    /** Width and height for an export, or null when cancelled. */
    int[] askSize(int width, int height);

    /**
     * Size and font size of a chart export, starting from {@code suggested}, or null when
     * cancelled. The default asks only the size and keeps a font readable at column width.
     */
    default ExportOptions askExport(ExportOptions suggested) {
        int[] s = askSize(suggested.width(), suggested.height());
        return s == null ? null : ExportOptions.forColumn(s[0], s[1]);
    }

    /** An experiment file to open, the dialog opening in {@code folder} (null: where it likes), or null. */
    default Path chooseExperiment(Path folder) {
        return null;
    }

    /** A Linux scheduler trace to import (text or gzip), the dialog opening in {@code folder} (null: where it likes), or null. */
    default Path chooseTrace(Path folder) {
        return null;
    }

    /** A folder for results, starting at {@code initial} when it exists, or null. */
    default Path chooseFolder(String title, Path initial) {
        return null;
    }

    void error(String title, String message);

    void info(String title, String message);
}

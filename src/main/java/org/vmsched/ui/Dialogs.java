package org.vmsched.ui;

import java.nio.file.Path;

/**
 * The questions the main window asks the user (files, sizes, unsaved changes, errors). The
 * application shows real dialogs; GUI tests answer with a stub, since native file choosers
 * cannot be driven headless. Called on the FX thread.
 */
public interface Dialogs {

    /** The answer to "save changes first?". */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    Unsaved askUnsaved(String documentName);

    /** A scenario file to open, or null. */
    Path chooseOpen();

    /** A file to write, or null; {@code extensions} like "png", "svg", "pdf" (the first is the default). */
    Path chooseSave(String title, String suggestedName, String... extensions);

    /** Width and height for an export, or null when cancelled. */
    int[] askSize(int width, int height);

    /** An experiment file to open, or null. */
    default Path chooseExperiment() {
        return null;
    }

    /** A folder for results, starting at {@code initial} when it exists, or null. */
    default Path chooseFolder(String title, Path initial) {
        return null;
    }

    void error(String title, String message);

    void info(String title, String message);
}

package org.vmsched.ui.main;

import java.nio.file.Path;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vmsched.exercise.Exercise;
import org.vmsched.ui.document.ScenarioDocument;
import org.vmsched.ui.document.Shelf;

/**
 * An exercise's scenario in the main editor (issue 33): while an exercise is shown, the user's own
 * document is {@linkplain ScenarioDocument#shelve() shelved} (scenario, file, unsaved edits, undo
 * history) and the exercise's scenario shown read-only, so the charts and the analysis show it;
 * {@link #close()} puts the user's document back as it was. Split out of {@link MainViewModel}.
 * Ui thread only.
 */
final class ExerciseMode {

    /** What an edit of the exercise's scenario is told (the status line). */
    static final String READ_ONLY = "This is the exercise's scenario, read-only: close the Exercises window"
            + " to edit your own scenario again";

    private final ScenarioDocument doc;
    private final Runnable onReplace;
    private final ReadOnlyObjectWrapper<Exercise> shown = new ReadOnlyObjectWrapper<>();
    private Shelf shelf;

    ExerciseMode(ScenarioDocument doc, Runnable onReplace) {
        this.doc = doc;
        this.onReplace = onReplace;
    }

    /** Shows {@code e}'s scenario, read-only, as {@code name}; the user's document is shelved the first time. */
    void show(Exercise e, String name) {
        if (shelf == null) {
            shelf = doc.shelve();
        }
        doc.setReadOnly(null);
        onReplace.run();
        doc.replace(e.scenario(), null, name);
        doc.setReadOnly(READ_ONLY);
        shown.set(e);
    }

    /** Puts the user's document back as it was before the first {@link #show}; nothing when no exercise is shown. */
    void close() {
        if (shelf == null) {
            return;
        }
        doc.setReadOnly(null);
        onReplace.run();
        doc.unshelve(shelf);
        shelf = null;
        shown.set(null);
    }

    /** The exercise shown in the editor, null when none. */
    ReadOnlyObjectProperty<Exercise> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The name of the exercise shown from a file or made in the window. */
    static String name(Exercise e, Path file) {
        return (file != null ? file.getFileName() + ", " : "") + "exercise " + e.kind()
                + (e.level() > 0 ? ", seed " + e.seed() + ", level " + e.level() : "") + " (read-only)";
    }
}

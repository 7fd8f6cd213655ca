package org.vmsched.ui.main;

import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.vmsched.exercise.Exercise;
import org.vmsched.io.OpenedFile;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.progress.Cancellation;
import org.vmsched.ui.Background;

/**
 * The file {@link MainViewModel#openInBackground} reads on the file worker, at most one at a time:
 * a later open (or New, or an exercise shown) supersedes the one still being read, whose answer is
 * then dropped. What was read is handed over on the ui thread.
 */
final class FileReading {

    private final Executor ui;
    private final Background worker;
    private final ScenarioFiles files;
    /** The read under way, null when none. Ui thread only. */
    private Cancellation reading;

    FileReading(Executor ui, Background worker, ScenarioFiles files) {
        this.ui = ui;
        this.worker = worker;
        this.files = files;
    }

    /**
     * Reads {@code path}: an exercise file goes to {@code exercise} (and the recent files); a
     * scenario replaces the document, unless it moved on since (its {@code revision} changed) and
     * {@code replaceEdits} says no; a file that is neither goes to {@code failed}.
     */
    void open(Path path, Consumer<InvalidScenarioException> failed, BooleanSupplier replaceEdits, Consumer<Exercise> exercise,
            LongSupplier revision) {
        Cancellation c = supersede();
        reading = c;
        long asked = revision.getAsLong();
        worker.schedule(() -> {
            try {
                OpenedFile f = ScenarioFiles.readAny(path);
                ui.execute(() -> {
                    if (reading == c) {
                        reading = null;
                        if (f instanceof OpenedFile.ExerciseFile x) {
                            files.remember(path);
                            exercise.accept(x.exercise());
                        } else if (revision.getAsLong() == asked || replaceEdits.getAsBoolean()) {
                            files.opened(((OpenedFile.ScenarioFile) f).scenario(), path);
                        }
                    }
                });
            } catch (InvalidScenarioException e) {
                ui.execute(() -> {
                    if (reading == c) {
                        reading = null;
                        failed.accept(e);
                    }
                });
            }
        }, c, 0);
    }

    /** Cancels the file being read, if any, and returns a fresh token. */
    Cancellation supersede() {
        if (reading != null) {
            reading.cancel();
            reading = null;
        }
        return new Cancellation();
    }
}

package org.vmsched.ui.main;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.io.OpenedFile;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.ui.document.ScenarioDocument;

/**
 * The main window's files: New, Open, the bundled examples, Save and Save As of the
 * {@link ScenarioDocument}, and the recent files. Replacing the document forgets the policies'
 * kept parameters and resets the selection ({@code onReplace}); what a save says goes to the
 * status line ({@code status}). Split out of {@link MainViewModel}, which delegates to it. Ui
 * thread only.
 */
final class ScenarioFiles {

    private final ScenarioDocument doc;
    private final RecentFiles recent;
    private final Runnable onReplace;
    private final Consumer<String> status;
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();

    ScenarioFiles(ScenarioDocument doc, RecentFiles recent, Runnable onReplace, Consumer<String> status) {
        this.doc = doc;
        this.recent = recent;
        this.onReplace = onReplace;
        this.status = status;
        recentFiles.setAll(recent.list());
    }

    /** The bundled examples' file names, e.g. "thesis-example.json". */
    static List<String> examples() {
        return Examples.files();
    }

    /** Starts over with {@link MainViewModel#blank()}. The View asks about unsaved changes first. */
    void newScenario() {
        replace(MainViewModel.blank(), null, "Untitled");
    }

    /** Opens a file; on failure the current scenario stays and the exception names file, path and reason. */
    void open(Path path) throws InvalidScenarioException {
        opened(read(path), path);
    }

    /** Reads and checks a scenario file; touches no property, so any thread may call it. */
    static Scenario read(Path path) throws InvalidScenarioException {
        return ScenarioJson.load(path);
    }

    /** Reads a scenario or an exercise file (File > Open takes both); touches no property. */
    static OpenedFile readAny(Path path) throws InvalidScenarioException {
        return OpenedFile.load(path);
    }

    /** Makes {@code s}, just {@link #read} from {@code path}, the document. */
    void opened(Scenario s, Path path) {
        replace(s, path, path.getFileName().toString());
        remember(path);
    }

    /** Opens a bundled example as an untitled copy (Save asks where). */
    void openExample(String name) throws InvalidScenarioException {
        try (InputStream in = MainViewModel.class.getResourceAsStream("/scenarios/" + name)) {
            if (in == null) {
                throw new InvalidScenarioException(name, "no such bundled example");
            }
            replace(ScenarioJson.load(name, in), null, name + " (example)");
        } catch (IOException e) {
            throw new InvalidScenarioException(name, "cannot be read: " + e.getMessage());
        }
    }

    private void replace(Scenario s, Path path, String name) {
        onReplace.run();
        doc.replace(s, path, name);
    }

    /** Puts {@code path} first among the recent files. */
    void remember(Path path) {
        recent.add(path);
        recentFiles.setAll(recent.list());
    }

    /** Saves to the current file; false when there is none (the View then asks for one). Refused like {@link #saveAs}. */
    boolean save() throws IOException, InvalidScenarioException {
        checkSavable();
        if (doc.file().fileProperty().get() == null) {
            return false;
        }
        saveAs(doc.file().fileProperty().get());
        return true;
    }

    /**
     * Saves atomically to {@code path}, which becomes the current file. While the scenario or a
     * typed value has a problem nothing is written: {@link #checkSavable()} throws and the
     * modified mark stays.
     */
    void saveAs(Path path) throws IOException, InvalidScenarioException {
        checkSavable();
        ScenarioJson.save(doc.scenario(), path);
        doc.markSaved(path);
        remember(path);
        status.accept("Saved " + path.getFileName());
    }

    /**
     * Whether the scenario can be saved: throws, naming every problem in words (e.g. "VM1 budget
     * must not exceed the period 10, got 12"), and says so on the status line, when it cannot.
     */
    void checkSavable() throws InvalidScenarioException {
        List<String> words = doc.problemsInWords();
        if (!words.isEmpty()) {
            status.accept("Not saved: " + (words.size() == 1 ? "1 problem: " : words.size() + " problems, first: ") + words.get(0));
        }
        doc.checkSavable();
    }

    /** The recent files, newest first. */
    ObservableList<Path> recentFiles() {
        return recentFiles;
    }
}

package org.vmsched.ui.document;

import java.nio.file.Path;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.vmsched.model.Scenario;

/**
 * The file state of a {@link ScenarioDocument}: the file it was opened from or saved to (null
 * when none), its name as the title shows it, the scenario last saved, and whether the document
 * differs from that (its scenario, or text typed but not in the model): the modified mark and the
 * window title. Changed by its document only; ui thread only.
 */
public final class DocumentFile {

    private Scenario saved;
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper displayName = new ReadOnlyStringWrapper("Untitled");
    private final ReadOnlyBooleanWrapper modified = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("VMSched");

    DocumentFile() {
    }

    /** Another file: {@code saved} was last saved, at {@code path} (null: none), named {@code name}. */
    void reset(Scenario saved, Path path, String name) {
        this.saved = saved;
        file.set(path);
        displayName.set(name);
    }

    /** {@code now} was saved to {@code path}, which becomes the file. */
    void saved(Scenario now, Path path) {
        saved = now;
        file.set(path);
        displayName.set(path.getFileName().toString());
    }

    /** {@code s} counts as saved: a programmatic setup of an unmodified document. */
    void savedIs(Scenario s) {
        saved = s;
    }

    /** The scenario last saved (or opened). */
    Scenario saved() {
        return saved;
    }

    /** The name the title shows. */
    String name() {
        return displayName.get();
    }

    /** The modified mark and the title of the document at {@code now}, {@code drafts} when it holds any. */
    void update(Scenario now, boolean drafts) {
        modified.set(!now.equals(saved) || drafts);
        title.set((modified.get() ? "*" : "") + displayName.get() + " — VMSched");
    }

    /** The file opened or saved last; null when none (a new document, an example). */
    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    /** The document's name: its file's, "Untitled", or an example's or exercise's. */
    public ReadOnlyStringProperty displayNameProperty() {
        return displayName.getReadOnlyProperty();
    }

    /** Whether the document differs from what was saved last (typed values not in the model count). */
    public ReadOnlyBooleanProperty modifiedProperty() {
        return modified.getReadOnlyProperty();
    }

    /** The window title: "*name — VMSched", the star when modified. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }
}

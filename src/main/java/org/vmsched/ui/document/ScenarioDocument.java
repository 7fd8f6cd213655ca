package org.vmsched.ui.document;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableMap;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;

/**
 * The scenario the window edits, as one document: the scenario (an immutable snapshot replaced
 * on every change), its revision, undo/redo history, the values typed but not in the model
 * (drafts, by JSON path), the problems by JSON path, and the file state ({@link #file()}: file,
 * name, modified mark, title). Every result view tags what it shows with {@link #revision()} and hears
 * {@link #addRevisionListener} to mark or clear it when the document moves on. Never touches a
 * control. Use from the ui thread only.
 *
 * <p>Every change of the scenario or of the drafts (edit, typing, undo, redo, New, Open) counts a
 * new revision, a counter that never goes back. A value that is not a number, breaks a rule at
 * its own field or would make another value break one (a period below the budget) never enters
 * the model: it stays a draft at its path ({@link #draftAt}) with its problem ({@link #problemAt})
 * and goes in as soon as it becomes valid. Drafts count as unsaved changes, Undo drops them
 * first, and {@link #checkSavable()} refuses while any problem is left. How text goes in at a path
 * is the {@link FieldTyping}'s business; the drafts are kept by {@link Drafts}, the problems by
 * {@link DocumentProblems}.
 */
public final class ScenarioDocument {

    /** How text typed at a JSON path goes into a scenario. Stateless. */
    public interface FieldTyping {

        /** Whether {@code path} names a field of {@code s} that takes {@code text} (a removed VM's fields do not). */
        boolean names(Scenario s, String path, String text);

        /** Why {@code text} cannot go in at {@code path} of {@code s}, or null when it can. */
        String problem(Scenario s, String path, String text);

        /** {@code s} with {@code text} at {@code path}; asked only when {@link #problem} is null. */
        Scenario apply(Scenario s, String path, String text);
    }

    /** Hears each new revision, after the scenario, drafts and problems are in place. */
    @FunctionalInterface
    public interface RevisionListener {

        /** The document is at {@code revision}; {@code newDocument}: New or Open (nothing of before applies). */
        void moved(long revision, boolean newDocument);
    }

    private final FieldTyping typing;
    private final History history = new History();
    /** Typed text not (yet) in the model, by JSON path, oldest first. */
    private final Drafts drafts = new Drafts();
    private final List<RevisionListener> listeners = new CopyOnWriteArrayList<>();
    private boolean liveEditing;
    /** The field of the running live edit and the document before its first keystroke; null when none runs. */
    private LiveRun run;

    /**
     * A run of keystrokes in one field: what {@link #endLiveEdit()} returns to when the field is
     * left with text that cannot go in, and whether a keystroke has changed the model yet (the later
     * ones then merge into its undo step).
     */
    private static final class LiveRun {
        final String path;
        final Scenario before;
        final Map<String, String> drafts;
        final History history;
        boolean applied;

        LiveRun(String path, Scenario before, Map<String, String> drafts, History history) {
            this.path = path;
            this.before = before;
            this.drafts = drafts;
            this.history = history;
        }
    }

    private final ReadOnlyObjectWrapper<Scenario> scenario = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(0);
    private final ReadOnlyLongWrapper inputReset = new ReadOnlyLongWrapper(0);
    private final DocumentFile file = new DocumentFile();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(false);
    private final DocumentProblems problems = new DocumentProblems();
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper(false);
    private String readOnlyReason; // said on every refused edit; null when editable
    private Consumer<String> refusals = reason -> { };

    /** A document holding {@code first}, untitled; text goes in through {@code typing}. */
    public ScenarioDocument(Scenario first, FieldTyping typing) {
        this.typing = typing;
        replace(first, null, "Untitled");
    }

    /** Hears every new revision; listeners run in the order they were added. */
    public void addRevisionListener(RevisionListener l) {
        listeners.add(l);
    }

    // ---------------------------------------------------------------- whole documents

    /** Another document (New, Open): no history, no drafts, unmodified, a new revision. */
    public void replace(Scenario s, Path path, String name) {
        history.clear();
        drafts.clear();
        run = null;
        file.reset(s, path, name);
        install(s, true);
        inputReset.set(inputReset.get() + 1);
    }

    /** {@code s} was saved to {@code path}, which becomes the document's file. */
    public void markSaved(Path path) {
        file.saved(scenario.get(), path);
        file.update(scenario.get(), !drafts.isEmpty());
    }

    /** The document as it is (scenario, saved state, file, name, drafts, undo history), to {@link #unshelve} later. */
    public Shelf shelve() {
        endLiveEdit();
        return new Shelf(scenario.get(), file.saved(), file.fileProperty().get(), file.name(), drafts.copy(), history.copy());
    }

    /** Puts back a {@link #shelve}d document as it was (its modified mark too), as a new document revision. */
    public void unshelve(Shelf s) {
        run = null;
        history.restore(s.history());
        drafts.restore(s.drafts());
        file.reset(s.saved(), s.file(), s.name());
        install(s.scenario(), true);
        inputReset.set(inputReset.get() + 1);
    }

    /** Read-only for {@code reason}, said by {@link #onRefused} on each edit, typing, undo or redo; null: editable. */
    public void setReadOnly(String reason) {
        endLiveEdit();
        readOnlyReason = reason;
        readOnly.set(reason != null);
    }

    /** Whether edits are refused (see {@link #setReadOnly}). */
    public ReadOnlyBooleanProperty readOnlyProperty() {
        return readOnly.getReadOnlyProperty();
    }

    /** Where a refused edit's reason goes (the status line). */
    public void onRefused(Consumer<String> sink) {
        refusals = sink;
    }

    /** True, after saying why and putting the fields back to the model, when read-only. */
    private boolean refused() {
        if (readOnlyReason != null) {
            refusals.accept(readOnlyReason);
            inputReset.set(inputReset.get() + 1);
        }
        return readOnlyReason != null;
    }

    // ---------------------------------------------------------------- edits

    /** Applies an edit as one undoable step (a typed value it made valid goes in with it); whether the scenario changed. */
    public boolean edit(UnaryOperator<Scenario> change) {
        if (refused()) {
            return false;
        }
        endLiveEdit(); // a field red mid-typing (a shortcut, no focus change): its prefixes taken back first
        boolean changed = apply(change, true);
        if (changed && !drafts.isEmpty()) {
            settle(false, drafts.copy());
        }
        return changed;
    }

    /**
     * Changes the scenario as part of a programmatic setup (a snapshot's simulation mode), not as
     * the user's edit: nothing to undo, and an unmodified scenario stays unmodified.
     */
    public void setUp(UnaryOperator<Scenario> change) {
        boolean unmodified = !file.modifiedProperty().get();
        Scenario after = change.apply(scenario.get());
        if (after == null || after.equals(scenario.get())) {
            return;
        }
        if (unmodified) {
            file.savedIs(after);
        }
        install(after, false);
    }

    private boolean apply(UnaryOperator<Scenario> change, boolean undoable) {
        Scenario before = scenario.get();
        Scenario after = change.apply(before);
        if (after == null || after.equals(before)) {
            return false;
        }
        if (undoable) {
            history.push(before);
        }
        install(after, false);
        return true;
    }

    /** Types {@code text} at {@code path} as one undo step; whether the text is in the model. */
    public boolean type(String path, String text) {
        if (refused()) {
            return false;
        }
        endLiveEdit(); // as in edit
        return type(path, text, true);
    }

    /** Types as {@link #type}, but as part of a running edit when {@link #typeLive} is under way. */
    public boolean typeInRun(String path, String text) {
        if (refused()) {
            return false;
        }
        return type(path, text, !liveEditing);
    }

    /**
     * Types {@code text} at {@code path} as a keystroke: each text the model accepts goes in at
     * once (so "1" of "1e308" does), and the keystrokes of one field make one undo step until
     * {@link #endLiveEdit()}. Whether the text is in the model.
     */
    public boolean typeLive(String path, String text) {
        if (refused()) {
            return false;
        }
        if (run == null || !run.path.equals(path)) {
            run = new LiveRun(path, scenario.get(), drafts.copy(), history.copy());
        }
        LiveRun current = run;
        liveEditing = current.applied;
        Scenario before = scenario.get();
        try {
            boolean ok = type(path, text, !liveEditing);
            current.applied |= scenario.get() != before;
            return ok;
        } finally {
            liveEditing = false;
        }
    }

    /**
     * Ends a run of live keystrokes (the field lost focus or Enter was pressed). When the field's
     * text cannot go in, the document goes back to where it was before the run's first keystroke,
     * as if the valid prefixes applied on the way had never been (the scenario, the other drafts and
     * the undo history: "1" of "1e308" in vCPUs turned Global RM into RM), and the text stays as the
     * field's draft, red, to go in once it fits (a budget of 12 once the period is raised to 15).
     * Returns the problem of that text in words ("control: vCPUs is too large, got \"1e308\""),
     * or null when the text went in (or no run was under way).
     */
    public String endLiveEdit() {
        return endLiveEdit(false);
    }

    /**
     * Escape in the field at {@code path}: as {@link #endLiveEdit()}, but text that cannot go in is
     * dropped, so the field shows the model again; also red text left there before (the field left,
     * then clicked again). Returns the dropped text's problem in words, or null when none was dropped.
     */
    public String cancelLiveEdit(String path) {
        if (run != null && run.path.equals(path)) {
            return endLiveEdit(true);
        }
        endLiveEdit(false);
        if (!drafts.contains(path)) {
            return null;
        }
        String refused = inWords(path) + " " + problems.at(path);
        drafts.remove(path);
        draftsChanged();
        inputReset.set(inputReset.get() + 1);
        return refused;
    }

    private String endLiveEdit(boolean dropText) {
        LiveRun ended = run;
        run = null;
        if (ended == null || !drafts.contains(ended.path)) {
            return null;
        }
        String text = drafts.get(ended.path);
        // worded against the document it returns to (a prefix may have let another field's draft in)
        String refused = inWords(ended.path) + " " + ScenarioPaths.inWindowWords(typing.problem(ended.before, ended.path, text));
        drafts.restore(ended.drafts);
        drafts.remove(ended.path);
        if (!dropText) {
            drafts.putNewest(ended.path, text);
        }
        history.restore(ended.history);
        install(ended.before, false);
        inputReset.set(inputReset.get() + 1);
        return refused;
    }

    /**
     * {@code text} becomes the newest draft at {@code path}, then every draft the model accepts
     * goes in (oldest first, again until none does), as one step when {@code undoable}, else merged
     * into the last one.
     */
    private boolean type(String path, String text, boolean undoable) {
        String t = text == null ? "" : text;
        Map<String, String> before = drafts.copy();
        drafts.putNewest(path, t);
        settle(undoable, before);
        return !drafts.contains(path);
    }

    private void settle(boolean undoable, Map<String, String> draftsBefore) {
        Scenario after = drafts.settle(scenario.get(), typing);
        if (!apply(x -> after, undoable) && !drafts.sameAs(draftsBefore)) {
            draftsChanged();
        }
    }

    /**
     * Drops the drafts at {@code paths} (a control set those values another way), then applies
     * {@code change} as one step; a new revision even when only drafts went. Whether the scenario changed.
     */
    public boolean replaceDrafts(List<String> paths, UnaryOperator<Scenario> change) {
        if (refused()) {
            return false;
        }
        boolean dropped = false;
        for (String p : paths) {
            dropped |= drafts.remove(p);
        }
        boolean changed = edit(change);
        if (!changed && dropped) {
            draftsChanged();
        }
        return changed;
    }

    /**
     * Drafts follow their VM ({@code tasksOf} −1) or the tasks of VM {@code tasksOf} when items
     * are inserted, removed or moved: index i goes to map(i), −1 drops it. Call before the edit.
     */
    public void remapDrafts(int tasksOf, IntUnaryOperator map) {
        drafts.remap(tasksOf, map);
    }

    /** Undoes what was typed last: the drafts if there are any, else the last edit. Ends a run of keystrokes. */
    public void undo() {
        if (refused()) {
            return;
        }
        run = null;
        if (!drafts.isEmpty()) {
            drafts.clear();
            draftsChanged();
        } else {
            Scenario s = history.undo(scenario.get());
            if (s != null) {
                install(s, false);
            }
        }
        inputReset.set(inputReset.get() + 1);
    }

    /** Redoes the last undone edit, dropping the drafts; ends a run of keystrokes. */
    public void redo() {
        if (refused()) {
            return;
        }
        run = null;
        Scenario s = history.redo(scenario.get());
        if (s != null) {
            drafts.clear();
            install(s, false);
        }
        inputReset.set(inputReset.get() + 1);
    }

    /** Installs {@code s} as a new revision. */
    private void install(Scenario s, boolean newDocument) {
        scenario.set(s);
        canRedo.set(history.canRedo());
        moved(newDocument);
    }

    /** The drafts changed but the model did not: still a new revision of what the window shows. */
    private void draftsChanged() {
        moved(false);
    }

    private void moved(boolean newDocument) {
        canUndo.set(history.canUndo() || !drafts.isEmpty());
        file.update(scenario.get(), !drafts.isEmpty());
        problems.refresh(scenario.get(), drafts, typing);
        revision.set(revision.get() + 1);
        for (RevisionListener l : listeners) {
            l.moved(revision.get(), newDocument);
        }
    }

    // ---------------------------------------------------------------- problems

    /** The problem paths in document order (vms[2] before vms[10]). */
    public List<String> problemPaths() {
        return problems.paths();
    }

    /** Every problem, in document order, as a sentence: "VM1 / t3: wcet must be a number, got \"4x\"". */
    public List<String> problemsInWords() {
        return problems.inWords(scenario.get());
    }

    /** Throws, naming every problem, when the scenario or a typed value has one: a file that would not open again is never written. */
    public void checkSavable() throws InvalidScenarioException {
        problems.checkSavable(scenario.get(), file.name());
    }

    /** The reason the scenario cannot be analysed or run ("1 problem: VM1: budget …"), or null when it can. */
    public String invalidReason() {
        return problems.invalidReason(scenario.get());
    }

    /** A JSON path in the words of the window: "scenario: name", "VM1: budget", "VM1 / t3: wcet". */
    public String inWords(String path) {
        return ScenarioPaths.inWords(scenario.get(), path);
    }

    /** The problem at a JSON path (a cell or field), or null. */
    public String problemAt(String path) {
        return problems.at(path);
    }

    /** The text typed at a JSON path that is not in the model (it has a problem), or null. */
    public String draftAt(String path) {
        return drafts.get(path);
    }

    /** Problems by JSON path, the validator's and those of typed values. Read-only. */
    public ObservableMap<String, String> problems() {
        return problems.view();
    }

    // ---------------------------------------------------------------- properties

    public Scenario scenario() {
        return scenario.get();
    }

    public ReadOnlyObjectProperty<Scenario> scenarioProperty() {
        return scenario.getReadOnlyProperty();
    }

    /** The revision: bumped after every change of the scenario or the drafts, New and Open; never goes back. */
    public long revision() {
        return revision.get();
    }

    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** Bumped when typed text must give way to the model (Undo, Redo, New, Open). */
    public ReadOnlyLongProperty inputResetProperty() {
        return inputReset.getReadOnlyProperty();
    }

    /** The file state: file, name, modified mark, title. */
    public DocumentFile file() {
        return file;
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }
}

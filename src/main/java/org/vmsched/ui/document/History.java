package org.vmsched.ui.document;

import java.util.ArrayDeque;
import java.util.Deque;
import org.vmsched.model.Scenario;

/**
 * Undo/redo as two stacks of immutable {@link Scenario} snapshots, at most {@link #LIMIT} deep.
 * Not thread-safe: use from one thread.
 */
public final class History {

    /** Oldest snapshots past this many are dropped. */
    public static final int LIMIT = 500;

    private final Deque<Scenario> undo = new ArrayDeque<>();
    private final Deque<Scenario> redo = new ArrayDeque<>();

    /** Records {@code before} as the state to return to; clears the redo stack. */
    public void push(Scenario before) {
        undo.push(before);
        if (undo.size() > LIMIT) {
            undo.removeLast();
        }
        redo.clear();
    }

    public boolean canUndo() {
        return !undo.isEmpty();
    }

    public boolean canRedo() {
        return !redo.isEmpty();
    }

    /** The state before the last edit; {@code current} becomes redoable. Null when none. */
    public Scenario undo(Scenario current) {
        if (undo.isEmpty()) {
            return null;
        }
        redo.push(current);
        return undo.pop();
    }

    /** The state undone last; {@code current} becomes undoable. Null when none. */
    public Scenario redo(Scenario current) {
        if (redo.isEmpty()) {
            return null;
        }
        undo.push(current);
        return redo.pop();
    }

    /** A copy of both stacks, to {@link #restore} when what came after it is to be forgotten. */
    public History copy() {
        History h = new History();
        h.undo.addAll(undo);
        h.redo.addAll(redo);
        return h;
    }

    /** Both stacks as they were in {@code earlier} (a {@link #copy}). */
    public void restore(History earlier) {
        undo.clear();
        undo.addAll(earlier.undo);
        redo.clear();
        redo.addAll(earlier.redo);
    }

    public void clear() {
        undo.clear();
        redo.clear();
    }
}

package org.vmsched.ui.document;

/**
 * A result and the {@link ScenarioDocument#revision() document revision} it was computed for.
 * A view shows it as current while the document is at that revision, and marks it (or clears
 * it) once the document has moved on. Immutable when {@code value} is; {@code value} may be null
 * (nothing to show).
 *
 * @param revision the document revision the value belongs to; −1 for none
 * @param value    the result
 * @param <T>      the kind of result
 */
public record Tagged<T>(long revision, T value) {

    /** Nothing shown yet. */
    public static <T> Tagged<T> none() {
        return new Tagged<>(-1, null);
    }

    /** Whether this is a result of revision {@code current} (and not empty). */
    public boolean isCurrentAt(long current) {
        return value != null && revision == current;
    }

    /** Whether a result is shown that belongs to another revision than {@code current}. */
    public boolean isStaleAt(long current) {
        return value != null && revision != current;
    }
}

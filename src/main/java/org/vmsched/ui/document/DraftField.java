package org.vmsched.ui.document;

import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import javafx.beans.property.Property;

/**
 * A field that shows a model value and reports what the user types: the one place where the
 * two directions are kept apart. {@link #show} puts the model's value in without it being
 * reported as typed (what a {@code syncing}/{@code refreshing} flag did in each ViewModel), and
 * leaves text that already means that value alone ("10.0" typed for 10 stays "10.0", what each
 * {@code means()} check did), so a field being typed in is not rewritten under the cursor.
 * Use from the ui thread only.
 *
 * @param <T> the value the control edits (text, or a choice)
 */
public final class DraftField<T> {

    private final Property<T> value;
    private final BiPredicate<T, T> means;
    private boolean showing;

    /**
     * A field over {@code value} (the property a control binds to); {@code onTyped} hears every
     * change that did not come from {@link #show}; {@code means} tells whether the field's value
     * already stands for a model value.
     */
    public DraftField(Property<T> value, BiPredicate<T, T> means, Consumer<T> onTyped) {
        this.value = value;
        this.means = means;
        value.addListener((o, a, b) -> {
            if (!showing) {
                onTyped.accept(b);
            }
        });
    }

    /** A field whose value is a choice (equal means the same). */
    public static <T> DraftField<T> choice(Property<T> value, Consumer<T> onTyped) {
        return new DraftField<>(value, Objects::equals, onTyped);
    }

    /** A text field: text means a model text when both read as the same number, or are the same words. */
    public static DraftField<String> text(Property<String> value, Consumer<String> onTyped) {
        return new DraftField<>(value, DraftField::sameText, onTyped);
    }

    /** Whether typed text stands for the model's text: equal after trimming, or the same number ("10.0" and "10"). */
    public static boolean sameText(String typed, String model) {
        String a = typed == null ? "" : typed.trim();
        String b = model == null ? "" : model.trim();
        if (a.equals(b)) {
            return true;
        }
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Shows the model's value unless the field already means it; not reported as typed. */
    public void show(T model) {
        if (!means.test(value.getValue(), model)) {
            showAnyway(model);
        }
    }

    /** Shows the model's value even when the field means it already (Undo, another document); not reported as typed. */
    public void showAnyway(T model) {
        showing = true;
        try {
            value.setValue(model);
        } finally {
            showing = false;
        }
    }

    /** The field's value. */
    public T get() {
        return value.getValue();
    }
}

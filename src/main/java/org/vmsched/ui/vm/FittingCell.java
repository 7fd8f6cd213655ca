package org.vmsched.ui.vm;

import java.util.List;
import java.util.function.Function;
import javafx.scene.control.ListCell;
import javafx.scene.text.Text;

/**
 * A combo box's button cell that shows the longest of an item's names that fits its width, so a
 * narrow box reads a whole short name ("G-EDF") instead of a cut long one ("Global ..."): at
 * 1024x768 the window's left column is about 215 px wide and the boxes beside their labels about
 * 115 px. The names come longest first; the last is shown when none fits. FX thread only.
 *
 * @param <T> the combo box's item type
 */
public final class FittingCell<T> extends ListCell<T> {

    private final Function<T, List<String>> names;

    /** A cell showing one of {@code names.apply(item)} (longest first, never empty). */
    public FittingCell(Function<T, List<String>> names) {
        this.names = names;
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        choose();
    }

    @Override
    protected void layoutChildren() {
        choose();
        super.layoutChildren();
    }

    private void choose() {
        T item = getItem();
        if (isEmpty() || item == null) {
            setText(null);
            return;
        }
        List<String> all = names.apply(item);
        String pick = all.get(all.size() - 1);
        double room = getWidth() - snappedLeftInset() - snappedRightInset();
        for (String n : all) {
            // before the first layout (width 0) the longest: the box asks for its width from it
            if (getWidth() <= 0 || width(n) <= room) {
                pick = n;
                break;
            }
        }
        if (!pick.equals(getText())) {
            setText(pick);
        }
    }

    private double width(String s) {
        Text t = new Text(s);
        t.setFont(getFont());
        return Math.ceil(t.getLayoutBounds().getWidth()) + 1;
    }
}

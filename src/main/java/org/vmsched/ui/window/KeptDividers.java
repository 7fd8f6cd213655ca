package org.vmsched.ui.window;

import javafx.application.Platform;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;

/**
 * Keeps a split pane's dividers at the fractions last chosen (set in code or dragged by the user)
 * when its window is resized. JavaFX's skin moves dividers while the window is small and does not
 * move them back when it grows (seen with the middle column: after the window had been 400×300 the
 * task table took twice its height). FX thread only.
 */
final class KeptDividers {

    private KeptDividers() {
    }

    /** From now on, {@code split}'s current divider positions are kept across resizes. */
    static void keep(SplitPane split) {
        double[][] wanted = {split.getDividerPositions().clone()};
        // a drag of a divider is the user's choice: remember it when the mouse is let go
        split.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(() -> wanted[0] = split.getDividerPositions().clone()));
        javafx.beans.value.ChangeListener<Number> resized = (o, a, b) -> Platform.runLater(() -> {
            if (split.getWidth() > 0 && split.getHeight() > 0) {
                split.setDividerPositions(wanted[0]);
            }
        });
        split.heightProperty().addListener(resized);
        split.widthProperty().addListener(resized);
    }
}

package org.vmsched.ui.window;

import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;

/**
 * Puts a split pane's dividers where they are wanted whenever its window is resized: where a
 * layout rule puts them at the new size until the user drags one, at the fractions the user
 * left them from then on. JavaFX's skin moves dividers while the window is small and does not
 * move them back when it grows (seen with the middle column: after the window had been 400×300
 * the task table took twice its height). FX thread only.
 */
final class KeptDividers {

    private KeptDividers() {
    }

    /**
     * From now on, {@code split}'s dividers are at {@code fitted}'s positions (fractions, or null
     * for "leave them") after every resize and every change of {@code refitOn}, until the user
     * drags a divider; then at the fractions the user chose.
     */
    static void keep(SplitPane split, Supplier<double[]> fitted, Observable... refitOn) {
        double[][] chosen = {null};
        double[][] pressed = {null};
        // a drag of a divider is the user's choice: a press and release that moved one (a click in
        // a table of the split is not)
        split.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> pressed[0] = split.getDividerPositions().clone());
        split.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(() -> {
            double[] now = split.getDividerPositions();
            if (pressed[0] != null && moved(pressed[0], now, length(split))) {
                chosen[0] = now.clone();
            }
            pressed[0] = null;
        }));
        InvalidationListener refit = o -> {
            if (o instanceof ObservableValue<?> v) {
                v.getValue(); // valid again, so its next change is told too (an invalidation listener hears one per read)
            }
            Platform.runLater(() -> refit(split, () -> chosen[0] != null ? chosen[0] : fitted.get(), pressed));
        };
        split.heightProperty().addListener(refit);
        split.widthProperty().addListener(refit);
        for (Observable o : refitOn) {
            o.addListener(refit);
        }
    }

    /** Puts the dividers at {@code wanted}'s answer (null: leave them), and tells a press in progress where they now are. */
    private static void refit(SplitPane split, Supplier<double[]> wanted, double[][] pressed) {
        if (split.getWidth() > 0 && split.getHeight() > 0) {
            double[] at = wanted.get();
            if (at != null) {
                split.setDividerPositions(at);
            }
            if (pressed[0] != null) {
                // moved by the rule while the mouse is down: what the release compares with, so a click during a
                // refit is not taken for a drag
                pressed[0] = split.getDividerPositions().clone();
            }
        }
    }

    /** The split's length along its dividers' axis, px. */
    private static double length(SplitPane split) {
        return split.getOrientation() == Orientation.VERTICAL ? split.getHeight() : split.getWidth();
    }

    /**
     * Whether a divider moved by a pixel or more between {@code before} and {@code after} (fractions of
     * {@code length} px): the skin snaps positions set by the rule to whole pixels at the next layout, which
     * is no drag.
     */
    static boolean moved(double[] before, double[] after, double length) {
        if (before.length != after.length) {
            return true;
        }
        for (int i = 0; i < before.length; i++) {
            if (Math.abs(before[i] - after[i]) * length >= 1) {
                return true;
            }
        }
        return false;
    }

    /**
     * The divider positions (fractions) that split {@code height} px, less two dividers of
     * {@code divider} px, into a top, a middle and a bottom pane of at least {@code top},
     * {@code middle} and {@code bottom} px: what is left over goes half to the middle pane and
     * half to the bottom one; when the height is short of the three, each gets a share in
     * proportion to what it needs.
     */
    static double[] threeWay(double height, double divider, double top, double middle, double bottom) {
        double room = height - 2 * divider;
        double need = top + middle + bottom;
        double t = top;
        double b = bottom;
        if (need > room) {
            double scale = room / need;
            t = top * scale;
            b = bottom * scale;
        } else {
            b += (room - need) / 2;
        }
        return new double[] {(t + divider / 2) / height, (height - b - divider / 2) / height};
    }
}

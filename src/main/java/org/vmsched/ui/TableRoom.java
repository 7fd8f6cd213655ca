package org.vmsched.ui;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The height, in px, a pane of a title and a table needs to show a number of the table's rows
 * whole: the pane's insets and spacing, its other children, the table's border, header and a
 * horizontal scroll bar when one shows. Measured from the laid-out skin (fonts and zoom
 * included), with estimates in the font's size before the table has a skin. FX thread only.
 */
public final class TableRoom {

    private TableRoom() {
    }

    /**
     * The height {@code pane} (a {@link VBox} holding {@code table} and its title) needs for
     * {@code rows} rows of {@code rowHeight} px each at its current width.
     */
    public static double height(VBox pane, TableView<?> table, int rows, double rowHeight) {
        double width = Math.max(0, pane.getWidth() - pane.snappedLeftInset() - pane.snappedRightInset());
        double h = pane.snappedTopInset() + pane.snappedBottomInset();
        int managed = 0;
        for (Node c : pane.getChildren()) {
            if (!c.isManaged()) {
                continue;
            }
            managed++;
            if (c != table) {
                h += c.prefHeight(width);
            }
        }
        h += pane.getSpacing() * Math.max(0, managed - 1);
        h += table.snappedTopInset() + table.snappedBottomInset();
        Node header = table.lookup(".column-header-background");
        h += header instanceof Region r ? r.prefHeight(-1) : rowHeight + 4;
        for (Node n : table.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible()) {
                h += bar.prefHeight(-1);
            }
        }
        return h + rows * rowHeight;
    }

    /**
     * The height of a one-line row of {@code table}: its smallest laid-out row (a row whose text
     * wraps, or that holds an editor, is taller; an empty row is as tall as a one-line one), or
     * {@code fallback} while it has none.
     */
    public static double rowHeight(TableView<?> table, double fallback) {
        double h = Double.MAX_VALUE;
        for (Node n : table.lookupAll(".table-row-cell")) {
            double row = n instanceof Region r && r.isVisible() ? r.prefHeight(-1) : 0;
            if (row > 0) {
                h = Math.min(h, row);
            }
        }
        return h < Double.MAX_VALUE ? h : fallback;
    }
}

package org.vmsched.ui.exercise;

import java.awt.Color;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.vmsched.chart.ChartStyle;
import org.vmsched.exercise.Checker;

/**
 * A {@code gantt} exercise's answers as clickable lanes (issue 33, item 4): one row per task in
 * the exercise's order and one for {@code idle}, one column per slot labelled with its start time.
 * Clicking a cell (or Space or Enter on the focused cell; the arrows move between cells) makes its
 * lane the slot's owner: it writes the lane's name into the slot's answer, the same string the
 * text field held, so Check, Hint and the score work unchanged. The cells show the answers: the
 * owner's cell filled in the task's colour, the column's others empty. After a check a wrong
 * slot's column is outlined in red and marked under it. Every size is in em, so the lanes grow
 * with the font in present mode. Binds to {@link ExerciseViewModel} rows only. FX thread only.
 */
final class GanttLanesView extends GridPane {

    /** The colour of the idle lane's cells. */
    private static final String IDLE_COLOUR = "#8a8a8a";

    /** The wrong column's outline and mark (the window's error red). */
    private static final String WRONG_COLOUR = "#b00020";

    private final List<ExerciseViewModel.Row> rows;
    private final List<String> lanes;
    private final Label[][] cells;
    private final Label[] heads;

    GanttLanesView(List<ExerciseViewModel.Row> rows, List<String> lanes) {
        this.rows = List.copyOf(rows);
        this.lanes = List.copyOf(lanes);
        setId("exerciseLanes");
        setHgap(3);
        setVgap(3);
        cells = new Label[lanes.size()][rows.size()];
        heads = new Label[rows.size()];
        Label corner = new Label("t");
        corner.setStyle("-fx-font-weight: bold;");
        add(corner, 0, 0);
        for (int k = 0; k < rows.size(); k++) {
            Label head = new Label(Integer.toString(k)); // the slot [k, k + 1) starts at k
            head.setId("slot-" + k);
            head.setMaxWidth(Double.MAX_VALUE);
            head.setAlignment(Pos.CENTER);
            heads[k] = head;
            add(head, k + 1, 0);
            GridPane.setHalignment(head, HPos.CENTER);
        }
        for (int i = 0; i < lanes.size(); i++) {
            Label name = new Label(lanes.get(i));
            name.setId("lane-" + lanes.get(i));
            name.setMinWidth(Region.USE_PREF_SIZE); // a lane's name whole: the cells narrow first
            name.setStyle("-fx-font-weight: bold; -fx-padding: 0 0.4em 0 0;");
            add(name, 0, i + 1);
            for (int k = 0; k < rows.size(); k++) {
                cells[i][k] = cell(i, k);
                add(cells[i][k], k + 1, i + 1);
            }
        }
        for (int k = 0; k < rows.size(); k++) {
            ExerciseViewModel.Row r = this.rows.get(k);
            Label mark = new Label();
            mark.setId("status-" + r.number());
            mark.setMaxWidth(Double.MAX_VALUE);
            mark.setAlignment(Pos.CENTER);
            mark.setStyle("-fx-font-weight: bold; -fx-text-fill: " + WRONG_COLOUR + ";");
            mark.textProperty().bind(Bindings.createStringBinding(() -> mark(r.verdictProperty().get()),
                    r.verdictProperty()));
            Tooltip tip = new Tooltip();
            tip.textProperty().bind(Bindings.concat("slot " + k + ": ", r.statusProperty()));
            mark.setTooltip(tip);
            add(mark, k + 1, lanes.size() + 1);
            int column = k;
            r.answerProperty().addListener((o, a, b) -> paint(column));
            r.verdictProperty().addListener((o, a, b) -> paint(column));
            paint(column);
        }
    }

    /** The mark under a checked slot: nothing when right, a cross when wrong, a dash when not answered. */
    private static String mark(Checker.Status s) {
        if (s == null) {
            return "";
        }
        return switch (s) {
            case RIGHT, ROUNDED, FOLLOWS -> "";
            case WRONG -> "✗";
            case MISSING -> "–";
        };
    }

    private Label cell(int lane, int slot) {
        Label c = new Label();
        c.setId("cell-" + lanes.get(lane) + "-" + slot);
        c.setFocusTraversable(true);
        c.setMaxWidth(Double.MAX_VALUE);
        c.setAccessibleText(lanes.get(lane) + " in slot " + slot);
        c.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                choose(lane, slot);
                c.requestFocus();
            }
        });
        c.addEventHandler(KeyEvent.KEY_PRESSED, e -> key(e, lane, slot));
        c.focusedProperty().addListener((o, a, b) -> paint(slot));
        return c;
    }

    private void key(KeyEvent e, int lane, int slot) {
        int i = lane;
        int k = slot;
        switch (e.getCode()) {
            case SPACE, ENTER -> {
                choose(lane, slot);
                e.consume();
                return;
            }
            case LEFT -> k = Math.max(0, k - 1);
            case RIGHT -> k = Math.min(rows.size() - 1, k + 1);
            case UP -> i = Math.max(0, i - 1);
            case DOWN -> i = Math.min(lanes.size() - 1, i + 1);
            default -> {
                return;
            }
        }
        cells[i][k].requestFocus();
        e.consume();
    }

    /** Makes lane {@code lane} the owner of slot {@code slot}: its name becomes the slot's answer. */
    private void choose(int lane, int slot) {
        rows.get(slot).answerProperty().set(lanes.get(lane));
    }

    /** The lane the slot's answer names, or -1 (blank, or typed into a file as something else). */
    private int owner(int slot) {
        String a = rows.get(slot).answerProperty().get();
        return a == null ? -1 : lanes.indexOf(a.strip().toLowerCase(Locale.ROOT));
    }

    private void paint(int slot) {
        int owner = owner(slot);
        boolean wrong = rows.get(slot).verdictProperty().get() == Checker.Status.WRONG;
        heads[slot].setStyle(wrong ? "-fx-text-fill: white; -fx-background-color: " + WRONG_COLOUR + "; -fx-font-weight: bold;"
                : "");
        for (int i = 0; i < lanes.size(); i++) {
            Label c = cells[i][slot];
            String fill = i == owner ? colour(i) : "white";
            String border = c.isFocused() ? "#0b3d91" : wrong ? WRONG_COLOUR : "#b8b8b8";
            String width = c.isFocused() || wrong ? "0.16em" : "0.07em";
            c.setStyle("-fx-background-color: " + fill + "; -fx-border-color: " + border + "; -fx-border-width: " + width
                    + "; -fx-min-width: 1.7em; -fx-pref-width: 2em; -fx-min-height: 1.3em; -fx-pref-height: 1.4em;");
        }
    }

    /** Lane {@code i}'s colour: the charts' palette for a task, grey for idle. */
    private String colour(int i) {
        if (i == lanes.size() - 1) {
            return IDLE_COLOUR;
        }
        Color c = ChartStyle.SERIES[i % ChartStyle.SERIES.length];
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }
}

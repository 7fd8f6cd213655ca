package org.vmsched.ui.compare;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.vmsched.ui.compare.CompareViewModel.Line;

/**
 * The columns of one Compare dialog table, each as wide as its title and its widest cell in the
 * table's type (issue 32, left: opened in present mode at 1024×768, the titles "VM / task",
 * "proved?", "R bound" and "missed" were cut to "VM ...", "pro...", "R ...", "..." and the cells
 * "0/12" and "≤ 135" to "0/..." and "≤ ..."; a smaller type for the titles alone did not make them
 * fit). Where the table is too narrow for the full wording, the titles go short ("✔?", "R ≤", "late"), and
 * if that is not enough the verdicts go to their glyph ("✖" for "✖ NO"); each title's tooltip
 * has its full meaning, a glyph's cell its words, and the dialog shows a legend line while titles
 * are short. FX thread only.
 */
final class CompareColumns {

    /** How the columns are worded, widest first: full titles, short titles, short titles and verdict glyphs. */
    enum Fit { FULL, SHORT_TITLES, GLYPHS }

    /** A column: its full and short title, its tooltip, and its cell's text at each {@link Fit}. */
    private record Spec(String full, String brief, String tip, Function<Line, String> text, Function<Line, String> glyph) {
        Spec(String full, String brief, String tip, Function<Line, String> text) {
            this(full, brief, tip, text, text);
        }

        String title(Fit fit) {
            return fit == Fit.FULL ? full : brief;
        }

        String cell(Line line, Fit fit) {
            return (fit == Fit.GLYPHS ? glyph : text).apply(line);
        }
    }

    /** Analysis then simulation, as the main window's verdict table. */
    private static final List<Spec> SPECS = List.of(
            new Spec("VM / task", "Name", "Each VM, then its tasks (indented)", Line::name),
            new Spec("D", "D", "The task's relative deadline", Line::deadline),
            new Spec("proved?", "✔?", "The analysis's verdict: ✔ yes (proved schedulable), ✖ NO, ✖ not guaranteed"
                    + " (met its deadline only on a supply its VM is not guaranteed) or ? undecided", Line::verdict, Line::glyph),
            new Spec("R bound", "R ≤", "The analysis's bound on the task's response time", Line::bound),
            new Spec("missed", "late", "In the simulation: the jobs that missed their deadline / the jobs", Line::missed),
            new Spec("worst R", "worst R", "In the simulation: the task's worst response time; a VM's worst response"
                    + " over its deadline (R/D, the number of the compare command)", Line::worst));

    /** The legend line shown while the titles are short. */
    static final String LEGEND = "✔?: proved by the analysis  ·  R ≤: response-time bound  ·  late: jobs past their deadline / jobs";

    /** Room kept for the table's vertical scroll bar before it is there, in ems (Modena's is about 1.1 em wide). */
    private static final double SCROLL_BAR_EM = 1.2;

    /** A header's tooltip and a scroll bar's listener are installed once (a node's property says so). */
    private static final String TIP = "vmsched.compareColumnTip";

    private final TableView<Line> table;
    private final Labeled typeOf;
    /** The tables worded alike, this one among them: the two sides of the dialog read the same way. */
    private final List<CompareColumns> alike;
    private final ReadOnlyObjectWrapper<Fit> fit = new ReadOnlyObjectWrapper<>(Fit.FULL);

    /**
     * Adds the columns to {@code table} and fits them whenever its width, its items or the type of
     * {@code typeOf} (a label in the table's type, the dialog's) change; the tables of {@code alike}
     * (this one is added) are worded as the narrowest of them needs.
     */
    CompareColumns(TableView<Line> table, Labeled typeOf, List<CompareColumns> alike) {
        this.table = table;
        this.typeOf = typeOf;
        this.alike = alike;
        alike.add(this);
        // the columns take the widths fit() gives them: the constrained policy kept a column's width of an
        // earlier fit (the dialog's first, in the type before present mode's) and cut "control" to "cont..."
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        for (Spec s : SPECS) {
            TableColumn<Line, String> c = new TableColumn<>(s.full());
            c.setCellValueFactory(f -> new ReadOnlyStringWrapper(s.cell(f.getValue(), fit.get())));
            if (s.glyph() != s.text()) { // the verdict's column: a glyph tells its words
                c.setCellFactory(col -> new WordedCell());
            }
            c.setSortable(false);
            table.getColumns().add(c);
        }
        table.widthProperty().addListener((o, a, b) -> fit());
        table.itemsProperty().addListener((o, a, b) -> fit());
        typeOf.fontProperty().addListener((o, a, b) -> fit());
    }

    /** How the columns are worded now. */
    ReadOnlyObjectProperty<Fit> fitProperty() {
        return fit.getReadOnlyProperty();
    }

    /** Words this table and those alike as widely as the narrowest allows, each column as wide as its content. */
    void fit() {
        Fit chosen = Fit.FULL;
        for (CompareColumns c : alike) {
            Fit f = c.widest();
            if (f == null) {
                return; // not laid out yet: fitted when it is
            }
            chosen = f.compareTo(chosen) > 0 ? f : chosen;
        }
        for (CompareColumns c : alike) {
            c.apply(chosen);
        }
    }

    /** The widest wording whose columns fit this table's width (the narrowest if none does); null before layout. */
    private Fit widest() {
        Font font = typeOf.getFont();
        if (table.getWidth() <= 0 || font == null) {
            return null;
        }
        for (Fit f : Fit.values()) {
            if (sum(needs(f, font)) <= room(font)) {
                return f;
            }
        }
        return Fit.GLYPHS;
    }

    /** The width the columns share: the table's inside its border, less its vertical scroll bar. */
    private double room(Font font) {
        Insets in = table.getInsets();
        return table.getWidth() - in.getLeft() - in.getRight() - scrollBar(font);
    }

    /**
     * The vertical scroll bar's width: the bar's own once the table is shown (none while every row is in
     * sight: at 1024×768 the full titles fit then), about 1.1 em before (Modena's).
     */
    private double scrollBar(Font font) {
        for (Node n : table.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.VERTICAL) {
                if (!bar.getProperties().containsKey(TIP)) {
                    bar.getProperties().put(TIP, Boolean.TRUE);
                    bar.visibleProperty().addListener((o, a, b) -> fit());
                    bar.widthProperty().addListener((o, a, b) -> fit());
                }
                // a bar just made visible is not laid out yet (0 wide): the columns then overflowed by its
                // width and the table scrolled sideways
                return !bar.isVisible() ? 0 : bar.getWidth() > 0 ? bar.getWidth() : SCROLL_BAR_EM * font.getSize();
            }
        }
        return SCROLL_BAR_EM * font.getSize();
    }

    /** Words the columns at {@code chosen}, each as wide as its content and the room left shared out evenly. */
    private void apply(Fit chosen) {
        Font font = typeOf.getFont();
        double[] widths = needs(chosen, font);
        double extra = Math.max(0, Math.floor((room(font) - sum(widths)) / SPECS.size()));
        boolean resized = false;
        for (int i = 0; i < SPECS.size(); i++) {
            TableColumn<Line, ?> c = table.getColumns().get(i);
            c.setText(SPECS.get(i).title(chosen));
            resized |= c.getPrefWidth() != widths[i] + extra;
            c.setMinWidth(widths[i]);
            c.setPrefWidth(widths[i] + extra);
        }
        if (fit.get() != chosen) {
            fit.set(chosen);
            resized = true;
        }
        if (resized) {
            // cells made anew: a cell widened after its text was cut kept "cont..." for "control" (under Xvfb)
            table.refresh();
        }
        installTips();
    }

    /** Each column's width at {@code f}: its title in the headers' bold or its widest cell, and the cell's padding. */
    private double[] needs(Fit f, Font font) {
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        // Modena pads a cell by 0.166667 em a side and borders it by a pixel, each side snapped up to a whole
        // pixel: "control" (78.1 px at 22.4 px) in a cell 88 px wide was cut; and a pixel for rounding
        double pad = 2 * Math.ceil(font.getSize() / 6 + 1) + 1;
        double[] out = new double[SPECS.size()];
        for (int i = 0; i < SPECS.size(); i++) {
            Spec s = SPECS.get(i);
            double w = width(s.title(f), bold);
            for (Line line : table.getItems()) {
                w = Math.max(w, width(s.cell(line, f), font));
            }
            out[i] = Math.ceil(w + pad);
        }
        return out;
    }

    private static double sum(double[] widths) {
        double s = 0;
        for (double w : widths) {
            s += w;
        }
        return s;
    }

    private static double width(String text, Font font) {
        Text t = new Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    /** A tooltip with each title's meaning on its header (the headers exist once the table is shown). */
    private void installTips() {
        for (Node n : table.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader h && !h.getProperties().containsKey(TIP)) {
                int i = table.getColumns().indexOf(h.getTableColumn());
                if (i >= 0) {
                    Spec s = SPECS.get(i);
                    Tooltip tip = new Tooltip(s.full() + ": " + s.tip());
                    tip.setWrapText(true);
                    tip.setMaxWidth(480);
                    Tooltip.install(h, tip);
                    h.getProperties().put(TIP, tip);
                }
            }
        }
    }

    /** A cell whose text is short (a verdict's glyph) tells its words in a tooltip. */
    private final class WordedCell extends TableCell<Line, String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            Line line = empty || getTableRow() == null ? null : getTableRow().getItem();
            String words = line == null || fit.get() != Fit.GLYPHS ? null : line.verdict();
            setTooltip(words == null || words.isEmpty() || words.equals(item) ? null : new Tooltip(words));
        }
    }
}

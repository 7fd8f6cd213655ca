package org.vmsched.ui.analysis;

import java.util.List;
import java.util.function.DoubleConsumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.vmsched.chart.ChartKind;

/**
 * Present mode: one chart full-window in large type for a projector, the Gantt chart with the
 * verdict table beside it. It borrows the chart from its tab in {@link ChartsView} (same chart,
 * same interaction) and gives it back on {@link #close()}. FX thread only.
 */
public final class PresentView extends BorderPane {

    /** Chart text in present mode, relative to the window's zoom. */
    public static final double CHART_FONT_FACTOR = 1.8;

    /** Text (labels, tables) in present mode, relative to the window's zoom: {@code .present}'s 1.6em (vmsched.css). */
    public static final double TEXT_FACTOR = 1.6;

    private final ChartsView charts;
    private final VerdictTableView verdicts;
    private final Label title = new Label();
    private final ReadOnlyObjectWrapper<ChartKind> shown = new ReadOnlyObjectWrapper<>();
    private Node borrowed;

    public PresentView(ChartsView charts, AnalysisViewModel analysis) {
        this.charts = charts;
        this.verdicts = new VerdictTableView(analysis);
        verdicts.keepColumnsWhole(); // beside the Gantt: "? undecided" read "? undecidec" at 1024x768
        setId("presentView");
        getStyleClass().add("present");
        title.setId("presentTitle");
        title.getStyleClass().add("section");
        // two hints that go onto two lines when one has no room: a single hint was cut to
        // "Page Down / Page Up: next / previous ..." at zoom 2 (issue 19)
        Label pages = new Label("Page Down / Page Up: next / previous chart");
        Label back = new Label("Esc or F11: back");
        FlowPane hint = new FlowPane(24, 0, pages, back);
        for (Label l : List.of(pages, back)) {
            l.getStyleClass().add("present-hint");
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        hint.setAlignment(Pos.TOP_RIGHT);
        hint.setMinWidth(0);
        HBox.setHgrow(hint, Priority.ALWAYS);
        HBox top = new HBox(12, title, hint);
        top.setPadding(new Insets(4, 10, 4, 10));
        title.setMinWidth(Region.USE_PREF_SIZE);
        setTop(top);
    }

    /**
     * A tab that is no chart (the Step-through view) shown after the charts by Page Down, or null.
     * Its content is borrowed like a chart's.
     */
    private Tab extra;
    /** Scales the extra page's chart text by a factor on top of the zoom (1 in its tab). */
    private DoubleConsumer extraFonts = f -> { };
    private boolean extraShown;

    /**
     * Adds {@code tab} after the charts to the pages Page Down and Page Up go through; {@code fonts}
     * scales its chart's text by {@link #CHART_FONT_FACTOR} while presented, and by 1 after.
     */
    public void alsoPresent(Tab tab, DoubleConsumer fonts) {
        extra = tab;
        extraFonts = fonts;
    }

    /** Whether the extra page ({@link #alsoPresent}) is shown. */
    public boolean extraShown() {
        return extraShown;
    }

    /** Shows the extra page (Step-through) full-window. */
    public void showExtra() {
        giveBack();
        borrowed = extra.getContent();
        extra.setContent(new Label("(shown in present mode: Esc)"));
        setCenter(borrowed);
        extraFonts.accept(CHART_FONT_FACTOR);
        title.setText(extra.getText());
        shown.set(null);
        extraShown = true;
    }

    /** Shows {@code kind}, giving back the chart shown before. */
    public void show(ChartKind kind) {
        giveBack();
        Tab tab = charts.tab(kind);
        borrowed = tab.getContent();
        tab.setContent(new Label("(shown in present mode: Esc)"));
        charts.setExtraFactor(kind, CHART_FONT_FACTOR);
        if (kind == ChartKind.GANTT) {
            SplitPane split = new SplitPane(borrowed, verdicts);
            split.setOrientation(Orientation.HORIZONTAL);
            split.setDividerPositions(0.6);
            setCenter(split);
        } else {
            setCenter(borrowed);
        }
        title.setText(kind.title());
        shown.set(kind);
    }

    /**
     * Shows the next ({@code delta} 1) or previous (−1) chart in report order, then the extra page
     * (Step-through), then the first chart again.
     */
    public void next(int delta) {
        ChartKind[] all = ChartKind.values();
        int pages = all.length + (extra == null ? 0 : 1);
        int now = extraShown ? all.length : shown.get() == null ? 0 : shown.get().ordinal();
        int to = Math.floorMod(now + delta, pages);
        if (to == all.length) {
            showExtra();
        } else {
            show(all[to]);
        }
    }

    /** Gives the chart back to its tab at its normal size. */
    public void close() {
        giveBack();
        shown.set(null);
    }

    private void giveBack() {
        if (extraShown) {
            setCenter(null);
            extra.setContent(borrowed);
            extraFonts.accept(1);
            borrowed = null;
            extraShown = false;
            return;
        }
        ChartKind k = shown.get();
        if (k != null && borrowed != null) {
            setCenter(null);
            charts.tab(k).setContent(borrowed);
            charts.setExtraFactor(k, 1);
            borrowed = null;
        }
    }

    /** The chart shown, or null when closed. */
    public ReadOnlyObjectProperty<ChartKind> shownProperty() {
        return shown.getReadOnlyProperty();
    }
}

package org.vmsched.ui.analysis;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.layout.BorderPane;
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

    private final ChartsView charts;
    private final VerdictTableView verdicts;
    private final Label title = new Label();
    private final ReadOnlyObjectWrapper<ChartKind> shown = new ReadOnlyObjectWrapper<>();
    private Node borrowed;

    public PresentView(ChartsView charts, AnalysisViewModel analysis) {
        this.charts = charts;
        this.verdicts = new VerdictTableView(analysis);
        setId("presentView");
        getStyleClass().add("present");
        title.setId("presentTitle");
        title.getStyleClass().add("section");
        Label hint = new Label("Page Down / Page Up: next / previous chart    Esc or F11: back");
        hint.getStyleClass().add("present-hint");
        hint.setMinWidth(0);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(12, title, gap, hint);
        top.setPadding(new Insets(4, 10, 4, 10));
        title.setMinWidth(Region.USE_PREF_SIZE);
        setTop(top);
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

    /** Shows the next ({@code delta} 1) or previous (−1) chart in report order. */
    public void next(int delta) {
        ChartKind[] all = ChartKind.values();
        ChartKind now = shown.get() == null ? ChartKind.TMAX : shown.get();
        show(all[Math.floorMod(now.ordinal() + delta, all.length)]);
    }

    /** Gives the chart back to its tab at its normal size. */
    public void close() {
        giveBack();
        shown.set(null);
    }

    private void giveBack() {
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

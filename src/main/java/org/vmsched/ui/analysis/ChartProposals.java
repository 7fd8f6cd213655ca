package org.vmsched.ui.analysis;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.vmsched.chart.ChartKind;
import org.vmsched.ui.analysis.ChartsView.ChartClicks;
import org.vmsched.ui.analysis.ChartsView.Proposal;

/**
 * What a click on the good-period map or the Tmax curve of a {@link ChartsView} proposes: the
 * click in data coordinates to {@link ChartClicks}, the bar with Set and Cancel over the chart's
 * title, the marker on its plot, and Enter and Esc on the chart clicked. FX thread only.
 */
final class ChartProposals {

    /** The charts a click proposes on. */
    private static final List<ChartKind> CLICKABLE = List.of(ChartKind.MAP, ChartKind.TMAX);

    private final Map<ChartKind, ChartViewer> viewers;
    private final ChartClicks clicks;
    /** The marker of the proposal on each chart's plot, to take off again. */
    private final Map<ChartKind, XYAnnotation> markers = new EnumMap<>(ChartKind.class);

    private ChartProposals(Map<ChartKind, ChartViewer> viewers, ChartClicks clicks) {
        this.viewers = viewers;
        this.clicks = clicks;
    }

    /**
     * Makes clicks on {@code view}'s map and Tmax curve propose through {@code clicks}: their
     * viewers, tabs and drawn charts are {@code viewers}', {@code tabs}' and {@code charts}'.
     */
    static void install(ChartsView view, Map<ChartKind, ChartViewer> viewers, Map<ChartKind, Tab> tabs,
                        Map<ChartKind, ? extends ObservableValue<JFreeChart>> charts, ChartClicks clicks) {
        ChartProposals p = new ChartProposals(viewers, clicks);
        p.clickListeners();
        p.bars(tabs, charts);
        p.keys(view);
    }

    /** Sends a still primary click (or the second of a double-click) on each clickable chart to {@link #click}. */
    private void clickListeners() {
        for (ChartKind k : CLICKABLE) {
            ChartViewer viewer = viewers.get(k);
            viewer.addChartMouseListener(new ChartMouseListenerFX() {
                @Override
                public void chartMouseClicked(ChartMouseEventFX e) {
                    // the second click of a double-click too: on the point proposed, it sets it
                    if (e.getTrigger().getClickCount() <= 2 && e.getTrigger().isStillSincePress()
                            && e.getTrigger().getButton() == MouseButton.PRIMARY) {
                        viewer.getCanvas().requestFocus(); // Enter sets, Esc cancels
                        click(k, viewer, e.getTrigger().getX(), e.getTrigger().getY(), clicks);
                    }
                }

                @Override
                public void chartMouseMoved(ChartMouseEventFX e) {
                }
            });
        }
    }

    /** Puts each clickable chart's proposal bar over its title, and keeps the bar's height and the marker current. */
    private void bars(Map<ChartKind, Tab> tabs, Map<ChartKind, ? extends ObservableValue<JFreeChart>> charts) {
        for (ChartKind k : CLICKABLE) {
            // over the chart's title, not above the chart: a bar that pushed the plot down moved the
            // proposed point away from the pointer, and "click the point again" proposed another
            VBox box = (VBox) tabs.get(k).getContent();
            StackPane chartPane = (StackPane) box.getChildren().get(box.getChildren().size() - 1);
            HBox bar = proposalBar(k, clicks);
            chartPane.getChildren().add(1, bar); // under the "?", which stays
            StackPane.setAlignment(bar, Pos.TOP_LEFT);
            ChartViewer viewer = viewers.get(k);
            // as tall as the title it covers (one line or two, by the chart's width)
            clicks.proposalProperty().addListener((o, a, b) -> {
                bar.setPrefHeight(Region.USE_COMPUTED_SIZE);
                ChartRenderingInfo info = viewer.getRenderingInfo();
                // the chart may be drawn at another size and scaled to the canvas
                double title = info == null || info.getChartArea().getHeight() <= 0 ? 0
                        : info.getPlotInfo().getDataArea().getMinY() * viewer.getCanvas().getHeight()
                        / info.getChartArea().getHeight() - 4;
                bar.setPrefHeight(Math.max(bar.prefHeight(-1), title));
            });
            clicks.proposalProperty().addListener((o, a, b) -> mark(k, b));
            charts.get(k == ChartKind.MAP ? ChartKind.MAP : ChartKind.TMAX)
                    .addListener((o, a, b) -> mark(k, clicks.proposalProperty().get())); // a new chart: the marker again
        }
    }

    /** Enter sets and Esc drops what is proposed, on the chart the click focused only. */
    private void keys(ChartsView view) {
        // only on the chart the click focused: Enter and Esc in the Gantt's time fields (or any
        // other control of this panel) keep their own meaning (issue 30)
        view.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (clicks.proposalProperty().get() == null || !onClickableChart(e.getTarget())) {
                return;
            }
            if (e.getCode() == KeyCode.ENTER) {
                clicks.confirm();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                clicks.cancel();
                e.consume();
            }
        });
    }

    /** Whether {@code target} is the good-period map or the Tmax chart (or inside one), where a click proposes. */
    private boolean onClickableChart(Object target) {
        for (Node n = target instanceof Node node ? node : null; n != null; n = n.getParent()) {
            if (n == viewers.get(ChartKind.MAP) || n == viewers.get(ChartKind.TMAX)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Over chart {@code kind}: what a click there proposes ("Set VM1: T = 10, C = 4"), with Set and
     * Cancel, shown only while it is proposed (issue 30, item 11).
     */
    private static HBox proposalBar(ChartKind kind, ChartClicks clicks) {
        Label what = new Label();
        what.setId("proposal-" + kind.id());
        Button set = new Button();
        set.setId("proposalSet-" + kind.id());
        set.setTooltip(new Tooltip("Set this period and budget (Enter, or click the point again)"));
        set.setOnAction(e -> clicks.confirm());
        Button cancel = new Button("Cancel");
        cancel.setId("proposalCancel-" + kind.id());
        cancel.setTooltip(new Tooltip("Set nothing (Esc)"));
        cancel.setOnAction(e -> clicks.cancel());
        set.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        what.setMinWidth(0); // the first to give way on a narrow chart
        HBox bar = new HBox(6, set, cancel, what);
        bar.setId("proposalBar-" + kind.id());
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(2, 6, 2, 6));
        bar.setMaxSize(Double.MAX_VALUE, Region.USE_PREF_SIZE);
        bar.setStyle("-fx-background-color: -fx-box-border, -fx-background; -fx-background-insets: 0, 1;");
        Runnable show = () -> {
            Proposal p = clicks.proposalProperty().get();
            boolean here = p != null && p.kind() == kind;
            bar.setVisible(here);
            bar.setManaged(here);
            set.setText(here ? p.label() : "");
            what.setText(here ? "Esc: nothing" : "");
        };
        clicks.proposalProperty().addListener((o, a, b) -> show.run());
        show.run();
        return bar;
    }

    /** Puts the marker of {@code p} on chart {@code kind} when it is proposed there, and takes an old one off. */
    private void mark(ChartKind kind, Proposal p) {
        ChartViewer viewer = viewers.get(kind);
        XYAnnotation old = markers.remove(kind);
        if (viewer.getChart() == null || !(viewer.getChart().getPlot() instanceof XYPlot plot)) {
            return;
        }
        if (old != null) {
            plot.removeAnnotation(old);
        }
        if (p != null && p.kind() == kind) {
            XYPointerAnnotation m = new XYPointerAnnotation(
                    p.label().replaceFirst("^Set [^:]*: ", "") + "?", p.x(), p.y(), -Math.PI / 4);
            // on the right half the label goes up-left: up-right it ran out of the plot
            Range r = plot.getDomainAxis().getRange();
            boolean right = p.x() > r.getCentralValue();
            m.setAngle(right ? -3 * Math.PI / 4 : -Math.PI / 4);
            m.setPaint(new Color(0xB0, 0x30, 0x00));
            m.setArrowPaint(new Color(0xB0, 0x30, 0x00));
            m.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
            m.setTextAnchor(right ? TextAnchor.BOTTOM_RIGHT : TextAnchor.BOTTOM_LEFT);
            markers.put(kind, m);
            plot.addAnnotation(m);
        }
    }

    /** Tells {@code clicks} where on {@code kind}'s plot a click at {@code (x, y)} on its canvas is, with one pixel's tolerance. */
    private static void click(ChartKind kind, ChartViewer viewer, double x, double y, ChartClicks clicks) {
        JFreeChart chart = viewer.getChart();
        if (chart == null || viewer.getRenderingInfo() == null || !(chart.getPlot() instanceof XYPlot plot)) {
            return;
        }
        Rectangle2D area = viewer.getRenderingInfo().getPlotInfo().getDataArea();
        if (!area.contains(x, y) || plot.getRangeAxis() == null) {
            return;
        }
        double alpha = plot.getDomainAxis().java2DToValue(x, area, plot.getDomainAxisEdge());
        double period = plot.getRangeAxis().java2DToValue(y, area, plot.getRangeAxisEdge());
        double alphaPerPixel = Math.abs(plot.getDomainAxis().java2DToValue(x + 1, area, plot.getDomainAxisEdge()) - alpha);
        double periodPerPixel = Math.abs(plot.getRangeAxis().java2DToValue(y + 1, area, plot.getRangeAxisEdge()) - period);
        clicks.clicked(kind, alpha, period, alphaPerPixel, periodPerPixel);
    }
}

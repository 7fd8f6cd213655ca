package org.vmsched.ui.analysis;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.PanHandlerFX;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;
import org.vmsched.chart.ChartFonts;
import org.vmsched.ui.ChartContrast;
import org.vmsched.ui.ChartViewers;
import org.vmsched.chart.ChartKind;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.GanttWindow;
import org.vmsched.chart.MeasuredGantt;
import org.vmsched.ui.FittingTabs;
import org.vmsched.ui.help.ChartHelp;
import org.vmsched.ui.simulation.SimulationCharts;
import org.vmsched.ui.simulation.SimulationViewModel;

/**
 * The chart tabs: Tmax curve, good-period map and max Ri/Ti over Supply &amp; demand, Gantt and
 * response times, each a JFreeChart viewer with Reset zoom and our exports in its context menu.
 * Clicks on the map and the Tmax curve go to {@link ChartClicks} (through {@link ChartProposals}). Simulation charts are dimmed
 * with a note while their result is stale. FX thread only.
 */
public final class ChartsView extends SplitPane {

    /**
     * What a click on a chart asks for, in data coordinates, with the click's tolerance of one
     * pixel: a {@link Proposal} shown on the chart, set only when confirmed.
     */
    public interface ChartClicks {
        /** A click at bandwidth {@code alpha} and period {@code period} on {@code kind}'s chart. */
        void clicked(ChartKind kind, double alpha, double period, double alphaPerPixel, double periodPerPixel);

        /** What a click proposes to set, shown on its chart; null when nothing is proposed. */
        ReadOnlyObjectProperty<Proposal> proposalProperty();

        /** Sets what is proposed (the Set button, Enter). */
        void confirm();

        /** Drops what is proposed (Esc, Cancel). */
        void cancel();
    }

    /** A server proposed by a click: where on {@code kind}'s chart (its own coordinates) and what Set says. */
    public record Proposal(ChartKind kind, double x, double y, String label) {
    }

    /** Where the chart exports live (the main window's File menu does the same). */
    public interface ChartExports {
        void exportChart(ChartKind kind);

        void exportChartCsv(ChartKind kind);
    }

    /** The text over a simulation chart whose run was for an earlier scenario revision. */
    public static final String STALE_NOTE = "From the previous scenario: F5 to re-run";

    /** The least height of a chart's plot (the Gantt's lanes aside), in px, before its tab scrolls. */
    static final double MIN_PLOT = 150;

    private final Map<ChartKind, ChartViewer> viewers = new EnumMap<>(ChartKind.class);
    private final Map<ChartKind, Tab> tabs = new EnumMap<>(ChartKind.class);
    /** The tab the user last clicked in either row of tabs (its title or its content), or null before any. */
    private Tab lastChosen;
    private final Map<ChartKind, ChartFonts> fonts = new EnumMap<>(ChartKind.class);
    /** Each chart's lines for View > High Contrast, and whether it is on. */
    private final Map<ChartKind, ChartContrast> contrast = new EnumMap<>(ChartKind.class);
    private boolean highContrast;
    private final Map<ChartKind, Double> factors = new EnumMap<>(ChartKind.class);
    private double fontFactor = 1;
    private final SimulationViewModel simulation;
    /** The simulation's Gantt and CDF charts, drawn from its ViewModel. */
    private final SimulationCharts simulationCharts;
    /** The analysis's charts, drawn from its ViewModel (kept: a binding follows only while referenced). */
    private final Map<ChartKind, ObjectBinding<JFreeChart>> analysisCharts = new EnumMap<>(ChartKind.class);
    private final ChartExports exports;
    /** Opens the guide at a chart's paragraph (the "?" on each chart); none until {@link #setGuide}. */
    private Consumer<String> guide = topic -> { };

    public ChartsView(AnalysisViewModel analysis, SimulationViewModel simulation, ChartExports exports, ChartClicks clicks) {
        this.simulation = simulation;
        this.simulationCharts = new SimulationCharts(simulation);
        analysisCharts.put(ChartKind.TMAX, ChartDrawing.of(analysis.tmaxChartProperty()));
        analysisCharts.put(ChartKind.MAP, ChartDrawing.of(analysis.mapChartProperty()));
        analysisCharts.put(ChartKind.RATIO, ChartDrawing.of(analysis.ratioChartProperty()));
        analysisCharts.put(ChartKind.SUPPLY, ChartDrawing.of(analysis.supplyChartProperty()));
        this.exports = exports;
        TabPane top = new TabPane(
                tab(ChartKind.TMAX, analysisCharts.get(ChartKind.TMAX)),
                tab(ChartKind.MAP, analysisCharts.get(ChartKind.MAP)),
                tab(ChartKind.RATIO, analysisCharts.get(ChartKind.RATIO)));
        top.setId("chartsTop");
        TabPane bottom = new TabPane(
                tab(ChartKind.SUPPLY, analysisCharts.get(ChartKind.SUPPLY)),
                tab(ChartKind.GANTT, simulationCharts.gantt()),
                tab(ChartKind.CDF, simulationCharts.cdf()));
        bottom.setId("chartsBottom");
        for (TabPane p : List.of(top, bottom)) {
            tabRow(p);
        }
        CheckBox norm = new CheckBox("Tmax / T1");
        norm.setId("normalized");
        norm.selectedProperty().bindBidirectional(analysis.normalizedProperty());
        ((VBox) tabs.get(ChartKind.TMAX).getContent()).getChildren().add(0, new HBox(8, norm));
        ((VBox) tabs.get(ChartKind.GANTT).getContent()).getChildren().add(0, ganttWindow(simulation));
        ChartProposals.install(this, viewers, tabs, analysisCharts, clicks);
        getItems().addAll(top, bottom);
        setOrientation(Orientation.VERTICAL);
        setId("charts");
        opacityProperty().bind(Bindings.when(analysis.stateProperty().isEqualTo(AnalysisViewModel.State.CURRENT))
                .then(1.0).otherwise(0.45));
    }

    /** Readies a row of chart tabs: remembers the tab clicked, no closing, titles that fit. */
    private void tabRow(TabPane p) {
        // the tab the user last clicked (its title or its chart), in either row, is what present
        // mode opens on (F11); a tab selected by the program (an example opened, a run) is not
        p.addEventFilter(MouseEvent.MOUSE_RELEASED,
                e -> lastChosen = p.getSelectionModel().getSelectedItem());
        p.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        p.setMinSize(0, 0);
        // every title whole at 1024x768 and at zoom 2: "Step-throu" hid behind the row's menu (issue 19)
        FittingTabs.install(p);
    }

    /**
     * The time window of the trace the Gantt chart shows, over the chart: from, to and Show. It
     * was in the Simulation tab, where its row cost the middle column the height the task editor
     * needed at 1024x768 (issue 19).
     */
    private static FlowPane ganttWindow(SimulationViewModel simulation) {
        TextField from = new TextField();
        from.setId("ganttFrom");
        from.setPrefColumnCount(4);
        from.textProperty().bindBidirectional(simulation.windowFromProperty());
        TextField to = new TextField();
        to.setId("ganttTo");
        to.setPrefColumnCount(4);
        to.textProperty().bindBidirectional(simulation.windowToProperty());
        Button show = new Button("Show");
        show.setId("ganttZoom");
        show.setTooltip(new Tooltip("Show this time window of the trace in the Gantt chart"));
        show.setMinWidth(Region.USE_PREF_SIZE);
        show.setOnAction(e -> simulation.zoomGantt());
        from.setOnAction(e -> simulation.zoomGantt());
        to.setOnAction(e -> simulation.zoomGantt());
        Label fromLabel = new Label("Time from");
        fromLabel.setTooltip(new Tooltip("The time window of the trace the Gantt chart shows: from, to"));
        fromLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox first = new HBox(6, fromLabel, from);
        HBox second = new HBox(6, new Label("to"), to);
        for (HBox h : List.of(first, second)) {
            h.setAlignment(Pos.CENTER_LEFT);
        }
        FlowPane row = new FlowPane(8, 4, first, second, show);
        row.setId("ganttWindow");
        row.setPadding(new Insets(2, 6, 2, 6));
        return row;
    }

    /** The tab of chart {@code kind}, showing {@code chart}'s value as it changes, with its "?" and context menu. */
    private Tab tab(ChartKind kind, ObservableValue<JFreeChart> chart) {
        JFreeChart first = chart.getValue() == null ? ChartStyle.message(kind.title(), "Analysing…") : chart.getValue();
        fonts.put(kind, new ChartFonts(first));
        contrast.put(kind, new ChartContrast(first));
        ChartViewer viewer = ChartViewers.viewer(first);
        viewer.setId("chart-" + kind.id());
        viewer.setMinSize(0, 0);
        viewer.getCanvas().setTooltipEnabled(true);
        // JFreeChart-FX pans with Alt+drag, which many Linux desktops take for moving windows: Ctrl+drag too
        viewer.getCanvas().addMouseHandler(new PanHandlerFX("panCtrl", false, true, false, false));
        List<Range> home = follow(kind, viewer, chart);
        contextMenu(kind, viewer, home);
        viewers.put(kind, viewer);
        Node shown = kind.simulated() ? markedWhenStale(kind, viewer) : viewer;
        if (kind == ChartKind.GANTT) {
            // ten lanes under a legend of 3 rows were labelled in 7 to 8 pt: the lanes take their
            // height and the chart scrolls
            shown = ChartViewers.scrollingLanes(shown, viewer, chart);
        } else {
            // zoomed on a projector their titles, labels and legends left the map a 60 px strip and
            // the Tmax curve 85 px (issue 30, item 8): a chart scrolls instead
            shown = ChartViewers.scrollingPlot(shown, viewer, chart, MIN_PLOT);
        }
        Node content = ChartHelp.around(shown,
                kind.id(), kind.title(), topic -> guide.accept(topic));
        VBox box = new VBox(content);
        box.setMinSize(0, 0);
        VBox.setVgrow(content, Priority.ALWAYS);
        Tab t = new Tab(kind.title(), box);
        t.setId("tab-" + kind.id());
        tabs.put(kind, t);
        return t;
    }

    /**
     * Keeps {@code viewer} on {@code chart}'s latest value, its text scaled and its lines as the
     * others'; returns the axes' ranges as drawn (domain, range; empty for no XY plot), which
     * Reset zoom goes back to and which follow each new chart.
     */
    private List<Range> follow(ChartKind kind, ChartViewer viewer, ObservableValue<JFreeChart> chart) {
        List<Range> home = new ArrayList<>();
        Runnable remember = () -> {
            home.clear();
            if (viewer.getChart() != null && viewer.getChart().getPlot() instanceof XYPlot p && p.getDomainAxis() != null
                    && p.getRangeAxis() != null) {
                home.add(p.getDomainAxis().getRange());
                home.add(p.getRangeAxis().getRange());
            }
        };
        remember.run();
        chart.addListener((o, a, b) -> {
            if (b != null) {
                ChartFonts f = new ChartFonts(b);
                fonts.put(kind, f);
                f.scale(factor(kind));
                ChartContrast c = new ChartContrast(b);
                contrast.put(kind, c);
                c.apply(highContrast);
                viewer.setChart(b);
                remember.run();
            }
        });
        return home;
    }

    /** The viewer's context menu: JFreeChart's own items but its exports, then Reset zoom and our two exports. */
    private void contextMenu(ChartKind kind, ChartViewer viewer, List<Range> home) {
        MenuItem reset = new MenuItem("Reset zoom");
        reset.setOnAction(e -> {
            if (home.size() == 2 && viewer.getChart().getPlot() instanceof XYPlot p) {
                p.getDomainAxis().setRange(home.get(0));
                p.getRangeAxis().setRange(home.get(1));
            }
        });
        MenuItem exp = new MenuItem("Export this chart (PNG, SVG, PDF, LaTeX) at a chosen size…");
        exp.setOnAction(e -> exports.exportChart(kind));
        MenuItem csv = new MenuItem("Export this chart's data (CSV)…");
        csv.setOnAction(e -> exports.exportChartCsv(kind));
        // JFreeChart's own "Export As" writes without our size, fonts or atomic file handling: ours only
        viewer.getContextMenu().getItems().removeIf(i -> i.getText() != null && i.getText().startsWith("Export"));
        if (!viewer.getContextMenu().getItems().isEmpty()) {
            viewer.getContextMenu().getItems().add(new SeparatorMenuItem());
        }
        viewer.getContextMenu().getItems().addAll(reset, exp, csv);
    }

    /**
     * Puts the measured schedule of an imported trace ({@code measuredWindow}, null while there is
     * none) over the simulated Gantt chart in the Gantt tab, the two one above the other over the
     * same time window, dimmed with {@link #STALE_NOTE} while {@code stale}.
     */
    public void showMeasured(ObservableValue<GanttWindow> measuredWindow, ObservableBooleanValue stale) {
        ObservableValue<JFreeChart> measured = measuredWindow.map(MeasuredGantt::create);
        VBox box = (VBox) tabs.get(ChartKind.GANTT).getContent();
        Node simulated = box.getChildren().get(box.getChildren().size() - 1);
        ChartViewer viewer = ChartViewers.viewer(ChartStyle.message(MeasuredGantt.TITLE, ""));
        viewer.setId("chart-gantt-measured");
        viewer.setMinSize(0, 0);
        viewer.getCanvas().setTooltipEnabled(true);
        Label note = new Label(STALE_NOTE.replace("F5 to re-run", "import the trace again"));
        note.setId("traceStale");
        note.getStyleClass().add("stale-note");
        note.setMouseTransparent(true);
        note.visibleProperty().bind(stale);
        viewer.opacityProperty().bind(Bindings.when(stale).then(0.3).otherwise(1.0));
        StackPane stack = new StackPane(viewer, note);
        stack.setMinSize(0, 0);
        // its lanes keep a readable height and scroll, as the simulated chart's do
        ObjectProperty<JFreeChart> drawn = new SimpleObjectProperty<>(viewer.getChart());
        Node top = ChartViewers.scrollingLanes(stack, viewer, drawn);
        SplitPane both = new SplitPane();
        both.setId("ganttMeasuredSplit");
        both.setOrientation(Orientation.VERTICAL);
        both.setMinSize(0, 0);
        VBox.setVgrow(both, Priority.ALWAYS);
        Runnable place = () -> {
            JFreeChart c = measured.getValue();
            if (c == null) {
                both.getItems().clear();
                box.getChildren().set(box.getChildren().size() - 1, simulated);
                return;
            }
            measuredFonts = new ChartFonts(c);
            measuredFonts.scale(fontFactor);
            measuredContrast = new ChartContrast(c);
            measuredContrast.apply(highContrast);
            viewer.setChart(c);
            drawn.set(c);
            if (!box.getChildren().contains(both)) {
                box.getChildren().set(box.getChildren().size() - 1, both);
                both.getItems().setAll(top, simulated);
                both.setDividerPositions(0.5);
            }
        };
        measured.addListener((o, a, b) -> place.run());
        place.run();
    }

    /** The measured Gantt chart's text and lines ({@link #showMeasured}), scaled and thickened with the others; null before one. */
    private ChartFonts measuredFonts;
    private ChartContrast measuredContrast;

    /** The chart dimmed, with {@link #STALE_NOTE} on top, while the simulation result is stale. */
    private StackPane markedWhenStale(ChartKind kind, ChartViewer viewer) {
        ObservableBooleanValue stale = simulation.staleProperty();
        Label note = new Label(STALE_NOTE);
        note.setId("simStale-" + kind.id());
        note.getStyleClass().add("stale-note");
        note.setMouseTransparent(true);
        note.visibleProperty().bind(stale);
        viewer.opacityProperty().bind(Bindings.when(stale).then(0.3).otherwise(1.0));
        StackPane pane = new StackPane(viewer, note);
        pane.setMinSize(0, 0);
        StackPane.setAlignment(note, Pos.CENTER);
        return pane;
    }

    private double factor(ChartKind kind) {
        return fontFactor * factors.getOrDefault(kind, 1.0);
    }

    /** Scales the text of every chart to {@code factor} times the factories' sizes (the window's zoom). */
    public void setFontFactor(double factor) {
        fontFactor = factor;
        fonts.forEach((k, f) -> f.scale(factor(k)));
        if (measuredFonts != null) {
            measuredFonts.scale(factor);
        }
    }

    /** View > High Contrast: every chart's lines thicker and its grid darker, or as the factories drew them. */
    public void setHighContrast(boolean on) {
        highContrast = on;
        contrast.values().forEach(c -> c.apply(on));
        if (measuredContrast != null) {
            measuredContrast.apply(on);
        }
    }

    /** Scales one chart's text by {@code extra} on top of the zoom (present mode); 1 undoes it. */
    void setExtraFactor(ChartKind kind, double extra) {
        factors.put(kind, extra);
        fonts.get(kind).scale(factor(kind));
    }

    /**
     * Runs {@code export} with every chart at the factories' font sizes, so an export does not
     * carry the screen's zoom; the zoom comes back after.
     */
    public void atBaseFonts(Runnable export) {
        fonts.values().forEach(f -> f.scale(1));
        try {
            export.run();
        } finally {
            fonts.forEach((k, f) -> f.scale(factor(k)));
        }
    }

    /** The tab of that chart (present mode borrows its content). */
    Tab tab(ChartKind kind) {
        return tabs.get(kind);
    }

    /** The chart of the tab chosen last, or null: none chosen yet, or the last was not a chart's (Step-through). */
    public ChartKind lastChosenChart() {
        return tabs.entrySet().stream().filter(e -> e.getValue() == lastChosen).map(Map.Entry::getKey).findFirst().orElse(null);
    }

    /** Whether the tab chosen last is one added beside the charts ({@link #addBottomTab}: Step-through). */
    public boolean lastChosenExtra() {
        return lastChosen != null && !tabs.containsValue(lastChosen);
    }

    /** Brings the tab of that chart to the front of its tab pane. */
    public void show(ChartKind kind) {
        Tab t = tabs.get(kind);
        if (t != null && t.getTabPane() != null) {
            t.getTabPane().getSelectionModel().select(t);
        }
    }

    /** What the "?" on each chart does with the chart's title: open the guide at its paragraph. */
    public void setGuide(Consumer<String> open) {
        guide = open;
    }

    /** Adds a tab that is not a chart (the Step-through view) beside the simulation charts. */
    public void addBottomTab(Tab extra) {
        Tab gantt = tabs.get(ChartKind.GANTT);
        if (gantt != null && gantt.getTabPane() != null) {
            gantt.getTabPane().getTabs().add(extra);
        }
    }

    /** The chart currently shown for {@code kind}. */
    public JFreeChart chart(ChartKind kind) {
        return viewers.get(kind).getChart();
    }

    /** The viewer of {@code kind} (present mode borrows its chart). */
    ChartViewer viewer(ChartKind kind) {
        return viewers.get(kind);
    }
}

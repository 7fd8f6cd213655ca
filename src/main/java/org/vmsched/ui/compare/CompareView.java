package org.vmsched.ui.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.vmsched.chart.ChartFonts;
import org.vmsched.chart.ChartStyle;
import org.vmsched.chart.GanttChartFactory;
import org.vmsched.chart.SharedTimeAxis;
import org.vmsched.model.Scenario;
import org.vmsched.text.Format;
import org.vmsched.ui.Background;
import org.vmsched.ui.ChartViewers;
import org.vmsched.ui.FxDialogs;
import org.vmsched.ui.analysis.PresentView;

/**
 * The Compare Global vs Partitioned dialog (Tools menu, issue 32 item 3): the two placements side by
 * side, each with its verdicts and table of VMs and tasks, and the two Gantt charts one above the
 * other on one time axis. It binds to a {@link CompareViewModel}, which runs on open and on Compare
 * off the FX thread, with its progress and Cancel. One dialog per main window; Close and Esc close
 * it; opened in present mode, its text and charts are in present mode's large type. FX thread only.
 */
public final class CompareView extends BorderPane {

    private static final Background WORKER = Background.daemon("vmsched-compare");

    /** The owner window's property holding its open dialog. */
    private static final String OPEN = "vmsched.compareDialog";

    /** Chart text factor while the main window presents (as present mode's charts). */
    private static final double PRESENT = PresentView.CHART_FONT_FACTOR;

    /**
     * The tables' share of the height in present mode (a third otherwise): room for five rows whole at
     * 1024×768 under the sides' titles and verdicts, wrapped to two lines each, and the legend line.
     */
    private static final double PRESENT_TABLES = 0.66;

    private final CompareViewModel model;
    private final double chartFonts;
    private final SplitPane split = new SplitPane();
    private final Label legend = new Label(CompareColumns.LEGEND);
    /** The two tables' columns, worded alike. */
    private final List<CompareColumns> alike = new ArrayList<>();
    /** Opened in present mode: the legend line is shown with short titles. */
    private boolean presenting;
    /** Compare, its progress and Cancel; in present mode Close too, on the right (a line more for the tables). */
    private final BorderPane headRow = new BorderPane();
    private final ChartViewer globalChart = ChartViewers.viewer(ChartStyle.message("Global EDF", "Computing…"));
    private final ChartViewer partitionedChart = ChartViewers.viewer(ChartStyle.message("Partitioned", "Computing…"));
    private final ObjectProperty<JFreeChart> globalGantt =
            new SimpleObjectProperty<>(globalChart.getChart());
    private final ObjectProperty<JFreeChart> partitionedGantt =
            new SimpleObjectProperty<>(partitionedChart.getChart());

    CompareView(CompareViewModel model, double chartFonts) {
        this.model = model;
        this.chartFonts = chartFonts;
        setPadding(new Insets(10));
        setTop(head());
        setCenter(center());
        setBottom(closeBar());
        ChangeListener<CompareViewModel.Side> shown = (o, a, b) -> showCharts();
        model.globalProperty().addListener(shown);
        model.partitionedProperty().addListener(shown);
    }

    /** The top: Compare, its progress and Cancel, over the status line. */
    private VBox head() {
        Button compare = new Button("Compare");
        compare.setId("compareRun");
        compare.disableProperty().bind(model.runningProperty());
        compare.setOnAction(e -> model.run());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("compareProgress");
        busy.visibleProperty().bind(model.runningProperty());
        busy.progressProperty().bind(model.progressProperty());
        busy.setPrefSize(24, 24);
        Button cancel = new Button("Cancel");
        cancel.setId("compareCancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Label status = new Label();
        status.setId("compareStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        FlowPane buttons = new FlowPane(10, 6, compare, busy, cancel);
        for (Node n : buttons.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        headRow.setCenter(buttons);
        VBox head = new VBox(6, headRow, status);
        head.setPadding(new Insets(0, 0, 8, 0));
        return head;
    }

    /** The middle: the two sides' verdicts and tables over the two Gantt charts. */
    private SplitPane center() {
        HBox sides = new HBox(10, side("Global", model.globalProperty()), side("Partitioned", model.partitionedProperty()));
        for (Node n : sides.getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
        }
        globalChart.setId("compareGlobalGantt");
        partitionedChart.setId("comparePartitionedGantt");
        // each chart scrolls when its lanes need more height than its half has (present mode's type):
        // the lane labels keep their font rather than shrink
        ScrollPane globalLanes = ChartViewers.scrollingLanes(globalChart, globalChart, globalGantt);
        ScrollPane partitionedLanes = ChartViewers.scrollingLanes(partitionedChart, partitionedChart, partitionedGantt);
        VBox charts = new VBox(6, globalLanes, partitionedLanes);
        for (ScrollPane pane : List.of(globalLanes, partitionedLanes)) {
            VBox.setVgrow(pane, Priority.ALWAYS);
        }
        legend.setId("compareLegend");
        legend.setWrapText(true);
        legend.setMinHeight(Region.USE_PREF_SIZE);
        legend.setStyle("-fx-font-size: 0.85em;");
        showLegend();
        VBox tables = new VBox(4, sides, legend);
        VBox.setVgrow(sides, Priority.ALWAYS);
        split.getItems().setAll(tables, charts);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.34);
        return split;
    }

    /**
     * Present mode's layout: Close moves from its own line at the bottom to the right of Compare and
     * Cancel (a line more for the tables), and short titles come with their legend line.
     */
    private void present() {
        Node close = ((HBox) getBottom()).getChildren().get(0);
        setBottom(null);
        headRow.setRight(close);
        presenting = true;
        showLegend();
    }

    private void showLegend() {
        // while the titles are short, the legend line says to an audience what they mean (the titles'
        // tooltips say it to a user, who keeps the table's rows)
        boolean shown = presenting && alike.stream().anyMatch(c -> c.fitProperty().get() != CompareColumns.Fit.FULL);
        legend.setVisible(shown);
        legend.setManaged(shown);
    }

    /** The bottom: Close (Esc), on the right. */
    private HBox closeBar() {
        Button close = new Button("Close");
        close.setId("compareClose");
        close.setCancelButton(true);
        close.setOnAction(e -> {
            if (getScene() != null && getScene().getWindow() != null) {
                getScene().getWindow().hide();
            }
        });
        HBox bottom = new HBox(close);
        bottom.setAlignment(Pos.CENTER_RIGHT);
        bottom.setPadding(new Insets(8, 0, 0, 0));
        return bottom;
    }

    private VBox side(String name, ObservableValue<CompareViewModel.Side> side) {
        String id = name.toLowerCase(Locale.ROOT);
        Label title = new Label(name);
        title.setId("compare" + name + "Title");
        title.setStyle("-fx-font-weight: bold;");
        title.setWrapText(true);
        // a line more rather than "Global: Global EDF (Xen RTDS), ..." in present mode's type: the table gives way
        title.setMinHeight(Region.USE_PREF_SIZE);
        Label verdict = new Label();
        verdict.setId("compare" + name + "Verdict");
        verdict.setWrapText(true);
        verdict.setMinHeight(Region.USE_PREF_SIZE);
        TableView<CompareViewModel.Line> table = new TableView<>();
        table.setId("compare" + name + "Table");
        table.setPlaceholder(new Label("Computing…"));
        CompareColumns columns = new CompareColumns(table, verdict, alike);
        columns.fitProperty().addListener((o, a, b) -> showLegend());
        ChangeListener<CompareViewModel.Side> show = (o, a, s) -> {
            // "Global EDF (Xen RTDS), …" says it is global: not "Global: Global EDF" (a line more in present mode)
            title.setText(s == null ? name : s.title().startsWith(name) ? s.title() : name + ": " + s.title());
            verdict.setText(s == null ? "" : s.verdict());
            table.setItems(FXCollections.observableArrayList(s == null ? List.of() : s.lines()));
        };
        side.addListener(show);
        show.changed(side, null, side.getValue());
        VBox box = new VBox(4, title, verdict, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setId("compare-" + id);
        box.setMinWidth(0);
        box.setPrefWidth(100); // the two halves share the width equally
        return box;
    }

    /** Both Gantt charts once both are there: same fonts, same lane-axis width, one time range. */
    private void showCharts() {
        CompareViewModel.Side g = model.globalProperty().get();
        CompareViewModel.Side p = model.partitionedProperty().get();
        if (g == null || p == null) {
            return;
        }
        JFreeChart globalGanttChart = gantt(g);
        JFreeChart partitionedGanttChart = gantt(p);
        List<JFreeChart> charts = List.of(globalGanttChart, partitionedGanttChart);
        for (JFreeChart c : charts) {
            new ChartFonts(c).scale(chartFonts);
        }
        SharedTimeAxis.alignLanes(charts);
        SharedTimeAxis.linkTime(charts);
        globalChart.setChart(globalGanttChart);
        partitionedChart.setChart(partitionedGanttChart);
        globalGantt.set(globalGanttChart);
        partitionedGantt.set(partitionedGanttChart);
    }

    /** The Gantt chart of one side: its schedule from 0 to the time it shows first, titled with the side's title. */
    static JFreeChart gantt(CompareViewModel.Side side) {
        JFreeChart chart = GanttChartFactory.create(side.gantt(), 0, side.shown());
        chart.setTitle(side.title());
        return chart;
    }

    /**
     * Opens the dialog on {@code owner}'s {@code scenario} and runs the comparison, or brings the one
     * already open for {@code owner} to the front; {@code presenting}: the main window is in present mode.
     */
    public static CompareView open(Window owner, ObservableValue<Scenario> scenario, boolean presenting) {
        if (owner != null && owner.getProperties().get(OPEN) instanceof CompareView shown
                && shown.getScene() != null && shown.getScene().getWindow() instanceof Stage st && st.isShowing()) {
            st.setIconified(false);
            st.toFront();
            st.requestFocus();
            return shown;
        }
        double zoom = FxDialogs.zoomOf(owner);
        CompareView view = new CompareView(new CompareViewModel(scenario::getValue, Platform::runLater, WORKER),
                zoom * (presenting ? PRESENT : 1));
        ChangeListener<Scenario> changed = (o, a, b) -> view.model.scenarioChanged();
        scenario.addListener(changed);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Compare Global vs Partitioned — VMSched");
        Rectangle2D area = FxDialogs.room(owner);
        stage.setScene(new Scene(view, Math.min(1100 * zoom, area.getWidth() - 40), Math.min(760 * zoom, area.getHeight() - 60)));
        stage.setOnHidden(e -> {
            view.model.cancel(); // a closed dialog's run is no one's
            scenario.removeListener(changed);
            if (owner != null) {
                owner.getProperties().remove(OPEN, view);
            }
        });
        FxDialogs.closeOnEscape(stage);
        if (owner != null) {
            owner.getProperties().put(OPEN, view);
        }
        FxDialogs.showOwned(stage, owner);
        if (presenting) {
            // present mode's type for the tables and labels too, the main window's (.present, as the
            // Exercises window), and the screen to the dialog with most of its height to the tables: at 1.4
            // and a third of the height a table showed about two of its rows (issue 32)
            view.setStyle("-fx-font-size: " + Format.fixed(14 * zoom * PresentView.TEXT_FACTOR, 2) + "px;");
            stage.setMaximized(true);
            view.present();
            view.split.setDividerPositions(PRESENT_TABLES);
        }
        view.model.run();
        return view;
    }

    /** The dialog's model (for tests). */
    CompareViewModel model() {
        return model;
    }
}

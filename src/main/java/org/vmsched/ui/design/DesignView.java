package org.vmsched.ui.design;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.PropertyValueFactory;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vmsched.design.CurvePoint;
import org.vmsched.design.DesignConstraints;
import org.vmsched.design.InterfaceDesign;
import org.vmsched.model.Scenario;
import org.vmsched.ui.Background;
import org.vmsched.ui.FxDialogs;
import org.vmsched.text.Format;

/**
 * The Design dialog: proposes each VM's least-bandwidth interface (or a placement on cores), shows
 * the bandwidth-against-period curve of the selected VM with its optimum and why the optimum is at
 * its period (under a global host, why there is no curve), and applies the proposal
 * to the scenario as one undoable edit through {@code apply}. It binds to a {@link DesignViewModel},
 * which runs the design off the FX thread with its progress and Cancel. One dialog per main window
 * (opened again, it comes to the front), following the main window's scenario; Close and Esc
 * close it.
 */
public final class DesignView extends BorderPane {

    /** A row as JavaFX table cells read it (getters by name). */
    public static final class Cell {
        private final DesignOutcome.Row row;

        Cell(DesignOutcome.Row row) {
            this.row = row;
        }

        public String getVm() {
            return row.vm();
        }

        public String getNow() {
            return row.now();
        }

        public String getProposed() {
            return row.proposed();
        }
    }

    private static final Background WORKER = Background.daemon("vmsched-design");

    /** The owner window's property holding its open Design dialog. */
    private static final String OPEN = "vmsched.designDialog";

    private final TableView<Cell> table = new TableView<>();
    private final Label why = new Label();
    private final LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
    private final DesignViewModel model;

    DesignView(DesignViewModel model, Consumer<UnaryOperator<Scenario>> applyEdit) {
        this.model = model;
        setPadding(new Insets(10));
        setTop(toolbar(applyEdit));
        tableColumns();
        StackPane chartPane = curve();
        VBox.setVgrow(chartPane, Priority.ALWAYS);
        // why the selected VM's optimum is at its period (issue 30 item 7), under the table where it is read
        why.setId("designWhy");
        why.setWrapText(true);
        why.setMaxWidth(Double.MAX_VALUE);
        why.setMinHeight(Region.USE_PREF_SIZE);
        why.managedProperty().bind(why.textProperty().isNotEmpty());
        why.visibleProperty().bind(why.managedProperty());
        setCenter(new VBox(8, table, why, chartPane));
        setBottom(summaryBar());
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> showCurve(b.intValue()));
        model.outcomeProperty().addListener((o, a, b) -> show(b));
    }

    /** The top: place on cores and how many, Propose, its progress, Cancel and Apply. */
    private FlowPane toolbar(Consumer<UnaryOperator<Scenario>> applyEdit) {
        CheckBox place = new CheckBox("Also place the VMs on cores:");
        place.setId("designPlace");
        place.selectedProperty().bindBidirectional(model.placeProperty());
        Spinner<Integer> cores = new Spinner<>(1, 1024, model.coresProperty().get());
        cores.setId("designCores");
        cores.setEditable(true);
        cores.setPrefWidth(80);
        cores.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.coresProperty().set(b);
            }
        });
        Button propose = new Button("Propose");
        propose.setId("designPropose");
        propose.disableProperty().bind(model.runningProperty());
        propose.setOnAction(e -> model.propose());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("designProgress");
        busy.visibleProperty().bind(model.runningProperty());
        busy.progressProperty().bind(model.progressProperty());
        busy.setPrefSize(24, 24);
        // the design stops within one exact question; the dialog is usable at once
        Button cancel = new Button("Cancel");
        cancel.setId("designCancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Button apply = new Button("Apply as one edit");
        apply.setId("designApply");
        apply.disableProperty().bind(model.canApplyProperty().not());
        apply.setOnAction(e -> model.apply(applyEdit));
        // the controls wrap to a second line rather than cut their text ("Pro…" at zoom 2, issue 19)
        FlowPane top = new FlowPane(10, 6, place, cores, propose, busy, cancel, apply);
        for (Node n : top.getChildren()) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        top.setPadding(new Insets(0, 0, 8, 0));
        return top;
    }

    /** The table's columns: VM, its interface now and the one proposed. */
    private void tableColumns() {
        TableColumn<Cell, String> vm = new TableColumn<>("VM");
        vm.setCellValueFactory(new PropertyValueFactory<>("vm"));
        TableColumn<Cell, String> now = new TableColumn<>("Now");
        now.setCellValueFactory(new PropertyValueFactory<>("now"));
        now.setPrefWidth(260);
        TableColumn<Cell, String> proposed = new TableColumn<>("Proposed (least bandwidth)");
        proposed.setCellValueFactory(new PropertyValueFactory<>("proposed"));
        proposed.setPrefWidth(340);
        table.getColumns().add(vm);
        table.getColumns().add(now);
        table.getColumns().add(proposed);
        table.setId("designTable");
        table.setPrefHeight(180);
    }

    /** The bandwidth-against-period chart, with the note that says why there is no curve over it. */
    private StackPane curve() {
        chart.setId("designCurve");
        chart.setTitle("Least bandwidth C/T against T (selected VM)");
        chart.setCreateSymbols(false);
        chart.getXAxis().setLabel("VM period T");
        chart.getYAxis().setLabel("bandwidth C/T");
        // fixed ranges from the start (showCurve sets each VM's): an axis first laid out auto-ranged
        // (0 … 200) kept that width, and its label lay over the later tick labels (0.1 … 0.9)
        setRange((NumberAxis) chart.getXAxis(), NiceAxis.of(0, 1));
        setRange((NumberAxis) chart.getYAxis(), NiceAxis.of(0, 1));
        // a global design has no curve: the chart says why over its empty plot (as the main window's
        // Tmax chart does for a global scenario)
        Label curveNote = new Label();
        curveNote.setId("designCurveNote");
        curveNote.setWrapText(true);
        curveNote.setMaxWidth(440);
        curveNote.setStyle("-fx-background-color: rgba(255,255,255,0.9); -fx-padding: 8;");
        curveNote.textProperty().bind(model.curveNoteProperty());
        curveNote.visibleProperty().bind(model.curveNoteProperty().isNotEmpty());
        curveNote.managedProperty().bind(curveNote.visibleProperty());
        return new StackPane(chart, curveNote);
    }

    /** The bottom: the design's summary, then Close. */
    private HBox summaryBar() {
        Label summary = new Label();
        summary.setWrapText(true);
        summary.setId("designSummary");
        summary.textProperty().bind(model.summaryProperty());
        Button close = new Button("Close");
        close.setId("designClose");
        close.setMinWidth(Region.USE_PREF_SIZE);
        close.setOnAction(e -> getScene().getWindow().hide());
        summary.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(summary, Priority.ALWAYS);
        HBox bottom = new HBox(10, summary, close);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(8, 0, 0, 0));
        return bottom;
    }

    /** Widens the table's columns with the window's zoom, so their headers stay whole. */
    private void zoom(double factor) {
        double[] widths = {0, 260, 340};
        for (int i = 1; i < widths.length; i++) {
            table.getColumns().get(i).setPrefWidth(widths[i] * factor);
        }
    }

    private void show(DesignOutcome o) {
        table.setItems(FXCollections.observableArrayList(o == null ? List.of() : o.rows().stream().map(Cell::new).toList()));
        chart.getData().clear();
        why.setText("");
        if (o != null && !o.rows().isEmpty()) {
            table.getSelectionModel().select(0);
            showCurve(0);
        }
    }

    private void showCurve(int i) {
        chart.getData().clear();
        DesignOutcome o = model.outcomeProperty().get();
        why.setText(o == null ? "" : o.why(i));
        if (o == null || i < 0 || i >= o.designs().size()) {
            return;
        }
        InterfaceDesign d = o.designs().get(i);
        XYChart.Series<Number, Number> curve = new XYChart.Series<>();
        curve.setName(d.vm() + ": least C/T");
        for (CurvePoint p : d.curve()) {
            if (Double.isFinite(p.bandwidth())) {
                curve.getData().add(new XYChart.Data<>(p.period(), p.bandwidth()));
            }
        }
        double maxT = d.found() ? d.best().period() : 0;
        double maxBw = d.found() ? d.best().bandwidth() : 0;
        for (XYChart.Data<Number, Number> p : curve.getData()) {
            maxT = Math.max(maxT, p.getXValue().doubleValue());
            maxBw = Math.max(maxBw, p.getYValue().doubleValue());
        }
        // explicit ranges with 1-2-5 ticks that hold the optimum: every tick labelled, evenly; set
        // before the data so the axes are laid out for their own labels
        setRange((NumberAxis) chart.getXAxis(), NiceAxis.of(0, maxT));
        setRange((NumberAxis) chart.getYAxis(), NiceAxis.of(0, maxBw));
        chart.getData().add(curve);
        if (d.found()) {
            XYChart.Series<Number, Number> best = new XYChart.Series<>();
            best.setName(String.format(Locale.ROOT, "optimum T = %s, C/T = %s", Format.significant(d.best().period(), 6), Format.significant(d.best().bandwidth(), 6)));
            XYChart.Data<Number, Number> dot = new XYChart.Data<>(d.best().period(), d.best().bandwidth());
            // a dot of its own (the chart draws no symbols): seen even at the axis's edge (T = 1.00256 of 80)
            Circle mark = new Circle(5);
            mark.setId("designOptimum");
            mark.setStyle("-fx-fill: #d62728;");
            dot.setNode(mark);
            best.getData().add(dot);
            best.getData().add(new XYChart.Data<>(d.best().period(), 0));
            chart.getData().add(best);
        }
        chart.requestLayout();
    }

    private static void setRange(NumberAxis axis, NiceAxis r) {
        axis.setAutoRanging(false);
        axis.setLowerBound(r.lower());
        axis.setUpperBound(r.upper());
        axis.setTickUnit(r.tick());
    }

    /** {@link #open(Window, ObservableValue, Consumer)} on a scenario that does not change. */
    public static DesignView open(Window owner, Scenario scenario, Consumer<UnaryOperator<Scenario>> applyEdit) {
        return open(owner, new ReadOnlyObjectWrapper<>(scenario), applyEdit);
    }

    /**
     * Opens the dialog beside {@code owner} on its {@code scenario}, or brings the one already open
     * for {@code owner} to the front (issue 30: each Tools > Design Interfaces opened another);
     * {@code applyEdit} applies a proposal as one undoable edit.
     */
    public static DesignView open(Window owner, ObservableValue<Scenario> scenario, Consumer<UnaryOperator<Scenario>> applyEdit) {
        if (owner != null && owner.getProperties().get(OPEN) instanceof DesignView shown
                && shown.getScene() != null && shown.getScene().getWindow() instanceof Stage st && st.isShowing()) {
            st.setIconified(false);
            st.toFront();
            st.requestFocus();
            return shown;
        }
        DesignView view = new DesignView(new DesignViewModel(scenario::getValue, DesignConstraints.DEFAULT,
                Platform::runLater, WORKER), applyEdit);
        // the table's "Now" is the main window's scenario; a design of another goes (the model says why)
        ChangeListener<Scenario> changed = (o, a, b) -> view.model.scenarioChanged();
        scenario.addListener(changed);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Design Interfaces — VMSched");
        // 760×620 at zoom 1, or the main window less a margin on a 1024×768 projector
        Rectangle2D area = FxDialogs.room(owner);
        double zoom = FxDialogs.zoomOf(owner);
        view.zoom(zoom);
        stage.setScene(new Scene(view, Math.min(760 * zoom, area.getWidth() - 40), Math.min(620 * zoom, area.getHeight() - 60)));
        stage.setOnHidden(e -> {
            view.model.cancel(); // a closed dialog's design is no one's
            scenario.removeListener(changed);
            if (owner != null) {
                owner.getProperties().remove(OPEN, view);
            }
        });
        FxDialogs.closeOnEscape(stage);
        if (owner != null) {
            owner.getProperties().put(OPEN, view);
        }
        // sized and centred on the main window once shown: JavaFX 21 under openbox opened it at 200×200 top-left
        FxDialogs.showOwned(stage, owner);
        return view;
    }
}

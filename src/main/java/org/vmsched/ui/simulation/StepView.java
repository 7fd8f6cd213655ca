package org.vmsched.ui.simulation;

import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.vmsched.chart.ChartFonts;
import org.vmsched.text.Format;
import org.vmsched.ui.ChartViewers;
import org.vmsched.ui.help.ChartHelp;

/**
 * Stepping through a schedule, bound to a {@link StepViewModel}: Reset, Back, Step, Play/Pause
 * with a speed, the narration of the current instant, the Gantt chart so far and, beside it, the
 * position in the run and the narration of the instants so far. Play is a timer here that asks the ViewModel to advance by as many
 * instants as the speed has made due since the last frame. FX thread only.
 */
public final class StepView extends VBox {

    private final AnimationTimer timer;
    /** Play: the last frame's time (−1 before the first) and the instants due but not yet shown. */
    private long last = -1;
    private double due;
    /** Opens the guide at a paragraph (the "?" on the step chart); none until {@link #setGuide}. */
    private Consumer<String> guide = topic -> { };
    /** The step chart's text: the window's zoom times present mode's factor (1 in its tab). */
    private double zoomFactor = 1;
    private double presentFactor = 1;
    private ChartFonts fonts;
    private ChartViewer chart;
    /** The chart of the ViewModel's frame, kept here: the binding follows the frame only while referenced. */
    private final ObjectBinding<JFreeChart> drawn;
    /** The rows above and below the narration, which {@link #roomForNarration()} leaves their least height. */
    private final HBox controls;
    private GridPane body;
    /** Whether the instants so far wrap over several lines (present mode) or are cut to one (the tab). */
    private final BooleanProperty wrapEntries = new SimpleBooleanProperty(false);

    public StepView(StepViewModel vm) {
        setSpacing(6);
        setPadding(new Insets(6));
        getStyleClass().add("step-view");

        controls = controlRow(vm);
        Label status = statusLabel(vm);
        ScrollPane narrationPane = narrationPane(vm);
        drawn = SimulationCharts.step(vm);
        StackPane chartPane = chartPane(vm);
        ListView<String> history = history(vm, status);
        body = body(chartPane, status, history);
        getChildren().addAll(controls, narrationPane, body);

        timer = playTimer(vm);
        vm.playingProperty().addListener((o, a, on) -> {
            if (on) {
                last = -1;
                due = 0;
                timer.start();
            } else {
                timer.stop();
            }
        });
    }

    /** Reset, Back, Step, Play/Pause and the speed on a log scale. */
    private static HBox controlRow(StepViewModel vm) {
        Button reset = button("Reset", "stepReset", "Back to before t = 0", vm::reset);
        Button back = button("◀ Back", "stepBack", "One instant back (Shift+F6)", vm::back);
        back.disableProperty().bind(vm.canBackProperty().not());
        Button step = button("Step ▶", "stepForward", "One instant on (F6)", vm::step);
        step.disableProperty().bind(vm.atEndProperty());
        Button play = button("▶ Play", "stepPlay", "Play or pause (F7)", vm::togglePlay);
        play.textProperty().bind(Bindings.when(vm.playingProperty()).then("⏸ Pause").otherwise("▶ Play"));
        // the speed on a log scale: 1, 10, 100, 1000 instants per second evenly spaced
        Slider speed = new Slider(0, Math.log10(StepViewModel.MAX_SPEED), Math.log10(vm.speedProperty().get()));
        speed.setId("stepSpeed");
        speed.setPrefWidth(110);
        speed.setMinWidth(60);
        speed.valueProperty().addListener((o, a, b) -> vm.speedProperty().set(Math.pow(10, b.doubleValue())));
        Label speedLabel = new Label();
        speedLabel.setMinWidth(Region.USE_PREF_SIZE);
        speedLabel.textProperty().bind(Bindings.createStringBinding(
                () -> Format.fixed(vm.speedProperty().get(), 0) + "/s", vm.speedProperty()));
        speed.setTooltip(new Tooltip("Play speed: instants per second"));
        HBox controls = new HBox(6, reset, back, step, play, speed, speedLabel);
        controls.setAlignment(Pos.CENTER_LEFT);
        return controls;
    }

    /** Where the run is ("3 / 40"), wrapped over the instants so far. */
    private static Label statusLabel(StepViewModel vm) {
        Label status = new Label();
        status.setId("stepStatus");
        status.textProperty().bind(vm.statusProperty());
        // over the past steps, wrapped: beside the buttons a narrow window cut it to "3 / …"
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMaxWidth(Double.MAX_VALUE);
        return status;
    }

    /** The narration of the current instant, as tall as it is within {@link #roomForNarration()}, scrolling beyond. */
    private ScrollPane narrationPane(StepViewModel vm) {
        Label narration = new Label();
        narration.setId("stepNarration");
        narration.getStyleClass().add("step-narration");
        narration.setWrapText(true);
        narration.setMinHeight(Region.USE_PREF_SIZE);
        narration.setMaxWidth(Double.MAX_VALUE);
        narration.textProperty().bind(vm.narrationProperty());
        // the panel takes the height of the whole narration, so a projected step reads whole (a
        // teacher's trial: two lines of a step's four to six in present mode at 1024x768), within
        // what leaves the chart its lanes: a narration wrapped over four lines once squeezed the
        // Gantt below to about 35 px with 2 of its 4 lanes labelled (issue 19). Beyond that it scrolls.
        ScrollPane narrationPane = new ScrollPane(narration) {
            @Override
            public Orientation getContentBias() {
                return Orientation.HORIZONTAL;
            }

            @Override
            protected double computePrefHeight(double width) {
                Insets in = getInsets();
                double w = (width > 0 ? width : getWidth()) - in.getLeft() - in.getRight();
                double content = (w > 0 ? narration.prefHeight(w) : narration.prefHeight(-1)) + in.getTop() + in.getBottom();
                double least = narration.getFont().getSize() * 2.0;
                double room = roomForNarration();
                if (content <= room) {
                    return Math.max(least, content);
                }
                // scrolled: whole lines in view, not the top half of one
                Text probe = new Text("Xg");
                probe.setFont(narration.getFont());
                double line = probe.getLayoutBounds().getHeight();
                double frame = in.getTop() + in.getBottom() + narration.snappedTopInset() + narration.snappedBottomInset();
                return Math.max(least, frame + Math.floor((room - frame) / line) * line);
            }

            @Override
            protected double computeMinHeight(double width) {
                return computePrefHeight(width);
            }
        };
        narrationPane.setId("stepNarrationPane");
        narrationPane.setFitToWidth(true);
        narrationPane.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        narration.textProperty().addListener((o, a, b) -> narrationPane.requestLayout());
        return narrationPane;
    }

    /** The Gantt chart so far ({@link #drawn}), its text zoomed, dimmed while stale, its lanes scrolling, with its "?". */
    private StackPane chartPane(StepViewModel vm) {
        chart = ChartViewers.viewer(drawn.get());
        chart.setId("chart-step");
        chart.getCanvas().setTooltipEnabled(true);
        // its lane labels, axis and legend grow with the window's zoom and in present mode, as
        // every other chart's: they stayed about 10 px high on a projector (issue 19)
        fonts = drawn.get() == null ? null : new ChartFonts(drawn.get());
        drawn.addListener((o, a, b) -> {
            fonts = b == null ? null : new ChartFonts(b);
            if (fonts != null) {
                fonts.scale(zoomFactor * presentFactor);
            }
            chart.setChart(b);
        });

        // a run of an earlier revision of the scenario stays in view, dimmed and marked, as the Gantt tab's
        Label stale = new Label(StepViewModel.STALE_NOTE);
        stale.setId("stepStale");
        stale.getStyleClass().add("stale-note");
        stale.setWrapText(true);
        stale.setMouseTransparent(true);
        stale.visibleProperty().bind(vm.staleProperty());
        chart.opacityProperty().bind(Bindings.when(vm.staleProperty()).then(0.3).otherwise(1.0));
        // a global run's 7 lanes under a legend of 4 rows got about 4 px each at 1280x720: the
        // chart takes the height its lanes need and scrolls (the legend a scroll away)
        StackPane chartPane = ChartHelp.around(
                ChartViewers.scrollingLanes(new StackPane(chart, stale), chart,
                        drawn),
                "step", "Step-through", topic -> guide.accept(topic));
        // room for every lane's label (a core, a VM and its tasks: 4 to 6 lanes) at either projector size
        chartPane.setMinHeight(175);
        return chartPane;
    }

    /** The instants so far, the newest in view, one line each in the tab and wrapped in present mode. */
    private ListView<String> history(StepViewModel vm, Label status) {
        ListView<String> history = new ListView<>(vm.history());
        history.opacityProperty().bind(Bindings.when(vm.staleProperty()).then(0.5).otherwise(1.0));
        history.setId("stepHistory");
        // room for three lines of the font (26 px each at 14 px) always: below the chart the list
        // had no height at 1280x720 (issue 19)
        ObservableValue<Double> line = status.fontProperty().map(f -> Math.ceil(f.getSize() * 13 / 7));
        history.minHeightProperty().bind(Bindings.createDoubleBinding(() -> line.getValue() * 3 + 2, line));
        history.prefHeightProperty().bind(history.minHeightProperty());
        // one line per instant in the tab, cut with "…" (the whole line in its tooltip), so the
        // narrow list shows several; in present mode, where the list is wide, each instant wraps
        // over the lines it takes: cut, a projected step read "t = 4: VM1's budget is spe…" (issue
        // 30, item 8). No sideways scrolling either way.
        history.setCellFactory(lv -> new ListCell<>() {
            {
                wrapTextProperty().bind(wrapEntries);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setTooltip(empty || item == null ? null : new Tooltip(item));
                setPrefWidth(0);
            }
        });
        // wrapped: on one line the narrow list cut it to "The instants you s..." (issue 19)
        Label empty = new Label("The instants you step through are listed here.");
        empty.setWrapText(true);
        empty.setTextAlignment(TextAlignment.CENTER);
        empty.setPadding(new Insets(0, 6, 0, 6));
        history.setPlaceholder(empty);
        // the newest line in view, as in a log; also when the list changes height (the narration
        // above grows and shrinks with each step) or moves into present mode and back
        Runnable newest = () -> {
            if (!vm.history().isEmpty()) {
                // after the ListView has taken the change in
                Platform.runLater(() -> history.scrollTo(Math.max(0, vm.history().size() - 1)));
            }
        };
        vm.history().addListener((ListChangeListener<String>) c -> newest.run());
        history.heightProperty().addListener((o, a, b) -> newest.run());
        history.sceneProperty().addListener((o, a, b) -> newest.run());
        return history;
    }

    /** The chart and, beside it, where the run is and the instants so far. */
    private static GridPane body(StackPane chartPane, Label status, ListView<String> history) {
        // the Gantt and, beside it, where the run is and the instants so far: stacked below the
        // chart at 1280x720 they cut its legend and left the list no height (issue 19)
        Label pastTitle = new Label("Instants so far");
        pastTitle.setMinHeight(Region.USE_PREF_SIZE);
        VBox side = new VBox(6, status, pastTitle, history);
        VBox.setVgrow(history, Priority.ALWAYS);
        side.setMinWidth(0);
        GridPane body = new GridPane();
        body.setId("stepBody");
        body.setHgap(6);
        body.add(chartPane, 0, 0);
        body.add(side, 1, 0);
        ColumnConstraints chartColumn = new ColumnConstraints();
        chartColumn.setPercentWidth(62);
        ColumnConstraints sideColumn = new ColumnConstraints();
        sideColumn.setPercentWidth(38);
        body.getColumnConstraints().addAll(chartColumn, sideColumn);
        RowConstraints row = new RowConstraints();
        row.setVgrow(Priority.ALWAYS);
        row.setFillHeight(true);
        body.getRowConstraints().add(row);
        VBox.setVgrow(body, Priority.ALWAYS);
        return body;
    }

    /** Play's timer: on each frame, the instants the speed has made due since the last (the first at once). */
    private AnimationTimer playTimer(StepViewModel vm) {
        return new AnimationTimer() {
            @Override
            public void handle(long nanos) {
                if (!vm.playingProperty().get()) {
                    return;
                }
                if (last < 0) {
                    last = nanos;
                    vm.step(); // the first instant at once: Play answers the click
                    return;
                }
                due += (nanos - last) / 1e9 * vm.speedProperty().get();
                last = nanos;
                int n = (int) Math.floor(due);
                if (n > 0) {
                    due -= n;
                    vm.advance(n);
                }
            }
        };
    }

    /**
     * The most the narration may take: what the view's height leaves over the controls and the
     * least height of the chart and the instants so far, and never more than half the view.
     */
    private double roomForNarration() {
        double h = getHeight() - snappedTopInset() - snappedBottomInset();
        if (h <= 0 || body == null) {
            return Double.MAX_VALUE; // not laid out yet: ask for it all, the layout comes back
        }
        double left = h - controls.prefHeight(-1) - body.minHeight(getWidth()) - 2 * getSpacing();
        return Math.min(left, h / 2);
    }

    /** Scales the step chart's text to {@code factor} times the factory's sizes (the window's zoom). */
    public void setFontFactor(double factor) {
        zoomFactor = factor;
        rescale();
    }

    /** Scales the step chart's text by {@code extra} on top of the zoom (present mode); 1 undoes it. */
    public void setPresentFactor(double extra) {
        presentFactor = extra;
        wrapEntries.set(extra > 1);
        rescale();
    }

    private void rescale() {
        if (fonts != null) {
            fonts.scale(zoomFactor * presentFactor);
            chart.getCanvas().draw();
        }
    }

    /** What the "?" on the step chart does with "Step-through": open the guide at its paragraph. */
    public void setGuide(Consumer<String> open) {
        guide = open;
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> action.run());
        return b;
    }
}

package org.vmsched.ui.simulation;

import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * The simulation controls (horizon, mode, policies, Run and Cancel, progress and summary), bound
 * to a {@link SimulationViewModel}. FX thread only.
 */
public final class SimulationView extends VBox {

    private static <E> StringConverter<E> names(Function<E, String> name) {
        return new StringConverter<>() {
            @Override
            public String toString(E e) {
                return e == null ? "" : name.apply(e);
            }

            @Override
            public E fromString(String s) {
                return null; // not editable
            }
        };
    }

    /** A label and its control side by side, never wrapped apart or squeezed below their preferred width. */
    private static HBox pair(String label, Control control, String tip) {
        Label l = new Label(label);
        l.setMinWidth(Region.USE_PREF_SIZE);
        control.setMinWidth(Region.USE_PREF_SIZE);
        if (tip != null) {
            Tooltip t = new Tooltip(tip);
            t.setWrapText(true); // a sentence, not a line across the screen
            t.setMaxWidth(480);
            Tooltip.install(l, t);
        }
        HBox box = new HBox(6, l, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    public SimulationView(SimulationViewModel vm, Runnable run) {
        setSpacing(4); // compact: the panel and the verdict table split the middle column
        setPadding(new Insets(4, 6, 4, 6));
        TextField horizon = horizonField(vm);
        ComboBox<SimulationMode> mode = new ComboBox<>();
        mode.setId("simMode");
        mode.getItems().setAll(SimulationMode.values());
        mode.setConverter(names(SimulationMode::jsonName));
        mode.valueProperty().bindBidirectional(vm.modeProperty());
        ComboBox<ServerPolicy> server = new ComboBox<>();
        server.setId("simServerPolicy");
        server.getItems().setAll(ServerPolicy.values());
        server.setConverter(names(ServerPolicy::jsonName));
        server.valueProperty().bindBidirectional(vm.serverPolicyProperty());
        ComboBox<MissPolicy> miss = new ComboBox<>();
        miss.setId("simMissPolicy");
        miss.getItems().setAll(MissPolicy.values());
        miss.setConverter(names(MissPolicy::jsonName));
        miss.valueProperty().bindBidirectional(vm.missPolicyProperty());

        horizon.setPrefColumnCount(7); // two selectors a row in a 1024-wide window
        // label and control stay together and the pairs wrap, so a narrow panel shows every selector
        FlowPane g = new FlowPane(12, 4,
                pair("Horizon", horizon, null),
                pair("Mode", mode, "synchronous: every release at its offset; "
                        + "worst-case: each VM (under Global EDF each vCPU) alone under the least supply the analysis"
                        + " reads (THEORY.md §2, §15.12; deferrable vCPUs: the periodic pattern their analysis reads, §15.14)"),
                pair("Server", server, "Server policy of the VMs (periodic, deferrable, …)"),
                pair("On a miss", miss, null));

        HBox buttons = runControls(vm, horizon, run);
        Label status = new Label();
        status.setId("simStatus");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());

        // the Gantt's time window (from, to, Show) is over the Gantt chart (ChartsView): this panel
        // is in the middle column, under the task editor and the verdicts (issue 19)
        getChildren().addAll(g, buttons, status);
    }

    /** The horizon, applied on Enter and when the field loses the focus; red with its problem as the tooltip. */
    private static TextField horizonField(SimulationViewModel vm) {
        TextField horizon = new TextField();
        horizon.setId("simHorizon");
        horizon.setPromptText("default: hyperperiod");
        horizon.setText(vm.horizonProperty().get());
        vm.horizonProperty().addListener((o, a, b) -> {
            if (!b.equals(horizon.getText())) {
                horizon.setText(b);
            }
        });
        horizon.setOnAction(e -> vm.horizonProperty().set(horizon.getText()));
        horizon.focusedProperty().addListener((o, a, f) -> {
            if (!f) {
                vm.horizonProperty().set(horizon.getText());
            }
        });
        vm.horizonErrorProperty().addListener((o, a, b) -> {
            horizon.getStyleClass().remove("invalid");
            horizon.setTooltip(null);
            if (b != null) {
                horizon.getStyleClass().add("invalid");
                horizon.setTooltip(new Tooltip(b));
            }
        });
        return horizon;
    }

    /** Run (applying the horizon typed), Cancel and the progress bar. */
    private static HBox runControls(SimulationViewModel vm, TextField horizon, Runnable run) {
        Button runButton = new Button("Run");
        runButton.setId("simRun");
        runButton.setDefaultButton(false);
        runButton.setOnAction(e -> {
            vm.horizonProperty().set(horizon.getText());
            run.run();
        });
        runButton.disableProperty().bind(vm.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("simCancel");
        cancel.disableProperty().bind(vm.runningProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar bar = new ProgressBar();
        bar.setId("simProgress");
        bar.progressProperty().bind(vm.progressProperty());
        bar.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        HBox buttons = new HBox(8, runButton, cancel, bar);
        return buttons;
    }
}

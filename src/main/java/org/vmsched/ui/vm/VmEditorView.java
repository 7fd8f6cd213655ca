package org.vmsched.ui.vm;

import javafx.collections.FXCollections;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vmsched.model.GuestScheduler;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * The "Selected VM" editor: a text field per VM field, the guest scheduler and the bandwidth
 * slider, bound to a {@link VmEditorViewModel}. The slider moves by 0.01 per arrow key (0.1 with
 * Shift). FX thread only.
 */
public final class VmEditorView extends VBox {

    public VmEditorView(VmEditorViewModel vm) {
        super(6);
        setId("vmEditor");
        GridPane g = new GridPane();
        g.setHgap(6);
        g.setVgap(3);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        g.getColumnConstraints().addAll(labels, fields);
        int row = 0;
        for (VmField f : VmField.values()) {
            TextField t = new TextField();
            t.setId("vm" + Character.toUpperCase(f.json.charAt(0)) + f.json.substring(1));
            t.setPrefColumnCount(7);
            t.setMinWidth(60);
            t.textProperty().bindBidirectional(vm.textProperty(f));
            t.disableProperty().bind(vm.disabledProperty());
            t.setOnAction(e -> vm.endEdit());
            t.focusedProperty().addListener((o, a, focused) -> {
                if (!focused) {
                    vm.endEdit();
                }
            });
            showProblem(t, vm.problemProperty(f).get());
            vm.problemProperty(f).addListener((o, a, p) -> showProblem(t, p));
            g.addRow(row++, new Label(label(f)), t);
        }
        ComboBox<GuestScheduler> scheduler = new ComboBox<>(FXCollections.observableArrayList(GuestScheduler.values()));
        scheduler.setId("vmScheduler");
        scheduler.valueProperty().bindBidirectional(vm.schedulerProperty());
        scheduler.disableProperty().bind(vm.disabledProperty());
        g.addRow(row++, new Label("Scheduler"), scheduler);

        Slider bandwidth = new Slider(VmEditorViewModel.MIN_ALPHA, 1, 0.5);
        bandwidth.setId("bandwidth");
        bandwidth.setBlockIncrement(VmEditorViewModel.STEP);
        bandwidth.setMinWidth(60);
        bandwidth.valueProperty().bindBidirectional(vm.bandwidthProperty());
        bandwidth.disableProperty().bind(vm.disabledProperty());
        vm.bandwidthChangingProperty().bind(bandwidth.valueChangingProperty());
        // the slider's own arrow keys add the block increment to an unrounded value; ours step onto 0.01s
        bandwidth.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            double step = e.isShiftDown() ? VmEditorViewModel.BIG_STEP : VmEditorViewModel.STEP;
            if (e.getCode() == KeyCode.RIGHT || e.getCode() == KeyCode.UP) {
                vm.stepBandwidth(step);
                e.consume();
            } else if (e.getCode() == KeyCode.LEFT || e.getCode() == KeyCode.DOWN) {
                vm.stepBandwidth(-step);
                e.consume();
            }
        });
        bandwidth.setTooltip(new Tooltip("Budget = α·T_VM. Arrow keys: ±0.01, with Shift ±0.1"));
        Label bandwidthLabel = new Label();
        bandwidthLabel.setId("bandwidthLabel");
        bandwidthLabel.textProperty().bind(vm.bandwidthTextProperty());
        bandwidthLabel.setMinWidth(Region.USE_PREF_SIZE);
        g.addRow(row, new Label("Bandwidth"), bandwidth);
        for (javafx.scene.Node n : g.getChildren()) {
            if (n instanceof Label l) {
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        Label title = new Label("Selected VM");
        title.getStyleClass().add("section");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        javafx.scene.layout.HBox.setHgrow(gap, Priority.ALWAYS);
        // α beside the title: one row less, so the editor fits a 720-pixel-high window
        javafx.scene.layout.HBox head = new javafx.scene.layout.HBox(8, title, gap, bandwidthLabel);
        head.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        getChildren().addAll(head, g);
    }

    private static void showProblem(TextField t, String problem) {
        t.getStyleClass().remove("invalid");
        t.setTooltip(null);
        if (problem != null) {
            t.getStyleClass().add("invalid");
            t.setTooltip(new Tooltip(problem));
        }
    }

    private static String label(VmField f) {
        return switch (f) {
            case NAME -> "Name";
            case PERIOD -> "Period T_VM";
            case BUDGET -> "Budget C_VM";
            case OVERHEAD -> "Overhead X";
            case CORE -> "Core";
            case PRIORITY -> "Priority (FP)";
            case OFFSET -> "Offset";
        };
    }
}

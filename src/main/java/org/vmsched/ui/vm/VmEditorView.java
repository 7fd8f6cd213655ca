package org.vmsched.ui.vm;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.document.ScenarioPaths;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * The "Selected VM" editor: a text field per VM field, the policy's own parameters
 * ({@link PolicyParamsView}), the guest scheduler and the bandwidth slider, bound to a
 * {@link VmEditorViewModel}. Only the fields the hypervisor policy uses are laid out (no budget
 * under Credit, a deadline under CBS); the rows are laid out again when the policy changes. The
 * slider moves by 0.01 per arrow key (0.1 with Shift). FX thread only.
 */
public final class VmEditorView extends VBox {

    private final VmEditorViewModel vm;
    private final GridPane g = new GridPane();
    private final Map<VmField, TextField> fields = new EnumMap<>(VmField.class);
    private final Map<VmField, Label> labels = new EnumMap<>(VmField.class);
    private final PolicyParamsView params;
    private final Label schedulerLabel = new Label("Scheduler");
    private final ComboBox<GuestScheduler> scheduler = new ComboBox<>();
    private final Label bandwidthRowLabel = new Label("Bandwidth");
    private final Slider bandwidth = new Slider(VmEditorViewModel.MIN_ALPHA, 1, 0.5);

    public VmEditorView(VmEditorViewModel vm) {
        super(6);
        this.vm = vm;
        setId("vmEditor");
        gridColumns();
        for (VmField f : VmField.values()) {
            fields.put(f, field(f));
            labels.put(f, new Label());
        }
        params = new PolicyParamsView(vm.params());
        schedulerBox();
        bandwidthSlider();
        Label bandwidthLabel = new Label();
        bandwidthLabel.setId("bandwidthLabel");
        bandwidthLabel.textProperty().bind(vm.bandwidthTextProperty());
        bandwidthRowLabel.textProperty().bind(vm.bandwidthRowTextProperty());
        bandwidthLabel.setMinWidth(Region.USE_PREF_SIZE);
        bandwidthLabel.visibleProperty().bind(vm.budgetedProperty());
        rebuild();
        vm.params().policyProperty().addListener((o, a, b) -> rebuild());
        vm.shownFieldsProperty().addListener((o, a, b) -> rebuild());
        getChildren().addAll(head(bandwidthLabel), g);
    }

    /** The grid's two columns: the labels at their width, the fields taking the rest. */
    private void gridColumns() {
        g.setHgap(6);
        g.setVgap(3);
        ColumnConstraints labelColumn = new ColumnConstraints();
        labelColumn.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fieldColumn = new ColumnConstraints();
        fieldColumn.setHgrow(Priority.ALWAYS);
        fieldColumn.setFillWidth(true);
        g.getColumnConstraints().addAll(labelColumn, fieldColumn);
    }

    /** The text field of VM field {@code f}: applied on Enter and on leaving it, Esc dropping its red text. */
    private TextField field(VmField f) {
        TextField t = new TextField();
        t.setId("vm" + Character.toUpperCase(f.json.charAt(0)) + f.json.substring(1));
        t.setPrefColumnCount(7);
        t.setMinWidth(60);
        t.textProperty().bindBidirectional(vm.textProperty(f));
        t.disableProperty().bind(vm.disabledProperty());
        t.setOnAction(e -> vm.endEdit());
        // Escape cancels the field's red text: dropped, the model shown (not consumed: present mode hears it)
        t.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.cancelEdit(f);
            }
        });
        t.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                vm.endEdit();
            }
        });
        String hint = f == VmField.VCPUS ? "Virtual CPUs, 1 to " + VirtualMachine.MAX_VCPUS
                + ", each a server with this period and budget" : null;
        showProblem(t, vm.problemProperty(f).get(), hint);
        vm.problemProperty(f).addListener((o, a, p) -> showProblem(t, p, hint));
        return t;
    }

    /** The guest scheduler: its short name in the box, red with its problem as the tooltip. */
    private void schedulerBox() {
        scheduler.setId("vmScheduler");
        // Global EDF / Global RM with several virtual CPUs, RM / EDF with one: the model refuses the others
        scheduler.setItems(vm.schedulerChoices());
        scheduler.setConverter(new StringConverter<>() {
            @Override
            public String toString(GuestScheduler g) {
                return VmEditorViewModel.schedulerTitle(g);
            }

            @Override
            public GuestScheduler fromString(String text) {
                return null;
            }
        });
        scheduler.setButtonCell(new FittingCell<>(VmEditorViewModel::schedulerNames));
        scheduler.valueProperty().bindBidirectional(vm.schedulerProperty());
        scheduler.disableProperty().bind(vm.disabledProperty());
        scheduler.setMaxWidth(Double.MAX_VALUE);
        Runnable schedulerTip = () -> {
            String p = vm.schedulerProblemProperty().get();
            scheduler.getStyleClass().remove("invalid");
            if (p != null) {
                scheduler.getStyleClass().add("invalid");
            }
            String note = vm.vcpusNoteProperty().get();
            scheduler.setTooltip(new Tooltip(p != null ? p
                    : "RM or EDF on one virtual CPU, Global EDF or Global RM over several"
                    + (note == null ? "" : ". " + note)));
        };
        schedulerTip.run();
        vm.schedulerProblemProperty().addListener((o, a, b) -> schedulerTip.run());
        vm.vcpusNoteProperty().addListener((o, a, b) -> schedulerTip.run());
    }

    /** The bandwidth slider, stepping onto hundredths with the arrow keys. */
    private void bandwidthSlider() {
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
    }

    /** The title with α beside it: one row less, so the editor fits a 720-pixel-high window. */
    private static HBox head(Label bandwidthLabel) {
        Label title = new Label("Selected VM");
        title.getStyleClass().add("section");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        // α beside the title: one row less, so the editor fits a 720-pixel-high window
        HBox head = new HBox(8, title, gap, bandwidthLabel);
        head.setAlignment(Pos.BASELINE_LEFT);
        return head;
    }

    /** Lays out the rows the current policy uses: VM fields, the policy's parameters, scheduler, bandwidth. */
    private void rebuild() {
        g.getChildren().clear();
        HypervisorPolicy policy = vm.params().policyProperty().get();
        List<VmField> shown = vm.shownFieldsProperty().get();
        int row = 0;
        for (VmField f : VmField.values()) {
            if (!shown.contains(f)) {
                continue;
            }
            labels.get(f).setText(label(f, policy));
            g.addRow(row++, labels.get(f), fields.get(f));
            if (f == VmField.BUDGET || f == VmField.NAME && !shown.contains(VmField.BUDGET)) {
                row = params.addRows(g, row); // the policy's own numbers beside the server's (CBS: P, Q, D)
            }
        }
        g.addRow(row++, schedulerLabel, scheduler);
        if (vm.budgetedProperty().get()) {
            g.addRow(row, bandwidthRowLabel, bandwidth);
        }
        for (Node n : g.getChildren()) {
            if (n instanceof Label l) {
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
    }

    private static void showProblem(TextField t, String problem, String hint) {
        t.getStyleClass().remove("invalid");
        t.setTooltip(hint == null ? null : new Tooltip(hint));
        if (problem != null) {
            t.getStyleClass().add("invalid");
            t.setTooltip(new Tooltip(problem));
        }
    }

    private static String label(VmField f, HypervisorPolicy shown) {
        HypervisorPolicy policy = shown == null ? HypervisorPolicy.EDF : shown; // none yet: the server's words
        // one list of labels, which the window's messages name the fields by too
        return ScenarioPaths.vmFieldLabel(f.json, policy);
    }
}

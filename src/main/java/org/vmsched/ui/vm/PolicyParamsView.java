package org.vmsched.ui.vm;

import java.util.EnumMap;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.main.PolicyParam;

/**
 * The controls of a {@link PolicyParamsViewModel}: a text field per parameter (id
 * {@code param-<json name>}, e.g. {@code #param-weight}, {@code #param-timeSlice}), with its
 * default as the prompt, red with the problem as its tooltip, else its meaning; and for the
 * hypervisor Credit's boost ({@code #hvBoost}) and the share preset ({@code #hvPreset}). The host
 * view lays out the rows of the current policy with {@link #addRows} whenever
 * {@link PolicyParamsViewModel#shown()} changes, so a policy shows its own parameters only. FX
 * thread only.
 */
public final class PolicyParamsView {

    private final PolicyParamsViewModel vm;
    private final Map<PolicyParam, TextField> fields = new EnumMap<>(PolicyParam.class);
    private final Map<PolicyParam, Label> labels = new EnumMap<>(PolicyParam.class);
    private final CheckBox boost = new CheckBox("Boost");
    private final ComboBox<HypervisorParams.Share.Preset> preset =
            new ComboBox<>(FXCollections.observableArrayList(HypervisorParams.Share.Preset.values()));
    private final javafx.scene.layout.HBox ratelimitAndBoost = new javafx.scene.layout.HBox(4);
    private final Label presetLabel = label("Preset");

    public PolicyParamsView(PolicyParamsViewModel vm) {
        this.vm = vm;
        preset.setMaxWidth(Double.MAX_VALUE);
        for (PolicyParam p : PolicyParam.values()) {
            if (p.hypervisorWide != vm.hypervisorWide()) {
                continue;
            }
            TextField t = new TextField();
            t.setId("param-" + p.json);
            t.setPrefColumnCount(7);
            t.setMinWidth(60);
            t.textProperty().bindBidirectional(vm.textProperty(p));
            t.promptTextProperty().bind(vm.promptProperty(p));
            t.disableProperty().bind(vm.disabledProperty());
            t.setOnAction(e -> vm.endEdit());
            t.focusedProperty().addListener((o, a, focused) -> {
                if (!focused) {
                    vm.endEdit();
                }
            });
            showProblem(t, p, vm.problemProperty(p).get());
            vm.problemProperty(p).addListener((o, a, problem) -> showProblem(t, p, problem));
            fields.put(p, t);
            labels.put(p, label(p.label));
        }
        if (vm.hypervisorWide()) {
            // boost beside the ratelimit, both rules of a waking VM's preemption, so Credit costs a row less
            javafx.scene.layout.HBox.setHgrow(fields.get(PolicyParam.RATELIMIT), javafx.scene.layout.Priority.ALWAYS);
            boost.setMinWidth(Region.USE_PREF_SIZE);
            fields.get(PolicyParam.RATELIMIT).setMinWidth(48); // with the check box, still inside a 1024-pixel window's pane
            ratelimitAndBoost.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            ratelimitAndBoost.getChildren().addAll(fields.get(PolicyParam.RATELIMIT), boost);
            boost.setId("hvBoost");
            boost.selectedProperty().bindBidirectional(vm.boostProperty());
            boost.setTooltip(new Tooltip("BOOST: a VM that wakes up with credit left runs before the UNDER and OVER"
                    + " VMs until the next tick (Xen's default: on)"));
            preset.setId("hvPreset");
            preset.valueProperty().bindBidirectional(vm.presetProperty());
            preset.setConverter(new StringConverter<>() {
                @Override
                public String toString(HypervisorParams.Share.Preset p) {
                    return p == null ? "" : switch (p) {
                        case ESXI -> "VMware ESXi";
                        case HYPERV -> "Hyper-V";
                        case CUSTOM -> "Custom";
                    };
                }

                @Override
                public HypervisorParams.Share.Preset fromString(String s) {
                    return null;
                }
            });
            preset.setTooltip(new Tooltip("Whose defaults: VMware ESXi (shares 1000, quantum 50 ms) or Hyper-V"
                    + " (relative weight 100, quantum 10 ms)"));
        }
    }

    /**
     * Adds a row (label, control) for each parameter of the current policy to {@code g} from
     * {@code row}; returns the next free row.
     */
    public int addRows(GridPane g, int row) {
        HypervisorPolicy p = vm.policyProperty().get();
        if (vm.hypervisorWide() && p == HypervisorPolicy.PROPORTIONAL_SHARE) {
            g.addRow(row++, presetLabel, preset);
        }
        for (PolicyParam x : vm.shown()) {
            g.addRow(row++, labels.get(x), x == PolicyParam.RATELIMIT ? ratelimitAndBoost : fields.get(x));
        }
        return row;
    }

    /** The field of {@code p}. */
    public TextField field(PolicyParam p) {
        return fields.get(p);
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static void showProblem(TextField t, PolicyParam p, String problem) {
        t.getStyleClass().remove("invalid");
        if (problem != null) {
            t.getStyleClass().add("invalid");
        }
        t.setTooltip(new Tooltip(problem != null ? problem : p.help));
    }
}

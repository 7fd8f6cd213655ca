package org.vmsched.ui.vm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSpec;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.ui.main.PolicyParam;

/**
 * The controls of a {@link PolicyParamsViewModel}, laid out from the policy's schema: a text field
 * per number (id {@code param-<json name>}, e.g. {@code #param-weight}), with its default as the
 * prompt, red with the problem as its tooltip, else its meaning; for the hypervisor a switch
 * ({@code #hv<Name>}, Credit's {@code #hvBoost}) beside the number before it and a choice
 * ({@code #hvPreset}) first. The host
 * view lays out the rows of the current policy with {@link #addRows} whenever
 * {@link PolicyParamsViewModel#shown()} changes, so a policy shows its own parameters only. FX
 * thread only.
 */
public final class PolicyParamsView {

    private final PolicyParamsViewModel vm;
    private final Map<PolicyParam, TextField> fields = new HashMap<>();
    private final Map<PolicyParam, Label> labels = new HashMap<>();
    private final CheckBox boost = new CheckBox();
    private final ComboBox<ProportionalSharePolicy.Preset> preset =
            new ComboBox<>(FXCollections.observableArrayList(ProportionalSharePolicy.Preset.values()));
    private final Label presetLabel = label("");

    public PolicyParamsView(PolicyParamsViewModel vm) {
        this.vm = vm;
        preset.setMaxWidth(Double.MAX_VALUE);
        if (vm.hypervisorWide()) {
            boost.setMinWidth(Region.USE_PREF_SIZE);
            boost.selectedProperty().bindBidirectional(vm.boostProperty());
            preset.valueProperty().bindBidirectional(vm.presetProperty());
            preset.setConverter(new StringConverter<>() {
                @Override
                public String toString(ProportionalSharePolicy.Preset p) {
                    return p == null ? "" : switch (p) {
                        case ESXI -> "VMware ESXi";
                        case HYPERV -> "Hyper-V";
                        case CUSTOM -> "Custom";
                    };
                }

                @Override
                public ProportionalSharePolicy.Preset fromString(String s) {
                    return null;
                }
            });
        }
    }

    /** The text field of {@code p}, made on first use from its schema entry (id {@code param-<json name>}). */
    private TextField make(PolicyParam p) {
        TextField t = new TextField();
        t.setId("param-" + p.json);
        t.setPrefColumnCount(7);
        t.setMinWidth(60);
        t.textProperty().bindBidirectional(vm.textProperty(p));
        t.promptTextProperty().bind(vm.promptProperty(p));
        t.disableProperty().bind(vm.disabledProperty());
        t.setOnAction(e -> vm.endEdit());
        // Escape cancels the field's red text: dropped, the model shown (not consumed: present mode hears it)
        t.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                vm.cancelEdit(p);
            }
        });
        t.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                vm.endEdit();
            }
        });
        showProblem(t, p, vm.problemProperty(p).get());
        vm.problemProperty(p).addListener((o, a, problem) -> showProblem(t, p, problem));
        labels.put(p, label(p.label));
        return t;
    }

    /**
     * Adds a row (label, control) for each parameter of the current policy to {@code g} from
     * {@code row}; returns the next free row.
     */
    public int addRows(GridPane g, int row) {
        HypervisorPolicy p = vm.policyProperty().get();
        if (p == null) {
            return row;
        }
        List<ParamSpec> specs = (vm.hypervisorWide() ? p.definition().hypervisorSchema() : p.definition().vmSchema()).params();
        for (ParamSpec spec : specs) {
            if (vm.hypervisorWide() && spec.kind() == ParamSpec.Kind.CHOICE) {
                // a choice of presets first: it chooses the defaults of the numbers below it
                presetLabel.setText(spec.label());
                preset.setId("hv" + capitalised(spec.name()));
                preset.setTooltip(new Tooltip(spec.help()));
                g.addRow(row++, presetLabel, preset);
            }
        }
        for (int i = 0; i < specs.size(); i++) {
            ParamSpec spec = specs.get(i);
            if (!spec.isNumber()) {
                continue;
            }
            PolicyParam x = PolicyParam.of(p, spec.name());
            TextField f = field(x);
            ParamSpec next = i + 1 < specs.size() ? specs.get(i + 1) : null;
            if (vm.hypervisorWide() && next != null && next.kind() == ParamSpec.Kind.BOOLEAN) {
                // a switch beside the number before it (Credit: boost beside the least run before a
                // preemption, both rules of a waking VM's preemption), so the policy costs a row less
                boost.setText(next.label());
                boost.setId("hv" + capitalised(next.name()));
                boost.setTooltip(new Tooltip(next.help()));
                HBox both = new HBox(4);
                HBox.setHgrow(f, Priority.ALWAYS);
                f.setMinWidth(48); // with the check box, still inside a 1024-pixel window's pane
                both.setAlignment(Pos.CENTER_LEFT);
                both.getChildren().addAll(f, boost);
                g.addRow(row++, labels.get(x), both);
            } else {
                g.addRow(row++, labels.get(x), f);
            }
        }
        return row;
    }

    private static String capitalised(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** The field of {@code p}. */
    public TextField field(PolicyParam p) {
        return fields.computeIfAbsent(p, this::make);
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

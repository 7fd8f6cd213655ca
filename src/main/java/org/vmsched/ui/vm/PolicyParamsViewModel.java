package org.vmsched.ui.vm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.ui.document.DraftField;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.PolicyParam;

/**
 * The policy parameters of one scope, as the window edits them: the selected VM's
 * ({@code hypervisorWide} false) or the hypervisor's, generated from the policy's schema (a
 * number is a text field; a switch such as Credit's boost and a choice such as the share preset
 * are set whole). {@link #shown()} lists the parameters of the scenario's
 * current policy only; each has a text bound both ways to its field, a problem in words
 * ("VM1: weight must be between 1 and 65535, got 0") and a prompt with its default. Typing goes
 * through {@link MainViewModel#setParamLive} like every other field: checked at once, applied
 * when valid, one undo step per field until {@link #endEdit()}. An empty field stands for the
 * documented default. Ui thread only.
 */
public final class PolicyParamsViewModel {

    private final MainViewModel main;
    private final boolean hypervisorWide;
    private final Map<PolicyParam, StringProperty> texts = new LinkedHashMap<>();
    private final Map<PolicyParam, DraftField<String>> fields = new LinkedHashMap<>();
    private final Map<PolicyParam, StringProperty> problems = new LinkedHashMap<>();
    private final Map<PolicyParam, StringProperty> prompts = new LinkedHashMap<>();
    private final ObservableList<PolicyParam> shown = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<HypervisorPolicy> policy = new ReadOnlyObjectWrapper<>();
    private final BooleanProperty disabled = new SimpleBooleanProperty(true);
    private final BooleanProperty boost = new SimpleBooleanProperty(true);
    private final ObjectProperty<ProportionalSharePolicy.Preset> preset = new SimpleObjectProperty<>();
    private final DraftField<Boolean> boostField;
    private final DraftField<ProportionalSharePolicy.Preset> presetField;

    public PolicyParamsViewModel(MainViewModel main, boolean hypervisorWide) {
        this.main = main;
        this.hypervisorWide = hypervisorWide;
        boostField = DraftField.choice(boost, this::setSwitch);
        presetField = DraftField.choice(preset, b -> {
            if (b != null) {
                setChoice(b.name());
            }
        });
        main.revisionProperty().addListener((o, a, b) -> refresh(false));
        main.inputResetProperty().addListener((o, a, b) -> refresh(true));
        if (!hypervisorWide) {
            main.selectedVmProperty().addListener((o, a, b) -> refresh(true));
        }
        refresh(true);
    }

    /** The text, problem and prompt properties of {@code p}, made on first use (a policy's parameters come from its schema). */
    private void properties(PolicyParam p) {
        if (texts.containsKey(p)) {
            return;
        }
        StringProperty text = new SimpleStringProperty("");
        texts.put(p, text);
        problems.put(p, new SimpleStringProperty());
        prompts.put(p, new SimpleStringProperty(""));
        // the model's text for the field is worked out by means(), which knows the draft and the default
        fields.put(p, new DraftField<>(text, (typed, model) -> vm() >= 0 && means(p, vm(), typed), b -> typed(p, b)));
    }

    /** The policy's switch (Credit's boost) set to {@code on}, as one step. */
    private void setSwitch(boolean on) {
        setHypervisorValue(ParamSpec.Kind.BOOLEAN, on);
    }

    /**
     * The policy's choice (the share preset) set to {@code name}, as one step; a number left at the
     * old choice's default follows the new one's, as a deadline follows its period.
     */
    private void setChoice(String name) {
        setHypervisorValue(ParamSpec.Kind.CHOICE, name);
    }

    /** The first hypervisor parameter of {@code kind} set to {@code x}; the numbers left at their defaults follow. */
    private void setHypervisorValue(ParamSpec.Kind kind, Object x) {
        Scenario s = main.scenario();
        HypervisorPolicy policy = s.hypervisor().policy();
        ParamSchema schema = policy.definition().hypervisorSchema();
        HypervisorParams hp = s.hypervisor().effectiveParams();
        if (hp == null) {
            return;
        }
        Map<String, Object> values = schema.values(hp);
        for (ParamSpec spec : schema.params()) {
            if (spec.kind() != kind || x.equals(values.get(spec.name()))) {
                continue;
            }
            Map<String, Object> oldDefaults = schema.values(policy.definition().hypervisorDefaults(values));
            Map<String, Object> changed = new LinkedHashMap<>(values);
            changed.put(spec.name(), x);
            Map<String, Object> newDefaults = schema.values(policy.definition().hypervisorDefaults(changed));
            for (ParamSpec other : schema.params()) {
                if (other != spec && Objects.equals(values.get(other.name()), oldDefaults.get(other.name()))) {
                    changed.put(other.name(), newDefaults.get(other.name()));
                }
            }
            main.setHypervisorParams(schema.hypervisor(policy, changed));
            return;
        }
    }

    /** The VM whose parameters are shown (−1: none); 0 for the hypervisor's. */
    private int vm() {
        Scenario s = main.scenario();
        if (hypervisorWide) {
            return 0;
        }
        int v = main.selectedVmProperty().get();
        return s != null && v >= 0 && v < s.vms().size() ? v : -1;
    }

    /** Whether {@code text} already says what the model (or the draft) holds at {@code p}. */
    private boolean means(PolicyParam p, int v, String text) {
        String draft = main.draftAt(p.path(v));
        if (draft != null) {
            return draft.equals(text);
        }
        String shown = p.shown(main.scenario(), v);
        if (shown.equals(text) || text == null) {
            return true;
        }
        Double x = p.value(main.scenario(), v);
        try {
            String t = text.trim();
            return t.isEmpty() ? x == null || x.equals(p.defaultValue(main.scenario()))
                    : x != null && Double.parseDouble(t) == x;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void typed(PolicyParam p, String text) {
        int v = vm();
        if (v < 0 || !main.scenario().hypervisor().policy().equals(p.policy)) {
            return;
        }
        main.setParamLive(p.path(v), text);
    }

    /** Shows the model; {@code all}: also a text that means the same value in other words ("256." for 256). */
    private void refresh(boolean all) {
        Scenario s = main.scenario();
        if (s == null) {
            return;
        }
        HypervisorPolicy current = s.hypervisor().policy();
        List<PolicyParam> now = PolicyParam.of(current, hypervisorWide);
        now.forEach(this::properties);
        if (!shown.equals(now)) {
            shown.setAll(now);
        }
        policy.set(current); // after shown: a View lays out its rows when the policy changes
        int v = vm();
        disabled.set(v < 0);
        for (Map.Entry<PolicyParam, DraftField<String>> e : fields.entrySet()) {
            PolicyParam p = e.getKey();
            DraftField<String> field = e.getValue();
            if (v < 0 || !p.policy.equals(current)) {
                field.showAnyway("");
                problems.get(p).set(null);
                continue;
            }
            prompts.get(p).set(p.prompt(s));
            String draft = main.draftAt(p.path(v));
            String model = draft != null ? draft : p.shown(s, v);
            if (all) {
                field.showAnyway(model);
            } else {
                field.show(model);
            }
            String problem = main.problemAt(p.path(v));
            problems.get(p).set(problem == null ? null : main.inWords(p.path(v)) + " " + problem);
        }
        HypervisorParams hp = s.hypervisor().effectiveParams();
        if (hypervisorWide && hp != null) {
            ParamSchema schema = current.definition().hypervisorSchema();
            Map<String, Object> values = schema.values(hp);
            for (ParamSpec spec : schema.params()) {
                if (spec.kind() == ParamSpec.Kind.BOOLEAN) {
                    boostField.show(Boolean.TRUE.equals(values.get(spec.name())));
                }
            }
        }
        presetField.show(ProportionalSharePolicy.preset(hp));
    }

    /** Ends a run of typing in a field (Enter or the field lost the focus): the texts show the model, or their red drafts. */
    public void endEdit() {
        main.endLiveEdit();
        refresh(true);
    }

    /** Escape in the field of {@code p}: its red text is dropped and the field shows the model again. */
    public void cancelEdit(PolicyParam p) {
        main.cancelLiveEdit(p.path(vm()));
        refresh(true);
    }

    /** The parameters of the current policy at this scope, in file order; the View shows these only. */
    public ObservableList<PolicyParam> shown() {
        return shown;
    }

    /** The scenario's hypervisor policy. */
    public ReadOnlyObjectProperty<HypervisorPolicy> policyProperty() {
        return policy.getReadOnlyProperty();
    }

    /** The text of {@code p}'s field, bound both ways; empty for its default. */
    public StringProperty textProperty(PolicyParam p) {
        properties(p);
        return texts.get(p);
    }

    /** The problem of {@code p} in words ("VM1: weight must be a whole number, got \"2.5\""), or null. */
    public StringProperty problemProperty(PolicyParam p) {
        properties(p);
        return problems.get(p);
    }

    /** The prompt of {@code p}'s empty field: its default with its unit ("256", "100 %", "10 ms"). */
    public StringProperty promptProperty(PolicyParam p) {
        properties(p);
        return prompts.get(p);
    }

    /** True when no VM is selected (VM scope only). */
    public BooleanProperty disabledProperty() {
        return disabled;
    }

    /** Credit's boost, bound both ways to a check box; applied as one step. */
    public BooleanProperty boostProperty() {
        return boost;
    }

    /** The proportional-share preset, bound both ways to a choice; applied as one step. */
    public ObjectProperty<ProportionalSharePolicy.Preset> presetProperty() {
        return preset;
    }

    /** True for the hypervisor-wide parameters, false for the selected VM's. */
    public boolean hypervisorWide() {
        return hypervisorWide;
    }
}

package org.vmsched.ui.vm;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.vmsched.model.GuestScheduler;
import org.vmsched.text.Format;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.document.DraftField;
import org.vmsched.ui.document.ScenarioCommands;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.main.MainViewModel.VmField;

/**
 * The "Selected VM" editor's state: one text per field, its problem, the scheduler and the
 * bandwidth α of the VM selected in a {@link MainViewModel}. A View binds its controls to these
 * properties both ways; typing is applied live (one undo step per field until {@link #endEdit()}),
 * and every change of the model shows here, Undo included.
 *
 * <p>A field's text is replaced by the model's value only when it does not already mean that
 * value, so "10." stays while it is typed, and a red draft stays when the field is left, the valid
 * prefixes typed on the way taken back ({@link MainViewModel#endLiveEdit()}; Escape drops it,
 * {@link #cancelEdit}); an undo, New, Open or the end of an edit replaces every text. Ui thread only.
 */
public final class VmEditorViewModel {

    /** The bandwidth slider's step for an arrow key; with Shift, {@link #BIG_STEP}. */
    public static final double STEP = 0.01;
    public static final double BIG_STEP = 0.1;
    /** The slider's range: α in [0.01, 1]. */
    public static final double MIN_ALPHA = 0.01;

    private final MainViewModel main;
    private final Map<VmField, StringProperty> texts = new EnumMap<>(VmField.class);
    private final Map<VmField, DraftField<String>> fields = new EnumMap<>(VmField.class);
    private final Map<VmField, StringProperty> problems = new EnumMap<>(VmField.class);
    private final BooleanProperty disabled = new SimpleBooleanProperty(true);
    private final ObjectProperty<GuestScheduler> scheduler = new SimpleObjectProperty<>();
    private final DraftField<GuestScheduler> schedulerField;
    private final DoubleProperty bandwidth = new SimpleDoubleProperty(0.5);
    private final BooleanProperty bandwidthChanging = new SimpleBooleanProperty(false);
    private final StringBinding bandwidthText;
    private final StringBinding bandwidthRowText;
    private final PolicyParamsViewModel params;
    private final BooleanProperty budgeted = new SimpleBooleanProperty(true);
    private final ObservableList<GuestScheduler> schedulerChoices =
            FXCollections.observableArrayList(GuestScheduler.RM, GuestScheduler.EDF);
    private final StringProperty schedulerProblem = new SimpleStringProperty();
    private final StringProperty vcpusNote = new SimpleStringProperty();
    private final ObjectProperty<List<VmField>> shownFields = new SimpleObjectProperty<>(List.of());

    public VmEditorViewModel(MainViewModel main) {
        this.main = main;
        for (VmField f : VmField.values()) {
            StringProperty text = new SimpleStringProperty("");
            texts.put(f, text);
            problems.put(f, new SimpleStringProperty());
            // the model's text is worked out by means(), which knows the draft
            fields.put(f, new DraftField<>(text, (typed, model) -> selected() != null && means(selected(), f, typed),
                    b -> typed(f, b)));
        }
        schedulerField = DraftField.choice(scheduler, b -> {
            if (selected() != null && b != null) {
                main.setVmScheduler(main.selectedVmProperty().get(), b);
            }
        });
        bandwidth.addListener((o, a, b) -> {
            if (!bandwidthChanging.get()) {
                commitBandwidth();
            }
        });
        bandwidthChanging.addListener((o, a, changing) -> {
            if (!changing) {
                commitBandwidth();
            }
        });
        bandwidthText = Bindings.createStringBinding(() -> "α = " + Format.fixed(
                selected() == null || bandwidthChanging.get() ? bandwidth.get() : selected().bandwidth(), 3),
                bandwidth, bandwidthChanging, main.revisionProperty(), main.selectedVmProperty());
        // a VM of several vCPUs: the slider and the header's α are each vCPU's (the verdict row says "2 vCPUs, α = 0.65 each")
        bandwidthRowText = Bindings.createStringBinding(() -> selected() != null && selected().vcpus() > 1 ? "α per vCPU" : "Bandwidth",
                main.revisionProperty(), main.selectedVmProperty());
        params = new PolicyParamsViewModel(main, false);
        budgeted.bind(Bindings.createBooleanBinding(() -> params.policyProperty().get() == null
                || params.policyProperty().get().usesBudget(), params.policyProperty()));
        main.revisionProperty().addListener((o, a, b) -> refresh(false));
        main.selectedVmProperty().addListener((o, a, b) -> refresh(true));
        main.inputResetProperty().addListener((o, a, b) -> refresh(true));
        refresh(true);
    }

    private VirtualMachine selected() {
        Scenario s = main.scenario();
        int v = main.selectedVmProperty().get();
        return s != null && v >= 0 && v < s.vms().size() ? s.vms().get(v) : null;
    }

    /** What the model holds for {@code f} of {@code m}, as the field shows it. */
    static String shown(VirtualMachine m, VmField f) {
        return switch (f) {
            case NAME -> m.name();
            case PERIOD -> Format.typed(m.period());
            case BUDGET -> Format.typed(m.budget());
            case OVERHEAD -> Format.typed(m.overhead());
            case CORE -> Integer.toString(m.core());
            case VCPUS -> Integer.toString(m.vcpus());
            case PRIORITY -> m.priority() == null ? "" : m.priority().toString();
            case OFFSET -> Format.typed(m.offset());
        };
    }

    /** Whether {@code text} already says what the model (or the draft) holds at {@code f}. */
    private boolean means(VirtualMachine m, VmField f, String text) {
        String draft = main.draftAt(MainViewModel.vmPath(main.selectedVmProperty().get(), f));
        if (draft != null) {
            return draft.equals(text);
        }
        String shown = shown(m, f);
        if (shown.equals(text)) {
            return true;
        }
        if (f == VmField.NAME || text == null) {
            return false;
        }
        try {
            return !shown.isEmpty() && Double.parseDouble(text.trim()) == Double.parseDouble(shown);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void typed(VmField f, String text) {
        if (selected() == null) {
            return;
        }
        main.setVmFieldLive(main.selectedVmProperty().get(), f, text);
    }

    /** Shows the model; {@code all}: also a text that means the same value in other words ("10." for 10). */
    private void refresh(boolean all) {
        VirtualMachine m = selected();
        disabled.set(m == null);
        int v = main.selectedVmProperty().get();
        HypervisorPolicy policy = main.scenario() == null ? HypervisorPolicy.EDF
                : main.scenario().hypervisor().policy();
        List<VmField> rows = fields(policy, m);
        if (!rows.equals(shownFields.get())) {
            shownFields.set(rows);
        }
        vcpusNote.set(policy.global() ? null : "One virtual CPU per VM under " + policy.title()
                + "; several need the hypervisor policy " + HypervisorPolicy.GLOBAL_EDF.title() + ".");
        List<GuestScheduler> choices = schedulers(m != null && m.multiVcpu());
        if (!choices.equals(schedulerChoices)) {
            schedulerChoices.setAll(choices);
        }
        String sp = m == null ? null : main.problemAt(ScenarioCommands.vmPath(v, "scheduler"));
        schedulerProblem.set(sp == null ? null
                : main.inWords(ScenarioCommands.vmPath(v, "scheduler")) + " " + sp);
        for (VmField f : VmField.values()) {
            DraftField<String> field = fields.get(f);
            if (m == null) {
                field.showAnyway("");
                problems.get(f).set(null);
                continue;
            }
            String draft = main.draftAt(MainViewModel.vmPath(v, f));
            String model = draft != null ? draft : shown(m, f);
            if (all) {
                field.showAnyway(model);
            } else {
                field.show(model);
            }
            String p = main.problemAt(MainViewModel.vmPath(v, f));
            problems.get(f).set(p == null ? null : main.inWords(MainViewModel.vmPath(v, f)) + " " + p);
        }
        if (m != null) {
            schedulerField.show(m.scheduler());
            if (!bandwidthChanging.get()) {
                bandwidth.set(Math.max(MIN_ALPHA, Math.min(1, m.bandwidth())));
            }
        }
    }

    private void commitBandwidth() {
        VirtualMachine m = selected();
        double alpha = bandwidth.get();
        if (m != null && Math.abs(m.bandwidth() - alpha) > 1e-6
                && !(m.bandwidth() < MIN_ALPHA && alpha == MIN_ALPHA)) {
            // a drag ends anywhere: the model gets α on the 0.01 grid (C = 5.6, not 5.6098)
            double rounded = Math.max(MIN_ALPHA, Math.min(1, Math.round(alpha * 100) / 100.0));
            main.setBandwidth(main.selectedVmProperty().get(), rounded);
            if (bandwidth.get() != rounded) {
                bandwidth.set(rounded);
            }
        }
    }

    /**
     * Moves α by {@code delta} (an arrow key: ±{@link #STEP}, with Shift ±{@link #BIG_STEP}) onto
     * the 0.01 grid, within [0.01, 1]: 0.4 and Right gives 0.41, Shift+Right 0.51; 0.405 and Right 0.42.
     */
    public void stepBandwidth(double delta) {
        double alpha = Math.round((bandwidth.get() + delta) * 100) / 100.0;
        bandwidth.set(Math.max(MIN_ALPHA, Math.min(1, alpha)));
    }

    /** Ends a run of typing in a field (Enter or the field lost the focus): the texts show the model, or their red drafts. */
    public void endEdit() {
        main.endLiveEdit();
        refresh(true);
    }

    /** Escape in field {@code f}: its red text is dropped and the field shows the model again. */
    public void cancelEdit(VmField f) {
        main.cancelLiveEdit(MainViewModel.vmPath(main.selectedVmProperty().get(), f));
        refresh(true);
    }

    /**
     * The VM fields that mean something under policy {@code p}, in the editor's order: period and
     * budget only for the budgeted servers and CBS, the priority only under FP and FP/FP, the
     * virtual CPUs instead of the core under a global policy (they migrate over every core).
     */
    public static List<VmField> fields(HypervisorPolicy p) {
        return fields(p, null);
    }

    /**
     * As {@link #fields(org.vmsched.model.HypervisorPolicy)}, and the virtual CPUs also under a
     * partitioned policy when {@code vm} (may be null) has more than one: its problem is shown
     * there and 1 can be typed.
     */
    public static List<VmField> fields(HypervisorPolicy p, VirtualMachine vm) {
        List<VmField> out = new ArrayList<>();
        for (VmField f : VmField.values()) {
            boolean used = switch (f) {
                case PERIOD, BUDGET -> p.usesBudget();
                case PRIORITY -> p.usesPriority();
                case CORE -> !p.global();
                case VCPUS -> p.global() || vm != null && vm.vcpus() != 1;
                default -> true;
            };
            if (used) {
                out.add(f);
            }
        }
        return out;
    }

    /** The guest schedulers for a VM with several virtual CPUs ({@code multi}) or one, in the order offered. */
    public static List<GuestScheduler> schedulers(boolean multi) {
        return multi ? List.of(GuestScheduler.GLOBAL_EDF, GuestScheduler.GLOBAL_RM)
                : List.of(GuestScheduler.RM, GuestScheduler.EDF);
    }

    /** A guest scheduler's name on screen: "RM", "EDF", "Global EDF", "Global RM". */
    public static String schedulerTitle(GuestScheduler g) {
        return g == null ? "" : switch (g) {
            case RM -> "RM";
            case EDF -> "EDF";
            case GLOBAL_EDF -> "Global EDF";
            case GLOBAL_RM -> "Global RM";
        };
    }

    /** A guest scheduler's names, longest first, for a box that may be narrow: "Global EDF", "G-EDF". */
    public static List<String> schedulerNames(GuestScheduler g) {
        return g != null && g.global() ? List.of(schedulerTitle(g), g.byDeadline() ? "G-EDF" : "G-RM")
                : List.of(schedulerTitle(g));
    }

    /** The schedulers offered for the selected VM: Global EDF and Global RM with several virtual CPUs, else RM and EDF. */
    public ObservableList<GuestScheduler> schedulerChoices() {
        return schedulerChoices;
    }

    /** Why the selected VM's scheduler is refused, in words ("control: scheduler is RM, which runs on one ..."), or null. */
    public StringProperty schedulerProblemProperty() {
        return schedulerProblem;
    }

    /** Why the virtual CPUs cannot be set under the current policy (it is partitioned), or null under a global one. */
    public StringProperty vcpusNoteProperty() {
        return vcpusNote;
    }

    /** The VM fields the editor lays out for the current policy and VM ({@link #fields(org.vmsched.model.HypervisorPolicy, VirtualMachine)}). */
    public ReadOnlyObjectProperty<List<VmField>> shownFieldsProperty() {
        return shownFields;
    }

    /** The selected VM's policy parameters (weight and cap under Credit, ...), shown for the current policy only. */
    public PolicyParamsViewModel params() {
        return params;
    }

    /** True when the policy gives VMs a budget (the bandwidth slider and α mean something). */
    public ReadOnlyBooleanProperty budgetedProperty() {
        return budgeted;
    }

    /** The text of field {@code f}, bound both ways to its text field. */
    public StringProperty textProperty(VmField f) {
        return texts.get(f);
    }

    /** The problem of field {@code f} in words ("VM1: budget must be positive"), or null. */
    public StringProperty problemProperty(VmField f) {
        return problems.get(f);
    }

    /** True when no VM is selected (a core or nothing). */
    public BooleanProperty disabledProperty() {
        return disabled;
    }

    public ObjectProperty<GuestScheduler> schedulerProperty() {
        return scheduler;
    }

    /** The slider's α; set by the slider, applied as budget = α·T_VM when it is not being dragged. */
    public DoubleProperty bandwidthProperty() {
        return bandwidth;
    }

    /** True while the slider's thumb is being dragged (applied once on release). */
    public BooleanProperty bandwidthChangingProperty() {
        return bandwidthChanging;
    }

    /** The bandwidth slider's row label: "Bandwidth", or "α per vCPU" for a VM of several vCPUs. */
    public StringBinding bandwidthRowTextProperty() {
        return bandwidthRowText;
    }

    /** "α = 0.400": the slider's value while dragged, else the model's. */
    public StringBinding bandwidthTextProperty() {
        return bandwidthText;
    }
}

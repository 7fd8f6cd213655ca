package org.vmsched.ui.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.text.Format;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.vm.PolicyParamsViewModel;
import org.vmsched.ui.vm.VmEditorViewModel;

/**
 * The scenario pane's state: the scenario's name and hypervisor policy, and the tree of cores,
 * VMs and tasks with the selected node, from a {@link MainViewModel}. The tree is rebuilt as
 * plain {@link Node}s on every revision; a View turns them into tree items. Ui thread only.
 */
public final class ScenarioTreeViewModel {

    /**
     * A node of the scenario tree: the root (all −1), a core (vm −1), a VM (task −1) or a task,
     * with its label and its children in display order.
     */
    public record Node(int core, int vm, int task, String label, List<Node> children) {
        public Node {
            children = List.copyOf(children);
        }

        /** Whether this node stands for the same item as {@code core, vm, task} (a core by its number). */
        public boolean is(int core, int vm, int task) {
            if (this.vm >= 0 || vm >= 0) {
                return this.vm == vm && this.task == task;
            }
            return this.core == core && this.task < 0 && task < 0;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private final MainViewModel main;
    private final ReadOnlyObjectWrapper<Node> root = new ReadOnlyObjectWrapper<>();
    private final StringProperty name = new SimpleStringProperty("");
    private final ObjectProperty<HypervisorPolicy> policy = new SimpleObjectProperty<>();
    private final StringProperty nameProblem = new SimpleStringProperty();
    private final StringProperty description = new SimpleStringProperty("");
    private final StringProperty descriptionProblem = new SimpleStringProperty();
    private final ReadOnlyObjectWrapper<Node> selected = new ReadOnlyObjectWrapper<>();
    private final PolicyParamsViewModel hypervisorParams;

    public ScenarioTreeViewModel(MainViewModel main) {
        this.main = main;
        this.hypervisorParams = new PolicyParamsViewModel(main, true);
        main.revisionProperty().addListener((o, a, b) -> refresh(false));
        main.inputResetProperty().addListener((o, a, b) -> refresh(true));
        policy.addListener((o, a, b) -> {
            if (b != null && main.scenario() != null && !b.equals(main.scenario().hypervisor().policy())) {
                main.setHypervisorPolicy(b);
            }
        });
        main.selectedCoreProperty().addListener((o, a, b) -> findSelected());
        main.selectedVmProperty().addListener((o, a, b) -> findSelected());
        main.selectedTaskProperty().addListener((o, a, b) -> findSelected());
        refresh(true);
    }

    private void findSelected() {
        selected.set(root.get() == null ? null : find(root.get()));
    }

    private Node find(Node n) {
        if (isSelected(n)) {
            return n;
        }
        for (Node c : n.children()) {
            Node f = find(c);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private void refresh(boolean resetName) {
        Scenario s = main.scenario();
        if (s == null) {
            return;
        }
        String draft = main.draftAt("name");
        String shown = draft != null ? draft : s.name();
        if (resetName || !name.get().equals(typedName)) {
            name.set(shown);
            typedName = shown;
        }
        String draftText = main.draftAt("description");
        String shownText = draftText != null ? draftText : s.description();
        if (resetName || !description.get().equals(typedDescription)) {
            description.set(shownText);
            typedDescription = shownText;
        }
        String dp = main.problemAt("description");
        descriptionProblem.set(dp == null ? null : main.inWords("description") + " " + dp);
        String p = main.problemAt("name");
        nameProblem.set(p == null ? null : main.inWords("name") + " " + p);
        policy.set(s.hypervisor().policy());
        root.set(tree(s));
        findSelected();
    }

    /** The name as last shown from the model: a different text is being typed and stays until committed. */
    private String typedName = "";
    /** The description as last shown from the model, as {@link #typedName}. */
    private String typedDescription = "";

    /**
     * The tree of {@code s}: cores, their VMs, their tasks; a VM on no existing core hangs under
     * the root. Under a global policy the VMs hang under one host node ("cores 0–1, global",
     * standing for core 0 when selected): their virtual CPUs migrate over every core.
     */
    static Node tree(Scenario s) {
        boolean global = s.hypervisor().policy().global();
        int n = s.hypervisor().cores();
        List<List<Node>> cores = new ArrayList<>();
        for (int c = 0; c < (global ? 1 : n); c++) {
            cores.add(new ArrayList<>());
        }
        List<Node> loose = new ArrayList<>();
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine m = s.vms().get(v);
            int core = global ? 0 : m.core();
            List<Node> tasks = new ArrayList<>();
            for (int t = 0; t < m.tasks().size(); t++) {
                Task task = m.tasks().get(t);
                tasks.add(new Node(core, v, t, task.name() + "  (C=" + Format.screen(task.wcet())
                        + ", T=" + Format.screen(task.period()) + ")", List.of()));
            }
            String vcpus = m.vcpus() != 1 ? " ×" + m.vcpus() + " vCPU" : "";
            Node vm = new Node(core, v, -1, m.name() + vcpus + "  (" + serverLabel(s, m) + ", "
                    + VmEditorViewModel.schedulerTitle(m.scheduler()) + ")", tasks);
            (core >= 0 && core < cores.size() ? cores.get(core) : loose).add(vm);
        }
        List<Node> top = new ArrayList<>();
        if (global) {
            top.add(new Node(0, -1, -1, (n == 1 ? "core 0" : "cores 0–" + (n - 1)) + ", global", cores.get(0)));
        } else {
            for (int c = 0; c < cores.size(); c++) {
                top.add(new Node(c, -1, -1, "core " + c, cores.get(c)));
            }
        }
        top.addAll(loose);
        return new Node(-1, -1, -1, s.name() + " (" + s.hypervisor().policy().title() + ")", top);
    }

    /**
     * What the hypervisor gives the VM, in the policy's own terms, from its schema: T and C for a
     * budgeted server, else its first parameter and those that differ from their defaults
     * ("weight 256, cap 50 %", or the proportional-share weight and a reservation), else its priority.
     */
    static String serverLabel(Scenario s, VirtualMachine m) {
        HypervisorPolicy p = s.hypervisor().policy();
        if (p.usesBudget()) {
            return "T=" + Format.screen(m.period()) + ", C=" + Format.screen(m.budget());
        }
        ParamSchema schema = p.definition().vmSchema();
        HypervisorParams hp = s.hypervisor().effectiveParams();
        if (!schema.isEmpty()) {
            Map<String, Object> values = schema.values(m.paramsFor(p, hp));
            Map<String, Object> defaults = schema.values(p.definition().vmDefaults(hp));
            List<String> parts = new ArrayList<>();
            for (ParamSpec spec : schema.params()) {
                Object x = values.get(spec.name());
                if (x != null && (parts.isEmpty() || !x.equals(defaults.get(spec.name())))) {
                    parts.add(spec.name() + " " + (x instanceof Number n ? Format.screen(n.doubleValue()) : x)
                            + spec.unit().replace(" ms", ""));
                }
            }
            return String.join(", ", parts);
        }
        if (p.usesPriority()) {
            return m.priority() == null ? "no priority" : "priority " + m.priority(); // required: the editor marks it red
        }
        return "";
    }

    /**
     * A policy's names for the policy box, longest first: its title, the title without its
     * parenthesis ("Global EDF (Xen RTDS)", "Global EDF") and its tiny title ("G-EDF", "Credit");
     * the box shows the longest that fits (about 115 px at 1024x768, where the title read "Global
     * ..." and "Xen Cr...").
     */
    public static List<String> policyNames(HypervisorPolicy p) {
        List<String> out = new ArrayList<>(List.of(p.title()));
        String bare = p.shortTitle();
        if (!bare.equals(p.title())) {
            out.add(bare);
        }
        if (!out.contains(p.tinyTitle())) {
            out.add(p.tinyTitle());
        }
        return out;
    }

    /** Selects what a tree node stands for (the root: core −1, no VM, no task). */
    public void select(Node n) {
        if (n == null) {
            return;
        }
        main.select(n.core(), n.vm(), n.task());
    }

    /** Whether {@code n} is the node of the current selection. */
    public boolean isSelected(Node n) {
        return n.is(main.selectedCoreProperty().get(), main.selectedVmProperty().get(), main.selectedTaskProperty().get());
    }

    /** Applies the typed scenario name (Enter, or the field lost the focus). */
    public void commitName() {
        main.setScenarioName(name.get());
        typedName = name.get();
        refresh(true);
    }

    /** Applies the typed description (the text area lost the focus). */
    public void commitDescription() {
        if (!description.get().equals(typedDescription)) {
            main.setScenarioDescription(description.get());
        }
        typedDescription = description.get();
        refresh(true);
    }

    /** The scenario description's text, bound both ways; applied by {@link #commitDescription()}. */
    public StringProperty descriptionProperty() {
        return description;
    }

    /** The description's problem in words (too long), or null. */
    public StringProperty descriptionProblemProperty() {
        return descriptionProblem;
    }

    /** The node of the current selection in {@link #rootProperty()}'s tree, or null (none shown). */
    public ReadOnlyObjectProperty<Node> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Node> rootProperty() {
        return root.getReadOnlyProperty();
    }

    /** The scenario name field's text, bound both ways; applied by {@link #commitName()}. */
    public StringProperty nameProperty() {
        return name;
    }

    /** The name's problem in words, or null. */
    public StringProperty nameProblemProperty() {
        return nameProblem;
    }

    public ObjectProperty<HypervisorPolicy> policyProperty() {
        return policy;
    }

    /** The hypervisor-wide parameters of the current policy (Credit's tick, time slice, ...), edited beside the policy. */
    public PolicyParamsViewModel hypervisorParams() {
        return hypervisorParams;
    }
}

package org.vmsched.ui.scenario;

import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.ui.main.MainViewModel;
import org.vmsched.ui.vm.FittingCell;
import org.vmsched.ui.vm.PolicyParamsView;
import org.vmsched.ui.scenario.ScenarioTreeViewModel.Node;

/**
 * The scenario pane: its name and hypervisor policy, the edit buttons (add, duplicate, remove,
 * move, undo, redo) and the tree of cores, VMs and tasks, bound to a {@link ScenarioTreeViewModel}.
 * FX thread only.
 */
public final class ScenarioTreeView extends VBox {

    private final TreeView<Node> tree = new TreeView<>();
    private final ScenarioTreeViewModel vm;

    /**
     * The scenario's description, a row that scrolls (three while typed in): the free text the report prints under the
     * title, applied when the area loses the focus (one undo step); a text over the limit turns red
     * with its message as the tooltip (issue 30, item 6).
     */
    private static TextArea description(ScenarioTreeViewModel vm) {
        TextArea area = new TextArea();
        area.setId("scenarioDescription");
        area.setPromptText("Description (printed in the report)");
        area.setWrapText(true);
        // one row, three while typed in: the VM editor below keeps its room at 1024x768 (LayoutTest)
        area.setPrefRowCount(1);
        area.setMinHeight(26);
        area.focusedProperty().addListener((o, a, f) -> area.setPrefRowCount(f ? 3 : 1));
        area.textProperty().bindBidirectional(vm.descriptionProperty());
        area.focusedProperty().addListener((o, a, f) -> {
            if (!f) {
                vm.commitDescription();
            }
        });
        Tooltip tip = new Tooltip("What the scenario shows, printed in the report; applied when you leave the field");
        area.setTooltip(tip);
        vm.descriptionProblemProperty().addListener((o, a, p) -> {
            area.getStyleClass().remove("invalid");
            area.setTooltip(p == null ? tip : new Tooltip(p));
            if (p != null) {
                area.getStyleClass().add("invalid");
            }
        });
        return area;
    }

    public ScenarioTreeView(ScenarioTreeViewModel vm, MainViewModel main) {
        super(6);
        this.vm = vm;
        setId("scenarioPane");
        TextField name = nameField();
        ComboBox<HypervisorPolicy> policy = policyBox();
        GridPane sc = header(name, policy);
        FlowPane tools = tools(main);
        treeSetup();

        Label title = new Label("Scenario");
        title.getStyleClass().add("section");
        getChildren().addAll(title, sc, description(vm), tools, tree);
    }

    /** The scenario's name, applied on Enter and when the field loses the focus; red with its problem as the tooltip. */
    private TextField nameField() {
        TextField name = new TextField();
        name.setId("scenarioName");
        name.textProperty().bindBidirectional(vm.nameProperty());
        name.setOnAction(e -> vm.commitName());
        name.focusedProperty().addListener((o, a, f) -> {
            if (!f) {
                vm.commitName();
            }
        });
        vm.nameProblemProperty().addListener((o, a, p) -> {
            name.getStyleClass().remove("invalid");
            name.setTooltip(p == null ? null : new Tooltip(p));
            if (p != null) {
                name.getStyleClass().add("invalid");
            }
        });
        return name;
    }

    /** The hypervisor policy: its short name in the box, what each is in the open list. */
    private ComboBox<HypervisorPolicy> policyBox() {
        ComboBox<HypervisorPolicy> policy = new ComboBox<>(FXCollections.observableArrayList(HypervisorPolicy.values()));
        policy.setId("hvPolicy");
        // the arrow keys in the open list move the value through every policy on the way: the choice
        // counts (one step, one switch) when the list closes, or at once when it is not open
        policy.setValue(vm.policyProperty().get());
        vm.policyProperty().addListener((o, a, b) -> policy.setValue(b));
        policy.valueProperty().addListener((o, a, b) -> {
            if (!policy.isShowing() && b != null) {
                vm.policyProperty().set(b);
            }
        });
        policy.showingProperty().addListener((o, a, showing) -> {
            if (!showing && policy.getValue() != null) {
                vm.policyProperty().set(policy.getValue());
            }
        });
        policy.setMaxWidth(Double.MAX_VALUE);
        // the box shows the short name (it is narrow at 1024x768), the open list what each policy is
        policy.setButtonCell(new FittingCell<>(ScenarioTreeViewModel::policyNames));
        policy.setTooltip(new Tooltip());
        policy.getTooltip().textProperty().bind(Bindings.createStringBinding(
                () -> policy.getValue() == null ? "" : policy.getValue().title(), policy.valueProperty()));
        policy.setCellFactory(lv -> policyCell());
        return policy;
    }

    /** The name and the policy over the policy's own hypervisor-wide numbers, laid out again when it changes. */
    private GridPane header(TextField name, ComboBox<HypervisorPolicy> policy) {
        GridPane sc = new GridPane();
        sc.setHgap(6);
        sc.setVgap(4);
        GridPane.setHgrow(name, Priority.ALWAYS);
        name.setPrefColumnCount(8);
        name.setMinWidth(60);
        Label nameLabel = new Label("Name");
        Label policyLabel = new Label("Hypervisor");
        PolicyParamsView params = new PolicyParamsView(vm.hypervisorParams());
        // the policy's own hypervisor-wide numbers under the policy, laid out again when it changes
        sc.addRow(0, nameLabel, name);
        sc.addRow(1, policyLabel, policy);
        Runnable rows = () -> {
            // the name and the policy box stay where they are (the box keeps its focus and its open list)
            sc.getChildren().removeIf(n -> GridPane.getRowIndex(n) != null && GridPane.getRowIndex(n) >= 2);
            params.addRows(sc, 2);
            for (javafx.scene.Node n : sc.getChildren()) {
                if (n instanceof Label l) {
                    l.setMinWidth(Region.USE_PREF_SIZE);
                }
            }
        };
        rows.run();
        vm.hypervisorParams().policyProperty().addListener((o, a, b) -> rows.run());
        return sc;
    }

    /** The edit buttons: add, duplicate, remove, move, undo and redo. */
    private static FlowPane tools(MainViewModel main) {
        FlowPane tools = new FlowPane(4, 4,
                button("+Core", "addCore", "Add a core", main::addCore),
                button("+VM", "addVm", "Add a VM (Ctrl+M)", main::addVm),
                button("+Task", "addTask", "Add a task to the selected VM (Ctrl+T)", main::addTask),
                button("Dup", "duplicate", "Duplicate the selection (Ctrl+D)", main::duplicateSelected),
                button("Del", "remove", "Remove the selection (Ctrl+Delete)", main::removeSelected),
                button("↑", "moveUp", "Move up (Alt+Up)", () -> main.moveSelected(-1)),
                button("↓", "moveDown", "Move down (Alt+Down)", () -> main.moveSelected(1)));
        tools.setPrefWrapLength(250);
        Button undo = button("Undo", "undo", "Undo (Ctrl+Z)", main::undo);
        undo.disableProperty().bind(main.canUndoProperty().not());
        Button redo = button("Redo", "redo", "Redo (Ctrl+Shift+Z, Ctrl+Y)", main::redo);
        redo.disableProperty().bind(main.canRedoProperty().not());
        tools.getChildren().addAll(undo, redo);
        return tools;
    }

    /** The tree of cores, VMs and tasks, selecting in both directions and built again with the scenario. */
    private void treeSetup() {
        tree.setId("tree");
        tree.setShowRoot(true);
        tree.setMinHeight(60);
        // 60, not 80, since the description took a row above it: Credit's scheduler field stays on a 720-pixel screen
        tree.setPrefHeight(60); // it grows into the room the VM editor leaves; its own default (400) would push the editor off a 768-pixel screen
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.select(b.getValue());
            }
        });
        VBox.setVgrow(tree, Priority.ALWAYS);
        vm.rootProperty().addListener((o, a, b) -> rebuild(b));
        vm.selectedProperty().addListener((o, a, b) -> showSelected(b));
        rebuild(vm.rootProperty().get());
    }

    private void rebuild(Node root) {
        if (root == null) {
            return;
        }
        tree.setRoot(item(root));
        showSelected(vm.selectedProperty().get());
    }

    private static TreeItem<Node> item(Node n) {
        TreeItem<Node> it = new TreeItem<>(n);
        it.setExpanded(n.vm() < 0 || n.children().size() <= 50);
        for (Node c : n.children()) {
            it.getChildren().add(item(c));
        }
        return it;
    }

    private void showSelected(Node n) {
        if (n == null || tree.getRoot() == null) {
            return;
        }
        TreeItem<Node> found = find(tree.getRoot(), n);
        if (found != null && tree.getSelectionModel().getSelectedItem() != found) {
            tree.getSelectionModel().select(found);
        }
    }

    private static TreeItem<Node> find(TreeItem<Node> item, Node n) {
        if (item.getValue().is(n.core(), n.vm(), n.task())) {
            return item;
        }
        for (TreeItem<Node> c : item.getChildren()) {
            TreeItem<Node> f = find(c, n);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    /** A cell of the open list: what each policy is. */
    private static ListCell<HypervisorPolicy> policyCell() {
        return new ListCell<>() {
            @Override
            protected void updateItem(HypervisorPolicy p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.description());
            }
        };
    }
}

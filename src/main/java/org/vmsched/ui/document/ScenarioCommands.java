package org.vmsched.ui.document;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * The structural edits of the window on a {@link ScenarioDocument} and its {@link Selection}:
 * add, duplicate, remove and move VMs, tasks and cores, and set a VM's server. Each is one
 * undoable step; the drafts follow their items, and the selection follows the edit. A command
 * that cannot apply returns why, in words for the status line; else null. Ui thread only.
 */
public final class ScenarioCommands {

    private final ScenarioDocument doc;
    private final Selection selection;

    public ScenarioCommands(ScenarioDocument doc, Selection selection) {
        this.doc = doc;
        this.selection = selection;
    }

    private Scenario scenario() {
        return doc.scenario();
    }

    /** Adds a VM on the selected VM's core (else the selected core) and selects it. */
    public String addVm() {
        int v = selection.vmIn(scenario());
        int core = v >= 0 ? scenario().vms().get(v).core() : selection.coreProperty().get();
        if (doc.edit(s -> ScenarioEdits.addVm(s, Math.max(0, Math.min(core, s.hypervisor().cores() - 1))))) {
            selection.taskProperty().set(-1);
            selection.vmProperty().set(scenario().vms().size() - 1);
        }
        return null;
    }

    /** Adds a task to the selected VM and selects it. */
    public String addTask() {
        int v = selection.vmIn(scenario());
        if (v < 0) {
            return "Select a VM to add a task to.";
        }
        if (doc.edit(s -> ScenarioEdits.addTask(s, v))) {
            selection.taskProperty().set(scenario().vms().get(v).tasks().size() - 1);
        }
        return null;
    }

    public String addCore() {
        doc.edit(ScenarioEdits::addCore);
        return null;
    }

    /** Duplicates the selected task, else the selected VM. */
    public String duplicateSelected() {
        int v = selection.vmIn(scenario());
        int t = selection.taskProperty().get();
        if (v < 0) {
            return null;
        }
        if (t >= 0) {
            doc.remapDrafts(v, i -> i > t ? i + 1 : i);
            if (doc.edit(s -> ScenarioEdits.duplicateTask(s, v, t))) {
                selection.taskProperty().set(t + 1);
            }
        } else {
            doc.remapDrafts(-1, i -> i > v ? i + 1 : i);
            if (doc.edit(s -> ScenarioEdits.duplicateVm(s, v))) {
                selection.vmProperty().set(v + 1);
            }
        }
        return null;
    }

    /** Removes the selected task, else the selected VM, else the selected (empty) core. */
    public String removeSelected() {
        int v = selection.vmIn(scenario());
        int t = selection.taskProperty().get();
        if (v < 0) {
            Scenario r = ScenarioEdits.removeCore(scenario(), selection.coreProperty().get());
            if (r == null) {
                return "Only an empty core can be removed, and not the last one.";
            }
            doc.edit(s -> r);
            selection.coreProperty().set(0);
            return null;
        }
        if (t >= 0) {
            doc.remapDrafts(v, i -> i == t ? -1 : i > t ? i - 1 : i);
            doc.edit(s -> ScenarioEdits.removeTask(s, v, t));
        } else {
            doc.remapDrafts(-1, i -> i == v ? -1 : i > v ? i - 1 : i);
            doc.edit(s -> ScenarioEdits.removeVm(s, v));
        }
        selection.clampTo(scenario());
        return null;
    }

    /** Moves the selected task (else VM) by {@code delta} places. */
    public String moveSelected(int delta) {
        int v = selection.vmIn(scenario());
        int t = selection.taskProperty().get();
        if (v < 0) {
            return null;
        }
        if (t >= 0) {
            int to = Math.max(0, Math.min(scenario().vms().get(v).tasks().size() - 1, t + delta));
            doc.remapDrafts(v, moved(t, to));
            if (doc.edit(s -> ScenarioEdits.moveTask(s, v, t, delta))) {
                selection.taskProperty().set(to);
            }
        } else {
            int to = Math.max(0, Math.min(scenario().vms().size() - 1, v + delta));
            doc.remapDrafts(-1, moved(v, to));
            if (doc.edit(s -> ScenarioEdits.moveVm(s, v, delta))) {
                selection.vmProperty().set(to);
            }
        }
        return null;
    }

    /** Where each index goes when the item at {@code from} moves to {@code to}. */
    static IntUnaryOperator moved(int from, int to) {
        return i -> i == from ? to
                : from < to && i > from && i <= to ? i - 1
                : to < from && i >= to && i < from ? i + 1
                : i;
    }

    /**
     * Sets the server of VM {@code v} to {@code period} and {@code budget} (a slider or a click on
     * a chart), replacing what was typed but not applied in the {@code replaced} fields ("period",
     * "budget"); whether the scenario changed.
     */
    public boolean setServer(int v, double period, double budget, String... replaced) {
        VirtualMachine vm = scenario().vms().get(v);
        List<String> paths = Arrays.stream(replaced).map(f -> vmPath(v, f)).toList();
        return doc.replaceDrafts(paths, s -> ScenarioEdits.replaceVm(s, v, vm.withServer(period, budget, vm.overhead())));
    }

    /** The JSON path of a VM field: "vms[0].budget". */
    public static String vmPath(int vm, String field) {
        return "vms[" + vm + "]." + field;
    }

    /** The JSON path of a task field: "vms[0].tasks[2].wcet". */
    public static String taskPath(int vm, int task, String field) {
        return "vms[" + vm + "].tasks[" + task + "]." + field;
    }
}

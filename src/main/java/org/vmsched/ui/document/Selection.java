package org.vmsched.ui.document;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import org.vmsched.model.Scenario;

/**
 * What the window has selected in the scenario: a core, a VM (−1: the core itself) and a task of
 * it (−1: the VM itself), as indices. Not part of the document: selecting changes no revision.
 * Ui thread only.
 */
public final class Selection {

    private final IntegerProperty core = new SimpleIntegerProperty(0);
    private final IntegerProperty vm = new SimpleIntegerProperty(0);
    private final IntegerProperty task = new SimpleIntegerProperty(-1);

    /** Selects VM {@code v} (−1: the core {@code c} itself) and task {@code t} (−1: none). */
    public void select(int c, int v, int t) {
        core.set(c);
        vm.set(v);
        task.set(t);
    }

    /** The first VM of the first core, no task: where a new document starts. */
    public void reset() {
        vm.set(0);
        task.set(-1);
        core.set(0);
    }

    /** The selected VM when it exists in {@code s}, else −1. */
    public int vmIn(Scenario s) {
        int v = vm.get();
        return v >= 0 && v < s.vms().size() ? v : -1;
    }

    /** Moves the selection onto what is left of {@code s} (after a removal or an undo). */
    public void clampTo(Scenario s) {
        int nv = s.vms().size();
        if (vm.get() >= nv) {
            vm.set(nv - 1);
        }
        int v = vm.get();
        if (v >= 0) {
            int nt = s.vms().get(v).tasks().size();
            if (task.get() >= nt) {
                task.set(nt - 1);
            }
        }
    }

    public IntegerProperty coreProperty() {
        return core;
    }

    public IntegerProperty vmProperty() {
        return vm;
    }

    public IntegerProperty taskProperty() {
        return task;
    }
}

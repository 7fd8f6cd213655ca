package org.vmsched.analysis;

import java.util.Locale;

/**
 * Which supply a global VM's guest tests proved its tasks on (THEORY.md §15.17–§15.21), in the order
 * the analysis tries them, or {@link #NONE}. The proof assumes the vCPUs get their budgets: a VM whose
 * host test does not guarantee them (its {@link VmVerdict#coreNote}) is not proved by it.
 */
public enum ProvedOn {
    /** The MPR supply of the VM's vCPUs, each budget within Δ of its release (the EDP supply, §15.2, §15.17). */
    EDP,
    /** The least supply of the host's own schedule at the VMs' offsets (§15.19). */
    HOST_SCHEDULE,
    /** The host's own schedule level by level (§15.20). */
    LEVELS,
    /** With a core per vCPU, the VM's vCPUs serving at once, level by level (§15.20). */
    CORE_EACH_LEVELS,
    /** With a core per vCPU, the vCPUs as processors that serve together, in the VM's own time (§15.23). */
    GANG,
    /** Each task by a test of its own, on any of the supplies above that were tried (§15.22). */
    TASK_BY_TASK,
    /** No test proved the tasks on any supply tried. */
    NONE;

    /**
     * The supply's words, as in "schedulable on …" (the VM's text, the window and the printed report
     * say it so); "no supply" for {@link #NONE}.
     */
    public String words() {
        return switch (this) {
            case EDP -> "the MPR supply of its vCPUs (THEORY.md §15.2, §15.17)";
            case HOST_SCHEDULE -> "the least supply of the host's own schedule at the VMs' offsets (THEORY.md §15.19)";
            case LEVELS -> "the host's own schedule level by level (THEORY.md §15.20)";
            case CORE_EACH_LEVELS -> "its vCPUs level by level, which serve at once with a core per vCPU (THEORY.md §15.20)";
            case GANG -> "its vCPUs as processors that serve together, in the VM's own time (THEORY.md §15.23)";
            case TASK_BY_TASK -> "the supplies tried, each task by a test of its own (THEORY.md §15.22)";
            case NONE -> "no supply";
        };
    }

    /** The JSON word: "edp", "host-schedule", "levels", "core-each-levels", "gang", "task-by-task", "none". */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

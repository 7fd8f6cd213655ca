package org.vmsched.ui.analysis;

/**
 * One row of the verdict table: the level ("system", "core", "VM", "task"), the item's name
 * (tasks as "VM1/t1"), its response time and deadline as text, the verdict as text, whether it
 * is proven to pass ({@code ok}), and whether the analysis could not decide it ({@code undecided},
 * EDF inside a VM at a limit; then {@code ok} is false and the verdict text gives the reason), and
 * whether a task met its deadline only under a supply its VM is not guaranteed ({@code notGuaranteed},
 * {@link org.vmsched.analysis.TaskVerdict#notGuaranteed}): the mark reads these, never the verdict's words.
 * Immutable.
 */
public record ResultRow(String level, String item, String responseTime, String deadline, String verdict, boolean ok,
                        boolean undecided, boolean notGuaranteed) {

    /** A row of a guaranteed supply (or no task). */
    public ResultRow(String level, String item, String responseTime, String deadline, String verdict, boolean ok,
                     boolean undecided) {
        this(level, item, responseTime, deadline, verdict, ok, undecided, false);
    }

    /** A decided row. */
    public ResultRow(String level, String item, String responseTime, String deadline, String verdict, boolean ok) {
        this(level, item, responseTime, deadline, verdict, ok, false);
    }

    /** The same row, not guaranteed by its VM's core, with that verdict's text ("not guaranteed (VM not schedulable)"). */
    public ResultRow notGuaranteed(String text) {
        return new ResultRow(level, item, responseTime, deadline, text, ok, undecided, true);
    }
}

package org.vmsched.sim;

/**
 * A job that missed its deadline: its task and VM, its release and absolute deadline (time
 * units), and whether it was dropped at the deadline (miss policy {@code abort}) or completed late
 * / was still unfinished at the end of the run. Immutable.
 */
public record Miss(String vm, String task, double release, double deadline, boolean aborted) {
}

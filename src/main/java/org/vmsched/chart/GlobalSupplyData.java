package org.vmsched.chart;

/**
 * A global VM's supplies as its analysis read them (THEORY.md §15.17, §15.19), for one of its tasks:
 * {@code mpr}, sbf(t) of the MPR supply of its vCPUs, and, where the analysis tried the host's own
 * schedule, {@code schedule}, that schedule's least supply sbf_Q(t) (null otherwise), each as a
 * polyline of {t, s} corners over [0, {@code end}] drawn exactly (straight between corners); the
 * legend names {@code mprName} and {@code scheduleName}; {@code proof} says what proved the VM (or
 * that nothing did); {@code deadline} is the task's, named {@code deadlineLabel}. Arrays are owned by
 * the record: do not change them. Immutable otherwise.
 */
public record GlobalSupplyData(String title, String proof, String mprName, double[][] mpr, String scheduleName,
                               double[][] schedule, double deadline, String deadlineLabel, double end) {
}

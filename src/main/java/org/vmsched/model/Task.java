package org.vmsched.model;

/**
 * A periodic real-time task inside a VM: worst-case execution time {@code wcet}, period,
 * relative deadline and release offset, all in the scenario's time unit. Immutable; never null
 * fields. Construction does not validate: {@link ScenarioValidator} does, with JSON paths.
 */
public record Task(String name, double wcet, double period, double deadline, double offset) {

    /** A task with deadline = period and no offset. */
    public static Task of(String name, double wcet, double period) {
        return new Task(name, wcet, period, period, 0);
    }

    /** Utilisation {@code wcet / period}. */
    public double utilization() {
        return wcet / period;
    }

    public Task withWcet(double newWcet) {
        return new Task(name, newWcet, period, deadline, offset);
    }

    public Task withName(String newName) {
        return new Task(newName, wcet, period, deadline, offset);
    }
}

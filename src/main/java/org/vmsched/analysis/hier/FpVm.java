package org.vmsched.analysis.hier;

import java.util.List;

/**
 * A VM at a fixed priority under FP/FP (no budget): {@code priority} (smaller is higher; equal
 * priorities interfere both ways), its tasks in decreasing priority (index 0 highest), and the
 * overhead X of every switch to it, in ticks. Shared, like {@link FpFp}. Immutable.
 */
public record FpVm(String name, int priority, List<TickTask> tasks, long overhead) {

    public FpVm {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        tasks = List.copyOf(tasks);
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException(name + ": tasks must not be empty");
        }
        if (overhead < 0) {
            throw new IllegalArgumentException(name + ": overhead must be >= 0, got " + overhead);
        }
    }

    /** The same VM at another priority. */
    public FpVm withPriority(int p) {
        return new FpVm(name, p, tasks, overhead);
    }
}

package org.vmsched.analysis.hier;

import java.util.List;

/**
 * A VM served by a hard CBS reservation, with fixed priorities inside: {@code tasks} in
 * decreasing priority (index 0 highest). Shared, like {@link CbsFp}. Immutable.
 */
public record CbsVm(String name, CbsReservation reservation, List<TickTask> tasks) {

    public CbsVm {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (reservation == null) {
            throw new IllegalArgumentException(name + ": reservation must not be null");
        }
        tasks = List.copyOf(tasks);
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException(name + ": tasks must not be empty");
        }
    }
}

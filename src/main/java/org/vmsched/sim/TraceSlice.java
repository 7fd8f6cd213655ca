package org.vmsched.sim;

/**
 * One slice of the schedule on one core: {@code kind} from {@code start} to {@code end} (time
 * units; {@code startTick}/{@code endTick} are the exact ticks). {@code vm} is null for
 * {@link SliceKind#IDLE}; {@code task} is null unless {@code kind} is
 * {@link SliceKind#EXECUTION}. Immutable.
 */
public record TraceSlice(int core, String vm, String task, SliceKind kind, double start, double end,
                         long startTick, long endTick) {
}

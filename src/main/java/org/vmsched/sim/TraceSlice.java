package org.vmsched.sim;

/**
 * One slice of the schedule on one core: {@code kind} from {@code start} to {@code end} (time
 * units; {@code startTick}/{@code endTick} are the exact ticks). {@code vm} is null for
 * {@link SliceKind#IDLE}, except in worst-case mode, where each lane is one VM's (one virtual
 * CPU's) run alone and an idle slice names that VM (and {@code vcpu}); {@code task} is null unless {@code kind} is
 * {@link SliceKind#EXECUTION}. Under global EDF (issue 21) {@code vcpu} is the VM's virtual CPU
 * (0-based) and {@code migrated} is true on the first slice after that virtual CPU came from
 * another core or the task's job from another virtual CPU; otherwise {@code vcpu} is 0 for a
 * VM's slice, −1 for an idle one, and {@code migrated} false. {@code release} is, under global
 * EDF, the release time (time units) of the job an execution slice runs (which job of its task it
 * is); NaN on any other slice and in a partitioned run. Immutable.
 */
public record TraceSlice(int core, String vm, String task, SliceKind kind, double start, double end,
                         long startTick, long endTick, int vcpu, boolean migrated, double release) {

    /** A slice of a VM pinned to its core (its one virtual CPU, no migration). */
    public TraceSlice(int core, String vm, String task, SliceKind kind, double start, double end,
                      long startTick, long endTick) {
        this(core, vm, task, kind, start, end, startTick, endTick, vm == null ? -1 : 0, false, Double.NaN);
    }
}

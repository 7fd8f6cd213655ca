package org.vmsched.sim;

/**
 * A {@link HypervisorScheduler} whose VMs stay on their cores (partitioned scheduling): it names
 * the VM that runs on a core, one of {@link SchedulerContext#vmsOn(int)}, and {@link #decide} is
 * that VM on that core. {@link #pick} is abstract here and {@link #decide} is not meant to be
 * overridden, so the two cannot answer each other. Same threading contract as its parent.
 */
public interface PartitionedScheduler extends HypervisorScheduler {

    /** The VM that runs on {@code lane} from {@code t}, or -1 to leave the core idle. */
    int pick(int lane, long t);

    /** {@link #pick}'s VM on {@code lane}. */
    @Override
    default long decide(int lane, long t) {
        return Decision.run(pick(lane, t), lane);
    }
}

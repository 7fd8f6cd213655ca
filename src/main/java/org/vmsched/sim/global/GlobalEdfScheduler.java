package org.vmsched.sim.global;

import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.SchedulerContext;

/**
 * Global EDF over virtual CPUs (Xen RTDS) as the simulator's policy object: the kernel of one
 * virtual CPU per core cannot run it, so {@link org.vmsched.sim.Simulator} hands a scenario whose
 * scheduler is this one to the global engine ({@link GlobalEngine}), which schedules every virtual
 * CPU itself. Its hooks are never called. Stateless.
 */
public final class GlobalEdfScheduler implements HypervisorScheduler {

    @Override
    public void start(SchedulerContext ctx) {
        throw new IllegalStateException("global EDF is simulated by the global engine, not by the per-core kernel");
    }

    @Override
    public long decide(int lane, long t) {
        throw new IllegalStateException("global EDF is simulated by the global engine, not by the per-core kernel");
    }
}

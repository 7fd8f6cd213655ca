package org.vmsched.sim;

import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * What the engine lets a {@link HypervisorScheduler} see and do. VMs are numbered as in the
 * scenario, cores ("lanes") 0 … {@link #laneCount()} − 1; times and budgets are ticks.
 */
public interface SchedulerContext {

    /** A budget that never runs out within a run. */
    long UNLIMITED = Long.MAX_VALUE / 4;

    Scenario scenario();

    TimeBase timeBase();

    /** A scenario value in ticks. */
    default long ticks(double units) {
        return timeBase().ticks(units);
    }

    int vmCount();

    int laneCount();

    VirtualMachine vm(int v);

    /** The lane (core) of VM v. */
    int lane(int v);

    /** The VMs of a lane, in scenario order (do not modify). */
    int[] vmsOn(int lane);

    /** Whether VM v has a pending job. */
    boolean ready(int v);

    /** VM v's budget left now. */
    long budget(int v);

    /** Sets VM v's budget now (takes effect at once, also while it runs). */
    void setBudget(int v, long ticks);

    /** The VM on the lane now (-1 when idle). */
    int running(int lane);

    /** Processor time VM v has received so far (execution, overhead and idle burn), up to now. */
    long supplied(int v);

    /** Calls {@link HypervisorScheduler#onTimer} with {@code id} at {@code t} (not before now). */
    void timer(long t, int id);

    /** Asks for a new {@link HypervisorScheduler#pick} on the lane at this instant. */
    void reschedule(int lane);
}

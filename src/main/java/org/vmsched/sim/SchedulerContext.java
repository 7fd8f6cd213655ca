package org.vmsched.sim;

import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * What the engine lets a {@link HypervisorScheduler} see and do. VMs are numbered as in the
 * scenario, cores ("lanes") 0 … {@link #laneCount()} − 1; times and budgets are ticks. What runs
 * on a lane, has a budget and is replenished is a server: one virtual CPU of a VM, numbered VM by
 * VM (0 … {@link #serverCount()} − 1). With one virtual CPU per VM, as in every partitioned
 * scenario, server i is VM i; the methods below that take a server say so.
 */
public interface SchedulerContext {

    /** A budget that never runs out within a run. */
    long UNLIMITED = Long.MAX_VALUE / 4;

    Scenario scenario();

    /** The run's options (mode, server policy, miss policy, horizon). */
    SimulationOptions options();

    TimeBase timeBase();

    /** A scenario value in ticks. */
    default long ticks(double units) {
        return timeBase().ticks(units);
    }

    int vmCount();

    int laneCount();

    /** Servers (virtual CPUs) of all VMs; {@link #vmCount()} when every VM has one. */
    default int serverCount() {
        return vmCount();
    }

    /** The VM of server i. */
    default int vmOf(int server) {
        return server;
    }

    /** VM v's ready tasks (with a pending job). */
    default int readyTasks(int v) {
        return ready(v) ? 1 : 0;
    }

    VirtualMachine vm(int v);

    /** The lane (core) server v runs on or last ran on. */
    int lane(int v);

    /** The servers of a lane, in scenario order until one migrates (do not modify); under a global scheduler as at the start. */
    int[] vmsOn(int lane);

    /** Whether VM v has a pending job. */
    boolean ready(int v);

    /** Server v's budget left now. */
    long budget(int v);

    /** Sets server v's budget now (takes effect at once, also while it runs). */
    void setBudget(int v, long ticks);

    /** The server on the lane now (-1 when idle). */
    int running(int lane);

    /** Processor time VM v has received so far (execution, overhead and idle burn), up to now. */
    long supplied(int v);

    /** Calls {@link HypervisorScheduler#onTimer} with {@code id} at {@code t} (not before now). */
    void timer(long t, int id);

    /** Asks for a new {@link HypervisorScheduler#decide} on the lane at this instant. */
    void reschedule(int lane);

    /**
     * Calls {@link HypervisorScheduler#onReplenish} for server v at {@code t} (not before now), and
     * again at each time it returns: a periodic per-VM event, ordered with releases and timers.
     */
    void replenishAt(long t, int v);

    /**
     * Server v's next dispatch, even if it is running now, first pays {@code ticks} of overhead,
     * counted as {@code switches} switches (worst-case mode: the overhead of a chunk, THEORY.md §6.3).
     */
    void chargeOverhead(int v, long ticks, long switches);

    /**
     * Once server v's budget falls to {@code level} ticks while it runs, it spends the rest as
     * overhead, counted as {@code switches} switches (0: no such level).
     */
    void oweOverheadAtBudget(int v, long level, long switches);

    /** VM v's tasks are first released at {@code t} (not before now), all at once, instead of at their offsets. Only in {@link HypervisorScheduler#start}. */
    void releaseTasksAt(int v, long t);
}

package org.vmsched.sim;

import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.kernel.Kernel;

/**
 * One simulation run as the package's callers set it up: the scenario's hypervisor policy (or a
 * given scheduler) on a {@link Kernel}, with the switches the simulated Tmax and the tests use.
 * Not thread-safe; used once.
 */
final class Engine {

    private final Kernel kernel;
    /** Stop as soon as one miss is seen (simulated Tmax only needs to know whether one occurs). */
    boolean stopAtFirstMiss;
    /** Run on the reference event path, every release through the queue (FastPathEquivalenceProperties). */
    boolean referencePath;
    /** Never replay periodic servers' schedule: the global loop runs (GlobalLoopEquivalenceProperties). */
    boolean noReplay;
    /** The loop the run went through: the general one or an optimisation held to it (after {@link #run}; for tests). */
    Kernel.Path ran = Kernel.Path.GENERAL;

    boolean ranDedicated() {
        return ran == Kernel.Path.DEDICATED;
    }

    boolean ranSingleCore() {
        return ran == Kernel.Path.SINGLE_CORE;
    }

    boolean ranGlobal() {
        return ran == Kernel.Path.GLOBAL;
    }

    boolean ranReplay() {
        return ran == Kernel.Path.REPLAY;
    }
    /** Shown every instant after its decision (stepping through a schedule); null in ordinary runs. */
    ScheduleObserver observer;

    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel) {
        this(s, tb, o, horizon, progress, cancel, HypervisorSchedulers.forPolicy(s.hypervisor().policy()));
    }

    /** {@code progress} hears ticks simulated of the horizon; either may be null (none). */
    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel,
           HypervisorScheduler sched) {
        kernel = new Kernel(s, tb, o, horizon, progress, cancel, sched);
    }

    long run() {
        if (stopAtFirstMiss) {
            kernel.stopAtFirstMiss();
        }
        if (referencePath) {
            kernel.useReferencePath();
        }
        if (noReplay) {
            kernel.noReplay();
        }
        kernel.observe(observer);
        long end = kernel.run();
        ran = kernel.ran();
        return end;
    }

    SimulationResult result(SimulationMode mode, long end, List<String> notes) {
        return kernel.result(mode, end, notes);
    }
}

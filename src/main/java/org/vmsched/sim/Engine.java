package org.vmsched.sim;

import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * One simulation run as the package's callers set it up: the scenario's hypervisor policy (or a
 * given scheduler) on a {@link Kernel}, run as its {@link EngineOptions} say. Not thread-safe; used once.
 */
final class Engine {

    private final Kernel kernel;
    private final EngineOptions options;
    /** The loop the run went through: the general one or an optimisation held to it (after {@link #run}; for tests). */
    private KernelLoop ran = KernelLoop.GENERAL;

    boolean ranDedicated() {
        return ran == KernelLoop.DEDICATED;
    }

    boolean ranSingleCore() {
        return ran == KernelLoop.SINGLE_CORE;
    }

    boolean ranGlobal() {
        return ran == KernelLoop.GLOBAL;
    }

    boolean ranReplay() {
        return ran == KernelLoop.REPLAY;
    }

    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel,
           EngineOptions options) {
        this(s, tb, o, horizon, progress, cancel, HypervisorSchedulers.forPolicy(s.hypervisor().policy()), options);
    }

    /** {@code progress} hears ticks simulated of the horizon; either may be null (none). */
    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel,
           HypervisorScheduler sched, EngineOptions options) {
        kernel = new Kernel(s, tb, o, horizon, progress, cancel, sched);
        this.options = options;
    }

    long run() {
        if (options.stopAtFirstMiss()) {
            kernel.stopAtFirstMiss();
        }
        if (options.referencePath()) {
            kernel.useReferencePath();
        }
        if (options.noReplay()) {
            kernel.noReplay();
        }
        kernel.observe(options.observer());
        long end = kernel.run();
        ran = kernel.ran();
        return end;
    }

    SimulationResult result(SimulationMode mode, long end, List<String> notes) {
        return kernel.result(mode, end, notes);
    }
}

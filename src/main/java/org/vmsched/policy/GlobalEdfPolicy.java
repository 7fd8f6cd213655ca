package org.vmsched.policy;

import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.HypervisorSchedulers;
import org.vmsched.sim.Narrator;

/**
 * Global EDF over virtual CPUs (Xen RTDS): every virtual CPU of every VM is a budgeted server with
 * its VM's period and budget (periodic or deferrable, {@code simulation.serverPolicy}), and the
 * {@code cores} virtual CPUs of earliest server deadline run, on any core (they migrate). Analysed
 * with the multiprocessor periodic resource model (THEORY.md §15), simulated on the kernel by
 * {@code sim.hypervisor.GlobalEarliestDeadlineFirst}. Immutable.
 */
public final class GlobalEdfPolicy implements PolicyModule {

    @Override
    public String id() {
        return "GLOBAL_EDF";
    }

    @Override
    public String title() {
        return "Global EDF (Xen RTDS)";
    }

    @Override
    public String description() {
        return "Global EDF (Xen RTDS): virtual CPUs on all cores by server deadline";
    }

    @Override
    public boolean global() {
        return true;
    }

    @Override
    public String noAnalysisReason() {
        return "Global EDF is analysed with the multiprocessor periodic resource model (see the verdict table); good"
                + " periods, Tmax and these charts belong to one periodic server on its own core and are not drawn for it";
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return HypervisorSchedulers.globalEdf();
    }

    @Override
    public String schedulerName() {
        return "global EDF (Xen RTDS)";
    }

    @Override
    public Narrator.Rank rank() {
        return Narrator.Rank.DEADLINE;
    }
}

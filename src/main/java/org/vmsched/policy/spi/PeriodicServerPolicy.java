package org.vmsched.policy.spi;

import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;

import java.util.function.Supplier;

/**
 * EDF, RM and FP over budgeted servers (scenario version 1): every VM is a server with budget C
 * every period T, periodic or deferrable, ranked by one VM attribute. Analysed by the
 * periodic-server analysis (supply, Tmax, good periods); simulated by the budgeted-server
 * scheduler classes of {@code sim}. Immutable.
 */
public abstract class PeriodicServerPolicy implements PolicyModule {

    private final String id;
    private final String description;
    private final Narrator.Rank rank;
    private final Supplier<HypervisorScheduler> scheduler;

    protected PeriodicServerPolicy(String id, String description, Narrator.Rank rank, Supplier<HypervisorScheduler> scheduler) {
        this.id = id;
        this.description = description;
        this.rank = rank;
        this.scheduler = scheduler;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String title() {
        return id;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public boolean usesPriority() {
        return rank == Narrator.Rank.PRIORITY;
    }

    @Override
    public boolean periodicServers() {
        return true;
    }

    @Override
    public int schemaVersion() {
        return 1;
    }

    @Override
    public String noAnalysisReason() {
        return null;
    }

    @Override
    public HypervisorScheduler newScheduler() {
        return scheduler.get();
    }

    @Override
    public Narrator.Rank rank() {
        return rank;
    }
}

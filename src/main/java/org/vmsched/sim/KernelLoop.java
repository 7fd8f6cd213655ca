package org.vmsched.sim;

/**
 * The loops a {@link Kernel} run can go through, chosen once per run in {@link Kernel#run}: the
 * general loop, which is the reference, and four optimisations, each taken only where it gives
 * the general loop's result to the last statistic and held to it by an equivalence property (the
 * reference being a run with {@code EngineOptions.referencePath}: every release through the queue,
 * every decision asked of the scheduler). docs/architecture.md has the same table.
 */
enum KernelLoop {

    /**
     * {@link Kernel#run}'s own loop, which asks the scheduler ({@link HypervisorScheduler#decide})
     * at every instant: every run the others do not take (Credit, proportional share, CBS, several
     * cores partitioned, worst-case mode on several lanes, miss policy abort, a step-through
     * observer, a release calendar that does not fit). The reference.
     */
    GENERAL,
    /**
     * {@link DedicatedLoop}: one lane whose only VM has a budget that outlasts the run (budget =
     * period under the periodic server). Held by {@code FastPathEquivalenceProperties}.
     */
    DEDICATED,
    /**
     * {@link SingleCoreLoop}: one core under EDF, RM or FP servers ({@link RankedServers}),
     * periodic, deferrable or worst-case. Held by {@code FastPathEquivalenceProperties}.
     */
    SINGLE_CORE,
    /**
     * {@link GlobalLoop}: global EDF over vCPUs ({@link GlobalServers}), periodic or deferrable
     * servers, miss policy continue, no step-through; its decision is the scheduler's own
     * {@link GlobalEdfPlanner}. Held by {@code GlobalLoopEquivalenceProperties}.
     */
    GLOBAL,
    /**
     * {@link GlobalReplay} with {@link GuestReplay}: global EDF over periodic servers without a
     * trace, over at least 160 hyperperiods, no miss: the servers' periodic schedule (found by
     * {@link GlobalLoop} on the servers alone) replayed. Held by {@code GlobalReplayEquivalenceProperties}.
     */
    REPLAY
}

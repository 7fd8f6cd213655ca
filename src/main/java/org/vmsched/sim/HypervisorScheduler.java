package org.vmsched.sim;

/**
 * A hypervisor scheduler with state: the seam through which a new hypervisor policy enters the
 * simulator as one class (SimSo's {@code Scheduler} hooks are the model). The engine owns time,
 * jobs, overheads, statistics and the trace; the scheduler owns which VM runs on each core and how
 * much it may run: it sets each VM's budget ({@link SchedulerContext#setBudget}; a running VM is
 * stopped when its budget reaches 0 and {@link #onBudgetExhausted} is called), arms timers
 * ({@link SchedulerContext#timer}, delivered to {@link #onTimer}) and per-VM replenishments
 * ({@link SchedulerContext#replenishAt}, delivered to {@link #onReplenish}), and answers each
 * core's question with a {@link Decision}: (VM, core), through {@link #decide} or, for a policy
 * whose VMs stay on their cores, the shorter {@link PartitionedScheduler#pick}. Each of the two
 * is abstract in exactly one interface, so a scheduler cannot leave both out (issue 31: they used
 * to default to each other and such a scheduler overflowed the stack). A decision naming a VM that is on
 * another core moves it there (the core it leaves is asked again at the same instant).
 *
 * <p>Hooks are called with every core's accounting up to the current instant, in the engine's
 * tie order (completions and budget ends, then releases and timers, then one {@link #decide} per
 * core whose state changed). A hook that changes what a core should run calls
 * {@link SchedulerContext#reschedule}. Budgets are in ticks; {@link SchedulerContext#UNLIMITED}
 * means no budget. One instance per run (not thread-safe); register a policy in
 * {@link HypervisorSchedulers}.
 */
public interface HypervisorScheduler {

    /** Called once at time 0, before anything else: read the parameters, set budgets, arm timers. */
    void start(SchedulerContext ctx);

    /** VM v has a ready job after having none (a wake-up). */
    default void onActivation(int v, long t) {
    }

    /** VM v has no ready job any more (it blocks). */
    default void onBlock(int v, long t) {
    }

    /** VM v's budget reached 0 while it held its core (it is still {@code running} there). */
    default void onBudgetExhausted(int v, long t) {
    }

    /** A timer armed with {@link SchedulerContext#timer} fired. */
    default void onTimer(int id, long t) {
    }

    /** VM v's replenishment armed with {@link SchedulerContext#replenishAt} is due; returns the next one (ticks), or {@link Long#MAX_VALUE} for none. */
    default long onReplenish(int v, long t) {
        return Long.MAX_VALUE;
    }

    /**
     * What runs on {@code lane} from {@code t}: a {@link Decision} for that lane, whose VM (if
     * any) has a positive budget and may be on another core now (it then moves). A VM chosen with
     * no ready job burns its budget (idle burn). A policy whose VMs stay on their cores implements
     * {@link PartitionedScheduler#pick} instead, which answers this.
     */
    long decide(int lane, long t);

    /**
     * True when {@link #onActivation} and {@link #onBlock} do nothing, so the order of one
     * instant's releases cannot show: the kernel may then hand releases out from its calendar.
     */
    default boolean ignoresActivations() {
        return false;
    }

    /**
     * True when a VM alone on its core runs whenever it has budget, ready or not (a periodic
     * server): with a budget that outlasts the run, the kernel may take its dedicated-processor loop.
     */
    default boolean dispatchesWhileBudgetLeft() {
        return false;
    }

    /**
     * True when the scheduler places servers (virtual CPUs) on any core (global scheduling,
     * THEORY.md §15.12): the kernel then asks every core at each instant it handles, a VM's jobs
     * run over its running virtual CPUs together, and the trace names each slice's virtual CPU and
     * marks migrations.
     */
    default boolean global() {
        return false;
    }

    /** Server v's current deadline in ticks, for display; 0 when the policy has none. */
    default long serverDeadline(int v) {
        return 0;
    }

    /**
     * When VM v's budget is next given back, in ticks (possibly past the horizon), for display;
     * {@link Long#MAX_VALUE} when the policy sets no such time in advance (its own state decides,
     * as Credit's) or never gives it back.
     */
    default long nextReplenishment(int v) {
        return Long.MAX_VALUE;
    }
}

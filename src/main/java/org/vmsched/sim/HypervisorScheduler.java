package org.vmsched.sim;

/**
 * A hypervisor scheduler with state: the seam through which a new hypervisor policy enters the
 * simulator as one class (SimSo's {@code Scheduler} hooks are the model). The engine owns time,
 * jobs, overheads, statistics and the trace; the scheduler owns which VM runs on each core and how
 * much it may run: it sets each VM's budget ({@link SchedulerContext#setBudget}; a running VM is
 * stopped when its budget reaches 0 and {@link #onBudgetExhausted} is called), arms timers
 * ({@link SchedulerContext#timer}, delivered to {@link #onTimer}) and answers {@link #pick}.
 *
 * <p>Hooks are called with every core's accounting up to the current instant, in the engine's
 * tie order (completions and budget ends, then releases and timers, then one {@link #pick} per
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

    /**
     * The VM that runs on {@code lane} from {@code t}, or -1 to leave the core idle. The VM must
     * be one of {@link SchedulerContext#vmsOn(int)} and have a positive budget. A VM picked with
     * no ready job burns its budget (idle burn).
     */
    int pick(int lane, long t);
}

package org.vmsched.sim;

import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * How a budgeted server gets and may spend its budget (THEORY.md §2, §6.3): replenished to C at
 * each period, what was left is lost; when it may run. Used by the budgeted-server hypervisor
 * policies ({@link org.vmsched.sim.BudgetedServerScheduler}); one instance per run,
 * not thread-safe.
 */
public interface ServerRule {

    /** Arms each server's first replenishment (and, where the rule says so, moves its VM's first releases). */
    void start(SchedulerContext ctx);

    /** Whether server v may run now. */
    boolean eligible(int v);

    /** Replenishes server v at {@code t}; returns its next replenishment in ticks ({@link Long#MAX_VALUE}: none). */
    long replenish(int v, long t);

    /** Whether a VM runs whenever it has budget, ready or not (burning it idle). */
    boolean dispatchesWhileBudgetLeft();

    /** The rule the options ask for: worst-case mode replays the analysed supply, else periodic or deferrable. */
    static ServerRule of(SimulationOptions o) {
        if (o.mode() == SimulationMode.WORST_CASE) {
            return new WorstCaseServer();
        }
        return o.serverPolicy() == ServerPolicy.DEFERRABLE ? new DeferrableServer() : new PeriodicServer();
    }
}

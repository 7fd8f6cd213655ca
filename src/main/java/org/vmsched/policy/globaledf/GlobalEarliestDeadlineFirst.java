package org.vmsched.policy.globaledf;

import java.util.function.ToDoubleFunction;
import org.vmsched.model.Scenario;
import org.vmsched.sim.Decision;
import org.vmsched.sim.DeferrableServer;
import org.vmsched.sim.GlobalEdfPlanner;
import org.vmsched.sim.GlobalServers;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.SchedulerContext;
import org.vmsched.sim.ServerRule;

/**
 * Global EDF over virtual CPUs (Xen RTDS; THEORY.md §15.12) on the simulator's kernel. Each
 * virtual CPU is a server with its VM's period and budget, replenished by its {@link ServerRule}
 * (periodic, deferrable or worst-case), its deadline the end of its period. Which virtual CPUs run
 * on which cores is the {@link GlobalEdfPlanner}'s decision, the one the kernel's global loop
 * makes too: at each instant the kernel handles, the first core asked has the plan brought up to
 * date (made again only when a replenishment, a spent budget or, under deferrable servers, a VM's
 * number of ready jobs changed it), and every core's {@link Decision} reads it. Which jobs run on
 * the chosen virtual CPUs is the guest's (the kernel's {@code GlobalGuest}). A migration pays the
 * VM's X plus the scenario's migration cost, charged through {@link SchedulerContext#chargeOverhead}.
 * One instance per run; not thread-safe.
 */
public final class GlobalEarliestDeadlineFirst implements HypervisorScheduler, GlobalServers {

    /** The scenario's migration cost in scenario units; null: none. */
    private final ToDoubleFunction<Scenario> migrationCost;
    /** Per server: what a migration costs it, X + the migration cost, in ticks (0: no migration cost). */
    private long[] migrationCharge;

    /** Migrations cost X plus {@code migrationCost} of the run's scenario (null: nothing more). */
    public GlobalEarliestDeadlineFirst(ToDoubleFunction<Scenario> migrationCost) {
        this.migrationCost = migrationCost;
    }

    private SchedulerContext ctx;
    private ServerRule rule;
    private boolean deferrable;
    private long[] period;
    private GlobalEdfPlanner planner;
    /** The planner's plan: per core the server it puts there (−1: idle). */
    private int[] plan;
    /** Per core the server running there, and (deferrable) per VM its ready jobs, as the planner reads them. */
    private int[] running;
    private int[] ready;
    private long planned = -1;

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        int servers = c.serverCount();
        int[] vmOf = new int[servers];
        period = new long[servers];
        for (int i = 0; i < servers; i++) {
            vmOf[i] = c.vmOf(i);
            period[i] = c.ticks(c.vm(vmOf[i]).period());
        }
        rule = ServerRule.of(c.options());
        deferrable = rule instanceof DeferrableServer;
        rule.start(c);
        long m = migrationCost == null ? 0 : c.ticks(migrationCost.applyAsDouble(c.scenario()));
        migrationCharge = new long[servers];
        for (int i = 0; i < servers && m > 0; i++) {
            migrationCharge[i] = c.ticks(c.vm(vmOf[i]).overhead()) + m;
        }
        planner = new GlobalEdfPlanner(c.laneCount(), c.vmCount(), vmOf, deferrable, migrationCharge,
                (i, from, ticks) -> ctx.chargeOverhead(i, ticks, 1)); // a migration pays X + its cost (THEORY.md §15.12)
        plan = planner.planView();
        running = new int[c.laneCount()];
        ready = new int[c.vmCount()];
    }

    @Override
    public long onReplenish(int i, long t) {
        long next = rule.replenish(i, t);
        planner.replenished(i, t + period[i], ctx.budget(i) > 0);
        return next;
    }

    @Override
    public void onBudgetExhausted(int i, long t) {
        planner.spent(i);
    }

    @Override
    public long decide(int lane, long t) {
        if (planned != t) {
            planned = t;
            for (int c = 0; c < running.length; c++) {
                running[c] = ctx.running(c);
            }
            if (deferrable) {
                for (int v = 0; v < ready.length; v++) {
                    ready[v] = ctx.readyTasks(v);
                }
            }
            planner.update(running, ready);
        }
        return Decision.run(plan[lane], lane);
    }

    @Override
    public boolean ignoresActivations() {
        return true;
    }

    @Override
    public boolean global() {
        return true;
    }

    @Override
    public long[] migrationChargeView() {
        return migrationCharge;
    }

    @Override
    public long serverDeadline(int i) {
        return planner.deadline(i);
    }
}

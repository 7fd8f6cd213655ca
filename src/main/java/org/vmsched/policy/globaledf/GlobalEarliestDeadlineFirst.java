package org.vmsched.policy.globaledf;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;
import org.vmsched.model.Scenario;
import org.vmsched.sim.Decision;
import org.vmsched.sim.DeferrableServer;
import org.vmsched.sim.GlobalServers;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.SchedulerContext;
import org.vmsched.sim.ServerRule;

/**
 * Global EDF over virtual CPUs (Xen RTDS; THEORY.md §15.12) on the simulator's kernel. Each
 * virtual CPU is a server with its VM's period and budget, replenished by its {@link ServerRule}
 * (periodic or deferrable), its deadline the end of its period. At each instant the kernel handles,
 * the first core asked gets the whole plan: the {@code cores} eligible virtual CPUs of earliest
 * deadline run (ties to the VM listed first, then to one already running, then to the lower
 * virtual CPU); a running one keeps its core, a dispatched one takes the core it last ran on when
 * free, else the lowest free core. Every core's {@link Decision} then reads the plan. A virtual CPU
 * is eligible with budget left and, under deferrable servers, while its VM has more ready jobs
 * than virtual CPUs picked before it. Which jobs run on the chosen virtual CPUs is the guest's
 * (the kernel's {@code GlobalGuest}). A dispatch on another core than the server's last (a
 * migration; not its first dispatch) pays the VM's X plus the scenario's migration cost, charged
 * through {@link SchedulerContext#chargeOverhead}.
 *
 * <p>The plan is made again only when one of its inputs changed: a replenishment (a deadline, a
 * budget), a budget spent, and under deferrable servers a VM's number of ready jobs. Otherwise the
 * last plan stands: the virtual CPUs it picked are the ones running, and with the same eligible
 * set, deadlines and ready counts the order above picks them again (running ones win the only tie
 * that looks at the state) and leaves each on its core. The servers are kept sorted by deadline,
 * then index (VM by VM), so a plan is one pass. One instance per run; not thread-safe.
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
    private int cores;
    private int servers;
    private long[] deadline;
    private long[] period;
    /** Per server: the core it last ran on, −1 before its first dispatch. */
    private int[] lastCore;
    /** Per server: the {@link #plans} count of the last plan that picked it. */
    private long[] selected;
    private long plans;
    private int[] vmOf;
    /**
     * Per server: budget left, which is periodic and worst-case servers' eligibility; it changes
     * only at a replenishment (the rule sets the budget) and when spent (the kernel says so).
     */
    private boolean[] hasBudget;
    /** Per core: the server running there when the plan is made; per server: the {@link #plans} count of the last plan that saw it running. */
    private int[] onCore;
    private long[] runsAt;
    /** Per server picked in the plan being made: whether it runs now. */
    private boolean[] runs;
    /** The servers in global EDF's order without the running-first tie: deadline, then index. */
    private int[] order;
    private int[] picked;
    private int[] pickedOfVm;
    /** Per VM: its ready jobs when the last plan was made (deferrable servers only). */
    private int[] readyAtPlan;
    /** Per core: the server the plan puts there (−1: idle). */
    private int[] plan;
    private long planned = -1;
    /** An input of the plan changed since it was made. */
    private boolean stale = true;

    @Override
    public void start(SchedulerContext c) {
        ctx = c;
        cores = c.laneCount();
        servers = c.serverCount();
        deadline = new long[servers];
        period = new long[servers];
        vmOf = new int[servers];
        order = new int[servers];
        for (int i = 0; i < servers; i++) {
            vmOf[i] = c.vmOf(i);
            period[i] = c.ticks(c.vm(vmOf[i]).period());
            order[i] = i;
        }
        lastCore = new int[servers];
        Arrays.fill(lastCore, -1);
        selected = new long[servers];
        runs = new boolean[servers];
        onCore = new int[cores];
        runsAt = new long[servers];
        hasBudget = new boolean[servers];
        picked = new int[cores];
        pickedOfVm = new int[c.vmCount()];
        readyAtPlan = new int[c.vmCount()];
        plan = new int[cores];
        rule = ServerRule.of(c.options());
        deferrable = rule instanceof DeferrableServer;
        rule.start(c);
        long m = migrationCost == null ? 0 : c.ticks(migrationCost.applyAsDouble(c.scenario()));
        migrationCharge = new long[servers];
        for (int i = 0; i < servers && m > 0; i++) {
            migrationCharge[i] = c.ticks(c.vm(vmOf[i]).overhead()) + m;
        }
    }

    @Override
    public long onReplenish(int i, long t) {
        deadline[i] = t + period[i];
        GlobalServers.resort(order, deadline, i);
        stale = true;
        long next = rule.replenish(i, t);
        hasBudget[i] = ctx.budget(i) > 0;
        return next;
    }

    @Override
    public void onBudgetExhausted(int i, long t) {
        hasBudget[i] = false;
        stale = true;
    }

    @Override
    public long decide(int lane, long t) {
        if (planned != t) {
            planned = t;
            if (stale || deferrable && readyChanged()) {
                stale = false;
                place(select());
            }
        }
        return Decision.run(plan[lane], lane);
    }

    private boolean readyChanged() {
        for (int v = 0; v < readyAtPlan.length; v++) {
            if (readyAtPlan[v] != ctx.readyTasks(v)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Picks the virtual CPUs that run from now, in EDF order into {@link #picked}; returns how many.
     * Servers of one VM with one deadline are a run of {@link #order}: its running ones go first.
     */
    private int select() {
        plans++;
        for (int c = 0; c < cores; c++) {
            int i = ctx.running(c);
            onCore[c] = i;
            if (i >= 0) {
                runsAt[i] = plans;
            }
        }
        if (deferrable) {
            Arrays.fill(pickedOfVm, 0);
            for (int v = 0; v < readyAtPlan.length; v++) {
                readyAtPlan[v] = ctx.readyTasks(v);
            }
        }
        int n = 0;
        for (int p = 0; p < servers && n < cores; ) {
            int first = order[p];
            int q = p + 1;
            while (q < servers && deadline[order[q]] == deadline[first] && vmOf[order[q]] == vmOf[first]) {
                q++;
            }
            if (q == p + 1) {
                n = consider(first, n);
            } else {
                for (int r = p; r < q && n < cores; r++) {
                    if (running(order[r])) {
                        n = consider(order[r], n);
                    }
                }
                for (int r = p; r < q && n < cores; r++) {
                    if (!running(order[r])) {
                        n = consider(order[r], n);
                    }
                }
            }
            p = q;
        }
        return n;
    }

    private boolean running(int i) {
        return runsAt[i] == plans;
    }

    /** Picks server i as the n-th when it may run; returns the number picked. */
    private int consider(int i, int n) {
        if (deferrable ? !rule.eligible(i) : !hasBudget[i]) {
            return n;
        }
        int v = vmOf[i];
        if (deferrable) {
            if (pickedOfVm[v] >= ctx.readyTasks(v)) {
                return n; // a deferrable server keeps its budget while its VM has no job for it
            }
            pickedOfVm[v]++;
        }
        selected[i] = plans;
        runs[i] = running(i);
        picked[n] = i;
        return n + 1;
    }

    private void place(int n) {
        for (int c = 0; c < cores; c++) {
            int i = onCore[c];
            plan[c] = i >= 0 && selected[i] == plans ? i : -1;
        }
        for (int k = 0; k < n; k++) {
            int i = picked[k];
            if (runs[i]) {
                continue;
            }
            int c = lastCore[i] >= 0 && plan[lastCore[i]] < 0 ? lastCore[i] : GlobalServers.firstFree(plan);
            if (migrationCharge[i] > 0 && lastCore[i] >= 0 && lastCore[i] != c) {
                ctx.chargeOverhead(i, migrationCharge[i], 1); // a migration pays X + its cost (THEORY.md §15.12)
            }
            plan[c] = i;
            lastCore[i] = c;
        }
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
        return deadline[i];
    }
}

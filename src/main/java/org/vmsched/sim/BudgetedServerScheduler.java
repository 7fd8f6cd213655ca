package org.vmsched.sim;

import java.util.Arrays;


/**
 * VMs as budgeted servers on their cores (THEORY.md §2): each replenished by its
 * {@link ServerRule} (periodic, deferrable, or worst-case mode's pattern); on each core the
 * eligible VM of least rank ({@link #ranks}) runs, preemptively; the running VM keeps the core on a tie
 * (no preemption, and no overhead, for an equal rank), else the VM listed first wins. One
 * instance per run; not thread-safe.
 */
public abstract class BudgetedServerScheduler implements HypervisorScheduler, RankedServers {

    private SchedulerContext ctx;
    private ServerRule rule;
    /** {@link #ranks()}, read on every decision without a call per VM. */
    private long[] rank;
    /** Per VM: the end of its current period (ticks; its deadline), its period, its priority (1 highest). */
    protected long[] deadline;
    protected long[] period;
    protected int[] priority;
    /** Per VM: when its server rule gives the budget back next (ticks), as {@link ServerRule#replenish} said. */
    private long[] next;

    /**
     * Per VM its rank (the least runs), kept current by this class: {@link #deadline},
     * {@link #period}, or a copy of {@link #priority}. Called once, at the end of {@link #start}.
     */
    protected abstract long[] ranks();

    @Override
    public final void start(SchedulerContext c) {
        ctx = c;
        int n = c.serverCount();
        deadline = new long[n];
        period = new long[n];
        priority = new int[n];
        next = new long[n];
        Arrays.fill(next, Long.MAX_VALUE);
        for (int v = 0; v < n; v++) {
            period[v] = c.ticks(c.vm(c.vmOf(v)).period());
            Integer p = c.vm(c.vmOf(v)).priority();
            priority[v] = p == null ? Integer.MAX_VALUE : p;
        }
        rule = ServerRule.of(c.options());
        rule.start(c);
        rank = ranks();
    }

    @Override
    public final long onReplenish(int v, long t) {
        deadline[v] = t + period[v];
        next[v] = rule.replenish(v, t);
        return next[v];
    }

    @Override
    public final long decide(int lane, long t) {
        long[] rank = this.rank;
        int cur = ctx.running(lane);
        int best = -1;
        long bestRank = 0;
        if (cur >= 0 && rule.eligible(cur)) {
            best = cur;
            bestRank = rank[cur];
        }
        int[] vs = ctx.vmsOn(lane);
        for (int i = 0; i < vs.length; i++) {
            int v = vs[i];
            if (v == cur || !rule.eligible(v)) {
                continue;
            }
            long r = rank[v];
            if (best < 0 || r < bestRank) {
                best = v;
                bestRank = r;
            }
        }
        return Decision.run(best, lane);
    }

    @Override
    public final boolean ignoresActivations() {
        return true;
    }

    @Override
    public final boolean dispatchesWhileBudgetLeft() {
        return rule.dispatchesWhileBudgetLeft();
    }

    @Override
    public final long serverDeadline(int v) {
        return deadline[v];
    }

    /** Not always the period's end: worst-case mode gives a later budget as late as it can (THEORY.md §6.3). */
    @Override
    public final long nextReplenishment(int v) {
        return next[v];
    }

    /** The ranks {@link #decide} reads; null under a server rule other than the three known ones, whose eligibility may differ. */
    @Override
    public final long[] rankView() {
        boolean known = rule.getClass() == PeriodicServer.class || rule instanceof DeferrableServer || rule instanceof WorstCaseServer;
        return known ? rank : null;
    }

    @Override
    public final boolean eligibleOnlyWhenReady() {
        return rule instanceof DeferrableServer;
    }
}

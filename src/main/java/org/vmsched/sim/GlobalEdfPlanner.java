package org.vmsched.sim;

import java.util.Arrays;

/**
 * Global EDF's decision over virtual CPUs (THEORY.md §15.12), written once: which servers run on
 * which cores from an instant on. The {@code cores} eligible servers of earliest deadline run
 * (ties to the VM listed first, then to one already running, then to the lower server); a running
 * one keeps its core, a dispatched one takes the core it last ran on when free, else the lowest
 * free core, and a dispatch on another core than its last (not its first) is a migration, which
 * pays what {@link GlobalServers#migrationChargeView()} says through the {@link Migrations} hook.
 * A server is eligible with budget left and, under deferrable servers, while its VM has more ready
 * jobs than servers picked before it.
 *
 * <p>Both users keep their own replenishment rule and tell the planner what changed: the policy's
 * scheduler ({@code policy.globaledf.GlobalEarliestDeadlineFirst}, the general loop's answer to
 * every core) and the kernel's {@code GlobalLoop}. The plan is made again only when one of its
 * inputs changed ({@link #replenished}, {@link #spent}, and under deferrable servers a VM's ready
 * count): otherwise the last plan stands, since with the same eligible set, deadlines and ready
 * counts the order above picks the same servers (running ones win the only tie that looks at the
 * state) and leaves each on its core. The servers are kept sorted by deadline, then index, so a
 * plan is one pass; a replenishment finds the server's old and new places by binary search and
 * moves the servers between by one array copy. Times are ticks. One per run; not thread-safe.
 */
public final class GlobalEdfPlanner {

    /** Where a migration's charge goes: server {@code i} leaves core {@code from} and pays {@code ticks}. */
    @FunctionalInterface
    public interface Migrations {
        void charge(int i, int from, long ticks);
    }

    private final int cores;
    private final int servers;
    private final boolean deferrable;
    private final int[] vmOf;
    private final long[] migrationCharge;
    private final Migrations migrations;
    private final long[] deadline;
    /** The servers by deadline, then index (global EDF's order without the running-first tie). */
    private final int[] order;
    private final boolean[] hasBudget;
    /** Per server: the core it last ran on, −1 before its first dispatch. */
    private final int[] lastCore;
    /** Per core: the server the plan puts there (−1: idle), and the server running there when it was made. */
    private final int[] plan;
    private final int[] onCore;
    /** Per server: the {@link #plans} count of the last plan that picked it, and of the last that saw it running. */
    private final long[] selected;
    private final long[] runs;
    private long plans;
    private final int[] picked;
    private final int[] pickedOfVm;
    /** Per VM: its ready jobs when the last plan was made (deferrable servers only). */
    private final int[] readyAtPlan;
    /** An input of the plan changed since it was made. */
    private boolean stale = true;

    /**
     * A planner for {@code vmOf.length} servers (server i of VM {@code vmOf[i]}, each VM's servers
     * consecutive, VMs in the scenario's order) on {@code cores} cores, {@code vms} VMs; no server
     * has budget until {@link #replenished}. {@code migrationCharge} (per server, ticks; 0: none)
     * is read, not copied.
     */
    public GlobalEdfPlanner(int cores, int vms, int[] vmOf, boolean deferrable, long[] migrationCharge, Migrations migrations) {
        this.cores = cores;
        this.servers = vmOf.length;
        this.deferrable = deferrable;
        this.vmOf = vmOf.clone();
        this.migrationCharge = migrationCharge;
        this.migrations = migrations;
        deadline = new long[servers];
        order = new int[servers];
        for (int i = 0; i < servers; i++) {
            order[i] = i;
        }
        hasBudget = new boolean[servers];
        lastCore = new int[servers];
        Arrays.fill(lastCore, -1);
        plan = new int[cores];
        Arrays.fill(plan, -1);
        onCore = new int[cores];
        selected = new long[servers];
        runs = new long[servers];
        picked = new int[cores];
        pickedOfVm = new int[vms];
        readyAtPlan = new int[vms];
    }

    /** Server i was replenished: its deadline is now {@code d} and it has budget or not. */
    public void replenished(int i, long d, boolean budget) {
        int from = position(i);
        deadline[i] = d;
        resort(from, i);
        hasBudget[i] = budget;
        stale = true;
    }

    /** Server i spent its budget. */
    public void spent(int i) {
        hasBudget[i] = false;
        stale = true;
    }

    /** Server i's deadline (ticks; 0 before its first replenishment). */
    public long deadline(int i) {
        return deadline[i];
    }

    /**
     * Makes the plan again if an input changed since the last ({@code ready}: each VM's ready jobs,
     * read under deferrable servers only; {@code running}: per core the server running there, −1
     * none); returns whether it did. Charges the migrations it decides.
     */
    public boolean update(int[] running, int[] ready) {
        if (!stale && !(deferrable && readyChanged(ready))) {
            return false;
        }
        stale = false;
        place(select(running, ready));
        return true;
    }

    /** Per core the server the last plan puts there, −1 idle; read only, the same array for the whole run. */
    public int[] planView() {
        return plan;
    }

    private boolean readyChanged(int[] ready) {
        for (int v = 0; v < readyAtPlan.length; v++) {
            if (readyAtPlan[v] != ready[v]) {
                return true;
            }
        }
        return false;
    }

    /** Picks the servers that run from now, in EDF order into {@link #picked}; returns how many. */
    private int select(int[] running, int[] ready) {
        long now = ++plans;
        for (int c = 0; c < cores; c++) {
            int i = running[c];
            onCore[c] = i;
            if (i >= 0) {
                runs[i] = now;
            }
        }
        if (!deferrable) {
            return selectPeriodic(now);
        }
        Arrays.fill(pickedOfVm, 0);
        System.arraycopy(ready, 0, readyAtPlan, 0, readyAtPlan.length);
        int n = 0;
        for (int p = 0; p < servers && n < cores; ) {
            int first = order[p];
            int q = p + 1;
            while (q < servers && sameGroup(order[q], first)) {
                q++;
            }
            if (q == p + 1) {
                n = consider(first, n);
            } else {
                // one VM's servers of one deadline: its running ones first
                for (int r = p; r < q && n < cores; r++) {
                    if (runs[order[r]] == now) {
                        n = consider(order[r], n);
                    }
                }
                for (int r = p; r < q && n < cores; r++) {
                    if (runs[order[r]] != now) {
                        n = consider(order[r], n);
                    }
                }
            }
            p = q;
        }
        return n;
    }

    /**
     * {@link #select} for periodic (and worst-case) servers: one pass in EDF order over those with
     * budget; only where the cores run out inside one VM's servers of one deadline are those picked
     * again, running first (elsewhere that tie only reorders running servers, which keep their cores).
     */
    private int selectPeriodic(long now) {
        int n = 0;
        int p = 0;
        for (; p < servers && n < cores; p++) {
            int i = order[p];
            if (hasBudget[i]) {
                picked[n++] = i;
            }
        }
        if (n == cores && p < servers) {
            n = repickCutGroup(now, n, p);
        }
        for (int m = 0; m < n; m++) {
            selected[picked[m]] = now;
        }
        return n;
    }

    /**
     * The pass stopped at {@code order[p]} with every core picked: if the last picked server's
     * group (its VM, its deadline) goes on past {@code p} with a server that has budget, the group
     * is picked again with its running servers first; returns how many are picked then.
     */
    private int repickCutGroup(long now, int n, int p) {
        int last = picked[n - 1];
        boolean cut = false;
        int q = p;
        for (; q < servers && sameGroup(order[q], last); q++) {
            cut |= hasBudget[order[q]];
        }
        if (!cut) {
            return n;
        }
        int from = p - 1;
        while (from > 0 && sameGroup(order[from - 1], last)) {
            from--;
        }
        for (int r = from; r < p; r++) {
            n -= hasBudget[order[r]] ? 1 : 0;
        }
        for (int r = from; r < q && n < cores; r++) {
            if (runs[order[r]] == now && hasBudget[order[r]]) {
                picked[n++] = order[r];
            }
        }
        for (int r = from; r < q && n < cores; r++) {
            if (runs[order[r]] != now && hasBudget[order[r]]) {
                picked[n++] = order[r];
            }
        }
        return n;
    }

    private boolean sameGroup(int i, int j) {
        return deadline[i] == deadline[j] && vmOf[i] == vmOf[j];
    }

    /** Picks deferrable server i as the n-th when it may run; returns the number picked. */
    private int consider(int i, int n) {
        int v = vmOf[i];
        if (!hasBudget[i] || pickedOfVm[v] >= readyAtPlan[v]) {
            return n; // a deferrable server keeps its budget while its VM has no job for it
        }
        pickedOfVm[v]++;
        selected[i] = plans;
        picked[n] = i;
        return n + 1;
    }

    /** Puts the picked servers on cores: a running one keeps its core, another takes its last core when free, else the lowest free one. */
    private void place(int n) {
        for (int c = 0; c < cores; c++) {
            int i = onCore[c];
            plan[c] = i >= 0 && selected[i] == plans ? i : -1;
        }
        for (int m = 0; m < n; m++) {
            int i = picked[m];
            if (runs[i] == plans) {
                continue;
            }
            int last = lastCore[i];
            int c = last >= 0 && plan[last] < 0 ? last : firstFree();
            if (migrationCharge[i] > 0 && last >= 0 && last != c) {
                migrations.charge(i, last, migrationCharge[i]); // a migration pays X + its cost (THEORY.md §15.12)
            }
            plan[c] = i;
            lastCore[i] = c;
        }
    }

    /** The lowest core the plan leaves idle. */
    private int firstFree() {
        for (int c = 0; c < cores; c++) {
            if (plan[c] < 0) {
                return c;
            }
        }
        throw new IllegalStateException("more virtual CPUs picked than cores");
    }

    /**
     * Where server i stands in {@link #order}, found by a binary search on its (deadline, index), which
     * the order is sorted by (a walk from the front cost a pass over thousands of servers at every
     * replenishment: BENCHMARKS.md, analyze of 100 VMs of 64 vCPUs).
     */
    private int position(int i) {
        int lo = 0;
        int hi = servers - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int m = order[mid];
            if (m == i) {
                return mid;
            }
            if (before(m, i)) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        throw new IllegalStateException("server " + i + " is not in the order");
    }

    /**
     * Moves server i from {@code from} in {@link #order} to its place after its deadline changed (the
     * rest already in order): the place by a binary search, the servers between shifted by one copy.
     */
    private void resort(int from, int i) {
        if (from + 1 < servers && before(order[from + 1], i)) {
            int lo = from + 1; // the first place past from whose server is not before i
            int hi = servers;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before(order[mid], i)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            System.arraycopy(order, from + 1, order, from, lo - 1 - from);
            order[lo - 1] = i;
        } else if (from > 0 && before(i, order[from - 1])) {
            int lo = 0; // the first place before from whose server i is before
            int hi = from;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before(i, order[mid])) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            System.arraycopy(order, lo, order, lo + 1, from - lo);
            order[lo] = i;
        }
    }

    /** The servers in {@link #order} (a copy): a test's view of the invariant. */
    int[] orderView() {
        return order.clone();
    }

    private boolean before(int i, int j) {
        return deadline[i] < deadline[j] || deadline[i] == deadline[j] && i < j;
    }
}

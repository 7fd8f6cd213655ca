package org.vmsched.sim;

import java.util.Arrays;

/**
 * The lane state of a {@link Kernel} run: per server (a VM's virtual CPU, {@link Layout}) its
 * budget left and the overhead it owes, per lane the server and task running, the overhead left, when it was last settled, its next boundary
 * (a completion, the end of an overhead, the budget spent) and whether it awaits a decision.
 * Settling a lane accounts its constant state since its last update (statistics and trace);
 * dispatching puts a decided VM on it. Not thread-safe.
 */
final class Lanes {

    private final Layout l;
    private final JobBacklog backlog;
    private final ReadyTasks ready;
    private final RunStatistics stats;
    private final TraceRecorder trace;

    final long[] budgetLeft;
    /** Overhead charged on the VM's next dispatch (−1: none), and the switches it counts for. */
    final long[] charged;
    final long[] chargedSwitches;
    /** The budget level below which the running VM pays overhead (0: none), and its switch count. */
    final long[] tailAt;
    final long[] tailSwitches;

    final int[] running;
    final int[] runTask;
    final long[] overheadLeft;
    final long[] since;
    final long[] nextDyn;
    final boolean[] dirty;
    /** A VM changed lanes at this instant (the lane it left awaits a decision). */
    boolean migrated;
    /** Per lane: the slice starting at its last settling follows a migration (global runs' trace). */
    final boolean[] mark;
    /** Per server: it has run (a later dispatch on another lane is a migration). */
    final boolean[] ran;
    /** Jobs run over their VM's running servers ({@link GlobalGuest}), not one per lane in {@link #dispatch}. */
    final boolean global;

    Lanes(Layout l, JobBacklog backlog, ReadyTasks ready, RunStatistics stats, TraceRecorder trace, boolean global) {
        this.l = l;
        this.backlog = backlog;
        this.ready = ready;
        this.stats = stats;
        this.trace = trace;
        this.global = global;
        int n = l.nServer;
        int m = l.nLane;
        mark = new boolean[m];
        ran = new boolean[n];
        budgetLeft = new long[n];
        charged = new long[n];
        Arrays.fill(charged, -1);
        chargedSwitches = new long[n];
        tailAt = new long[n];
        tailSwitches = new long[n];
        running = new int[m];
        runTask = new int[m];
        Arrays.fill(running, -1);
        Arrays.fill(runTask, -1);
        overheadLeft = new long[m];
        since = new long[m];
        nextDyn = new long[m];
        Arrays.fill(nextDyn, Kernel.NEVER);
        dirty = new boolean[m];
    }

    /**
     * VM {@code best} (−1: none) holds lane c from t. Switching to it from another VM or from idle
     * costs its overhead X (or what was charged on it); in a chunk with an overhead tail, the rest
     * of the budget below the tail level is overhead. Sets the running task and the next boundary.
     */
    void dispatch(int c, int best, long t) {
        if (best != running[c] || (best >= 0 && charged[best] >= 0)) {
            switchTo(c, best);
        }
        long tail = best < 0 ? 0 : tailAt[best];
        if (tail > 0 && overheadLeft[c] == 0 && budgetLeft[best] <= tail) {
            payTail(c, best);
            tail = 0;
        }
        if (best < 0 || global) {
            // a global run's jobs are placed once every lane is decided (GlobalGuest)
            runTask[c] = -1;
            nextDyn[c] = Kernel.NEVER;
            return;
        }
        int g = ready.count[best] > 0 ? ready.pick(best) : -1;
        runTask[c] = g;
        long d = budgetLeft[best];
        if (overheadLeft[c] > 0) {
            d = Math.min(d, overheadLeft[c]);
        } else {
            if (g >= 0) {
                d = Math.min(d, backlog.remaining[g]);
            }
            if (tail > 0) {
                d = Math.min(d, budgetLeft[best] - tail);
            }
        }
        nextDyn[c] = t + d;
    }

    private void switchTo(int c, int best) {
        running[c] = best;
        if (best < 0) {
            overheadLeft[c] = 0;
            return;
        }
        long switches = 1;
        ran[best] = true;
        overheadLeft[c] = l.vOverhead[l.sVm[best]];
        if (charged[best] >= 0) {
            overheadLeft[c] = charged[best];
            switches = chargedSwitches[best];
            charged[best] = -1;
        }
        if (overheadLeft[c] > 0) { // X, or a charge such as a migration's (THEORY.md §15.12)
            stats.overheadCount[l.sVm[best]] += switches;
        }
    }

    /** The useful part of the chunk is over: the rest of the budget is the overhead owed. */
    private void payTail(int c, int v) {
        overheadLeft[c] = budgetLeft[v];
        tailAt[v] = 0;
        stats.overheadCount[l.sVm[v]] += tailSwitches[v];
    }

    /**
     * Server v leaves its lane for lane c; the lane it leaves idles until it is asked again, at
     * once. A server that has run before counts a migration of its VM and marks the slice.
     */
    void migrate(int v, int c, long t) {
        if (ran[v]) {
            stats.vcpuMigrations[l.sVm[v]]++;
            mark[c] = true;
        }
        int old = l.serverLane[v];
        settle(old, t);
        boolean left = running[old] == v;
        if (left) {
            running[old] = -1;
            runTask[old] = -1;
            overheadLeft[old] = 0;
            nextDyn[old] = Kernel.NEVER;
        }
        if (!global || left) {
            // (a global plan moves only servers that are not running: the lane left keeps its decision)
            dirty[old] = true;
            migrated = true;
        }
        l.move(v, c);
    }

    /** Time VM v's servers have run since their lanes were last settled, up to t. */
    long unsettled(int v, long t) {
        long sum = 0;
        for (int i = l.vmFirstServer[v]; i < l.vmFirstServer[v] + l.vmVcpus[v]; i++) {
            int c = l.serverLane[i];
            sum += running[c] == i ? t - since[c] : 0;
        }
        return sum;
    }

    /** Accounts lane c's constant state from its last update up to t (small, to be inlined where nothing is due). */
    void settle(int c, long t) {
        if (t > since[c]) {
            account(c, t);
        }
    }

    private void account(int c, long t) {
        long from = since[c];
        long dt = t - from;
        since[c] = t;
        int server = running[c];
        int v = server < 0 ? -1 : l.sVm[server];
        byte kind;
        int task = -1;
        int g = -1;
        if (v < 0) {
            stats.idle[c] += dt;
            kind = Kernel.IDLE;
        } else {
            stats.busy[c] += dt;
            budgetLeft[server] -= dt;
            stats.supply[v] += dt;
            g = runTask[c];
            if (overheadLeft[c] > 0) {
                overheadLeft[c] -= dt;
                stats.overheadTime[v] += dt;
                kind = Kernel.OVERHEAD;
            } else if (g >= 0) {
                backlog.remaining[g] -= dt;
                stats.execution[v] += dt;
                kind = Kernel.EXEC;
                task = l.tLocal[g];
            } else {
                stats.idleBurn[v] += dt;
                kind = Kernel.IDLE_BURN;
            }
        }
        if (!trace.on) {
            return;
        }
        if (v < 0 && l.lanePerVm) {
            // a lane run alone is one VM's virtual CPU (server c) even while idle: its idle slice names it
            server = c;
            v = l.sVm[c];
        }
        if (global) {
            // the job: jobs of one task run in release order, so the oldest pending runs (read only for the trace)
            long job = task >= 0 ? backlog.headRelease(g) : -1;
            trace.extend(c, from, t, kind, v, v < 0 ? -1 : server - l.vmFirstServer[v], task, job, mark[c]);
            mark[c] = false;
        } else {
            trace.extend(c, from, t, kind, v, task);
        }
    }
}

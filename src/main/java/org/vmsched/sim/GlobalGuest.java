package org.vmsched.sim;

import java.util.Arrays;


/**
 * The guest level of a global run (THEORY.md §15.12): once every lane is decided at an instant,
 * each VM runs its best ready jobs (its guest scheduler's order, GLOBAL_EDF by the head job's
 * absolute deadline, GLOBAL_RM by rate-monotonic position, ties to the task listed first) on those
 * of its servers (virtual CPUs) that hold a lane and have paid their overhead. A job keeps the
 * server it last ran on when that one can run it; the others take the free servers in order, and
 * a job resumed on another server than its last counts a job migration of its VM and marks the
 * lane's next slice. Sets each held lane's task and next boundary. Only the VMs touched at the
 * instant are placed again (a lane they held or got was decided, a lane of theirs reached a
 * boundary, a task of theirs got a new head job): placing an untouched VM again would give the
 * placement it has. It also tells the kernel which lanes a global plan changes. Not thread-safe;
 * one per run.
 */
final class GlobalGuest {

    private final Layout l;
    private final Lanes lanes;
    private final JobBacklog backlog;
    private final ReadyTasks ready;
    private final RunStatistics stats;
    /** Per task: the server that last ran its head job (valid while {@link #lastRelease} is the head's release), −1 none. */
    private final int[] lastServer;
    private final long[] lastRelease;
    /** The guest rank of each task in {@link #best}. */
    private final long[] bestRank;
    private final int[] best;
    /** Per server of the VM being placed: its job (−1: none yet), and whether it can run one (holds its lane, overhead paid). */
    private final int[] job;
    private final boolean[] isFree;
    /** VMs whose jobs are placed again at this instant, once each. */
    private final boolean[] touched;
    private final int[] touchedList;
    private int nTouched;
    private final HypervisorScheduler sched;
    /** The scheduler plans all lanes at once (global EDF; not a partitioned one in worst-case mode). */
    private final boolean planned;

    GlobalGuest(Layout l, Lanes lanes, JobBacklog backlog, ReadyTasks ready, RunStatistics stats, HypervisorScheduler sched) {
        this.ready = ready;
        this.l = l;
        this.sched = sched;
        this.planned = sched.global();
        this.lanes = lanes;
        this.backlog = backlog;
        this.stats = stats;
        lastServer = new int[l.nTask];
        Arrays.fill(lastServer, -1);
        lastRelease = new long[l.nTask];
        int most = 0;
        for (int[] ts : l.vmTasks) {
            most = Math.max(most, ts.length);
        }
        best = new int[most];
        bestRank = new long[most];
        job = new int[l.nServer];
        isFree = new boolean[l.nServer];
        touched = new boolean[l.nVm];
        touchedList = new int[l.nVm];
    }

    /**
     * Marks dirty each lane whose decision at {@code t} is not what runs there: under a global
     * scheduler the plan stands where nothing changed, so only those lanes (and the lanes made
     * dirty by a boundary or a budget change) are decided again. A partitioned scheduler in
     * worst-case mode (one server per lane) has every lane decided, as its lanes' flags are not
     * kept for that.
     */
    void touchPlanned(long t, boolean[] dirty) {
        if (!planned) {
            Arrays.fill(dirty, true);
            return;
        }
        for (int c = 0; c < l.nLane; c++) {
            if (!dirty[c] && Decision.vm(sched.decide(c, t)) != lanes.running[c]) {
                dirty[c] = true;
            }
        }
    }

    /**
     * Lane c reached a boundary (a completion, the end of an overhead, the budget spent): under a
     * global scheduler its VM's jobs are placed again (returns true), and the lane is decided
     * again only if the plan moves ({@link #touchPlanned}: a spent budget does); else false, the
     * lane is to be decided.
     */
    boolean touchAtBoundary(int c) {
        if (!planned) {
            return false;
        }
        touchServer(lanes.running[c]);
        return true;
    }

    /** VM v's jobs are placed again at this instant (a job of it became its task's head). */
    void touch(int v) {
        if (!touched[v]) {
            touched[v] = true;
            touchedList[nTouched++] = v;
        }
    }

    /** Server i's VM (none for −1) is placed again at this instant (it got or lost a lane, or its lane was decided). */
    void touchServer(int i) {
        if (i >= 0) {
            touch(l.sVm[i]);
        }
    }

    /**
     * Places the jobs of every VM touched at {@code t} that holds a lane, its lanes settled first;
     * a VM not touched keeps its placement, which placing again would repeat (a placed job's last
     * server is the one it holds).
     */
    void assign(long t) {
        final int[] running = lanes.running;
        final int[] serverLane = l.serverLane;
        for (int k = 0; k < nTouched; k++) {
            int v = touchedList[k];
            touched[v] = false;
            int first = l.vmFirstServer[v];
            int end = first + l.vmVcpus[v];
            boolean holds = false;
            int free = 0;
            for (int i = first; i < end; i++) {
                int c = serverLane[i];
                job[i] = -1;
                // a server is free for a job when it holds its lane and has paid its overhead (settled first)
                if (running[c] == i) {
                    lanes.settle(c, t);
                    holds = true;
                    isFree[i] = lanes.overheadLeft[c] == 0;
                    free += isFree[i] ? 1 : 0;
                } else {
                    isFree[i] = false;
                }
            }
            if (holds) {
                assign(v, first, end, free, t);
            }
        }
        nTouched = 0;
    }

    private void assign(int v, int first, int end, int free, long t) {
        int chosen = free == 0 ? 0 : choose(v, free);
        // a job stays on its server when that one can run it; the others take the free ones
        for (int k = 0; k < chosen; k++) {
            int g = best[k];
            int i = lastServer[g];
            if (i >= 0 && isFree[i] && job[i] < 0 && lastRelease[g] == backlog.headRelease(g)) {
                job[i] = g;
                best[k] = -1;
            }
        }
        for (int k = 0; k < chosen; k++) {
            int g = best[k];
            if (g < 0) {
                continue;
            }
            for (int i = first; i < end; i++) {
                if (isFree[i] && job[i] < 0) {
                    job[i] = g;
                    long rel = backlog.headRelease(g);
                    if (lastServer[g] >= 0 && lastRelease[g] == rel && lastServer[g] != i) {
                        stats.jobMigrations[v]++;
                        lanes.mark[l.serverLane[i]] = true;
                    }
                    lastServer[g] = i;
                    lastRelease[g] = rel;
                    break;
                }
            }
        }
        for (int i = first; i < end; i++) {
            int c = l.serverLane[i];
            if (lanes.running[c] != i) {
                continue;
            }
            int g = job[i];
            lanes.runTask[c] = g;
            long d = lanes.budgetLeft[i];
            if (lanes.overheadLeft[c] > 0) {
                d = Math.min(d, lanes.overheadLeft[c]);
            } else {
                if (g >= 0) {
                    d = Math.min(d, backlog.remaining[g]);
                }
                if (lanes.tailAt[i] > 0) {
                    d = Math.min(d, lanes.budgetLeft[i] - lanes.tailAt[i]); // worst-case mode's overhead tail
                }
            }
            lanes.nextDyn[c] = t + d;
        }
    }

    /** Fills {@link #best} with VM v's best ready tasks, at most {@code want}; returns how many. */
    private int choose(int v, int want) {
        int[] byRank = l.vmTasksByRank[v];
        int chosen = 0;
        long mask = byRank == null ? -1 : ready.readyRanks(v);
        if (mask != -1) {
            // the ready tasks in rank order are the mask's set bits, lowest first
            for (; mask != 0 && chosen < want; mask &= mask - 1) {
                best[chosen++] = byRank[Long.numberOfTrailingZeros(mask)];
            }
            return chosen;
        }
        if (byRank != null) {
            for (int k = 0; k < byRank.length && chosen < want; k++) {
                if (backlog.size[byRank[k]] > 0) {
                    best[chosen++] = byRank[k];
                }
            }
            return chosen;
        }
        // one pass keeping the best {@code want} in order (a later task goes after an equal rank: ties to the task listed first)
        GuestStrategy gs = l.guest[v];
        for (int g : l.vmTasks[v]) {
            if (backlog.size[g] == 0) {
                continue;
            }
            chosen = keepBest(best, bestRank, chosen, want, g, gs.rank(backlog.headDeadline[g], l.tRmPos[g]));
        }
        return chosen;
    }

    /**
     * Task g of rank r among the {@code chosen} best so far (by rank, ties to the one seen first),
     * at most {@code want} kept; returns how many are kept now. Shared with {@link GuestReplay}.
     */
    static int keepBest(int[] best, long[] bestRank, int chosen, int want, int g, long r) {
        int k = chosen;
        while (k > 0 && r < bestRank[k - 1]) {
            k--;
        }
        if (k >= want) {
            return chosen;
        }
        for (int j = Math.min(chosen, want - 1); j > k; j--) {
            best[j] = best[j - 1];
            bestRank[j] = bestRank[j - 1];
        }
        best[k] = g;
        bestRank[k] = r;
        return Math.min(chosen + 1, want);
    }
}

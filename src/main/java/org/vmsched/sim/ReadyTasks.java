package org.vmsched.sim;


/**
 * The guest level: per VM how many of its tasks have a pending job, and which of them its guest
 * scheduler runs ({@link GuestStrategy}; ties to the task listed first). For a static guest rank
 * with at most 64 tasks a bit mask of the ready ranks makes the pick one count of trailing zeros.
 * Not thread-safe.
 */
final class ReadyTasks {

    private final Layout l;
    private final JobBacklog backlog;
    /** Per VM: tasks with a pending job. */
    final int[] count;
    /** Per VM with a rank mask: bit i set when the task of rank i has a pending job. */
    private final long[] readyByRank;
    private final boolean[] rankMask;

    ReadyTasks(Layout l, JobBacklog backlog) {
        this.l = l;
        this.backlog = backlog;
        count = new int[l.nVm];
        readyByRank = new long[l.nVm];
        rankMask = new boolean[l.nVm];
        for (int v = 0; v < l.nVm; v++) {
            rankMask[v] = l.vmTasksByRank[v] != null && l.vmTasks[v].length <= Long.SIZE;
        }
    }

    /** Task g got its only pending job; true when its VM had none ready before (a wake-up). */
    boolean add(int g) {
        int v = l.tVm[g];
        readyByRank[v] |= 1L << l.tRmPos[g];
        return count[v]++ == 0;
    }

    /** Task g has no pending job any more; true when its VM has none ready now (it blocks). */
    boolean remove(int g) {
        int v = l.tVm[g];
        readyByRank[v] &= ~(1L << l.tRmPos[g]);
        return --count[v] == 0;
    }

    /** VM v's ready tasks as a mask of their static ranks (bit i: the task of rank i), or −1 when v keeps no such mask. */
    long readyRanks(int v) {
        return rankMask[v] ? readyByRank[v] : -1;
    }

    /** The task VM v runs now (global index), or −1 when none is ready. */
    int pick(int v) {
        int[] byRank = l.vmTasksByRank[v];
        if (rankMask[v]) {
            long m = readyByRank[v];
            return m == 0 ? -1 : byRank[Long.numberOfTrailingZeros(m)];
        }
        if (byRank != null) {
            for (int i = 0; i < byRank.length; i++) {
                if (backlog.size[byRank[i]] > 0) {
                    return byRank[i];
                }
            }
            return -1;
        }
        int[] ts = l.vmTasks[v];
        GuestStrategy gs = l.guest[v];
        int best = -1;
        long bestRank = 0;
        for (int i = 0; i < ts.length; i++) {
            int g = ts[i];
            if (backlog.size[g] == 0) {
                continue;
            }
            long r = gs.rank(backlog.headDeadline[g], l.tRmPos[g]);
            if (best < 0 || r < bestRank) {
                best = g;
                bestRank = r;
            }
        }
        return best;
    }
}

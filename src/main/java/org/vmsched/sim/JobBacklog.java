package org.vmsched.sim;

/**
 * The engine's job backlog: per task (global index) a ring of the release times of its pending
 * jobs, oldest first (jobs of one task run in release order), the work left of the oldest and its
 * absolute deadline. Primitive arrays indexed by task; a ring grows (doubling) only when a task's
 * backlog does. Part of {@link Kernel}; not thread-safe.
 */
final class JobBacklog {

    private final long[] wcet;
    private final long[] deadline;
    private final long[][] ring;
    private final int[] head;
    /** Pending jobs per task. */
    final int[] size;
    /** Work left of each task's oldest pending job (0 when none). */
    final long[] remaining;
    /** Absolute deadline of each task's oldest pending job (valid while one is pending). */
    final long[] headDeadline;

    JobBacklog(long[] wcet, long[] deadline) {
        int n = wcet.length;
        this.wcet = wcet;
        this.deadline = deadline;
        ring = new long[n][];
        for (int g = 0; g < n; g++) {
            ring[g] = new long[4];
        }
        head = new int[n];
        size = new int[n];
        remaining = new long[n];
        headDeadline = new long[n];
    }

    /** Adds a job of task g released at t; true when it is the task's only pending job. */
    boolean push(int g, long t) {
        long[] r = ring[g];
        if (size[g] == r.length) {
            long[] nr = new long[r.length * 2];
            for (int k = 0; k < size[g]; k++) {
                nr[k] = r[(head[g] + k) & (r.length - 1)];
            }
            ring[g] = nr;
            r = nr;
            head[g] = 0;
        }
        r[(head[g] + size[g]) & (r.length - 1)] = t;
        if (size[g]++ == 0) {
            remaining[g] = wcet[g];
            headDeadline[g] = t + deadline[g];
            return true;
        }
        return false;
    }

    /** Removes task g's oldest job; true when none is left. */
    boolean pop(int g) {
        head[g] = (head[g] + 1) & (ring[g].length - 1);
        if (--size[g] > 0) {
            remaining[g] = wcet[g];
            headDeadline[g] = ring[g][head[g]] + deadline[g];
            return false;
        }
        remaining[g] = 0;
        return true;
    }

    /** Release time of task g's oldest pending job (one must be pending). */
    long headRelease(int g) {
        return ring[g][head[g]];
    }

    /** Release time of task g's k-th pending job (0 = oldest). */
    long release(int g, int k) {
        long[] r = ring[g];
        return r[(head[g] + k) & (r.length - 1)];
    }
}

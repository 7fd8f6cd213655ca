package org.vmsched.sim;

/**
 * The release calendar, an optimisation of the queue for runs whose scheduler ignores
 * activations and that have no deadline checks (then the order of one instant's releases cannot
 * show, THEORY.md §9.1): per task (at most {@link #MAX_TASKS}) its next release as
 * {@code (tick << 6) | task}, {@code Long.MAX_VALUE} when none is left before the horizon; the
 * earliest is a branch-free minimum over the array. Not thread-safe.
 */
final class ReleaseCalendar {

    static final int MAX_TASKS = 64;
    static final int SHIFT = 6;
    static final long TASK_MASK = (1 << SHIFT) - 1;

    final long[] next;
    /** The least entry; {@code Long.MAX_VALUE >>> SHIFT} lies past any horizon the calendar is used with. */
    long min = Long.MAX_VALUE;
    private final long horizon;

    ReleaseCalendar(long[] first, long horizon) {
        this.horizon = horizon;
        next = new long[first.length];
        for (int g = 0; g < first.length; g++) {
            next[g] = first[g] < horizon ? first[g] << SHIFT | g : Long.MAX_VALUE;
        }
        min = least();
    }

    /** Whether a run with {@code tasks} tasks up to {@code horizon} fits the calendar's encoding. */
    static boolean fits(int tasks, long horizon) {
        return tasks <= MAX_TASKS && horizon < (1L << (63 - SHIFT)) - 1;
    }

    /** Task g's next release is at {@code t} (none when at or past the horizon). */
    void set(int g, long t) {
        next[g] = t < horizon ? t << SHIFT | g : Long.MAX_VALUE;
        min = least();
    }

    private long least() {
        long[] cal = next;
        long m = Long.MAX_VALUE;
        for (int i = 0; i < cal.length; i++) {
            m = Math.min(m, cal[i]);
        }
        return m;
    }
}

package org.vmsched.sim;

/**
 * The rest of a {@link Kernel} run on a dedicated processor, an optimisation held to the
 * reference path by {@code FastPathEquivalenceProperties}: one lane whose only VM runs with a
 * budget that cannot run out before the horizon, after its one switch in, with nothing queued (no
 * replenishment, no deadline check, no timer) and releases from the calendar. Then every instant
 * is a completion and/or releases, the VM keeps the lane, and the decision is the guest's pick
 * alone: this loop does what the general one does at each instant (same accounting, events,
 * trace slices, progress and stops) without the lane and VM bookkeeping that cannot change. The
 * lane's busy time, the VM's supply and budget are added up once at the end (they grow by every
 * slice alike). Stateless.
 */
final class DedicatedLoop {

    private DedicatedLoop() {
    }

    /**
     * Runs VM v's lane to the horizon or a stop; returns whether the run stopped early.
     * Long because it is one hot loop whose state (the remaining work, the running task, the next
     * boundary) lives in locals the JIT can keep in registers, written back to the lanes once at the end.
     */
    static boolean run(Kernel k, int v) {
        final Lanes lanes = k.lanes;
        final ReleaseCalendar cal = k.calendar;
        final long[] rem = k.backlog.remaining;
        final int[] local = k.l.tLocal;
        final long horizon = k.horizon;
        final long entry = lanes.since[0];
        final long budget = lanes.budgetLeft[v];
        final RunStatistics stats = k.stats;
        final TraceRecorder trace = k.trace;
        long s = entry;
        int g = lanes.runTask[0];
        long nd = lanes.nextDyn[0];
        boolean stopped = false;
        while (true) {
            long t = Math.min(nd, cal.min >>> ReleaseCalendar.SHIFT);
            if (t > horizon) {
                break;
            }
            k.now = t;
            long dt = t - s;
            if (dt > 0) {
                if (g >= 0) {
                    rem[g] -= dt;
                    stats.execution[v] += dt;
                } else {
                    stats.idleBurn[v] += dt;
                }
                if (trace.on) {
                    trace.extend(0, s, t, g >= 0 ? Kernel.EXEC : Kernel.IDLE_BURN, v, g >= 0 ? local[g] : -1);
                }
                s = t;
            }
            if (nd == t) {
                k.events++;
                if (g >= 0 && rem[g] == 0) {
                    k.complete(g, t);
                }
            }
            while (cal.min >>> ReleaseCalendar.SHIFT == t) {
                int r = (int) (cal.min & ReleaseCalendar.TASK_MASK);
                k.events++;
                cal.set(r, k.release(r, t));
            }
            g = k.ready.count[v] > 0 ? k.ready.pick(v) : -1;
            long d = budget - (s - entry);
            nd = t + (g >= 0 ? Math.min(d, rem[g]) : d);
            if (k.missStop() || k.poll(t)) {
                stopped = true;
                break;
            }
        }
        long used = s - entry;
        stats.busy[0] += used;
        stats.supply[v] += used;
        lanes.budgetLeft[v] -= used;
        lanes.since[0] = s;
        lanes.runTask[0] = g;
        lanes.nextDyn[0] = nd;
        lanes.dirty[0] = false;
        return stopped;
    }
}

package org.vmsched.sim;


/**
 * A {@link Kernel} run on one core under a budgeted-server policy (EDF, RM or FP over periodic,
 * deferrable or worst-case servers), an optimisation held to the reference path by
 * {@code FastPathEquivalenceProperties}. It handles each instant in the kernel's order
 * (completions, the calendar's releases, the queue's replenishments, one decision) with the same
 * accounting, events, trace, progress and stops, but makes the decision itself: the eligible VM of
 * least rank from the scheduler's {@link RankedServers#rankView()}, the running VM kept on a tie,
 * else the VM listed first, eligibility being budget left (and, for the deferrable server, a ready
 * task). That is what {@link HypervisorScheduler#decide} answers there, without its calls per VM
 * through the server rule and the context (about a third of the general loop's time on three VMs).
 * Used with the release calendar only (no activation hooks, no deadline checks) and without a
 * step-through observer. Stateless.
 */
final class SingleCoreLoop {

    private SingleCoreLoop() {
    }

    /** The servers whose decision this loop can make for {@code k}'s run, or null (the general loop then). */
    static RankedServers applies(Kernel k, boolean observed) {
        if (observed || k.calendar == null || k.l.nLane != 1 || !(k.sched instanceof RankedServers r)) {
            return null;
        }
        return r.rankView() != null ? r : null;
    }

    /** Runs the one lane to the horizon or a stop; returns whether the run stopped early. */
    static boolean run(Kernel k, RankedServers servers) {
        final Lanes lanes = k.lanes;
        final long[] rank = servers.rankView();
        final boolean needsReady = servers.eligibleOnlyWhenReady();
        final int[] vms = k.l.laneServers[0];
        final int[] readyCount = k.ready.count;
        final long[] budgetLeft = lanes.budgetLeft;
        final int[] running = lanes.running;
        final long[] nextDyn = lanes.nextDyn;
        final boolean[] dirty = lanes.dirty;
        final EventQueue q = k.queue;
        final ReleaseCalendar cal = k.calendar;
        final HypervisorScheduler sched = k.sched;
        final long horizon = k.horizon;
        while (true) {
            long td = nextDyn[0];
            long t = Math.min(Math.min(td, q.isEmpty() ? Kernel.NEVER : q.peekTime()), cal.min >>> ReleaseCalendar.SHIFT);
            if (t > horizon) {
                return false;
            }
            k.now = t;
            if (td == t) {
                boundary(k, t);
            }
            while (cal.min >>> ReleaseCalendar.SHIFT == t) {
                int g = (int) (cal.min & ReleaseCalendar.TASK_MASK);
                k.events++;
                cal.set(g, k.release(g, t));
            }
            while (!q.isEmpty() && q.peekTime() == t) {
                replenishOrTimer(k, q, t);
            }
            if (dirty[0]) {
                lanes.settle(0, t);
                dirty[0] = false;
                int cur = running[0];
                int best = -1;
                long bestRank = 0;
                if (cur >= 0 && budgetLeft[cur] > 0 && (!needsReady || readyCount[cur] > 0)) {
                    best = cur;
                    bestRank = rank[cur];
                }
                for (int v : vms) {
                    if (v != cur && budgetLeft[v] > 0 && (!needsReady || readyCount[v] > 0) && (best < 0 || rank[v] < bestRank)) {
                        best = v;
                        bestRank = rank[v];
                    }
                }
                lanes.dispatch(0, best, t);
            }
            if (k.missStop() || k.poll(t)) {
                return true;
            }
        }
    }

    /** The lane's state reaches a boundary at t: a job's work done, the end of an overhead, the budget spent. */
    private static void boundary(Kernel k, long t) {
        Lanes lanes = k.lanes;
        lanes.settle(0, t);
        k.events++;
        int g = lanes.runTask[0];
        if (g >= 0 && lanes.overheadLeft[0] == 0 && k.backlog.remaining[g] == 0) {
            k.complete(g, t);
        }
        lanes.dirty[0] = true;
        int v = lanes.running[0];
        if (v >= 0 && lanes.budgetLeft[v] <= 0) {
            k.sched.onBudgetExhausted(v, t);
        }
    }

    /** The queue's top at t: with the calendar and no deadline checks, a replenishment or a scheduler timer. */
    private static void replenishOrTimer(Kernel k, EventQueue q, long t) {
        int kind = q.peekKind();
        int index = q.peekIndex();
        k.events++;
        if (kind == EventQueue.REPLENISH) {
            long next = k.sched.onReplenish(index, t);
            if (next <= t) {
                throw new IllegalStateException(k.sched.getClass().getSimpleName() + " replenishes VM " + k.l.vmNames[index]
                        + " again at tick " + next + ", not after at tick " + t);
            }
            if (next < k.horizon) {
                q.replaceTop(next, kind, index);
            } else {
                q.pop();
            }
        } else if (kind == EventQueue.TIMER) {
            q.pop();
            k.sched.onTimer(index, t);
        } else {
            throw new IllegalStateException("the single-core loop met a queued event of kind " + kind + " at tick " + t);
        }
    }
}

package org.vmsched.sim;

import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * A {@link Kernel} run under global EDF ({@link GlobalServers}, THEORY.md §15.12), an
 * optimisation held to the general path by {@code GlobalLoopEquivalenceProperties}. It handles
 * each instant in the kernel's order (completions, the calendar's releases, the queue's
 * replenishments, one plan, the cores whose plan entry changed, the guest's placement) with the
 * same accounting, events, trace, progress and stops, but keeps the scheduler's state itself: the
 * servers' deadlines in EDF order, their budget flags and replenishments, and the plan, made again
 * only when a replenishment, a spent budget or (deferrable) a VM's ready count changed, as the
 * scheduler does. No call through {@code HypervisorScheduler} or {@code SchedulerContext} per event.
 * Used with the release calendar only (no deadline checks: miss policy continue), periodic or
 * deferrable servers (not worst-case mode) and without a step-through observer. One per run.
 * A long run of periodic servers without a trace is replayed instead ({@link GlobalReplay}), which
 * runs this loop on the servers alone to find their schedule's period.
 */
final class GlobalLoop {

    private final Kernel k;
    private final Layout l;
    private final Lanes lanes;
    private final GlobalGuest guest;
    private final int servers;
    private final int cores;
    private final boolean deferrable;
    private final long[] migrationCharge;
    private final long[] budget;
    private final long[] period;
    /** Per server: a full-bandwidth server alone (the periodic server's dedicated processor: one budget for the run). */
    private final boolean[] dedicated;
    private final long[] deadline;
    /** The servers by deadline, then index. */
    private final int[] order;
    private final boolean[] hasBudget;
    /** Per core: the server the plan puts there (−1: idle), and the server running there when it was made. */
    private final int[] plan;
    private final int[] onCore;
    /** Per server: the {@link #plans} count of the last plan that picked it, and of the last that saw it running. */
    private final long[] selected;
    private final long[] runs;
    private long plans;
    private final int[] picked;
    private final int[] pickedOfVm;
    private final int[] readyAtPlan;
    private boolean stale = true;

    private GlobalLoop(Kernel k, GlobalServers g) {
        this.k = k;
        l = k.l;
        lanes = k.lanes;
        guest = k.global;
        servers = l.nServer;
        cores = l.nLane;
        deferrable = k.options.serverPolicy() == ServerPolicy.DEFERRABLE;
        migrationCharge = g.migrationChargeView();
        budget = new long[servers];
        period = new long[servers];
        dedicated = new boolean[servers];
        for (int i = 0; i < servers; i++) {
            int v = l.sVm[i];
            budget[i] = k.tb.ticks(k.scenario.vms().get(v).budget());
            period[i] = l.vPeriod[v];
            dedicated[i] = budget[i] == period[i] && l.laneServers[l.serverLane[i]].length == 1;
        }
        deadline = new long[servers];
        order = new int[servers];
        for (int i = 0; i < servers; i++) {
            order[i] = i;
        }
        hasBudget = new boolean[servers];
        plan = new int[cores];
        java.util.Arrays.fill(plan, -1);
        onCore = new int[cores];
        selected = new long[servers];
        runs = new long[servers];
        picked = new int[cores];
        pickedOfVm = new int[l.nVm];
        readyAtPlan = new int[l.nVm];
    }

    /** The global scheduler this loop can stand for in {@code k}'s run, or null (the general loop then). */
    static GlobalServers applies(Kernel k, boolean observed) {
        return k.calendar == null ? null : plans(k, observed);
    }

    /** The global scheduler whose plan this loop keeps in {@code k}'s run, calendar or not (a replay needs none), or null. */
    static GlobalServers plans(Kernel k, boolean observed) {
        if (observed || k.global == null || !(k.sched instanceof GlobalServers g)
                || k.options.mode() == SimulationMode.WORST_CASE || g.migrationChargeView() == null) {
            return null;
        }
        return g;
    }

    /** Runs {@code k} to the horizon or a stop; returns whether the run stopped early. */
    static boolean run(Kernel k, GlobalServers g) {
        return new GlobalLoop(k, g).loop();
    }

    private boolean loop() {
        final int nLane = cores;
        final long[] nextDyn = lanes.nextDyn;
        final boolean[] dirty = lanes.dirty;
        final int[] running = lanes.running;
        final EventQueue q = k.queue;
        final ReleaseCalendar cal = k.calendar;
        final long horizon = k.horizon;
        final TraceRecorder trace = k.trace;
        while (true) {
            long td = Kernel.NEVER;
            for (int c = 0; c < nLane; c++) {
                td = Math.min(td, nextDyn[c]);
            }
            long t = Math.min(Math.min(td, q.isEmpty() ? Kernel.NEVER : q.peekTime()), cal.min >>> ReleaseCalendar.SHIFT);
            if (t > horizon) {
                return false;
            }
            k.now = t;
            if (td == t) {
                for (int c = 0; c < nLane; c++) {
                    if (nextDyn[c] == t) {
                        boundary(c, t);
                    }
                }
            }
            while (cal.min >>> ReleaseCalendar.SHIFT == t) {
                int r = (int) (cal.min & ReleaseCalendar.TASK_MASK);
                k.events++;
                cal.set(r, k.release(r, t));
            }
            while (!q.isEmpty() && q.peekTime() == t) {
                if (q.peekKind() != EventQueue.REPLENISH) {
                    throw new IllegalStateException("the global loop met a queued event of kind " + q.peekKind() + " at tick " + t);
                }
                int i = q.peekIndex();
                k.events++;
                long next = replenish(i, t);
                if (next < horizon) {
                    q.replaceTop(next, EventQueue.REPLENISH, i);
                } else {
                    q.pop();
                }
            }
            if (t == horizon) {
                return false; // nothing runs after the horizon
            }
            if (stale || deferrable && readyChanged()) {
                stale = false;
                place(select());
            }
            boolean settleAll = trace.on;
            for (int c = 0; c < nLane; c++) {
                if (dirty[c] || plan[c] != running[c]) {
                    reschedule(c, t);
                } else if (settleAll) {
                    lanes.settle(c, t);
                }
            }
            guest.assign(t);
            if (k.missStop() || k.poll(t)) {
                return true;
            }
        }
    }

    /** Lane c's state reaches a boundary at t: a job's work done, the end of an overhead, the budget spent. */
    private void boundary(int c, long t) {
        lanes.settle(c, t);
        k.events++;
        if (k.boundaryLog != null) {
            k.boundaryLog.add(t, c);
        }
        int g = lanes.runTask[c];
        if (g >= 0 && lanes.overheadLeft[c] == 0 && k.backlog.remaining[g] == 0) {
            k.complete(g, t);
        }
        int i = lanes.running[c];
        guest.touchServer(i);
        if (i >= 0 && lanes.budgetLeft[i] <= 0) {
            hasBudget[i] = false;
            stale = true;
        }
    }

    /** Server i's replenishment at t (the periodic or deferrable rule); returns its next one. */
    private long replenish(int i, long t) {
        deadline[i] = t + period[i];
        GlobalServers.resort(order, deadline, i);
        stale = true;
        int c = l.serverLane[i];
        boolean runs = lanes.running[c] == i;
        if (runs || k.trace.on) {
            lanes.settle(c, t); // (the lane of a server not running changes nothing: settled for the trace's order only)
        }
        lanes.budgetLeft[i] = dedicated[i] ? SchedulerContext.UNLIMITED : budget[i];
        if (runs) {
            lanes.dirty[c] = true;
        }
        hasBudget[i] = true;
        return dedicated[i] ? Long.MAX_VALUE : t + period[i];
    }

    private boolean readyChanged() {
        int[] count = k.ready.count;
        for (int v = 0; v < readyAtPlan.length; v++) {
            if (readyAtPlan[v] != count[v]) {
                return true;
            }
        }
        return false;
    }

    /** Picks the servers that run from now, in EDF order into {@link #picked} (ties: THEORY.md §15.12); returns how many. */
    private int select() {
        int[] running = lanes.running;
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
        java.util.Arrays.fill(pickedOfVm, 0);
        System.arraycopy(k.ready.count, 0, readyAtPlan, 0, readyAtPlan.length);
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
     * {@link #select} for periodic servers: one pass in EDF order over those with budget; only
     * where the cores run out inside one VM's servers of one deadline are those picked again,
     * running first (elsewhere that tie only reorders running servers, which keep their cores).
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
            int last = picked[n - 1];
            boolean cut = false;
            int q = p;
            for (; q < servers && sameGroup(order[q], last); q++) {
                cut |= hasBudget[order[q]];
            }
            if (cut) {
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
            }
        }
        for (int m = 0; m < n; m++) {
            selected[picked[m]] = now;
        }
        return n;
    }

    private boolean sameGroup(int i, int j) {
        return deadline[i] == deadline[j] && l.sVm[i] == l.sVm[j];
    }

    /** Picks deferrable server i as the n-th when it may run; returns the number picked. */
    private int consider(int i, int n) {
        int v = l.sVm[i];
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
            int last = lanes.ran[i] ? l.serverLane[i] : -1;
            int c = last >= 0 && plan[last] < 0 ? last : GlobalServers.firstFree(plan);
            if (migrationCharge[i] > 0 && last >= 0 && last != c) {
                // a migration pays X + its cost (THEORY.md §15.12), as the scheduler charges it
                lanes.charged[i] = migrationCharge[i];
                lanes.chargedSwitches[i] = 1;
                lanes.dirty[last] = true;
            }
            plan[c] = i;
        }
    }

    /** Lane c runs its plan entry from t (the kernel's reschedule with the plan as the decision). */
    private void reschedule(int c, long t) {
        lanes.settle(c, t);
        lanes.dirty[c] = false;
        int best = plan[c];
        if (best >= 0 && l.serverLane[best] != c) {
            lanes.migrate(best, c, t);
        }
        int was = lanes.running[c];
        lanes.dispatch(c, best, t);
        guest.touchServer(was);
        guest.touchServer(best);
    }
}

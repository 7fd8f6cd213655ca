package org.vmsched.sim;

import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;

/**
 * The global EDF loop ({@link KernelLoop#GLOBAL}): a {@link Kernel} run under global EDF
 * ({@link GlobalServers}, THEORY.md §15.12), an optimisation held to the general path by
 * {@code GlobalLoopEquivalenceProperties}. It handles each instant in the kernel's order
 * (completions, the calendar's releases, the queue's replenishments, one plan, the cores whose plan
 * entry changed, the guest's placement) with the same accounting, events, trace, progress and
 * stops, but keeps the scheduler's state itself: the servers' replenishments (periodic or
 * deferrable rule) and a {@link GlobalEdfPlanner} of its own, the same decision the scheduler makes,
 * told of each replenishment and spent budget. No call through {@code HypervisorScheduler} or
 * {@code SchedulerContext} per event. Used with the release calendar only (no deadline checks:
 * miss policy continue), periodic or deferrable servers (not worst-case mode) and without a
 * step-through observer. One per run. A long run of periodic servers without a trace is replayed
 * instead ({@link GlobalReplay}), which runs this loop on the servers alone to find their
 * schedule's period.
 */
final class GlobalLoop {

    private final Kernel k;
    private final Layout l;
    private final Lanes lanes;
    private final GlobalGuest guest;
    private final int servers;
    private final int cores;
    private final long[] budget;
    private final long[] period;
    /** Per server: a full-bandwidth server alone (the periodic server's dedicated processor: one budget for the run). */
    private final boolean[] dedicated;
    /** Global EDF's decision, the scheduler's own ({@link GlobalEdfPlanner}), and its plan: per core the server it puts there (−1: idle). */
    private final GlobalEdfPlanner planner;
    private final int[] plan;

    private GlobalLoop(Kernel k, GlobalServers g) {
        this.k = k;
        l = k.l;
        lanes = k.lanes;
        guest = k.global;
        servers = l.nServer;
        cores = l.nLane;
        budget = new long[servers];
        period = new long[servers];
        dedicated = new boolean[servers];
        for (int i = 0; i < servers; i++) {
            int v = l.sVm[i];
            budget[i] = k.tb.ticks(k.scenario.vms().get(v).budget());
            period[i] = l.vPeriod[v];
            dedicated[i] = budget[i] == period[i] && l.laneServers[l.serverLane[i]].length == 1;
        }
        long[] migrationCharge = g.migrationChargeView();
        planner = new GlobalEdfPlanner(cores, l.nVm, l.sVm, k.options.serverPolicy() == ServerPolicy.DEFERRABLE, migrationCharge,
                (i, from, ticks) -> {
                    // a migration pays X + its cost (THEORY.md §15.12), as the scheduler charges it
                    lanes.charged[i] = ticks;
                    lanes.chargedSwitches[i] = 1;
                    lanes.dirty[from] = true;
                });
        plan = planner.planView();
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

    /**
     * The global EDF loop; returns whether the run stopped early.
     * Long because it is one hot loop over every instant whose state lives in locals copied from
     * the kernel's fields (as in {@link Kernel#run}), which steps in methods of their own would
     * have to be handed at each instant.
     */
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
            planner.update(lanes.running, k.ready.count);
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
            planner.spent(i);
        }
    }

    /** Server i's replenishment at t (the periodic or deferrable rule); returns its next one. */
    private long replenish(int i, long t) {
        planner.replenished(i, t + period[i], true);
        int c = l.serverLane[i];
        boolean runs = lanes.running[c] == i;
        if (runs || k.trace.on) {
            lanes.settle(c, t); // (the lane of a server not running changes nothing: settled for the trace's order only)
        }
        lanes.budgetLeft[i] = dedicated[i] ? SchedulerContext.UNLIMITED : budget[i];
        if (runs) {
            lanes.dirty[c] = true;
        }
        return dedicated[i] ? Long.MAX_VALUE : t + period[i];
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

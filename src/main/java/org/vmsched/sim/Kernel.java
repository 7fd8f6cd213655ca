package org.vmsched.sim;

import java.util.List;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The simulation kernel: one run's event loop over long ticks and the state of its lanes (a
 * core each; in worst-case mode one lane per VM). It owns time, the queue, jobs (through
 * {@link JobBacklog} and {@link ReadyTasks}), VM budgets, what runs on each lane, overheads, the
 * trace ({@link TraceRecorder}) and the statistics ({@link RunStatistics}); which VM runs where,
 * and how budgets come back, is the {@link HypervisorScheduler}'s: it answers each lane's
 * question with a {@link Decision} (VM, core), which may move a VM to another core.
 *
 * <p>Each instant {@code t} is handled in this order (the documented tie order, tested by
 * {@code KernelDecisionsTest}):
 * <ol>
 *   <li>completions: on every lane whose state reaches a boundary at {@code t} (a job's work
 *       done, the end of an overhead, the budget spent), lane by lane; derived from the lane's
 *       state, not queued;</li>
 *   <li>queued releases, replenishments and scheduler timers, FIFO among themselves (with the
 *       release calendar, its releases come first, in task order: there the order of one instant's
 *       releases cannot show, THEORY.md §9.1);</li>
 *   <li>queued deadline checks (miss policy {@code abort} only; with {@code continue} a miss is
 *       detected when the job completes after its deadline, or at the end of the run), so a job
 *       that completes exactly at its deadline meets it;</li>
 *   <li>one decision on every lane touched, lane by lane; a lane a migration leaves is asked again.</li>
 * </ol>
 * Releases and replenishments at the horizon itself are not simulated; completions and deadline
 * checks at the horizon are. A lane's accounting is settled lazily, before anything reads or
 * changes it. The loop below is the general one; a run may go through another, chosen once per
 * run ({@link KernelLoop} names each, the runs it serves and the property holding it to this one).
 * Not thread-safe; used once.
 */
final class Kernel {

    static final long NEVER = Long.MAX_VALUE;
    static final byte EXEC = (byte) SliceKind.EXECUTION.ordinal();
    static final byte OVERHEAD = (byte) SliceKind.OVERHEAD.ordinal();
    static final byte IDLE = (byte) SliceKind.IDLE.ordinal();
    static final byte IDLE_BURN = (byte) SliceKind.IDLE_BURN.ordinal();

    final TimeBase tb;
    final long horizon;
    final Scenario scenario;
    final SimulationOptions options;
    private final boolean lanePerVm;
    final boolean abort;
    final Progress progress;
    final Cancellation cancel;
    final HypervisorScheduler sched;
    /** The scheduler listens to activations and blocks. */
    private final boolean hooks;
    final Layout l;
    final JobBacklog backlog;
    final ReadyTasks ready;
    final RunStatistics stats;
    final TraceRecorder trace;
    final EventQueue queue = new EventQueue();
    /** Releases from the calendar instead of the queue, or null. */
    ReleaseCalendar calendar;
    /** The instant being handled. */
    long now;

    /** Budgets and what runs on each lane (their owner). */
    final Lanes lanes;
    /** A global run's guest level (jobs over each VM's running servers), else null. */
    final GlobalGuest global;

    private boolean stopAtFirstMiss;
    boolean referencePath;
    /** The loop the run went through: the general one, or one of the optimisations held to it. */
    private KernelLoop ran = KernelLoop.GENERAL;
    /** A run of the servers alone: no job is released ({@link GlobalReplay}'s runs of the hypervisor's schedule). */
    boolean withoutJobs;
    private boolean noReplay;
    /** Where the global loop records each lane's boundaries (a {@link GlobalReplay} run of the servers alone), or null. */
    BoundaryLog boundaryLog;
    private ScheduleObserver observer;
    long events;
    /** Instants handled (progress and cancellation are looked at every 2^14). */
    private int instants;
    /** The run stopped at its cancellation. */
    boolean cancelled;

    /** A run of {@code s} up to {@code horizon} ticks under {@code sched}; progress and cancel may be null. */
    public Kernel(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel,
                  HypervisorScheduler sched) {
        this.tb = tb;
        this.scenario = s;
        this.options = o;
        this.sched = sched;
        this.hooks = !sched.ignoresActivations();
        this.horizon = horizon;
        this.lanePerVm = o.mode() == SimulationMode.WORST_CASE;
        this.abort = o.missPolicy() == MissPolicy.ABORT;
        this.progress = progress == null ? Progress.NONE : progress.monotone(); // (a replay handing over: no step back)
        this.cancel = cancel == null ? new Cancellation() : cancel;
        l = new Layout(s, tb, lanePerVm, sched.global());
        backlog = new JobBacklog(l.tWcet, l.tDeadline);
        ready = new ReadyTasks(l, backlog);
        stats = new RunStatistics(l.nTask, l.nVm, l.nLane, o.traceCap());
        // a global guest: under a global scheduler, or in worst-case mode with a VM of several servers, each on its lane
        boolean g = sched.global() || (lanePerVm && l.nServer > l.nVm);
        trace = g ? TraceRecorder.withVcpus(o.trace(), o.traceCap(), l.laneCore) : new TraceRecorder(o.trace(), o.traceCap(), l.laneCore);
        lanes = new Lanes(l, backlog, ready, stats, trace, g);
        global = g ? new GlobalGuest(l, lanes, backlog, ready, stats, sched) : null;
    }

    /** Stop as soon as one miss is seen (simulated Tmax only needs to know whether one occurs). */
    public void stopAtFirstMiss() {
        stopAtFirstMiss = true;
    }

    /** Run every release through the queue, no calendar and no dedicated loop (the reference the fast paths are held to). */
    public void useReferencePath() {
        referencePath = true;
    }

    /** Never replays periodic servers' schedule ({@link GlobalReplay}): the global loop runs (its tests). */
    public void noReplay() {
        noReplay = true;
    }

    /** Shows every instant, after its decisions, to {@code o} (stepping through); no dedicated loop then. */
    public void observe(ScheduleObserver o) {
        observer = o;
    }

    /** The loop the run went through (after {@link #run}; for tests). */
    public KernelLoop ran() {
        return ran;
    }

    /**
     * Runs to the horizon (or a stop); returns the tick the run ended at.
     * Long because it is the simulator's general loop: its state lives in locals copied from the
     * fields (C2 does not trust final fields, so after every call it does not inline it loads each
     * field again), and steps in methods of their own would have to be handed them at each instant.
     */
    public long run() {
        sched.start(new KernelContext(this));
        if (!referencePath && !hooks && !abort && ReleaseCalendar.fits(withoutJobs ? 0 : l.nTask, horizon)) {
            calendar = new ReleaseCalendar(withoutJobs ? new long[0] : l.tFirst, horizon); // (the servers alone: no release)
        } else {
            for (int g = 0; g < l.nTask; g++) {
                if (l.tFirst[g] < horizon) {
                    queue.push(l.tFirst[g], EventQueue.RELEASE, g);
                }
            }
        }
        now = 0;
        // a dedicated processor: one lane, one VM on it whose budget outlasts the run (THEORY.md §9.1)
        int dedicated = calendar != null && observer == null && sched.dispatchesWhileBudgetLeft() && l.nLane == 1
                && l.laneServers[0].length == 1 ? l.laneServers[0][0] : -1;
        // one core under EDF, RM or FP servers (not a dedicated processor), global EDF: loops of their own
        RankedServers single = dedicated < 0 ? SingleCoreLoop.applies(this, observer != null) : null;
        GlobalServers planned = GlobalLoop.applies(this, observer != null);
        if (!withoutJobs && !noReplay && GlobalReplay.applies(this, observer != null) && GlobalReplay.run(this)) {
            // periodic servers under global EDF: their schedule, which no job changes, replayed (THEORY.md §15.13)
            ran = KernelLoop.REPLAY;
            progress.progress(horizon, horizon, "simulating");
            return horizon;
        }
        boolean stopped = false;
        // the loop's state in locals: C2 does not trust final fields, so after every call it does not inline each is loaded again
        final int nLane = l.nLane;
        final long[] nextDyn = lanes.nextDyn;
        final boolean[] dirty = lanes.dirty;
        final EventQueue q = queue;
        final ReleaseCalendar cal = calendar;
        while (true) {
            if (planned != null) {
                ran = KernelLoop.GLOBAL;
                stopped = GlobalLoop.run(this, planned);
                break;
            }
            if (single != null) {
                ran = KernelLoop.SINGLE_CORE;
                stopped = SingleCoreLoop.run(this, single);
                break;
            }
            if (dedicated >= 0 && lanes.running[0] == dedicated && lanes.overheadLeft[0] == 0 && lanes.budgetLeft[dedicated] > horizon
                    && q.isEmpty()) {
                ran = KernelLoop.DEDICATED;
                stopped = DedicatedLoop.run(this, dedicated);
                break;
            }
            long td = NEVER;
            for (int c = 0; c < nLane; c++) {
                td = Math.min(td, nextDyn[c]);
            }
            long t = Math.min(td, q.isEmpty() ? NEVER : q.peekTime());
            if (cal != null) {
                t = Math.min(t, cal.min >>> ReleaseCalendar.SHIFT);
            }
            if (t > horizon) {
                break;
            }
            now = t;
            // one instant, in the tie order of the class comment
            if (td == t) {
                for (int c = 0; c < nLane; c++) {
                    if (nextDyn[c] == t) {
                        boundary(c, t);
                    }
                }
            }
            while (cal != null && cal.min >>> ReleaseCalendar.SHIFT == t) {
                int g = (int) (cal.min & ReleaseCalendar.TASK_MASK);
                events++;
                cal.set(g, release(g, t));
            }
            while (!q.isEmpty() && q.peekTime() == t) {
                int kind = q.peekKind();
                int index = q.peekIndex();
                events++;
                if (kind == EventQueue.RELEASE || kind == EventQueue.REPLENISH) {
                    // the handler returns the event's next occurrence, which replaces it in the queue
                    long next = kind == EventQueue.RELEASE ? release(index, t) : sched.onReplenish(index, t);
                    if (next <= t) {
                        throw refused(" replenishes VM " + l.vmNames[l.sVm[index]] + " again at tick " + next + ", not after", t);
                    }
                    if (next < horizon) {
                        q.replaceTop(next, kind, index);
                    } else {
                        q.pop();
                    }
                } else {
                    q.pop();
                    if (kind == EventQueue.TIMER) {
                        sched.onTimer(index, t);
                    } else {
                        deadline(index, t);
                    }
                }
            }
            if (global != null) {
                if (t == horizon) {
                    break; // nothing runs after the horizon: a global run decides nothing there
                }
                global.touchPlanned(t, dirty); // the cores whose plan changed (THEORY.md §15.12)
            }
            // a global trace keeps its order (slices as they end): every core settled at each instant, in core order
            boolean settleAll = global != null && trace.on;
            do {
                lanes.migrated = false;
                for (int c = 0; c < nLane; c++) {
                    if (dirty[c]) {
                        reschedule(c, t);
                    } else if (settleAll) {
                        lanes.settle(c, t);
                    }
                }
            } while (lanes.migrated);
            if (global != null) {
                global.assign(t);
            }
            if ((observer != null && !observer.instant(new InstantView(this, t))) || missStop() || poll(t)) {
                stopped = true;
                break;
            }
        }
        // a stopped run ends at the last instant handled: every lane's state is valid up to there
        long end = stopped ? now : horizon;
        for (int c = 0; c < l.nLane; c++) {
            lanes.settle(c, end);
            trace.flush(c);
        }
        if (!abort) {
            Results.unfinished(this, end);
        }
        progress.progress(cancelled ? Math.min(end, horizon) : horizon, horizon, "simulating");
        return end;
    }

    boolean missStop() {
        return stopAtFirstMiss && stats.totalMisses > 0;
    }

    /** Every 2^14 instants: tells the progress and looks at the cancellation; true when cancelled. */
    boolean poll(long t) {
        if ((++instants & 0x3FFF) == 0) {
            progress.progress(Math.min(t, horizon), horizon, "simulating");
            if (cancel.isCancelled()) {
                cancelled = true;
                return true;
            }
        }
        return false;
    }

    private void boundary(int c, long t) {
        lanes.settle(c, t);
        events++;
        int g = lanes.runTask[c];
        if (g >= 0 && lanes.overheadLeft[c] == 0 && backlog.remaining[g] == 0) {
            complete(g, t);
        }
        if (global == null || !global.touchAtBoundary(c)) {
            lanes.dirty[c] = true;
        }
        if (lanes.running[c] >= 0 && lanes.budgetLeft[lanes.running[c]] <= 0) {
            sched.onBudgetExhausted(lanes.running[c], t);
        }
    }

    void complete(int g, long t) {
        long rel = backlog.headRelease(g);
        stats.completed(g, t - rel);
        if (t > rel + l.tDeadline[g]) {
            Results.miss(this, g, rel, false);
        }
        popJob(g);
    }

    private void popJob(int g) {
        if (backlog.pop(g) && ready.remove(g) && hooks) {
            sched.onBlock(l.tVm[g], now);
        }
    }

    /** Releases a job of task g; returns the next release. The queue's top is still this event. */
    long release(int g, long t) {
        int v = l.tVm[g];
        stats.jobs[g]++;
        int c = l.serverLane[l.vmFirstServer[v]];
        if (backlog.push(g, t)) {
            if (global != null) {
                global.touch(v); // a new head job may displace one of the VM's running jobs
            }
            if (ready.add(g) && hooks) {
                lanes.settle(c, t);
                sched.onActivation(v, t);
            }
        }
        if (abort && t + l.tDeadline[g] <= horizon) {
            queue.push(t + l.tDeadline[g], EventQueue.DEADLINE, g);
        }
        if (global == null) {
            lanes.dirty[c] = true; // (a global run's VM has no lane of its own: touched above)
        }
        return t + l.tPeriod[g];
    }

    private void deadline(int g, long t) {
        long rel = t - l.tDeadline[g];
        if (backlog.size[g] > 0 && backlog.headRelease(g) == rel) {
            int v = l.tVm[g];
            for (int i = l.vmFirstServer[v]; i < l.vmFirstServer[v] + l.vmVcpus[v]; i++) {
                lanes.settle(l.serverLane[i], t); // the job may run on any of its VM's lanes
                lanes.dirty[l.serverLane[i]] = true;
            }
            Results.miss(this, g, rel, true);
            popJob(g);
        }
    }

    /** Asks the scheduler what runs on lane c from t and sets the lane up for it. */
    private void reschedule(int c, long t) {
        lanes.settle(c, t);
        lanes.dirty[c] = false;
        long decision = sched.decide(c, t);
        lanes.dirty[c] = false;
        int best = Decision.vm(decision);
        if (Decision.core(decision) != c) {
            throw refused(" answered for core " + Decision.core(decision) + " when asked for core " + c, t);
        }
        if (best >= 0) {
            if (l.serverLane[best] != c) {
                lanes.migrate(best, c, t);
            }
            if (lanes.budgetLeft[best] <= 0) {
                throw refused(" picked VM " + l.vmNames[l.sVm[best]] + " with no budget left", t);
            }
        }
        int was = lanes.running[c];
        lanes.dispatch(c, best, t);
        if (global != null) {
            global.touchServer(was); // both VMs' jobs are placed again
            global.touchServer(best);
        }
    }

    private IllegalStateException refused(String what, long t) {
        return new IllegalStateException(sched.getClass().getSimpleName() + what + " at tick " + t);
    }

    /** The run's result, ended at {@code end} ticks. */
    public SimulationResult result(SimulationMode mode, long end, List<String> notes) {
        return Results.of(this, mode, end, notes, lanePerVm);
    }
}

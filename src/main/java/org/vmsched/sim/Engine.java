package org.vmsched.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * One simulation run: the event kernel over long ticks. State lives in primitive arrays indexed
 * by VM, task (global index) and lane (a core; in worst-case mode one lane per VM), so the loop
 * allocates nothing per event (only when a job backlog or the trace grows). The kernel owns time,
 * the queue and what runs on each lane; its parts own the rest: {@link JobBacklog} (pending jobs),
 * {@link TraceRecorder} (the trace), {@link RunStatistics} (counts, response times, supply, load,
 * misses). Which VM runs is decided inline for EDF, RM and FP over budgeted servers (the fast
 * path) and by a {@link HypervisorScheduler} for every other policy.
 *
 * <p>Each instant {@code t} is handled in this order (the documented tie order):
 * <ol>
 *   <li>completions: on every lane whose state reaches a boundary at {@code t} (a job's work
 *       done, the end of an overhead, the budget spent) — derived from the lane's state, not
 *       queued;</li>
 *   <li>queued releases and replenishments, FIFO among themselves (on the fast path without
 *       deadline checks releases come from a per-task calendar instead, in task order: there
 *       the order of one instant's releases and replenishments cannot show, THEORY.md §9.1);</li>
 *   <li>queued deadline checks (miss policy {@code abort} only; with {@code continue} a miss is
 *       detected when the job completes after its deadline, or at the end of the run), so a job
 *       that completes exactly at its deadline meets it;</li>
 *   <li>the scheduling decision on every lane touched, once.</li>
 * </ol>
 * Releases and replenishments at the horizon itself are not simulated; completions and
 * deadline checks at the horizon are. Not thread-safe; used once.
 */
final class Engine implements SchedulerContext {

    private static final long NEVER = Long.MAX_VALUE;
    private static final byte EXEC = (byte) SliceKind.EXECUTION.ordinal();
    private static final byte OVERHEAD = (byte) SliceKind.OVERHEAD.ordinal();
    private static final byte IDLE = (byte) SliceKind.IDLE.ordinal();
    private static final byte IDLE_BURN = (byte) SliceKind.IDLE_BURN.ordinal();

    private final TimeBase tb;
    private final long horizon;
    private final boolean worstCase;
    private final boolean deferrable;
    private final boolean abort;
    private final int traceCap;
    private final Progress progress;
    private final Cancellation cancel;
    private final HypervisorStrategy hypervisor;
    /**
     * The stateful scheduler of a version-2 policy (or a custom one), or null: then the budgeted
     * servers of EDF, RM and FP run on the inlined fast path below (rank + periodic/deferrable rule).
     */
    private final HypervisorScheduler sched;
    private final Scenario scenario;
    /** The instant being handled. */
    private long now;

    // VMs
    private final int nVm;
    private final String[] vmNames;
    private final int[] vmLane;
    private final int[] vmCore;
    private final long[] vPeriod;
    private final long[] vBudget;
    private final long[] vOverhead;
    private final long[] vFirst;
    private final int[] vPriority;
    private final GuestStrategy[] guest;
    private final int[][] vmTasks;
    /** Per VM with a static guest rank: its tasks sorted by that rank; else null. */
    private final int[][] vmTasksByRank;
    /**
     * Per VM with a static guest rank and at most 64 tasks: bit i set when the task of rank i has
     * a pending job, so the guest's pick is one count of trailing zeros, not a scan of the tasks.
     */
    private final long[] readyByRank;
    /** Per VM: whether {@link #readyByRank} is kept for it. */
    private final boolean[] rankMask;
    private final long[] budgetLeft;
    private final long[] vDeadline;
    private final int[] readyTasks;
    private final boolean[] forceOverhead;
    /**
     * Worst-case mode (THEORY.md §6.3): the overhead paid when a chunk starts (X in the first
     * period, C − Θ after), the overhead still owed at the end of the first chunk, the count of
     * switches each represents, the time of the second replenishment and whether the first
     * period gives any budget at all.
     */
    private final long[] wcHead;
    private final long[] wcTail;
    private final long[] wcPreemptions;
    private final long[] wcSecond;
    private final boolean[] wcNoFirst;
    private final long[] pendingHead;

    // tasks (global index)
    private final int nTask;
    private final String[][] taskNames;
    private final int[] tVm;
    private final int[] tLocal;
    private final int[] tRmPos;
    private final long[] tWcet;
    private final long[] tPeriod;
    private final long[] tDeadline;
    private final long[] tFirst;
    /** Pending jobs per task (their owner). */
    private final JobBacklog backlog;
    /** Counts, response times, supply and load, misses (their owner). */
    private final RunStatistics stats;

    // lanes
    private final int nLane;
    private final int[] laneCore;
    private final int[][] laneVms;
    private final int[] running;
    private final int[] runTask;
    private final long[] overheadLeft;
    private final long[] since;
    private final long[] nextDyn;
    private final boolean[] dirty;

    /** The trace: one open slice per lane, merged while nothing changes (its owner). */
    private final TraceRecorder trace;


    private final EventQueue queue = new EventQueue();
    /**
     * The release calendar (fast path without deadline checks, at most {@link #CALENDAR_TASKS}
     * tasks): per task its next release as {@code (tick << 6) | task}, {@code Long.MAX_VALUE}
     * when none is left before the horizon, instead of one queue entry per task. The earliest is
     * a branch-free minimum over the array; null when releases go through the queue.
     */
    private long[] calendar;
    /** The least entry of {@link #calendar}. */
    private long calendarMin = Long.MAX_VALUE;
    static final int CALENDAR_TASKS = 64;
    private static final int CALENDAR_SHIFT = 6;
    /** Stop as soon as one miss is seen (simulated Tmax only needs to know whether one occurs). */
    boolean stopAtFirstMiss;
    /**
     * Run on the reference event path: every release through the queue, no shortcut. The same
     * schedule and results as the fast paths, which tests hold to it (FastPathEquivalenceProperties).
     */
    boolean referencePath;
    /** Whether the run went on in the dedicated-processor loop (for tests). */
    boolean ranDedicated;
    /** Shown every instant after its decision (stepping through a schedule); null in ordinary runs. */
    ScheduleObserver observer;
    private long events;
    /** Instants handled (progress and cancellation are looked at every 2^14). */
    private int instants;
    private boolean cancelled;

    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel) {
        this(s, tb, o, horizon, progress, cancel, HypervisorSchedulers.forPolicy(s.hypervisor().policy()));
    }

    /** {@code progress} hears ticks simulated of the horizon; either may be null (none). */
    Engine(Scenario s, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel,
           HypervisorScheduler sched) {
        this.tb = tb;
        this.scenario = s;
        this.sched = sched;
        this.horizon = horizon;
        this.worstCase = o.mode() == SimulationMode.WORST_CASE;
        this.deferrable = !worstCase && sched == null && o.serverPolicy() == ServerPolicy.DEFERRABLE;
        this.abort = o.missPolicy() == MissPolicy.ABORT;
        this.traceCap = o.traceCap();
        this.progress = progress == null ? Progress.NONE : progress;
        this.cancel = cancel == null ? new Cancellation() : cancel;
        this.hypervisor = sched == null ? HypervisorStrategy.of(s.hypervisor().policy()) : null;

        List<VirtualMachine> vms = s.vms();
        nVm = vms.size();
        vmNames = new String[nVm];
        vmLane = new int[nVm];
        vmCore = new int[nVm];
        vPeriod = new long[nVm];
        vBudget = new long[nVm];
        vOverhead = new long[nVm];
        vFirst = new long[nVm];
        vPriority = new int[nVm];
        guest = new GuestStrategy[nVm];
        vmTasks = new int[nVm][];
        vmTasksByRank = new int[nVm][];
        readyByRank = new long[nVm];
        rankMask = new boolean[nVm];
        budgetLeft = new long[nVm];
        vDeadline = new long[nVm];
        readyTasks = new int[nVm];
        forceOverhead = new boolean[nVm];
        wcHead = new long[nVm];
        wcTail = new long[nVm];
        wcPreemptions = new long[nVm];
        wcSecond = new long[nVm];
        wcNoFirst = new boolean[nVm];
        pendingHead = new long[nVm];
        taskNames = new String[nVm][];
        int n = 0;
        for (VirtualMachine vm : vms) {
            n += vm.tasks().size();
        }
        nTask = n;
        tVm = new int[n];
        tLocal = new int[n];
        tRmPos = new int[n];
        tWcet = new long[n];
        tPeriod = new long[n];
        tDeadline = new long[n];
        tFirst = new long[n];

        nLane = worstCase ? nVm : s.hypervisor().cores();
        laneCore = new int[nLane];
        int g = 0;
        for (int v = 0; v < nVm; v++) {
            VirtualMachine vm = vms.get(v);
            vmNames[v] = vm.name();
            vmCore[v] = vm.core();
            vmLane[v] = worstCase ? v : vm.core();
            vPeriod[v] = tb.ticks(vm.period());
            vBudget[v] = tb.ticks(vm.budget());
            vOverhead[v] = tb.ticks(vm.overhead());
            vFirst[v] = worstCase ? 0 : tb.ticks(vm.offset());
            vPriority[v] = vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
            guest[v] = GuestStrategy.of(vm.scheduler());
            long firstRelease = 0;
            if (worstCase) {
                // the supply the analysis gives this VM under the server policy being simulated
                Scenario asRun = s.withSimulation(s.simulation().withServerPolicy(o.serverPolicy()));
                firstRelease = worstCasePattern(v, org.vmsched.analysis.VmSupply.of(asRun, vm));
            }
            List<Task> tasks = vm.tasks();
            int[] rm = rateMonotonicPositions(tasks);
            vmTasks[v] = new int[tasks.size()];
            taskNames[v] = new String[tasks.size()];
            for (int i = 0; i < tasks.size(); i++, g++) {
                Task t = tasks.get(i);
                taskNames[v][i] = t.name();
                vmTasks[v][i] = g;
                tVm[g] = v;
                tLocal[g] = i;
                tRmPos[g] = rm[i];
                tWcet[g] = tb.ticks(t.wcet());
                tPeriod[g] = tb.ticks(t.period());
                tDeadline[g] = tb.ticks(t.deadline());
                // worst-case mode: every task is released where the supply's worst window starts
                // (THEORY.md §2, §6.3): the end of the first chunk's useful part
                tFirst[g] = worstCase ? firstRelease : tb.ticks(t.offset());
            }
            if (guest[v].staticRank()) {
                int[] byRank = new int[tasks.size()];
                for (int i = 0; i < tasks.size(); i++) {
                    byRank[rm[i]] = vmTasks[v][i];
                }
                vmTasksByRank[v] = byRank;
                rankMask[v] = tasks.size() <= Long.SIZE;
            }
            if (worstCase) {
                laneCore[v] = vm.core();
            }
        }
        backlog = new JobBacklog(tWcet, tDeadline);
        if (!worstCase) {
            for (int c = 0; c < nLane; c++) {
                laneCore[c] = c;
            }
        }
        int[] count = new int[nLane];
        for (int v = 0; v < nVm; v++) {
            count[vmLane[v]]++;
        }
        laneVms = new int[nLane][];
        for (int c = 0; c < nLane; c++) {
            laneVms[c] = new int[count[c]];
            count[c] = 0;
        }
        for (int v = 0; v < nVm; v++) {
            laneVms[vmLane[v]][count[vmLane[v]]++] = v;
        }
        running = new int[nLane];
        runTask = new int[nLane];
        overheadLeft = new long[nLane];
        since = new long[nLane];
        nextDyn = new long[nLane];
        stats = new RunStatistics(nTask, nVm, nLane, traceCap);
        dirty = new boolean[nLane];
        trace = new TraceRecorder(o.trace(), traceCap, laneCore);
        Arrays.fill(running, -1);
        Arrays.fill(runTask, -1);
        Arrays.fill(nextDyn, NEVER);
    }

    /**
     * Sets VM v's worst-case supply pattern from its analytic supply and returns when its tasks
     * are released (THEORY.md §6.3). Periodic: a first chunk [0, C] whose useful part ends at
     * C − P·X (P·X of overhead still owed after it), then chunks as late as possible,
     * [kT − C, kT], each opening with (1 + P)·X of overhead. Undelayed deferrable: first chunk
     * useful up to C − X, then X of overhead; then chunks as early as possible, [kT, kT + C].
     * Delayable deferrable: tasks at 0, the first period gives nothing, then as periodic.
     */
    private long worstCasePattern(int v, org.vmsched.analysis.Supply supply) {
        long c = vBudget[v];
        long x = vOverhead[v];
        long p = supply.preemptions();
        long t = vPeriod[v];
        switch (supply.kind()) {
            case PERIODIC -> {
                wcHead[v] = Math.min(c, (1 + p) * x);
                wcPreemptions[v] = p;
                wcTail[v] = Math.max(0, Math.min(p * x, c - x));
                wcSecond[v] = 2 * t - c;
                return c - wcTail[v];
            }
            case DEFERRABLE_UNDELAYED -> {
                wcHead[v] = Math.min(c, x);
                wcPreemptions[v] = 0;
                // at most X left when the window starts, even when C < 2X (then the first switch is cut short)
                wcTail[v] = Math.min(x, c);
                wcSecond[v] = t;
                return c - wcTail[v];
            }
            default -> {
                wcHead[v] = Math.min(c, (1 + p) * x);
                wcPreemptions[v] = p;
                wcTail[v] = 0;
                wcNoFirst[v] = true;
                wcSecond[v] = 2 * t - c;
                return 0;
            }
        }
    }

    /**
     * Position of each task (list index) in rate-monotonic order: the analysis's own order
     * inverted, so that simulator and analysis always break ties alike.
     */
    static int[] rateMonotonicPositions(List<Task> tasks) {
        int[] order = org.vmsched.analysis.ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        int[] pos = new int[order.length];
        for (int p = 0; p < order.length; p++) {
            pos[order[p]] = p;
        }
        return pos;
    }

    long run() {
        // releases of one instant commute on the fast path (no hooks; without deadline checks no
        // queue order depends on them), so the calendar may hand them out in task order
        calendar = !referencePath && sched == null && !abort && nTask <= CALENDAR_TASKS
                && horizon < (1L << (63 - CALENDAR_SHIFT)) - 1 ? new long[nTask] : null;
        if (sched == null) {
            for (int v = 0; v < nVm; v++) {
                if (vFirst[v] < horizon) {
                    queue.push(vFirst[v], EventQueue.REPLENISH, v);
                }
            }
        } else {
            sched.start(this);
        }
        for (int g = 0; g < nTask; g++) {
            if (calendar != null) {
                calendar[g] = tFirst[g] < horizon ? tFirst[g] << CALENDAR_SHIFT | g : Long.MAX_VALUE;
            } else if (tFirst[g] < horizon) {
                queue.push(tFirst[g], EventQueue.RELEASE, g);
            }
        }
        calendarMin = calendarMin();
        now = 0;
        // a dedicated processor: one lane, one VM on it whose budget never runs out (THEORY.md §9.1)
        int dedicated = calendar != null && observer == null && !worstCase && !deferrable && nLane == 1
                && laneVms[0].length == 1 && vBudget[laneVms[0][0]] == vPeriod[laneVms[0][0]] ? laneVms[0][0] : -1;
        boolean stopped = false;
        while (true) {
            if (dedicated >= 0 && running[0] == dedicated && overheadLeft[0] == 0 && budgetLeft[dedicated] > horizon
                    && queue.isEmpty()) {
                ranDedicated = true;
                stopped = runDedicated(dedicated);
                break;
            }
            long td = NEVER;
            for (int c = 0; c < nLane; c++) {
                if (nextDyn[c] < td) {
                    td = nextDyn[c];
                }
            }
            long tq = queue.isEmpty() ? NEVER : queue.peekTime();
            // (an empty calendar's Long.MAX_VALUE >>> 6 lies past any horizon it is used with)
            long t = Math.min(td, tq);
            if (calendar != null) {
                t = Math.min(t, calendarMin >>> CALENDAR_SHIFT);
            }
            if (t > horizon) {
                break;
            }
            now = t;
            if (sched != null) {
                handleGeneric(t, td);
            } else {
            if (td == t) {
                for (int c = 0; c < nLane; c++) {
                    if (nextDyn[c] == t) {
                        lanesBoundary(c, t);
                    }
                }
            }
            while (calendar != null && calendarMin >>> CALENDAR_SHIFT == t) {
                int g = (int) (calendarMin & ((1 << CALENDAR_SHIFT) - 1));
                events++;
                long next = release(g, t);
                calendar[g] = next < horizon ? next << CALENDAR_SHIFT | g : Long.MAX_VALUE;
                calendarMin = calendarMin();
            }
            while (!queue.isEmpty() && queue.peekTime() == t) {
                int kind = queue.peekKind();
                int index = queue.peekIndex();
                events++;
                // the handlers return the event's next occurrence, which replaces it in the queue
                long next;
                if (kind == EventQueue.RELEASE) {
                    next = release(index, t);
                } else if (kind == EventQueue.REPLENISH) {
                    next = replenish(index, t);
                } else {
                    deadline(index, t);
                    next = NEVER;
                }
                if (next < horizon) {
                    queue.replaceTop(next, kind, index);
                } else {
                    queue.pop();
                }
            }
            for (int c = 0; c < nLane; c++) {
                if (dirty[c]) {
                    reschedule(c, t);
                }
            }
            }
            if (observer != null && !observer.instant(new InstantView(t))) {
                stopped = true;
                break;
            }
            if (stopAtFirstMiss && stats.totalMisses > 0) {
                stopped = true;
                break;
            }
            if ((++instants & 0x3FFF) == 0) {
                progress.progress(Math.min(t, horizon), horizon, "simulating");
                if (cancel.isCancelled()) {
                    cancelled = true;
                    stopped = true;
                    break;
                }
            }
        }
        // a stopped run ends at the last instant handled: every lane's state is valid up to there
        long end = stopped ? now : horizon;
        for (int c = 0; c < nLane; c++) {
            settle(c, end);
            trace.flush(c);
        }
        if (!abort) {
            for (int g = 0; g < nTask; g++) {
                for (int k = 0; k < backlog.size[g]; k++) {
                    long rel = backlog.release(g, k);
                    if (rel + tDeadline[g] <= end) {
                        addMiss(g, rel, false);
                    }
                }
            }
        }
        progress.progress(cancelled ? Math.min(end, horizon) : horizon, horizon, "simulating");
        return end;
    }

    /**
     * The rest of the run on a dedicated processor: one lane whose only VM runs with a budget
     * that cannot run out before the horizon, after its one switch in, with nothing queued (no
     * replenishment, no deadline check) and releases from the calendar. Then every instant is a
     * completion and/or releases, the VM keeps the lane, and the decision is the guest's pick
     * alone: this loop does what the general one does at each instant (same accounting, events,
     * trace slices, progress and stops) without the lane and VM bookkeeping that cannot change.
     * The lane's busy time, the VM's supply and budget are added up once at the end (they grow by
     * every slice alike). Returns whether the run stopped early.
     */
    private boolean runDedicated(int v) {
        final long[] cal = calendar;
        final long[] rem = backlog.remaining;
        final long entry = since[0];
        long s = entry;
        int g = runTask[0];
        long nd = nextDyn[0];
        long calMin = calendarMin;
        boolean stopped = false;
        while (true) {
            long t = Math.min(nd, calMin >>> CALENDAR_SHIFT);
            if (t > horizon) {
                break;
            }
            now = t;
            long dt = t - s;
            if (dt > 0) {
                if (g >= 0) {
                    rem[g] -= dt;
                    stats.execution[v] += dt;
                } else {
                    stats.idleBurn[v] += dt;
                }
                if (trace.on) {
                    trace.extend(0, s, t, g >= 0 ? EXEC : IDLE_BURN, v, g >= 0 ? tLocal[g] : -1);
                }
                s = t;
            }
            if (nd == t) {
                events++;
                if (g >= 0 && rem[g] == 0) {
                    complete(g, t);
                }
            }
            while (calMin >>> CALENDAR_SHIFT == t) {
                int k = (int) (calMin & ((1 << CALENDAR_SHIFT) - 1));
                events++;
                long next = release(k, t);
                cal[k] = next < horizon ? next << CALENDAR_SHIFT | k : Long.MAX_VALUE;
                calMin = calendarMin();
            }
            g = readyTasks[v] > 0 ? pickTask(v) : -1;
            long d = budgetLeft[v] - (s - entry);
            nd = t + (g >= 0 ? Math.min(d, rem[g]) : d);
            if (stopAtFirstMiss && stats.totalMisses > 0) {
                stopped = true;
                break;
            }
            if ((++instants & 0x3FFF) == 0) {
                progress.progress(Math.min(t, horizon), horizon, "simulating");
                if (cancel.isCancelled()) {
                    cancelled = true;
                    stopped = true;
                    break;
                }
            }
        }
        long used = s - entry;
        stats.busy[0] += used;
        stats.supply[v] += used;
        budgetLeft[v] -= used;
        since[0] = s;
        runTask[0] = g;
        nextDyn[0] = nd;
        calendarMin = calMin;
        dirty[0] = false;
        return stopped;
    }

    /** The least entry of the release calendar; {@code Long.MAX_VALUE} when there is none. */
    private long calendarMin() {
        long[] cal = calendar;
        long m = Long.MAX_VALUE;
        if (cal != null) {
            for (int i = 0; i < cal.length; i++) {
                m = Math.min(m, cal[i]);
            }
        }
        return m;
    }

    private void lanesBoundary(int c, long t) {
        settle(c, t);
        events++;
        int g = runTask[c];
        if (g >= 0 && overheadLeft[c] == 0 && backlog.remaining[g] == 0) {
            complete(g, t);
        }
        dirty[c] = true;
        if (sched != null && running[c] >= 0 && budgetLeft[running[c]] <= 0) {
            sched.onBudgetExhausted(running[c], t);
        }
    }

    /**
     * One instant under a {@link HypervisorScheduler}: the same tie order as the fast path, with
     * every lane settled first (hooks see accounting up to {@code t}), events popped before they
     * are handled (a hook may queue timers at {@code t}) and policy timers among the releases.
     */
    private void handleGeneric(long t, long td) {
        for (int c = 0; c < nLane; c++) {
            settle(c, t);
        }
        if (td == t) {
            for (int c = 0; c < nLane; c++) {
                if (nextDyn[c] == t) {
                    lanesBoundary(c, t);
                }
            }
        }
        while (!queue.isEmpty() && queue.peekTime() == t) {
            int kind = queue.peekKind();
            int index = queue.peekIndex();
            queue.pop();
            events++;
            if (kind == EventQueue.RELEASE) {
                long next = release(index, t);
                if (next < horizon) {
                    queue.push(next, EventQueue.RELEASE, index);
                }
            } else if (kind == EventQueue.TIMER) {
                sched.onTimer(index, t);
            } else {
                deadline(index, t);
            }
        }
        for (int c = 0; c < nLane; c++) {
            if (dirty[c]) {
                reschedule(c, t);
            }
        }
    }

    // SchedulerContext: what a HypervisorScheduler sees of this run

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public TimeBase timeBase() {
        return tb;
    }

    @Override
    public int vmCount() {
        return nVm;
    }

    @Override
    public int laneCount() {
        return nLane;
    }

    @Override
    public VirtualMachine vm(int v) {
        return scenario.vms().get(v);
    }

    @Override
    public int lane(int v) {
        return vmLane[v];
    }

    @Override
    public int[] vmsOn(int lane) {
        return laneVms[lane];
    }

    @Override
    public boolean ready(int v) {
        return readyTasks[v] > 0;
    }

    @Override
    public long budget(int v) {
        return budgetLeft[v];
    }

    @Override
    public void setBudget(int v, long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("budget must not be negative, got " + ticks);
        }
        budgetLeft[v] = ticks;
        dirty[vmLane[v]] = true;
    }

    @Override
    public int running(int lane) {
        return running[lane];
    }

    @Override
    public long supplied(int v) {
        return stats.supply[v];
    }

    @Override
    public void timer(long t, int id) {
        if (t < now) {
            throw new IllegalArgumentException("timer at tick " + t + " is before now (" + now + ")");
        }
        if (t < horizon) {
            queue.push(t, EventQueue.TIMER, id);
        }
    }

    @Override
    public void reschedule(int lane) {
        dirty[lane] = true;
    }

    private void complete(int g, long t) {
        long rel = backlog.headRelease(g);
        stats.completed(g, t - rel);
        if (t > rel + tDeadline[g]) {
            addMiss(g, rel, false);
        }
        popJob(g);
    }

    private void popJob(int g) {
        if (backlog.pop(g)) {
            int v = tVm[g];
            readyByRank[v] &= ~(1L << tRmPos[g]);
            if (--readyTasks[v] == 0 && sched != null) {
                sched.onBlock(v, now);
            }
        }
    }

    /** Releases a job of task g; returns the next release. The queue's top is still this event. */
    private long release(int g, long t) {
        int v = tVm[g];
        stats.jobs[g]++;
        if (backlog.push(g, t)) {
            readyByRank[v] |= 1L << tRmPos[g];
            if (readyTasks[v]++ == 0 && sched != null) {
                settle(vmLane[v], t);
                sched.onActivation(v, t);
            }
        }
        if (abort && t + tDeadline[g] <= horizon) {
            queue.push(t + tDeadline[g], EventQueue.DEADLINE, g);
        }
        dirty[vmLane[v]] = true;
        return t + tPeriod[g];
    }

    /** Replenishes VM v; returns its next replenishment. */
    private long replenish(int v, long t) {
        int c = vmLane[v];
        settle(c, t);
        budgetLeft[v] = vBudget[v];
        vDeadline[v] = t + vPeriod[v];
        long next;
        if (worstCase) {
            // the supply's worst pattern (THEORY.md §2, §6.3), with the overhead paid at the start
            // of every chunk: X in the first, (1 + P)·X in the later ones
            forceOverhead[v] = true;
            if (t == 0) {
                pendingHead[v] = Math.min(vOverhead[v], vBudget[v] - wcTail[v]);
                if (wcNoFirst[v]) {
                    budgetLeft[v] = 0;
                }
            } else {
                pendingHead[v] = wcHead[v];
                wcTail[v] = 0;
            }
            next = t == 0 ? wcSecond[v] : t + vPeriod[v];
        } else if (vBudget[v] == vPeriod[v] && laneVms[c].length == 1) {
            // a full-bandwidth server alone on its core (a dedicated processor): its budget would
            // run out exactly at each replenishment, where it keeps the core and pays nothing
            // (THEORY.md), so one budget that never runs out is the same schedule
            budgetLeft[v] = UNLIMITED;
            next = NEVER;
        } else {
            next = t + vPeriod[v];
        }
        dirty[c] = true;
        return next;
    }

    private void deadline(int g, long t) {
        long rel = t - tDeadline[g];
        if (backlog.size[g] > 0 && backlog.headRelease(g) == rel) {
            int c = vmLane[tVm[g]];
            settle(c, t);
            addMiss(g, rel, true);
            popJob(g);
            dirty[c] = true;
        }
    }

    private void reschedule(int c, long t) {
        settle(c, t);
        dirty[c] = false;
        int best = -1;
        long bestRank = 0;
        if (sched != null) {
            best = sched.pick(c, t);
            dirty[c] = false;
            if (best >= 0 && (vmLane[best] != c || budgetLeft[best] <= 0)) {
                throw new IllegalStateException(sched.getClass().getSimpleName() + " picked VM " + vmNames[best]
                        + (vmLane[best] != c ? " on a core it is not on" : " with no budget left") + " at tick " + t);
            }
        } else {
        // a running VM keeps the core on a tie: no preemption, and no overhead, for an equal rank
        int cur = running[c];
        if (cur >= 0 && budgetLeft[cur] > 0 && !(deferrable && readyTasks[cur] == 0)) {
            best = cur;
            bestRank = hypervisor.rank(vDeadline[cur], vPeriod[cur], vPriority[cur]);
        }
        int[] vs = laneVms[c];
        for (int i = 0; i < vs.length; i++) {
            int v = vs[i];
            if (v == cur || budgetLeft[v] <= 0 || (deferrable && readyTasks[v] == 0)) {
                continue;
            }
            long r = hypervisor.rank(vDeadline[v], vPeriod[v], vPriority[v]);
            if (best < 0 || r < bestRank) {
                best = v;
                bestRank = r;
            }
        }
        }
        if (best != running[c] || (best >= 0 && forceOverhead[best])) {
            running[c] = best;
            if (best >= 0) {
                forceOverhead[best] = false;
                overheadLeft[c] = worstCase ? pendingHead[best] : vOverhead[best];
                if (vOverhead[best] > 0) {
                    stats.overheadCount[best] += worstCase && pendingHead[best] > vOverhead[best] ? 1 + wcPreemptions[best] : 1;
                }
            } else {
                overheadLeft[c] = 0;
            }
        }
        if (best < 0) {
            runTask[c] = -1;
            nextDyn[c] = NEVER;
            return;
        }
        if (worstCase && overheadLeft[c] == 0 && wcTail[best] > 0 && budgetLeft[best] <= wcTail[best]) {
            // the first chunk's useful part is over: the overhead of its P later switches follows
            overheadLeft[c] = budgetLeft[best];
            wcTail[best] = 0;
            stats.overheadCount[best] += Math.max(1, wcPreemptions[best]);
        }
        int g = readyTasks[best] > 0 ? pickTask(best) : -1;
        runTask[c] = g;
        long d = budgetLeft[best];
        if (overheadLeft[c] > 0) {
            d = Math.min(d, overheadLeft[c]);
        } else {
            if (g >= 0) {
                d = Math.min(d, backlog.remaining[g]);
            }
            if (worstCase && wcTail[best] > 0) {
                d = Math.min(d, budgetLeft[best] - wcTail[best]);
            }
        }
        nextDyn[c] = t + d;
    }

    private int pickTask(int v) {
        int[] byRank = vmTasksByRank[v];
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
        int[] ts = vmTasks[v];
        GuestStrategy gs = guest[v];
        int best = -1;
        long bestRank = 0;
        for (int i = 0; i < ts.length; i++) {
            int g = ts[i];
            if (backlog.size[g] == 0) {
                continue;
            }
            long r = gs.rank(backlog.headDeadline[g], tRmPos[g]);
            if (best < 0 || r < bestRank) {
                best = g;
                bestRank = r;
            }
        }
        return best;
    }

    /** Accounts lane c's constant state from its last update up to t. */
    private void settle(int c, long t) {
        long from = since[c];
        long dt = t - from;
        if (dt <= 0) {
            return;
        }
        since[c] = t;
        int v = running[c];
        byte kind;
        int task = -1;
        if (v < 0) {
            stats.idle[c] += dt;
            kind = IDLE;
        } else {
            stats.busy[c] += dt;
            budgetLeft[v] -= dt;
            stats.supply[v] += dt;
            int g = runTask[c];
            if (overheadLeft[c] > 0) {
                overheadLeft[c] -= dt;
                stats.overheadTime[v] += dt;
                kind = OVERHEAD;
            } else if (g >= 0) {
                backlog.remaining[g] -= dt;
                stats.execution[v] += dt;
                kind = EXEC;
                task = tLocal[g];
            } else {
                stats.idleBurn[v] += dt;
                kind = IDLE_BURN;
            }
        }
        if (trace.on) {
            trace.extend(c, from, t, kind, v, task);
        }
    }

    private void addMiss(int g, long rel, boolean aborted) {
        stats.missed(g, () -> new Miss(vmNames[tVm[g]], taskNames[tVm[g]][tLocal[g]], tb.units(rel),
                tb.units(rel + tDeadline[g]), aborted));
    }

    SimulationResult result(SimulationMode mode, long end, List<String> notes) {
        List<VmStats> vmStats = new ArrayList<>();
        for (int v = 0; v < nVm; v++) {
            List<TaskStats> ts = new ArrayList<>();
            for (int g : vmTasks[v]) {
                ts.add(stats.task(g, taskNames[v][tLocal[g]], tb));
            }
            vmStats.add(stats.vm(v, vmNames[v], vmCore[v], ts, tb));
        }
        List<CoreStats> cores = new ArrayList<>();
        for (int c = 0; c < nLane; c++) {
            cores.add(stats.lane(c, laneCore[c], worstCase ? vmNames[c] : null, tb));
        }
        return new SimulationResult(mode, tb.units(horizon), tb.units(end), tb, events, stats.totalMisses, vmStats, cores,
                trace.trace(vmNames, taskNames, tb), trace.truncated(), stats.misses(), stats.missesTruncated(), cancelled,
                notes);
    }

    /**
     * The engine at instant {@code now} for a {@link ScheduleObserver}. A lane not touched at
     * {@code now} was last settled earlier: its budget, overhead and work are read as settled now.
     */
    private final class InstantView implements EngineInstant {
        private final long now;

        InstantView(long now) {
            this.now = now;
        }

        private long elapsed(int c) {
            return now - since[c];
        }

        @Override
        public long tick() {
            return now;
        }

        @Override
        public double units(long ticks) {
            return tb.units(ticks);
        }

        @Override
        public int lanes() {
            return nLane;
        }

        @Override
        public int laneCore(int lane) {
            return laneCore[lane];
        }

        @Override
        public int runningVm(int lane) {
            return running[lane];
        }

        @Override
        public int runningTask(int lane) {
            return running[lane] < 0 ? -1 : runTask[lane];
        }

        @Override
        public long overheadLeft(int lane) {
            return running[lane] < 0 || overheadLeft[lane] == 0 ? 0 : overheadLeft[lane] - elapsed(lane);
        }

        @Override
        public int vms() {
            return nVm;
        }

        @Override
        public int vmLane(int vm) {
            return vmLane[vm];
        }

        @Override
        public String vmName(int vm) {
            return vmNames[vm];
        }

        @Override
        public long budgetLeft(int vm) {
            int c = vmLane[vm];
            return running[c] == vm ? budgetLeft[vm] - elapsed(c) : budgetLeft[vm];
        }

        @Override
        public long vmDeadline(int vm) {
            return vDeadline[vm];
        }

        @Override
        public long vmPeriod(int vm) {
            return vPeriod[vm];
        }

        @Override
        public int vmPriority(int vm) {
            return vPriority[vm];
        }

        @Override
        public int tasks() {
            return nTask;
        }

        @Override
        public int taskVm(int task) {
            return tVm[task];
        }

        @Override
        public String taskName(int task) {
            return taskNames[tVm[task]][tLocal[task]];
        }

        @Override
        public long taskPeriod(int task) {
            return tPeriod[task];
        }

        @Override
        public long released(int task) {
            return stats.jobs[task];
        }

        @Override
        public long completed(int task) {
            return stats.completed[task];
        }

        @Override
        public long missed(int task) {
            return stats.missed[task];
        }

        @Override
        public int pending(int task) {
            return backlog.size[task];
        }

        @Override
        public long oldestRelease(int task) {
            return backlog.headRelease(task);
        }

        @Override
        public long oldestDeadline(int task) {
            return backlog.headDeadline[task];
        }
    }
}

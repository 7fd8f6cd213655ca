package org.vmsched.sim.global;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.MissPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;
import org.vmsched.sim.CoreStats;
import org.vmsched.sim.Miss;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.TaskStats;
import org.vmsched.sim.TimeBase;
import org.vmsched.sim.VmStats;
import org.vmsched.sim.kernel.ResponseTimeAccumulator;
import org.vmsched.sim.kernel.TraceRecorder;

/**
 * The simulator of global EDF over virtual CPUs (Xen RTDS; THEORY.md §15.12), in long ticks. Each
 * virtual CPU is a server with its VM's period and budget, replenished at the VM's offset + m·T to
 * the full budget (what was left is lost), its server deadline then the next replenishment. At
 * every instant where something changed, {@link GlobalDispatch} picks the virtual CPUs that run
 * and their jobs. A dispatched virtual CPU first pays its VM's overhead X from its budget (also
 * after a migration; a migration costs no more). Tie order at one instant: completions, then
 * budget replenishments, then releases, then deadline checks (miss policy abort), then one
 * decision. The run covers [0, horizon) as the per-core kernel's does. Synchronous mode only (the
 * caller refuses worst-case mode). Not thread-safe; one per run.
 */
public final class GlobalEngine {

    private final GlobalSystem s;
    private final GlobalDispatch d;
    private final TimeBase tb;
    private final long horizon;
    private final boolean abort;
    private final Progress progress;
    private final Cancellation cancel;
    private final TraceRecorder trace;
    private final int missCap;
    private boolean cancelled;
    private long events;

    private final long[] jobs;
    private final long[] completed;
    private final long[] missed;
    private final long[] maxResp;
    private final double[] sumResp;
    private final ResponseTimeAccumulator[] acc;
    private final long[] supply;
    private final long[] overheadTime;
    private final long[] execution;
    private final long[] idleBurn;
    private final long[] busy;
    private final long[] idle;
    private final List<Miss> misses = new ArrayList<>();
    private long totalMisses;

    /** A run of {@code sc} (valid, under a global policy) up to {@code horizon} ticks; progress and cancel may be null. */
    public GlobalEngine(Scenario sc, TimeBase tb, SimulationOptions o, long horizon, Progress progress, Cancellation cancel) {
        this.s = new GlobalSystem(sc, tb, o.serverPolicy());
        this.d = new GlobalDispatch(s);
        this.tb = tb;
        this.horizon = horizon;
        this.abort = o.missPolicy() == MissPolicy.ABORT;
        this.progress = progress == null ? Progress.NONE : progress;
        this.cancel = cancel == null ? new Cancellation() : cancel;
        int[] lanes = new int[s.cores];
        java.util.Arrays.setAll(lanes, c -> c);
        this.trace = TraceRecorder.withVcpus(o.trace(), o.traceCap(), lanes);
        this.missCap = o.traceCap();
        jobs = new long[s.nTask];
        completed = new long[s.nTask];
        missed = new long[s.nTask];
        maxResp = new long[s.nTask];
        sumResp = new double[s.nTask];
        acc = new ResponseTimeAccumulator[s.nTask];
        for (int g = 0; g < s.nTask; g++) {
            acc[g] = new ResponseTimeAccumulator();
        }
        supply = new long[s.nVm];
        overheadTime = new long[s.nVm];
        execution = new long[s.nVm];
        idleBurn = new long[s.nVm];
        busy = new long[s.cores];
        idle = new long[s.cores];
    }

    /** Runs to the horizon (or the cancellation); returns the time reached in ticks. */
    public long run() {
        long t = 0;
        long instants = 0;
        while (true) {
            if (t < horizon) {
                replenishAndRelease(t);
            }
            if (abort) {
                dropAt(t);
            }
            if (t >= horizon) {
                break;
            }
            if ((++instants & 0x3FFF) == 0) {
                progress.progress(t, horizon, "simulating");
                if (cancel.isCancelled()) {
                    cancelled = true;
                    break;
                }
            }
            d.decide(t);
            long next = next(t);
            advance(t, next);
            t = next;
            complete(t);
        }
        trace.flushAll();
        for (int g = 0; g < s.nTask; g++) {
            for (int j = 0; j < s.size[g]; j++) {
                long rel = s.release(g, j);
                if (rel + s.tDeadline[g] <= t) {
                    miss(g, rel, false);
                }
            }
        }
        progress.progress(cancelled ? Math.min(t, horizon) : horizon, horizon, "simulating");
        return t;
    }

    private void replenishAndRelease(long t) {
        for (int v = 0; v < s.nVm; v++) {
            if (s.nextReplenish[v] == t) {
                events++;
                for (int i = s.vmFirstVcpu[v]; i < s.vmFirstVcpu[v] + s.vmVcpus[v]; i++) {
                    s.budget[i] = s.vmBudget[v];
                    s.serverDeadline[i] = t + s.vmPeriod[v];
                }
                s.nextReplenish[v] = t + s.vmPeriod[v];
            }
        }
        for (int g = 0; g < s.nTask; g++) {
            if (s.nextRelease[g] == t) {
                events++;
                jobs[g]++;
                s.push(g, t);
                s.nextRelease[g] = t + s.tPeriod[g];
            }
        }
    }

    /** Miss policy abort: every pending job whose deadline is now is dropped (a miss). */
    private void dropAt(long t) {
        for (int g = 0; g < s.nTask; g++) {
            while (s.size[g] > 0 && s.release(g, 0) + s.tDeadline[g] <= t) {
                events++;
                miss(g, s.release(g, 0), true);
                s.pop(g);
            }
        }
    }

    /** The next instant something changes: a release, a replenishment, a deadline (abort), an end of overhead, budget or job. */
    private long next(long t) {
        long next = horizon;
        for (int v = 0; v < s.nVm; v++) {
            next = Math.min(next, s.nextReplenish[v]);
        }
        for (int g = 0; g < s.nTask; g++) {
            next = Math.min(next, s.nextRelease[g]);
            if (abort && s.size[g] > 0) {
                next = Math.min(next, s.release(g, 0) + s.tDeadline[g]);
            }
        }
        for (int c = 0; c < s.cores; c++) {
            int i = s.onCore[c];
            if (i < 0) {
                continue;
            }
            next = Math.min(next, t + s.budget[i]);
            if (s.owed[i] > 0) {
                next = Math.min(next, t + s.owed[i]);
            } else if (s.job[i] >= 0) {
                next = Math.min(next, t + s.remaining[s.job[i]]);
            }
        }
        return Math.max(next, t + 1);
    }

    private void advance(long t, long next) {
        long dt = next - t;
        for (int c = 0; c < s.cores; c++) {
            int i = s.onCore[c];
            boolean mark = d.migratedOn[c];
            if (i < 0) {
                idle[c] += dt;
                trace.extend(c, t, next, (byte) SliceKind.IDLE.ordinal(), -1, -1, -1, false);
                continue;
            }
            int v = s.cVm[i];
            int local = i - s.vmFirstVcpu[v];
            busy[c] += dt;
            supply[v] += dt;
            s.budget[i] -= dt;
            if (s.owed[i] > 0) {
                s.owed[i] -= dt;
                overheadTime[v] += dt;
                trace.extend(c, t, next, (byte) SliceKind.OVERHEAD.ordinal(), v, local, -1, mark);
            } else if (s.job[i] >= 0) {
                int g = s.job[i];
                s.remaining[g] -= dt;
                execution[v] += dt;
                trace.extend(c, t, next, (byte) SliceKind.EXECUTION.ordinal(), v, local, s.tLocal[g], mark);
            } else {
                idleBurn[v] += dt;
                trace.extend(c, t, next, (byte) SliceKind.IDLE_BURN.ordinal(), v, local, -1, mark);
            }
            d.migratedOn[c] = false;
        }
    }

    /** Jobs that finished at {@code t} complete (late ones are misses under miss policy continue). */
    private void complete(long t) {
        for (int c = 0; c < s.cores; c++) {
            int i = s.onCore[c];
            if (i < 0 || s.job[i] < 0 || s.remaining[s.job[i]] > 0) {
                continue;
            }
            int g = s.job[i];
            events++;
            long rel = s.release(g, 0);
            long resp = t - rel;
            completed[g]++;
            maxResp[g] = Math.max(maxResp[g], resp);
            sumResp[g] += resp;
            acc[g].add(resp);
            if (resp > s.tDeadline[g]) {
                miss(g, rel, false);
            }
            s.pop(g);
            s.job[i] = -1;
        }
    }

    private void miss(int g, long rel, boolean aborted) {
        missed[g]++;
        totalMisses++;
        if (misses.size() < missCap) {
            int v = s.tVm[g];
            misses.add(new Miss(s.vmNames[v], s.taskNames[v][s.tLocal[g]], tb.units(rel), tb.units(rel + s.tDeadline[g]),
                    aborted));
        }
    }

    /** The run's result (after {@link #run}) in time units. */
    public SimulationResult result(Scenario sc, SimulationOptions o, long end, List<String> notes) {
        List<VmStats> vms = new ArrayList<>();
        for (int v = 0; v < s.nVm; v++) {
            List<TaskStats> ts = new ArrayList<>();
            for (int g : s.vmTasks[v]) {
                double max = completed[g] == 0 ? Double.NaN : tb.units(maxResp[g]);
                double mean = completed[g] == 0 ? Double.NaN : sumResp[g] / completed[g] / tb.ticksPerUnit();
                ts.add(new TaskStats(s.taskNames[v][s.tLocal[g]], jobs[g], completed[g], missed[g], max, mean,
                        acc[g].result(tb)));
            }
            vms.add(new VmStats(s.vmNames[v], sc.vms().get(v).core(), tb.units(supply[v]), tb.units(overheadTime[v]),
                    d.overheadCount[v], tb.units(execution[v]), tb.units(idleBurn[v]), ts, d.vcpuMigrations[v],
                    d.jobMigrations[v]));
        }
        List<CoreStats> cores = new ArrayList<>();
        for (int c = 0; c < s.cores; c++) {
            cores.add(new CoreStats(c, null, tb.units(busy[c]), tb.units(idle[c])));
        }
        return new SimulationResult(o.mode(), tb.units(horizon), tb.units(end), tb, events, totalMisses, vms, cores,
                trace.trace(s.vmNames, s.taskNames, tb), trace.truncated(), misses, totalMisses > misses.size(),
                cancelled, notes);
    }
}

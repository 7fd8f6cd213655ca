package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;

/**
 * A global EDF run of periodic servers as a replay (issue 21 item 7, THEORY.md §15.13). A
 * periodic server burns its budget whether its VM has a job or not, so which vCPU holds which core,
 * and when it has paid its overhead, does not depend on the jobs: the hypervisor's schedule is that
 * of the servers alone. Run alone for a few hyperperiods W (the least common multiple of the VMs'
 * periods) by the kernel's own {@link GlobalLoop}, it is found periodic from some window on
 * (two consecutive windows equal slice for slice and boundary for boundary, which fixes every
 * server's budget, deadline, core and overhead at the windows' ends); then each VM's jobs are
 * placed over that schedule's usable intervals exactly as {@link GlobalGuest} places them ({@link GuestReplay}), window
 * after window, with no plan, no lane accounting and no decision per instant. The hypervisor's
 * statistics (supply, overhead, switches, vCPU migrations, per-core busy and idle, its events)
 * come from three runs of the servers alone: up to the steady start s, s + W and s + r, the run's
 * horizon being s + nW + r, as S(s + r) + n (S(s + W) − S(s)); the jobs' from the replay.
 *
 * <p>Taken only where the result is the reference path's, which {@code GlobalReplayEquivalenceProperties}
 * holds it to: periodic servers, no trace, no observer, miss policy continue, not worst-case mode,
 * any number of tasks (the global loop's conditions but its release calendar), a horizon of at
 * least 160 hyperperiods (a window of 2 or 4 hyperperiods: 320, 640), a periodic window found among
 * the first {@value #CANDIDATES} after the latest VM offset. A run in which a job misses its
 * deadline is not replayed: the replay gives up at the first miss and the loop runs from the
 * start, so misses, their order and the stop at the first one stay the loop's. A cancellation also
 * hands over to the loop.
 */
final class GlobalReplay {

    /** Windows tried as the steady one's predecessor, from the first that starts after every VM's offset. */
    static final int CANDIDATES = 4;
    /**
     * A window is tried only in a run at least this many times as long as the servers' run that
     * looks for it ({@value #CANDIDATES} + 1 windows): looking costs a few per cent of the run at most.
     */
    static final long SETUP_SHARE = 32;
    private static final int MAX_SLICES = 1 << 20;
    private static final int CHUNKS = 64;
    /** Windows of up to this many hyperperiods are tried. */
    private static final long MAX_HYPERPERIODS = 4;

    private final Kernel k;
    private final Layout l;
    /** The window: the hyperperiod, or the few hyperperiods after which the servers' schedule repeats. */
    private long w;

    private GlobalReplay(Kernel k, long w) {
        this.k = k;
        this.l = k.l;
        this.w = w;
    }

    /**
     * Whether {@code k}'s run may be replayed: one the global loop plans (global EDF, not worst-case
     * mode, no observer), miss policy continue, not the reference path; any number of tasks (the
     * servers alone need no release calendar).
     */
    static boolean applies(Kernel k, boolean observed) {
        Layout l = k.l;
        if (k.trace.on || k.options.serverPolicy() != ServerPolicy.PERIODIC || k.abort || k.referencePath
                || GlobalLoop.plans(k, observed) == null) {
            return false;
        }
        for (int c = 0; c < l.nLane; c++) {
            if (l.laneCore[c] != c) {
                return false;
            }
        }
        for (int v = 0; v < l.nVm; v++) {
            if (l.vmVcpus[v] > 62) {
                return false;
            }
        }
        long w = hyperperiod(l);
        return w > 0 && k.horizon / SETUP_SHARE / (CANDIDATES + 1) >= w;
    }

    /** Replays {@code k}'s run into its statistics and events; false (nothing of {@code k} changed) where the loop must run instead. */
    static boolean run(Kernel k) {
        return new GlobalReplay(k, hyperperiod(k.l)).replay();
    }

    /** The least common multiple of the VMs' periods in ticks, −1 when it overflows. */
    static long hyperperiod(Layout l) {
        long h = 1;
        for (int v = 0; v < l.nVm && h > 0; v++) {
            h = TimeBase.lcm(h, l.vPeriod[v]);
        }
        return h;
    }

    private boolean replay() {
        if (HypervisorSchedulers.forPolicy(k.scenario.hypervisor().policy()).getClass() != k.sched.getClass()) {
            return false; // (a scheduler of a test's own, not the scenario's policy)
        }
        Steady st = steady(k.scenario, k.tb, k.options, k.cancel, k.horizon / SETUP_SHARE, 1);
        if (st == null) {
            return false;
        }
        w = st.w();
        return replay(st.seen(), st.log(), st.start() / w - 1);
    }

    /**
     * The servers' schedule found periodic (THEORY.md §15.13): their run alone with its trace and
     * boundaries, the window {@code w} (ticks) and the steady start (a multiple of w at or past
     * every VM's offset) from which the schedule repeats with period w. The run goes at least
     * {@code tail} − 1 windows past the steady start's window.
     */
    record Steady(Kernel seen, BoundaryLog log, long w, long start) {
    }

    /**
     * Looks for the steady window of {@code s}'s servers alone under its policy's scheduler (the
     * hyperperiod W, then 2W and 4W), the run going {@code tail} windows past the last candidate and
     * to at most {@code maxEnd} ticks; null where none is found within that, the run is not the
     * global loop's, its trace was cut, or it was cancelled.
     */
    static Steady steady(Scenario s, TimeBase tb, SimulationOptions o, Cancellation cancel,
                         long maxEnd, int tail) {
        Layout l = new Layout(s, tb, false, true);
        long hyperperiod = hyperperiod(l);
        if (hyperperiod <= 0) {
            return null;
        }
        // windows are compared only once every VM has been replenished: one first replenished later
        // would be absent from both, which could then be equal (a review's finding)
        long latest = 0;
        for (VirtualMachine vm : s.vms()) {
            latest = Math.max(latest, tb.ticks(vm.offset()));
        }
        // the schedule may repeat only every 2 or 4 hyperperiods (a VM's vCPUs trading cores): each tried in turn
        for (long m = 1; m <= MAX_HYPERPERIODS; m *= 2) {
            long w = m * hyperperiod;
            long from = (latest + w - 1) / w;
            if (w > maxEnd / (from + CANDIDATES + tail)) {
                return null;
            }
            BoundaryLog log = new BoundaryLog(l.nLane);
            Kernel seen = serversAlone(s, tb, o, cancel, (from + CANDIDATES + tail) * w, true, log);
            if (seen == null) {
                return null;
            }
            for (long j = from; j < from + CANDIDATES; j++) {
                if (window(seen.trace, log, j, w, l.nLane).equals(window(seen.trace, log, j + 1, w, l.nLane))) {
                    return new Steady(seen, log, w, (j + 1) * w);
                }
            }
        }
        return null;
    }

    /** The replay with window j of {@code seen} (the servers alone) equal to window j + 1, j W past every VM's offset. */
    private boolean replay(Kernel seen, BoundaryLog log, long found) {
        long s0 = (found + 1) * w;
        long h = k.horizon;
        long n = (h - s0) / w;
        long r = (h - s0) % w;
        Kernel atS = serversAlone(s0, false, null);
        Kernel atSw = serversAlone(s0 + w, false, null);
        Kernel atSr = r == 0 ? atS : serversAlone(s0 + r, false, null);
        if (atS == null || atSw == null || atSr == null) {
            return false;
        }
        RunStatistics jobs = new RunStatistics(l.nTask, l.nVm, l.nLane, 1);
        GuestReplay[] vms = new GuestReplay[l.nVm];
        for (int v = 0; v < l.nVm; v++) {
            vms[v] = new GuestReplay(l, h, w, v, seen.trace, log, s0, jobs);
        }
        for (int chunk = 1; chunk <= CHUNKS; chunk++) {
            long limit = chunk == CHUNKS ? h : h / CHUNKS * chunk;
            for (GuestReplay vm : vms) {
                if (!vm.runTo(limit)) {
                    return false;
                }
            }
            if (chunk < CHUNKS && k.cancel.isCancelled()) {
                return false; // the loop runs, and stops at its first look at the cancellation
            }
            k.progress.progress(limit, h, "simulating");
        }
        long events = atSr.events + n * (atSw.events - atS.events);
        for (GuestReplay vm : vms) {
            if (vm.pendingDueBy(h)) {
                return false;
            }
            events += vm.releases + vm.completions - vm.coinciding;
        }
        RunStatistics s = k.stats;
        s.takeJobs(jobs);
        combine(s.supply, atSr.stats.supply, atS.stats.supply, atSw.stats.supply, n);
        combine(s.overheadTime, atSr.stats.overheadTime, atS.stats.overheadTime, atSw.stats.overheadTime, n);
        combine(s.overheadCount, atSr.stats.overheadCount, atS.stats.overheadCount, atSw.stats.overheadCount, n);
        combine(s.idleBurn, atSr.stats.idleBurn, atS.stats.idleBurn, atSw.stats.idleBurn, n);
        combine(s.vcpuMigrations, atSr.stats.vcpuMigrations, atS.stats.vcpuMigrations, atSw.stats.vcpuMigrations, n);
        combine(s.busy, atSr.stats.busy, atS.stats.busy, atSw.stats.busy, n);
        combine(s.idle, atSr.stats.idle, atS.stats.idle, atSw.stats.idle, n);
        for (int v = 0; v < l.nVm; v++) {
            s.idleBurn[v] -= s.execution[v]; // the servers alone burn what the jobs use
        }
        k.events = events;
        return true;
    }

    /** {@code into = atR + n (atW − at0)}: a statistic up to s + nW + r from runs up to s + r, s and s + W. */
    private static void combine(long[] into, long[] atR, long[] at0, long[] atW, long n) {
        for (int i = 0; i < into.length; i++) {
            into[i] = atR[i] + n * (atW[i] - at0[i]);
        }
    }

    /** The servers of {@code k}'s scenario alone up to {@code horizon}; null as {@link #serversAlone(org.vmsched.model.Scenario, TimeBase, SimulationOptions, org.vmsched.progress.Cancellation, long, boolean, BoundaryLog)}. */
    private Kernel serversAlone(long horizon, boolean trace, BoundaryLog log) {
        return serversAlone(k.scenario, k.tb, k.options, k.cancel, horizon, trace, log);
    }

    /** The servers of {@code s} alone up to {@code horizon}, by the global loop; null when it is not that loop's run or the trace was cut. */
    private static Kernel serversAlone(Scenario s, TimeBase tb, SimulationOptions o,
                                       Cancellation cancel, long horizon, boolean trace, BoundaryLog log) {
        HypervisorScheduler sched = HypervisorSchedulers.forPolicy(s.hypervisor().policy());
        Kernel alone = new Kernel(s, tb, o.withTrace(trace).withTraceCap(MAX_SLICES), horizon, null, cancel, sched);
        alone.withoutJobs = true;
        alone.boundaryLog = log;
        alone.run();
        if (alone.ran() != KernelLoop.GLOBAL || alone.trace.truncated() || alone.cancelled) {
            return null;
        }
        return alone;
    }

    /**
     * Window j of the servers' schedule, relative to its start: every slice clipped to it (core,
     * VM, vCPU, kind, start, end) and every lane boundary in it, in a canonical order.
     */
    private static List<Long> window(TraceRecorder t, BoundaryLog log, long j, long w, int nLane) {
        long from = j * w;
        long to = from + w;
        List<long[]> slices = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            long s = Math.max(t.start(i), from);
            long e = Math.min(t.end(i), to);
            if (s < e) {
                slices.add(new long[] {s - from, e - from, t.core(i), t.vm(i), t.vcpu(i), t.kind(i)});
            }
        }
        slices.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[2], b[2]));
        List<Long> out = new ArrayList<>();
        for (long[] s : slices) {
            for (long x : s) {
                out.add(x);
            }
        }
        out.add(-1L);
        for (int c = 0; c < nLane; c++) {
            for (int i = 0; i < log.size[c]; i++) {
                long b = log.at[c][i];
                if (b >= from && b < to) {
                    out.add(b - from);
                }
            }
            out.add(-1L);
        }
        return out;
    }
}

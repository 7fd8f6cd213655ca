package org.vmsched.sim.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vmsched.model.ServerPolicy;
import org.vmsched.sim.GuestStrategy;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.HypervisorSchedulers;

/**
 * A global EDF run of periodic servers as a replay (issue 21 item 7, THEORY.md §15.13). A
 * periodic server burns its budget whether its VM has a job or not, so which vCPU holds which core,
 * and when it has paid its overhead, does not depend on the jobs: the hypervisor's schedule is that
 * of the servers alone. Run alone for a few hyperperiods W (the least common multiple of the VMs'
 * periods) by the kernel's own {@link GlobalLoop}, it is found periodic from some window on
 * (two consecutive windows equal slice for slice and boundary for boundary, which fixes every
 * server's budget, deadline, core and overhead at the windows' ends); then each VM's jobs are
 * placed over that schedule's usable intervals exactly as {@link GlobalGuest} places them, window
 * after window, with no plan, no lane accounting and no decision per instant. The hypervisor's
 * statistics (supply, overhead, switches, vCPU migrations, per-core busy and idle, its events)
 * come from three runs of the servers alone: up to the steady start s, s + W and s + r, the run's
 * horizon being s + nW + r, as S(s + r) + n (S(s + W) − S(s)); the jobs' from the replay.
 *
 * <p>Taken only where the result is the global loop's, which {@code GlobalReplayEquivalenceProperties}
 * holds it to: periodic servers, no trace, no observer, miss policy continue (the global loop's
 * conditions), a horizon of at least 160 hyperperiods (a window of 2 or 4 hyperperiods: 320, 640),
 * a periodic window found among the first {@value #CANDIDATES}. A run in which a job misses its deadline is not replayed: the
 * replay gives up at the first miss and the global loop runs from the start, so misses, their
 * order and the stop at the first one stay the loop's. A cancellation also hands over to the loop.
 */
final class GlobalReplay {

    /** Windows tried as the steady one's predecessor (a VM offset beyond them: no replay). */
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

    /** Whether {@code k}'s run (one the global loop takes) may be replayed. */
    static boolean applies(Kernel k) {
        Layout l = k.l;
        if (k.trace.on || k.options.serverPolicy() != ServerPolicy.PERIODIC) {
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
        try {
            for (int v = 0; v < l.nVm; v++) {
                long p = l.vPeriod[v];
                h = Math.multiplyExact(h / gcd(h, p), p);
            }
        } catch (ArithmeticException e) {
            return -1;
        }
        return h;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    private boolean replay() {
        long hyperperiod = w;
        // the schedule may repeat only every 2 or 4 hyperperiods (a VM's vCPUs trading cores): each tried in turn
        for (long m = 1; m <= MAX_HYPERPERIODS; m *= 2) {
            w = m * hyperperiod;
            if ((CANDIDATES + 1) * w > k.horizon / SETUP_SHARE) {
                return false;
            }
            BoundaryLog log = new BoundaryLog(l.nLane);
            Kernel seen = serversAlone((CANDIDATES + 1) * w, true, log);
            if (seen == null) {
                return false;
            }
            for (int j = 0; j < CANDIDATES; j++) {
                if (window(seen.trace, log, j).equals(window(seen.trace, log, j + 1))) {
                    return replay(seen, log, j);
                }
            }
        }
        return false;
    }

    /** The replay with window j of {@code seen} (the servers alone) equal to window j + 1. */
    private boolean replay(Kernel seen, BoundaryLog log, int found) {
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
        VmReplay[] vms = new VmReplay[l.nVm];
        for (int v = 0; v < l.nVm; v++) {
            vms[v] = new VmReplay(v, seen.trace, log, s0, jobs);
        }
        for (int chunk = 1; chunk <= CHUNKS; chunk++) {
            long limit = chunk == CHUNKS ? h : h / CHUNKS * chunk;
            for (VmReplay vm : vms) {
                if (!vm.runTo(limit)) {
                    return false;
                }
            }
            if (chunk < CHUNKS && k.cancelRequested()) {
                return false; // the loop runs, and stops at its first look at the cancellation
            }
            k.reportProgress(limit);
        }
        long events = atSr.events + n * (atSw.events - atS.events);
        for (VmReplay vm : vms) {
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

    /** The servers of {@code k}'s scenario alone up to {@code horizon}, by the global loop; null when it is not that loop's run or the trace was cut. */
    private Kernel serversAlone(long horizon, boolean trace, BoundaryLog log) {
        HypervisorScheduler sched = HypervisorSchedulers.forPolicy(k.scenario.hypervisor().policy());
        if (sched.getClass() != k.sched.getClass()) {
            return null; // (a scheduler of a test's own, not the scenario's policy)
        }
        Kernel alone = new Kernel(k.scenario, k.tb, k.options.withTrace(trace).withTraceCap(MAX_SLICES), horizon, null, null, sched);
        alone.withoutJobs = true;
        alone.boundaryLog = log;
        alone.run();
        if (!alone.ranGlobal() || alone.trace.truncated()) {
            return null;
        }
        return alone;
    }

    /**
     * Window j of the servers' schedule, relative to its start: every slice clipped to it (core,
     * VM, vCPU, kind, start, end) and every lane boundary in it, in a canonical order.
     */
    private List<Long> window(TraceRecorder t, BoundaryLog log, int j) {
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
        for (int c = 0; c < l.nLane; c++) {
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

    /** Per lane, the instants it reached a boundary in a run of the servers alone, in time order. */
    static final class BoundaryLog {
        final long[][] at;
        final int[] size;

        BoundaryLog(int lanes) {
            at = new long[lanes][16];
            size = new int[lanes];
        }

        void add(long t, int c) {
            if (size[c] == at[c].length) {
                at[c] = Arrays.copyOf(at[c], size[c] * 2);
            }
            at[c][size[c]++] = t;
        }

        /** The boundaries of lane c in (from, to], in order. */
        long[] within(int c, long from, long to) {
            int lo = upper(c, from);
            int hi = upper(c, to);
            return Arrays.copyOfRange(at[c], lo, hi);
        }

        /** The index of the first boundary of lane c after t. */
        private int upper(int c, long t) {
            int lo = 0;
            int hi = size[c];
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (at[c][mid] <= t) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * One VM's jobs over its vCPUs' usable intervals (holding a core, overhead paid), from 0 to the
     * steady window's end and then that window again and again: segments of constant usable vCPUs,
     * each with the vCPUs whose core reaches a boundary at its end (there a job's completion is no
     * event of its own). Places the VM's best ready jobs as {@link GlobalGuest} does, at every
     * instant where its segment, its ready jobs or a head job change.
     */
    private final class VmReplay {

        private final int v;
        private final int first;
        private final int vcpus;
        private final int[] tasks;
        private final int[] byRank;
        private final GuestStrategy guest;
        private final RunStatistics stats;

        private long[] segStart;
        private long[] segMask;
        private long[] segEndBoundary;
        private int nSeg;
        private int steadyFrom;
        private long steadyEnd;

        private int seg;
        private long base;
        private long mask;
        private long now;

        /** Per task (global index): next release, pending jobs, head's release and work left, last server and its job's release. */
        private final long[] nextRelease;
        private final long[] pending;
        private final long[] headRelease;
        private final long[] remaining;
        private final int[] lastServer;
        private final long[] lastRelease;
        /** Per vCPU: the task whose job it runs, −1 none. */
        private final int[] job;
        private final int[] best;
        private final long[] bestRank;

        /** Tasks with a job pending, and the earliest next release of any. */
        private int ready;
        private long nextAny = Kernel.NEVER;

        long releases;
        long completions;
        long coinciding;

        VmReplay(int v, TraceRecorder t, BoundaryLog log, long s0, RunStatistics stats) {
            this.v = v;
            this.stats = stats;
            first = l.vmFirstServer[v];
            vcpus = l.vmVcpus[v];
            tasks = l.vmTasks[v];
            byRank = l.vmTasksByRank[v];
            guest = l.guest[v];
            nextRelease = new long[l.nTask];
            pending = new long[l.nTask];
            headRelease = new long[l.nTask];
            remaining = new long[l.nTask];
            lastServer = new int[l.nTask];
            lastRelease = new long[l.nTask];
            for (int g : tasks) {
                nextRelease[g] = l.tFirst[g] < k.horizon ? l.tFirst[g] : Kernel.NEVER;
                lastServer[g] = -1;
                nextAny = Math.min(nextAny, nextRelease[g]);
            }
            job = new int[vcpus];
            Arrays.fill(job, -1);
            best = new int[tasks.length];
            bestRank = new long[tasks.length];
            segments(t, log, s0);
        }

        /** Builds the segments of [0, s0 + W) from the servers' usable slices and the lanes' boundaries. */
        private void segments(TraceRecorder t, BoundaryLog log, long s0) {
            steadyEnd = s0 + w;
            // points: (time, kind 0 end / 1 boundary / 2 start, vCPU bit)
            List<long[]> points = new ArrayList<>();
            points.add(new long[] {0, 1, 0});
            points.add(new long[] {s0, 1, 0});
            for (int i = 0; i < t.size(); i++) {
                if (t.vm(i) != v || t.kind(i) != Kernel.IDLE_BURN || t.start(i) >= steadyEnd) {
                    continue;
                }
                long bit = 1L << t.vcpu(i);
                long s = t.start(i);
                long e = Math.min(t.end(i), steadyEnd);
                points.add(new long[] {s, 2, bit});
                points.add(new long[] {e, 0, bit});
                for (long b : log.within(t.core(i), s, e)) {
                    points.add(new long[] {b, 1, bit});
                }
            }
            points.sort((a, b) -> Long.compare(a[0], b[0]));
            segStart = new long[points.size() + 1];
            segMask = new long[points.size() + 1];
            segEndBoundary = new long[points.size() + 1];
            long m = 0;
            int n = 0;
            for (int p = 0; p < points.size(); ) {
                long at = points.get(p)[0];
                long boundary = 0;
                for (; p < points.size() && points.get(p)[0] == at; p++) {
                    long[] x = points.get(p);
                    if (x[1] == 1) {
                        boundary |= x[2];
                    } else {
                        m ^= x[2]; // a vCPU's usable intervals do not overlap: its start and end toggle it
                    }
                }
                if (at >= steadyEnd) {
                    if (n > 0) {
                        segEndBoundary[n - 1] = boundary;
                    }
                    break;
                }
                if (n > 0) {
                    segEndBoundary[n - 1] = boundary;
                }
                if (at == s0) {
                    steadyFrom = n;
                }
                segStart[n] = at;
                segMask[n] = m;
                n++;
            }
            nSeg = n;
            seg = 0;
            base = 0;
            mask = segMask[0];
        }

        private long segEnd() {
            return base + (seg + 1 < nSeg ? segStart[seg + 1] : steadyEnd);
        }

        /** Runs the VM's jobs up to {@code limit} (its instants at {@code limit} included); false at a miss. */
        boolean runTo(long limit) {
            final long horizon = k.horizon;
            while (true) {
                if (ready == 0) {
                    // no job: the vCPUs' comings and goings change nothing until the next release
                    long to = Math.min(nextAny, limit);
                    seek(to);
                    if (to < nextAny) {
                        return true;
                    }
                }
                long end = segEnd();
                long t = Math.min(end, nextAny);
                for (int i = 0; i < vcpus; i++) {
                    if (job[i] >= 0) {
                        t = Math.min(t, now + remaining[job[i]]);
                    }
                }
                if (t > limit) {
                    advance(limit);
                    return true;
                }
                advance(t);
                // completions, then releases, then the vCPUs usable from t, then the placement (the kernel's order)
                for (int i = 0; i < vcpus; i++) {
                    int g = job[i];
                    if (g >= 0 && remaining[g] == 0) {
                        if (!complete(g, t)) {
                            return false;
                        }
                        completions++;
                        if (t == end && (segEndBoundary[seg] & 1L << i) != 0) {
                            coinciding++; // the core reached a boundary at t anyway: one event
                        }
                        job[i] = -1;
                    }
                }
                if (nextAny == t) {
                    long next = Kernel.NEVER;
                    for (int g : tasks) {
                        if (nextRelease[g] == t) {
                            release(g, t);
                        }
                        next = Math.min(next, nextRelease[g]);
                    }
                    nextAny = next;
                }
                if (t == end) {
                    if (++seg == nSeg) {
                        seg = steadyFrom;
                        base += w;
                    }
                    mask = segMask[seg];
                }
                if (t == horizon) {
                    return true; // nothing runs after the horizon
                }
                place();
            }
        }

        /** With no job pending, moves to {@code t}: the segment that holds it (one starting at {@code t} if one does). */
        private void seek(long t) {
            now = t;
            if (t < segEnd()) {
                return;
            }
            int lo;
            int hi;
            if (t < steadyEnd) {
                base = 0;
                lo = seg;
                hi = nSeg - 1;
            } else {
                base = (t - segStart[steadyFrom]) / w * w;
                lo = steadyFrom;
                hi = nSeg - 1;
            }
            // the last segment of [lo, hi] starting at or before t − base
            long at = t - base;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (segStart[mid] <= at) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            seg = lo;
            mask = segMask[seg];
        }

        private void advance(long t) {
            long dt = t - now;
            if (dt > 0) {
                for (int i = 0; i < vcpus; i++) {
                    int g = job[i];
                    if (g >= 0) {
                        remaining[g] -= dt;
                        stats.execution[v] += dt;
                    }
                }
                now = t;
            }
        }

        private boolean complete(int g, long t) {
            long rel = headRelease[g];
            if (t > rel + l.tDeadline[g]) {
                return false;
            }
            stats.completed(g, t - rel);
            if (--pending[g] > 0) {
                headRelease[g] = rel + l.tPeriod[g];
                remaining[g] = l.tWcet[g];
            } else {
                ready--;
            }
            return true;
        }

        private void release(int g, long t) {
            stats.jobs[g]++;
            releases++;
            if (pending[g]++ == 0) {
                ready++;
                headRelease[g] = t;
                remaining[g] = l.tWcet[g];
            }
            long next = t + l.tPeriod[g];
            nextRelease[g] = next < k.horizon ? next : Kernel.NEVER;
        }

        /** Whether a job is still pending at the end with its deadline within the run (a miss: the loop records it). */
        boolean pendingDueBy(long end) {
            for (int g : tasks) {
                if (pending[g] > 0 && headRelease[g] + l.tDeadline[g] <= end) {
                    return true;
                }
            }
            return false;
        }

        /** {@link GlobalGuest}'s placement: the best ready jobs on the usable vCPUs, a job keeping its vCPU when it can. */
        private void place() {
            Arrays.fill(job, -1);
            int free = Long.bitCount(mask);
            if (free == 0) {
                return;
            }
            int chosen = choose(free);
            for (int c = 0; c < chosen; c++) {
                int g = best[c];
                int i = lastServer[g];
                if (i >= 0 && (mask & 1L << (i - first)) != 0 && job[i - first] < 0 && lastRelease[g] == headRelease[g]) {
                    job[i - first] = g;
                    best[c] = -1;
                }
            }
            for (int c = 0; c < chosen; c++) {
                int g = best[c];
                if (g < 0) {
                    continue;
                }
                for (int i = 0; i < vcpus; i++) {
                    if ((mask & 1L << i) != 0 && job[i] < 0) {
                        job[i] = g;
                        long rel = headRelease[g];
                        if (lastServer[g] >= 0 && lastRelease[g] == rel && lastServer[g] != first + i) {
                            stats.jobMigrations[v]++;
                        }
                        lastServer[g] = first + i;
                        lastRelease[g] = rel;
                        break;
                    }
                }
            }
        }

        /** {@link GlobalGuest}'s choice: the VM's best ready tasks, at most {@code want}, in rank order. */
        private int choose(int want) {
            int chosen = 0;
            if (byRank != null) {
                for (int c = 0; c < byRank.length && chosen < want; c++) {
                    if (pending[byRank[c]] > 0) {
                        best[chosen++] = byRank[c];
                    }
                }
                return chosen;
            }
            for (int g : tasks) {
                if (pending[g] == 0) {
                    continue;
                }
                long r = guest.rank(headRelease[g] + l.tDeadline[g], l.tRmPos[g]);
                int c = chosen;
                while (c > 0 && r < bestRank[c - 1]) {
                    c--;
                }
                if (c >= want) {
                    continue;
                }
                for (int j = Math.min(chosen, want - 1); j > c; j--) {
                    best[j] = best[j - 1];
                    bestRank[j] = bestRank[j - 1];
                }
                best[c] = g;
                bestRank[c] = r;
                chosen = Math.min(chosen + 1, want);
            }
            return chosen;
        }
    }
}

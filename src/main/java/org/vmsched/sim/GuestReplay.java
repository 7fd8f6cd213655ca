package org.vmsched.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One VM's jobs over its vCPUs' usable intervals (holding a core, overhead paid), from 0 to the
 * steady window's end and then that window again and again: segments of constant usable vCPUs,
 * each with the vCPUs whose core reaches a boundary at its end (there a job's completion is no
 * event of its own). Places the VM's best ready jobs as {@link GlobalGuest} does, at every
 * instant where its segment, its ready jobs or a head job change.
 */
final class GuestReplay {

    private final Layout l;
    private final long horizon;
    /** The steady window's length (ticks). */
    private final long w;
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

    /** VM v of {@code l} up to {@code horizon}, over the servers alone's schedule {@code t} (steady from {@code s0}, window {@code w}). */
    GuestReplay(Layout l, long horizon, long w, int v, TraceRecorder t, BoundaryLog log, long s0, RunStatistics stats) {
        this.l = l;
        this.horizon = horizon;
        this.w = w;
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
            nextRelease[g] = l.tFirst[g] < horizon ? l.tFirst[g] : Kernel.NEVER;
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
        nextRelease[g] = next < horizon ? next : Kernel.NEVER;
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
            chosen = GlobalGuest.keepBest(best, bestRank, chosen, want, g, guest.rank(headRelease[g] + l.tDeadline[g], l.tRmPos[g]));
        }
        return chosen;
    }
}

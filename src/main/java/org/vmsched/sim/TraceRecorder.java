package org.vmsched.sim;

import java.util.Arrays;

/**
 * The engines' trace recorder: one open slice per lane, extended while nothing changes on it,
 * flushed into growing parallel primitive arrays (no object per slice) up to a cap, after which
 * recording stops and the trace is marked truncated. Used by {@link Kernel} and, with each slice's
 * virtual CPU, migration mark and job ({@link #withVcpus}), for a global run; not thread-safe.
 */
final class TraceRecorder {

    private final int cap;
    private final int[] laneCore;
    /** Recording; false when the run keeps no trace or the cap was reached. */
    boolean on;
    private boolean truncated;

    private final byte[] openKind;
    private final int[] openVm;
    private final int[] openTask;
    private final long[] openStart;
    private final long[] openEnd;
    private int size;
    private int[] core = new int[256];
    private int[] vm = new int[256];
    private int[] task = new int[256];
    private byte[] kind = new byte[256];
    private long[] start = new long[256];
    private long[] end = new long[256];
    /**
     * The virtual CPU, migration mark and job (its release tick, −1 for no job) of the open and
     * recorded slices; null for a partitioned run.
     */
    private int[] openVcpu;
    private boolean[] openMigrated;
    private long[] openJob;
    private int[] vcpu;
    private boolean[] migrated;
    private long[] job;

    /** A recorder whose slices also carry a virtual CPU, a migration mark and a job (global EDF, issue 21). */
    static TraceRecorder withVcpus(boolean on, int cap, int[] laneCore) {
        TraceRecorder r = new TraceRecorder(on, cap, laneCore);
        r.openVcpu = new int[laneCore.length];
        r.openMigrated = new boolean[laneCore.length];
        r.openJob = new long[laneCore.length];
        r.vcpu = new int[256];
        r.migrated = new boolean[256];
        r.job = new long[256];
        return r;
    }

    TraceRecorder(boolean on, int cap, int[] laneCore) {
        this.on = on;
        this.cap = cap;
        this.laneCore = laneCore;
        int n = laneCore.length;
        openKind = new byte[n];
        openVm = new int[n];
        openTask = new int[n];
        openStart = new long[n];
        openEnd = new long[n];
        Arrays.fill(openStart, -1);
    }

    /** Lane c was in state (k, v, t) from {@code from} to {@code to}: extend its open slice or open a new one. */
    void extend(int c, long from, long to, byte k, int v, int t) {
        if (openStart[c] >= 0 && openEnd[c] == from && openKind[c] == k && openVm[c] == v && openTask[c] == t) {
            openEnd[c] = to;
        } else {
            flush(c);
            openKind[c] = k;
            openVm[c] = v;
            openTask[c] = t;
            openStart[c] = from;
            openEnd[c] = to;
        }
    }

    /**
     * As {@link #extend}, with virtual CPU {@code i} running the job of task {@code t} released at
     * tick {@code job} (−1: no job); {@code migration}: a migration starts at {@code from}, which
     * opens a new slice, as a new job does. Only on a recorder made by {@link #withVcpus}.
     */
    void extend(int c, long from, long to, byte k, int v, int i, int t, long job, boolean migration) {
        if (!on) {
            return;
        }
        if (!migration && openStart[c] >= 0 && openEnd[c] == from && openKind[c] == k && openVm[c] == v
                && openVcpu[c] == i && openTask[c] == t && openJob[c] == job) {
            openEnd[c] = to;
            return;
        }
        flush(c);
        openKind[c] = k;
        openVm[c] = v;
        openVcpu[c] = i;
        openTask[c] = t;
        openJob[c] = job;
        openMigrated[c] = migration;
        openStart[c] = from;
        openEnd[c] = to;
    }

    /** Closes lane c's open slice into the trace. */
    void flush(int c) {
        if (openStart[c] < 0) {
            return;
        }
        if (size == cap) {
            truncated = true;
            on = false;
            openStart[c] = -1;
            return;
        }
        if (size == core.length) {
            int m = (int) Math.min((long) size * 2, Integer.MAX_VALUE - 8);
            core = Arrays.copyOf(core, m);
            vm = Arrays.copyOf(vm, m);
            task = Arrays.copyOf(task, m);
            kind = Arrays.copyOf(kind, m);
            start = Arrays.copyOf(start, m);
            end = Arrays.copyOf(end, m);
            if (vcpu != null) {
                vcpu = Arrays.copyOf(vcpu, m);
                migrated = Arrays.copyOf(migrated, m);
                job = Arrays.copyOf(job, m);
            }
        }
        if (vcpu != null) {
            vcpu[size] = openVcpu[c];
            migrated[size] = openMigrated[c];
            job[size] = openJob[c];
        }
        core[size] = laneCore[c];
        vm[size] = openVm[c];
        task[size] = openTask[c];
        kind[size] = openKind[c];
        start[size] = openStart[c];
        end[size] = openEnd[c];
        size++;
        openStart[c] = -1;
    }

    /** Slices recorded. */
    int size() {
        return size;
    }

    /** Recorded slice i's core, VM (−1: idle), virtual CPU, kind, start and end (ticks); vCPU only on a global recorder. */
    int core(int i) {
        return core[i];
    }

    int vm(int i) {
        return vm[i];
    }

    int vcpu(int i) {
        return vcpu[i];
    }

    byte kind(int i) {
        return kind[i];
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }

    /** True when the cap stopped the recording. */
    boolean truncated() {
        return truncated;
    }

    /** The recorded trace. */
    Trace trace(String[] vmNames, String[][] taskNames, TimeBase tb) {
        if (vcpu != null) {
            return Trace.global(size, core, vm, task, kind, start, end, vcpu, migrated, job, vmNames, taskNames, tb);
        }
        return Trace.of(size, core, vm, task, kind, start, end, vmNames, taskNames, tb);
    }
}

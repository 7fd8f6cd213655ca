package org.vmsched.sim.global;

import java.util.Arrays;
import org.vmsched.sim.TimeBase;
import org.vmsched.sim.Trace;

/**
 * The global engine's trace: one lane per core, one open slice per core extended while the core's
 * (kind, VM, virtual CPU, task) stays the same and no migration starts, flushed into growing
 * primitive arrays up to a cap (then the trace is marked truncated). Not thread-safe.
 */
final class GlobalTrace {

    private final int cap;
    private boolean on;
    private boolean truncated;
    private final byte[] openKind;
    private final int[] openVm;
    private final int[] openVcpu;
    private final int[] openTask;
    private final boolean[] openMigrated;
    private final long[] openStart;
    private final long[] openEnd;
    private int size;
    private int[] core = new int[256];
    private int[] vm = new int[256];
    private int[] vcpu = new int[256];
    private int[] task = new int[256];
    private boolean[] migrated = new boolean[256];
    private byte[] kind = new byte[256];
    private long[] start = new long[256];
    private long[] end = new long[256];

    GlobalTrace(boolean on, int cap, int cores) {
        this.on = on;
        this.cap = cap;
        openKind = new byte[cores];
        openVm = new int[cores];
        openVcpu = new int[cores];
        openTask = new int[cores];
        openMigrated = new boolean[cores];
        openStart = new long[cores];
        openEnd = new long[cores];
        Arrays.fill(openStart, -1);
    }

    /** Core c was in state (k, v, i, g) from {@code from} to {@code to}; {@code migration}: a migration starts at {@code from}. */
    void extend(int c, long from, long to, byte k, int v, int i, int g, boolean migration) {
        if (!on) {
            return;
        }
        if (!migration && openStart[c] >= 0 && openEnd[c] == from && openKind[c] == k && openVm[c] == v
                && openVcpu[c] == i && openTask[c] == g) {
            openEnd[c] = to;
            return;
        }
        flush(c);
        openKind[c] = k;
        openVm[c] = v;
        openVcpu[c] = i;
        openTask[c] = g;
        openMigrated[c] = migration;
        openStart[c] = from;
        openEnd[c] = to;
    }

    /** Closes every core's open slice. */
    void flushAll() {
        for (int c = 0; c < openStart.length; c++) {
            flush(c);
        }
    }

    private void flush(int c) {
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
            vcpu = Arrays.copyOf(vcpu, m);
            task = Arrays.copyOf(task, m);
            migrated = Arrays.copyOf(migrated, m);
            kind = Arrays.copyOf(kind, m);
            start = Arrays.copyOf(start, m);
            end = Arrays.copyOf(end, m);
        }
        core[size] = c;
        vm[size] = openVm[c];
        vcpu[size] = openVcpu[c];
        task[size] = openTask[c];
        migrated[size] = openMigrated[c];
        kind[size] = openKind[c];
        start[size] = openStart[c];
        end[size] = openEnd[c];
        size++;
        openStart[c] = -1;
    }

    boolean truncated() {
        return truncated;
    }

    Trace trace(String[] vmNames, String[][] taskNames, TimeBase tb) {
        return Trace.global(size, core, vm, task, kind, start, end, vcpu, migrated, vmNames, taskNames, tb);
    }
}

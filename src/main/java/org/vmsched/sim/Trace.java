package org.vmsched.sim;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * The recorded schedule: slices in the order they ended (per core, in time order; consecutive
 * time with the same core, VM, task and kind is one slice). Stored in primitive arrays; a
 * {@link TraceSlice} is made on each {@link #get} call. Immutable and thread-safe once built.
 */
public final class Trace {

    private final int size;
    private final int[] core;
    private final int[] vm;
    private final int[] task;
    private final byte[] kind;
    private final long[] start;
    private final long[] end;
    /** Per slice the virtual CPU, whether it starts with a migration and its job's release tick (−1: none); null for a partitioned run. */
    private final int[] vcpu;
    private final boolean[] migrated;
    private final long[] job;
    private final String[] vmNames;
    private final String[][] taskNames;
    private final TimeBase timeBase;

    /**
     * The trace of the first {@code size} entries of the recorder's parallel arrays (copied), for
     * the simulation kernel: {@code kind} holds {@link SliceKind} ordinals, {@code vm} and
     * {@code task} indices into the names (−1: none), times in ticks of {@code timeBase}.
     */
    public static Trace of(int size, int[] core, int[] vm, int[] task, byte[] kind, long[] start, long[] end,
                           String[] vmNames, String[][] taskNames, TimeBase timeBase) {
        return new Trace(size, core, vm, task, kind, start, end, null, null, null, vmNames, taskNames, timeBase);
    }

    /**
     * As {@link #of}, with each slice's virtual CPU, migration mark and job, the tick its job was
     * released at (−1 on a slice that runs no job) (a global run, issue 21).
     */
    public static Trace global(int size, int[] core, int[] vm, int[] task, byte[] kind, long[] start, long[] end,
                               int[] vcpu, boolean[] migrated, long[] job, String[] vmNames, String[][] taskNames,
                               TimeBase timeBase) {
        return new Trace(size, core, vm, task, kind, start, end, Arrays.copyOf(vcpu, size), Arrays.copyOf(migrated, size),
                Arrays.copyOf(job, size), vmNames, taskNames, timeBase);
    }

    private Trace(int size, int[] core, int[] vm, int[] task, byte[] kind, long[] start, long[] end, int[] vcpu,
          boolean[] migrated, long[] job, String[] vmNames, String[][] taskNames, TimeBase timeBase) {
        this.vcpu = vcpu;
        this.migrated = migrated;
        this.job = job;
        this.size = size;
        this.core = Arrays.copyOf(core, size);
        this.vm = Arrays.copyOf(vm, size);
        this.task = Arrays.copyOf(task, size);
        this.kind = Arrays.copyOf(kind, size);
        this.start = Arrays.copyOf(start, size);
        this.end = Arrays.copyOf(end, size);
        this.vmNames = vmNames;
        this.taskNames = taskNames;
        this.timeBase = timeBase;
    }

    /** The kinds by ordinal, once: {@code SliceKind.values()} copies its array at every call, and {@link #get} is called per slice. */
    private static final SliceKind[] KINDS = SliceKind.values();

    /** Number of slices. */
    public int size() {
        return size;
    }

    /** Slice {@code i}, 0 ≤ i < size(). */
    public TraceSlice get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        String vmName = vm[i] < 0 ? null : vmNames[vm[i]];
        String taskName = vm[i] < 0 || task[i] < 0 ? null : taskNames[vm[i]][task[i]];
        if (vcpu != null) {
            return new TraceSlice(core[i], vmName, taskName, KINDS[kind[i]], timeBase.units(start[i]),
                    timeBase.units(end[i]), start[i], end[i], vm[i] < 0 ? -1 : vcpu[i], migrated[i],
                    job[i] < 0 ? Double.NaN : timeBase.units(job[i]));
        }
        return new TraceSlice(core[i], vmName, taskName, KINDS[kind[i]], timeBase.units(start[i]),
                timeBase.units(end[i]), start[i], end[i]);
    }

    /** An unmodifiable list view of the slices. */
    public List<TraceSlice> asList() {
        return new AbstractList<>() {
            @Override
            public TraceSlice get(int index) {
                return Trace.this.get(index);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}

package org.vmsched.sim.global;

import java.util.Arrays;

/**
 * One scheduling decision of global EDF over virtual CPUs (THEORY.md §15.12): which virtual CPUs
 * run (the {@code cores} eligible ones of earliest server deadline, ties to the VM listed first,
 * then to the one already running, then to the lower virtual CPU), on which core (a running one
 * keeps its core, a dispatched one takes the core it last ran on when free, else the lowest free
 * core), and inside each VM which jobs run on its virtual CPUs (the guest's best ready jobs; a job
 * keeps its virtual CPU when that one runs on). A virtual CPU is eligible with budget left and,
 * under deferrable servers, while its VM has a ready job for it. Counts dispatches that pay the
 * overhead, virtual-CPU migrations and job migrations per VM. Not thread-safe; one per run.
 */
final class GlobalDispatch {

    private final GlobalSystem s;
    private final boolean[] selected;
    private final int[] picked;
    private int pickedCount;
    private final int[] pickedOfVm;
    private final int[] work;
    private final boolean[] taken;
    private final int[] best;
    final long[] overheadCount;
    final long[] vcpuMigrations;
    final long[] jobMigrations;
    /** Per core: the slice starting now follows a migration (a virtual CPU's or a job's). */
    final boolean[] migratedOn;

    GlobalDispatch(GlobalSystem s) {
        this.s = s;
        selected = new boolean[s.nVcpu];
        picked = new int[s.cores];
        pickedOfVm = new int[s.nVm];
        work = new int[s.nVm];
        taken = new boolean[s.nTask];
        int most = 0;
        for (int[] ts : s.vmTasks) {
            most = Math.max(most, ts.length);
        }
        best = new int[most];
        overheadCount = new long[s.nVm];
        vcpuMigrations = new long[s.nVm];
        jobMigrations = new long[s.nVm];
        migratedOn = new boolean[s.cores];
    }

    /** Decides what runs from {@code t} on: virtual CPUs on cores, jobs on virtual CPUs. */
    void decide(long t) {
        select();
        Arrays.fill(migratedOn, false);
        place();
        for (int v = 0; v < s.nVm; v++) {
            if (pickedOfVm[v] > 0) {
                assignJobs(v);
            }
        }
    }

    private void select() {
        Arrays.fill(selected, false);
        Arrays.fill(pickedOfVm, 0);
        for (int v = 0; v < s.nVm; v++) {
            int w = 0;
            for (int g : s.vmTasks[v]) {
                if (s.size[g] > 0) {
                    w++;
                }
            }
            work[v] = w;
        }
        pickedCount = 0;
        while (pickedCount < s.cores) {
            int best = -1;
            for (int i = 0; i < s.nVcpu; i++) {
                if (selected[i] || s.budget[i] <= 0) {
                    continue;
                }
                int v = s.cVm[i];
                if (s.deferrable && pickedOfVm[v] >= work[v]) {
                    continue; // a deferrable server keeps its budget while its VM has no job for it
                }
                if (best < 0 || before(i, best)) {
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            selected[best] = true;
            pickedOfVm[s.cVm[best]]++;
            picked[pickedCount++] = best;
        }
    }

    /** Global EDF's order: earlier server deadline, then the VM listed first, then the running one, then the lower index. */
    private boolean before(int i, int j) {
        if (s.serverDeadline[i] != s.serverDeadline[j]) {
            return s.serverDeadline[i] < s.serverDeadline[j];
        }
        if (s.cVm[i] != s.cVm[j]) {
            return s.cVm[i] < s.cVm[j];
        }
        boolean ri = s.core[i] >= 0;
        boolean rj = s.core[j] >= 0;
        if (ri != rj) {
            return ri;
        }
        return i < j;
    }

    private void place() {
        for (int c = 0; c < s.cores; c++) {
            int i = s.onCore[c];
            if (i >= 0 && !selected[i]) {
                s.core[i] = -1; // preempted or out of budget: it leaves the core
                s.job[i] = -1;
                s.onCore[c] = -1;
            }
        }
        for (int k = 0; k < pickedCount; k++) {
            int i = picked[k];
            if (s.core[i] >= 0) {
                continue;
            }
            int c = s.lastCore[i] >= 0 && s.onCore[s.lastCore[i]] < 0 ? s.lastCore[i] : firstFree();
            int v = s.cVm[i];
            s.onCore[c] = i;
            s.core[i] = c;
            s.owed[i] = s.vmOverhead[v]; // X at every dispatch; preempted during it, the whole X again later
            if (s.owed[i] > 0) {
                overheadCount[v]++;
            }
            if (s.lastCore[i] >= 0 && s.lastCore[i] != c) {
                vcpuMigrations[v]++;
                migratedOn[c] = true;
            }
            s.lastCore[i] = c;
        }
    }

    private int firstFree() {
        for (int c = 0; c < s.cores; c++) {
            if (s.onCore[c] < 0) {
                return c;
            }
        }
        throw new IllegalStateException("more virtual CPUs picked than cores");
    }

    /** The VM's best ready jobs on its running virtual CPUs that are past their overhead. */
    private void assignJobs(int v) {
        int first = s.vmFirstVcpu[v];
        int end = first + s.vmVcpus[v];
        int free = 0;
        for (int i = first; i < end; i++) {
            s.job[i] = -1;
            if (s.core[i] >= 0 && s.owed[i] == 0) {
                free++;
            }
        }
        // the guest's best `free` ready jobs
        int chosen = 0;
        for (int g : s.vmTasks[v]) {
            taken[g] = false;
        }
        int want = Math.min(free, s.vmTasks[v].length);
        while (chosen < want) {
            int b = -1;
            for (int g : s.vmTasks[v]) {
                if (s.size[g] > 0 && !taken[g] && (b < 0 || guestBefore(v, g, b))) {
                    b = g;
                }
            }
            if (b < 0) {
                break;
            }
            taken[b] = true;
            best[chosen++] = b;
        }
        // a job stays on its virtual CPU when that one can run it; the others take the free ones
        for (int k = 0; k < chosen; k++) {
            int g = best[k];
            int i = s.lastVcpu[g];
            if (i >= 0 && s.core[i] >= 0 && s.owed[i] == 0 && s.job[i] < 0) {
                s.job[i] = g;
                best[k] = -1;
            }
        }
        for (int k = 0; k < chosen; k++) {
            int g = best[k];
            if (g < 0) {
                continue;
            }
            for (int i = first; i < end; i++) {
                if (s.core[i] >= 0 && s.owed[i] == 0 && s.job[i] < 0) {
                    s.job[i] = g;
                    if (s.lastVcpu[g] >= 0 && s.lastVcpu[g] != i) {
                        jobMigrations[v]++;
                        migratedOn[s.core[i]] = true;
                    }
                    s.lastVcpu[g] = i;
                    break;
                }
            }
        }
    }

    /** The guest's order: EDF by the head job's absolute deadline, RM by period; ties to the task listed first. */
    private boolean guestBefore(int v, int g, int h) {
        if (s.vmByDeadline[v]) {
            long dg = s.release(g, 0) + s.tDeadline[g];
            long dh = s.release(h, 0) + s.tDeadline[h];
            if (dg != dh) {
                return dg < dh;
            }
            return s.tLocal[g] < s.tLocal[h];
        }
        return s.tRmPos[g] < s.tRmPos[h];
    }
}

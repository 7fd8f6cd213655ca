package org.vmsched.sim.global;

import java.util.List;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.TimeBase;

/**
 * The state of one global-EDF run (issue 21): the scenario laid out in primitive arrays (VMs,
 * tasks, virtual CPUs, cores; times in ticks) and what changes as the run goes (budgets, server
 * deadlines, cores, the jobs pending). Shared by {@link GlobalEngine} and {@link GlobalDispatch};
 * not thread-safe, used by one run.
 */
final class GlobalSystem {

    final int nVm;
    final int nTask;
    final int nVcpu;
    final int cores;
    final boolean deferrable;

    // per VM
    final long[] vmPeriod;
    final long[] vmBudget;
    final long[] vmOverhead;
    final long[] vmOffset;
    final boolean[] vmByDeadline;
    final int[] vmFirstVcpu;
    final int[] vmVcpus;
    final int[][] vmTasks;
    final String[] vmNames;
    final String[][] taskNames;

    // per task (global index g)
    final int[] tVm;
    final int[] tLocal;
    final long[] tWcet;
    final long[] tPeriod;
    final long[] tDeadline;
    final long[] tOffset;
    /** Rate-monotonic position in its VM: 0 = shortest period, ties by list order. */
    final int[] tRmPos;

    // per virtual CPU
    final int[] cVm;
    final long[] budget;
    final long[] serverDeadline;
    /** The core the virtual CPU holds now, −1 when it holds none. */
    final int[] core;
    /** The core it last ran on, −1 before its first dispatch. */
    final int[] lastCore;
    /** Overhead still to pay before its jobs run (set to X at each dispatch). */
    final long[] owed;
    /** The task whose job it runs now, −1 for none. */
    final int[] job;

    // per VM, time
    final long[] nextReplenish;

    // per task, time: pending jobs' releases in a ring, the head job's remaining work
    final long[] nextRelease;
    final long[][] ring;
    final int[] head;
    final int[] size;
    final long[] remaining;
    /** The virtual CPU that last ran the head job, −1 when it has not run. */
    final int[] lastVcpu;

    // per core
    final int[] onCore;

    GlobalSystem(Scenario s, TimeBase tb, ServerPolicy serverPolicy) {
        List<VirtualMachine> vms = s.vms();
        nVm = vms.size();
        cores = s.hypervisor().cores();
        deferrable = serverPolicy == ServerPolicy.DEFERRABLE;
        vmPeriod = new long[nVm];
        vmBudget = new long[nVm];
        vmOverhead = new long[nVm];
        vmOffset = new long[nVm];
        vmByDeadline = new boolean[nVm];
        vmFirstVcpu = new int[nVm];
        vmVcpus = new int[nVm];
        vmTasks = new int[nVm][];
        vmNames = new String[nVm];
        taskNames = new String[nVm][];
        int tasks = 0;
        int vcpus = 0;
        for (VirtualMachine vm : vms) {
            tasks += vm.tasks().size();
            vcpus += vm.vcpus();
        }
        nTask = tasks;
        nVcpu = vcpus;
        tVm = new int[nTask];
        tLocal = new int[nTask];
        tWcet = new long[nTask];
        tPeriod = new long[nTask];
        tDeadline = new long[nTask];
        tOffset = new long[nTask];
        tRmPos = new int[nTask];
        cVm = new int[nVcpu];
        int g = 0;
        int c = 0;
        for (int v = 0; v < nVm; v++) {
            VirtualMachine vm = vms.get(v);
            vmPeriod[v] = Math.max(1, tb.ticks(vm.period()));
            vmBudget[v] = Math.max(1, tb.ticks(vm.budget()));
            vmOverhead[v] = tb.ticks(vm.overhead());
            vmOffset[v] = tb.ticks(vm.offset());
            vmByDeadline[v] = vm.scheduler().byDeadline();
            vmNames[v] = vm.name();
            vmFirstVcpu[v] = c;
            vmVcpus[v] = vm.vcpus();
            for (int k = 0; k < vm.vcpus(); k++) {
                cVm[c++] = v;
            }
            List<Task> ts = vm.tasks();
            vmTasks[v] = new int[ts.size()];
            taskNames[v] = new String[ts.size()];
            for (int i = 0; i < ts.size(); i++) {
                Task t = ts.get(i);
                vmTasks[v][i] = g;
                taskNames[v][i] = t.name();
                tVm[g] = v;
                tLocal[g] = i;
                tWcet[g] = Math.max(1, tb.ticks(t.wcet()));
                tPeriod[g] = Math.max(1, tb.ticks(t.period()));
                tDeadline[g] = Math.max(1, tb.ticks(t.deadline()));
                tOffset[g] = tb.ticks(t.offset());
                int pos = 0;
                for (int j = 0; j < ts.size(); j++) {
                    if (ts.get(j).period() < t.period() || (ts.get(j).period() == t.period() && j < i)) {
                        pos++;
                    }
                }
                tRmPos[g] = pos;
                g++;
            }
        }
        budget = new long[nVcpu];
        serverDeadline = new long[nVcpu];
        core = filled(nVcpu);
        lastCore = filled(nVcpu);
        owed = new long[nVcpu];
        job = filled(nVcpu);
        nextReplenish = vmOffset.clone();
        nextRelease = tOffset.clone();
        ring = new long[nTask][4];
        head = new int[nTask];
        size = new int[nTask];
        remaining = new long[nTask];
        lastVcpu = filled(nTask);
        onCore = filled(cores);
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    /** The release time of task g's j-th pending job (0 = the head). */
    long release(int g, int j) {
        return ring[g][(head[g] + j) & (ring[g].length - 1)];
    }

    /** Adds a pending job of task g released at {@code t}. */
    void push(int g, long t) {
        if (size[g] == ring[g].length) {
            long[] bigger = new long[ring[g].length * 2];
            for (int j = 0; j < size[g]; j++) {
                bigger[j] = release(g, j);
            }
            ring[g] = bigger;
            head[g] = 0;
        }
        ring[g][(head[g] + size[g]) & (ring[g].length - 1)] = t;
        if (size[g] == 0) {
            remaining[g] = tWcet[g];
            lastVcpu[g] = -1;
        }
        size[g]++;
    }

    /** Removes task g's head job (completed or dropped); the next one, if any, starts whole. */
    void pop(int g) {
        head[g] = (head[g] + 1) & (ring[g].length - 1);
        size[g]--;
        remaining[g] = size[g] > 0 ? tWcet[g] : 0;
        lastVcpu[g] = -1;
    }
}

package org.vmsched.sim;

import java.util.Arrays;
import java.util.List;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * What a run knows of its scenario before it starts, in ticks and primitive arrays: per VM its
 * name, core, period, overhead, priority, guest strategy and tasks (also in rank order for a
 * static guest rank); per task (global index, VM by VM) its VM, local index, rate-monotonic
 * position, WCET, period, deadline and first release; the lanes (cores; in worst-case mode one
 * lane per server) and the servers on each at the start. A server is one virtual CPU of a VM, numbered
 * VM by VM ({@link #vmFirstServer}); with one virtual CPU per VM (every partitioned scenario)
 * server i is VM i. Mutable only where the kernel says (a server's lane when it migrates, first
 * releases a scheduler moves at its start). Not thread-safe.
 */
final class Layout {

    final int nVm;
    final String[] vmNames;
    final int[] vmCore;
    final long[] vPeriod;
    final long[] vOverhead;
    final int[] vPriority;
    final GuestStrategy[] guest;
    final int[][] vmTasks;
    /** Per VM with a static guest rank: its tasks sorted by that rank; else null. */
    final int[][] vmTasksByRank;

    final int nTask;
    final String[][] taskNames;
    final int[] tVm;
    final int[] tLocal;
    final int[] tRmPos;
    final long[] tWcet;
    final long[] tPeriod;
    final long[] tDeadline;
    final long[] tFirst;

    final int nServer;
    /** A global run: servers go to any lane. */
    private final boolean global;
    /** Per server: its VM; per VM: its first server and its number of virtual CPUs. */
    final int[] sVm;
    final int[] vmFirstServer;
    final int[] vmVcpus;

    final int nLane;
    final int[] laneCore;
    /** Worst-case mode: lane c is server c, one VM's virtual CPU run alone. */
    final boolean lanePerVm;
    /** Per server: the lane it runs on or last ran on (at the start its VM's core; lane 0 in a global run). */
    final int[] serverLane;
    final int[][] laneServers;

    /**
     * The layout of {@code s} in ticks of {@code tb}.
     * Long because it assigns every final array of the layout, which Java allows only in the
     * constructor: per VM, per task, per server and per lane, filled in a few passes over the VMs.
     */
    Layout(Scenario s, TimeBase tb, boolean lanePerVm, boolean global) {
        List<VirtualMachine> vms = s.vms();
        this.global = global;
        nVm = vms.size();
        vmNames = new String[nVm];
        vmCore = new int[nVm];
        vPeriod = new long[nVm];
        vOverhead = new long[nVm];
        vPriority = new int[nVm];
        guest = new GuestStrategy[nVm];
        vmTasks = new int[nVm][];
        vmTasksByRank = new int[nVm][];
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
        vmFirstServer = new int[nVm];
        vmVcpus = new int[nVm];
        int servers = 0;
        for (int v = 0; v < nVm; v++) {
            vmFirstServer[v] = servers;
            vmVcpus[v] = vms.get(v).vcpus();
            servers += vmVcpus[v];
        }
        nServer = servers;
        this.lanePerVm = lanePerVm;
        nLane = lanePerVm ? nServer : s.hypervisor().cores();
        laneCore = new int[nLane];
        sVm = new int[nServer];
        serverLane = new int[nServer];
        int g = 0;
        for (int v = 0; v < nVm; v++) {
            VirtualMachine vm = vms.get(v);
            vmNames[v] = vm.name();
            vmCore[v] = vm.core();
            for (int i = vmFirstServer[v]; i < vmFirstServer[v] + vmVcpus[v]; i++) {
                sVm[i] = v;
                serverLane[i] = lanePerVm ? i : global ? 0 : vm.core();
            }
            vPeriod[v] = tb.ticks(vm.period());
            vOverhead[v] = tb.ticks(vm.overhead());
            vPriority[v] = vm.priority() == null ? Integer.MAX_VALUE : vm.priority();
            guest[v] = GuestStrategy.of(vm.scheduler());
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
                tFirst[g] = tb.ticks(t.offset());
            }
            if (guest[v].staticRank()) {
                int[] byRank = new int[tasks.size()];
                for (int i = 0; i < tasks.size(); i++) {
                    byRank[rm[i]] = vmTasks[v][i];
                }
                vmTasksByRank[v] = byRank;
            }
        }
        for (int c = 0; c < nLane; c++) {
            laneCore[c] = lanePerVm ? vmCore[sVm[c]] : c;
        }
        int[] count = new int[nLane];
        for (int i = 0; i < nServer; i++) {
            count[serverLane[i]]++;
        }
        laneServers = new int[nLane][];
        for (int c = 0; c < nLane; c++) {
            laneServers[c] = new int[count[c]];
            count[c] = 0;
        }
        for (int i = 0; i < nServer; i++) {
            laneServers[serverLane[i]][count[serverLane[i]]++] = i;
        }
    }

    /**
     * Moves server v to lane c: off its old lane's list, onto the end of c's; in a global run
     * (whose scheduler reads no lane lists: they stay as at the start) its lane only.
     */
    void move(int v, int c) {
        if (global) {
            serverLane[v] = c;
            return;
        }
        int old = serverLane[v];
        int[] from = laneServers[old];
        int[] shorter = new int[from.length - 1];
        for (int i = 0, k = 0; i < from.length; i++) {
            if (from[i] != v) {
                shorter[k++] = from[i];
            }
        }
        laneServers[old] = shorter;
        laneServers[c] = Arrays.copyOf(laneServers[c], laneServers[c].length + 1);
        laneServers[c][laneServers[c].length - 1] = v;
        serverLane[v] = c;
    }

    /**
     * Position of each task (list index) in rate-monotonic order: the analysis's own order
     * inverted, so that simulator and analysis always break ties alike.
     */
    static int[] rateMonotonicPositions(List<Task> tasks) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        int[] pos = new int[order.length];
        for (int p = 0; p < order.length; p++) {
            pos[order[p]] = p;
        }
        return pos;
    }
}

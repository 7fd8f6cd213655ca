package org.vmsched.sim;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.SimulationMode;

/** What a {@link Kernel} run found, as the public result records; its misses as they occur. Stateless. */
final class Results {

    private Results() {
    }

    /** A job of task g released at {@code rel} missed its deadline (dropped there when {@code aborted}). */
    static void miss(Kernel k, int g, long rel, boolean aborted) {
        Layout l = k.l;
        int v = l.tVm[g];
        k.stats.missed(g, () -> new Miss(l.vmNames[v], l.taskNames[v][l.tLocal[g]], k.tb.units(rel),
                k.tb.units(rel + l.tDeadline[g]), aborted));
    }

    /** Counts as missed every job still pending at {@code end} whose deadline is within the run. */
    static void unfinished(Kernel k, long end) {
        Layout l = k.l;
        for (int g = 0; g < l.nTask; g++) {
            for (int j = 0; j < k.backlog.size[g]; j++) {
                long rel = k.backlog.release(g, j);
                if (rel + l.tDeadline[g] <= end) {
                    miss(k, g, rel, false);
                }
            }
        }
    }

    static SimulationResult of(Kernel k, SimulationMode mode, long end, List<String> notes, boolean lanePerVm) {
        Layout l = k.l;
        RunStatistics stats = k.stats;
        List<VmStats> vmStats = new ArrayList<>();
        for (int v = 0; v < l.nVm; v++) {
            List<TaskStats> ts = new ArrayList<>();
            for (int g : l.vmTasks[v]) {
                ts.add(stats.task(g, l.taskNames[v][l.tLocal[g]], k.tb));
            }
            vmStats.add(stats.vm(v, l.vmNames[v], l.vmCore[v], ts, k.tb));
        }
        List<CoreStats> cores = new ArrayList<>();
        for (int c = 0; c < l.nLane; c++) {
            if (lanePerVm) { // lane c is server c: a VM's virtual CPU, run alone
                int v = l.sVm[c];
                cores.add(stats.lane(c, k.scenario.hypervisor().policy().global() ? -1 : l.laneCore[c], l.vmNames[v], c - l.vmFirstServer[v], k.tb));
            } else {
                cores.add(stats.lane(c, l.laneCore[c], null, -1, k.tb));
            }
        }
        return new SimulationResult(mode, k.tb.units(k.horizon), k.tb.units(end), k.tb, k.events, stats.totalMisses,
                vmStats, cores, k.trace.trace(l.vmNames, l.taskNames, k.tb), k.trace.truncated(), stats.misses(),
                stats.missesTruncated(), k.cancelled, notes);
    }
}

package org.vmsched.analysis.mpr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * Task by task (THEORY.md §15.22): a VM's tasks proved each by any sufficient test on any of the
 * supplies tried, where the set tests of §15.3–§15.21 ask one test to prove every task. Under global
 * EDF every test used here is a first-miss argument (a job that misses first, all jobs of earlier
 * deadline having met theirs, contradicts it), so a set of which every task is proved by one of them
 * has no first miss. Under fixed priorities a task's tests read only the tasks of higher priority,
 * proved before it in priority order with the bounds they gave. Stateless.
 */
final class TaskByTask {

    /** The name of the test under global EDF. */
    static final String EDF = "task by task (THEORY.md §15.22): each task by Shin-Easwaran-Lee, response times without slack"
            + " or the level test, on any supply tried, global EDF";

    /** The name of the test under global RM. */
    static final String RM = "task by task (THEORY.md §15.22): each task by response times, the request bound"
            + " or the level test, on any supply tried, global RM";

    private TaskByTask() {
    }

    /**
     * The supplies tried for one VM: each lower-bounding the VM's supply in every window its tests read
     * ({@code supplies}), whether the tests whose window starts before the job's release may read them
     * ({@code early}: Shin–Easwaran–Lee and the request bound; not on deferrable vCPUs, §15.14), and the
     * level lists of §15.20 ({@code levels}, each Z_1 … Z_m′).
     */
    record Supplies(List<GuestSupply> supplies, boolean early, List<List<? extends GuestSupply>> levels) {

        Supplies {
            supplies = List.copyOf(supplies);
            levels = List.copyOf(levels);
        }
    }

    /**
     * Every task proved by some test on some supply: the bounds (a task proved only at its deadline
     * gets D_k), or the first task none proves.
     */
    static GlobalEdfResponseTimes.Bounds prove(List<GlobalTask> tasks, boolean byDeadline, Supplies on) {
        String name = byDeadline ? EDF : RM;
        if (tasks.isEmpty()) {
            return new GlobalEdfResponseTimes.Bounds(MprResult.pass(name, "no tasks", 0), List.of());
        }
        // a supply whose rate the load exceeds proves nothing, but another (sharper) one may
        on = new Supplies(on.supplies().stream().filter(s -> GlobalEdfOnMpr.necessary(name, s, tasks) == null).toList(),
                on.early(), on.levels());
        int n = tasks.size();
        BigFraction[] r = new BigFraction[n];
        int[] order = byDeadline ? null : GlobalRmOnMpr.rmOrder(tasks);
        List<boolean[]> sel = new ArrayList<>();
        for (GuestSupply s : on.early() && byDeadline ? on.supplies() : List.<GuestSupply>of()) {
            sel.add(GlobalEdfOnMpr.provesEach(s, tasks));
        }
        BigFraction[] noSlack = new BigFraction[n];
        Arrays.fill(noSlack, BigFraction.ZERO);
        for (int pos = 0; pos < n; pos++) {
            int k = byDeadline ? pos : order[pos];
            GlobalTask tk = tasks.get(k);
            BigFraction[] work = byDeadline ? GlobalEdfResponseTimes.edfWork(tasks, k, noSlack) : new BigFraction[n];
            for (int q = 0; !byDeadline && q < pos; q++) {
                work[order[q]] = GlobalRmOnMpr.workload(tasks.get(order[q]), r[order[q]], tk.deadline());
            }
            BigFraction best = null;
            for (int x = 0; x < on.supplies().size(); x++) {
                GuestSupply s = on.supplies().get(x);
                best = least(best, GlobalEdfResponseTimes.response(s, tk.wcet(), tk.deadline(), work));
                boolean atDeadline = byDeadline ? !sel.isEmpty() && sel.get(x)[k]
                        : on.early() && s.concurrency() == 1 && Boolean.TRUE.equals(GlobalRmOnMpr.requestBoundMet(s, tasks, order, pos, new long[1]));
                best = atDeadline ? least(best, tk.deadline()) : best;
            }
            for (List<? extends GuestSupply> levels : on.levels()) {
                best = least(best, LevelTests.least(levels, tk.wcet(), tk.deadline(), work));
            }
            if (best == null) {
                return new GlobalEdfResponseTimes.Bounds(MprResult.fails(name, "no test proves " + GlobalTask.label(tasks, k)
                        + " on any supply tried; this is no proof of a miss", tk.deadline(), pos + 1), List.of());
            }
            r[k] = best;
        }
        StringBuilder why = new StringBuilder("the bounds: ");
        for (int k = 0; k < n; k++) {
            why.append(k == 0 ? "" : ", ").append("R(").append(GlobalTask.label(tasks, k)).append(") ≤ ").append(Exact.text(r[k]));
        }
        return new GlobalEdfResponseTimes.Bounds(MprResult.pass(name, why.toString(), n), new ArrayList<>(List.of(r)));
    }

    private static BigFraction least(BigFraction a, BigFraction b) {
        return a == null ? b : b == null || a.compareTo(b) <= 0 ? a : b;
    }
}

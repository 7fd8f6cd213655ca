package org.vmsched.analysis.hier;

import java.util.ArrayList;
import java.util.List;

/**
 * A tick-by-tick reference simulation of hard CBS reservations under EDF with fixed priorities
 * inside, written only to judge {@link CbsFp}'s supply (THEORY.md §11.1, §11.8): no overhead; a
 * server period opens at an activation a with budget Q and deadline a + P; an exhausted server is
 * throttled until its deadline, then gets Q and deadline + P; a VM waking at r keeps (c, d) if
 * c·P &lt; (d − r)·Q, else opens a new period at r. EDF over deadlines, a tie to the lower index
 * (so a VM listed first can play the adversary). Test code, not the product's simulator.
 */
final class CbsReferenceSim {

    private CbsReferenceSim() {
    }

    /** The largest response time of each task of each VM over [0, horizon); Long.MAX_VALUE for a job unfinished at its deadline. */
    static long[][] run(List<CbsVm> vms, long horizon) {
        int m = vms.size();
        long[] c = new long[m];
        long[] d = new long[m];
        boolean[] throttled = new boolean[m];
        boolean[] pendingBefore = new boolean[m];
        List<List<long[]>> jobs = new ArrayList<>(); // per VM: {task, release, remaining}
        long[][] worst = new long[m][];
        for (int k = 0; k < m; k++) {
            jobs.add(new ArrayList<>());
            worst[k] = new long[vms.get(k).tasks().size()];
            c[k] = 0;
            d[k] = Long.MIN_VALUE / 4;
        }
        for (long t = 0; t < horizon; t++) {
            for (int k = 0; k < m; k++) {
                CbsReservation r = vms.get(k).reservation();
                if (throttled[k] && t >= d[k]) {
                    throttled[k] = false;
                    c[k] = r.budget();
                    d[k] = d[k] + r.period();
                }
                List<TickTask> ts = vms.get(k).tasks();
                for (int i = 0; i < ts.size(); i++) {
                    TickTask tk = ts.get(i);
                    if (t >= tk.offset() && (t - tk.offset()) % tk.period() == 0) {
                        jobs.get(k).add(new long[] {i, t, tk.wcet()});
                    }
                }
                for (long[] j : jobs.get(k)) {
                    TickTask tk = ts.get((int) j[0]);
                    if (t > j[1] + tk.deadline()) {
                        worst[k][(int) j[0]] = Long.MAX_VALUE;
                    }
                }
                boolean pending = !jobs.get(k).isEmpty();
                if (pending && !pendingBefore[k] && !throttled[k]) {
                    // wake-up rule
                    if (d[k] <= t || c[k] * r.period() >= (d[k] - t) * r.budget()) {
                        c[k] = r.budget();
                        d[k] = t + r.period();
                    }
                }
                pendingBefore[k] = pending;
            }
            int pick = -1;
            for (int k = 0; k < m; k++) {
                if (jobs.get(k).isEmpty() || throttled[k] || c[k] <= 0) {
                    continue;
                }
                if (pick < 0 || d[k] < d[pick]) {
                    pick = k;
                }
            }
            if (pick < 0) {
                continue;
            }
            // highest-priority job (lowest task index, then earliest release)
            long[] best = null;
            for (long[] j : jobs.get(pick)) {
                if (best == null || j[0] < best[0] || j[0] == best[0] && j[1] < best[1]) {
                    best = j;
                }
            }
            best[2]--;
            c[pick]--;
            if (best[2] == 0) {
                jobs.get(pick).remove(best);
                int i = (int) best[0];
                long resp = t + 1 - best[1];
                if (worst[pick][i] != Long.MAX_VALUE) {
                    worst[pick][i] = Math.max(worst[pick][i], resp);
                }
                pendingBefore[pick] = !jobs.get(pick).isEmpty();
            }
            if (c[pick] == 0) {
                throttled[pick] = true;
                if (d[pick] <= t + 1) { // exhausted exactly at the deadline: the next period opens now
                    throttled[pick] = false;
                    c[pick] = vms.get(pick).reservation().budget();
                    d[pick] = d[pick] + vms.get(pick).reservation().period();
                }
            }
        }
        return worst;
    }
}

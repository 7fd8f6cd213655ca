package org.vmsched.analysis;

import java.util.Arrays;
import java.util.List;
import org.vmsched.model.Task;

/**
 * EDF inside a VM (the sbf of THEORY.md §2 with the classic demand-bound test; an extension documented in
 * the README, not in THEORY.md): the task set is schedulable iff
 * dbf(t) ≤ sbf(t) at every absolute deadline t up to L = (ρ·B + Σ(Ti−Di)·Ui) / (ρ − U), where
 * ρ = (C−X)/T is the useful rate and sbf(t) ≥ ρ·(t − B). Stateless.
 */
public final class EdfDemand {

    /** Deadlines past this many are not enumerated; the test then answers "not schedulable". */
    public static final int MAX_DEADLINES = 5_000_000;

    private EdfDemand() {
    }

    /** Total utilisation U = Σ Ci/Ti. */
    public static double utilization(List<Task> tasks) {
        double u = 0;
        for (Task t : tasks) {
            u += t.utilization();
        }
        return u;
    }

    /** Σ (Ti − Di)·Ui, the slack term of the dbf's linear bound. */
    static double slackTerm(List<Task> tasks) {
        double k = 0;
        for (Task t : tasks) {
            k += (t.period() - t.deadline()) * t.utilization();
        }
        return k;
    }

    /** The horizon L for a server, or +∞ when its useful rate does not exceed U. */
    public static double horizon(Supply supply, List<Task> tasks) {
        double rho = supply.chunk() / supply.period();
        double u = utilization(tasks);
        if (rho <= u) {
            return Double.POSITIVE_INFINITY;
        }
        return (rho * Math.max(0, supply.blackout()) + slackTerm(tasks)) / (rho - u);
    }

    /** Demand bound at t: Σ max(0, ⌊(t − Di)/Ti⌋ + 1)·Ci. */
    public static double dbf(List<Task> tasks, double t) {
        double d = 0;
        for (Task task : tasks) {
            if (Tolerance.ge(t, task.deadline())) {
                d += (Tolerance.floor((t - task.deadline()) / task.period()) + 1) * task.wcet();
            }
        }
        return d;
    }

    /**
     * Every absolute deadline up to {@code limit} with the demand there, as {t, dbf(t)} pairs in
     * increasing t, equal deadlines merged; null when there are more than {@link #MAX_DEADLINES}.
     */
    public static double[][] demandPoints(List<Task> tasks, double limit) {
        return demandPoints(tasks, limit, MAX_DEADLINES);
    }

    /** As {@link #demandPoints(List, double)}, null past {@code max} deadlines. */
    public static double[][] demandPoints(List<Task> tasks, double limit, int max) {
        long count = 0;
        for (Task t : tasks) {
            if (t.deadline() <= limit) {
                count += (long) Math.floor((limit - t.deadline()) / t.period()) + 1;
            }
        }
        if (count > max) {
            return null;
        }
        double[] ds = new double[(int) count];
        double[] cs = new double[(int) count];
        int n = 0;
        for (Task t : tasks) {
            for (double d = t.deadline(); d <= limit && n < count; d += t.period()) {
                ds[n] = d;
                cs[n++] = t.wcet();
            }
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (p, q) -> Double.compare(ds[p], ds[q]));
        double[][] out = new double[n][];
        int m = 0;
        double cum = 0;
        for (int i = 0; i < n; i++) {
            cum += cs[idx[i]];
            double d = ds[idx[i]];
            if (m > 0 && Tolerance.eq(out[m - 1][0], d)) {
                out[m - 1][1] = cum;
            } else {
                out[m++] = new double[] {d, cum};
            }
        }
        return Arrays.copyOf(out, m);
    }

    /** The exact EDF test of the task set inside the server. */
    public static boolean schedulable(Supply supply, List<Task> tasks) {
        double limit = horizon(supply, tasks);
        if (Double.isInfinite(limit)) {
            return false;
        }
        double maxD = 0;
        for (Task t : tasks) {
            maxD = Math.max(maxD, t.deadline());
        }
        double[][] points = demandPoints(tasks, Math.max(limit, maxD));
        if (points == null) {
            return false;
        }
        for (double[] p : points) {
            if (!Tolerance.le(p[1], supply.sbf(p[0]))) {
                return false;
            }
        }
        return true;
    }
}

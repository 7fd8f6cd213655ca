package org.vmsched.design;

import java.util.List;
import java.util.TreeSet;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.model.Task;

/**
 * The reference the designed interfaces are compared with (THEORY.md §12.4): Shin and Lee's
 * periodic resource model Γ(Π, Θ) ("Periodic resource model for compositional real-time
 * guarantees", RTSS 2003), written from the paper and independent of {@code analysis.Supply}: no
 * switch overhead, its supply bound function, RM schedulability by their scheduling-point test,
 * the least Θ for a period Π by bisection, and the interface of least bandwidth Θ/Π over the whole
 * periods of a range (the way interface tools such as CARTS step the period). Stateless.
 */
public final class ShinLeeInterface {

    private ShinLeeInterface() {
    }

    /** Shin and Lee's sbf of Γ(Π, Θ) at t. */
    public static double sbf(double pi, double theta, double t) {
        if (t <= 0 || theta <= 0) {
            return 0;
        }
        double k = Math.max(Math.ceil((t - (pi - theta)) / pi), 1);
        double from = (k + 1) * pi - 2 * theta;
        double to = (k + 1) * pi - theta;
        if (t >= from && t <= to) {
            return t - (k + 1) * (pi - theta);
        }
        return (k - 1) * theta;
    }

    /** RM inside Γ(Π, Θ): every task i has a point t ≤ Di with Ci + Σ_{j&lt;i} ⌈t/Tj⌉Cj ≤ sbf(t). */
    public static boolean schedulable(List<Task> tasks, double pi, double theta) {
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        for (int p = 0; p < order.length; p++) {
            Task ti = tasks.get(order[p]);
            boolean ok = false;
            TreeSet<Double> points = new TreeSet<>();
            points.add(ti.deadline());
            for (int q = 0; q < p; q++) {
                double tj = tasks.get(order[q]).period();
                for (long m = 1; m * tj <= ti.deadline(); m++) {
                    points.add(m * tj);
                }
            }
            for (double t : points) {
                double w = ti.wcet();
                for (int q = 0; q < p; q++) {
                    Task tj = tasks.get(order[q]);
                    w += Math.ceil(t / tj.period() - 1e-12) * tj.wcet();
                }
                if (w <= sbf(pi, theta, t) * (1 + 1e-12)) {
                    ok = true;
                    break;
                }
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The least Θ ≤ Π (to 1e-9 relative) with which RM meets every deadline, NaN if even Θ = Π does not. */
    public static double minBudget(List<Task> tasks, double pi) {
        if (!schedulable(tasks, pi, pi)) {
            return Double.NaN;
        }
        double lo = 0;
        double hi = pi;
        while (hi - lo > 1e-9 * pi) {
            double mid = 0.5 * (lo + hi);
            if (schedulable(tasks, pi, mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** The least bandwidth Θ/Π over the whole periods Π of [lo, hi] ({Π, Θ, Θ/Π}), or null if none works. */
    public static double[] bestWholePeriod(List<Task> tasks, double lo, double hi) {
        double[] best = null;
        for (long p = (long) Math.ceil(lo); p <= hi; p++) {
            double theta = minBudget(tasks, p);
            if (!Double.isNaN(theta) && (best == null || theta / p < best[2])) {
                best = new double[] {p, theta, theta / p};
            }
        }
        return best;
    }
}

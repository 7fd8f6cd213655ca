package org.vmsched.analysis;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.vmsched.model.Task;

/**
 * The bounds drawn next to Tmax curves and the max Ri/Ti chart (THEORY.md §3, thesis Fig. 4.3
 * and 4.12). τ1 is the task with the shortest period. Stateless.
 */
public final class Bounds {

    private Bounds() {
    }

    /** Upper bound on any good period: (T1 − C1 − X) / (2(1 − α)), at least 0; +∞ at α = 1. */
    public static double upperBound(double alpha, double overhead, double t1, double c1) {
        if (alpha >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        // In the decimals as typed and then as a double by the route Tmax's exact ends take
        // (ExactDecimal, ExactInterval): in binary 1 − 0.7 is 0.30000000000000004 and the bound fell
        // one step below the Tmax it bounds.
        BigFraction top = ExactDecimal.fraction(t1)
                .subtract(ExactDecimal.fraction(c1)).subtract(ExactDecimal.fraction(overhead));
        if (top.getNumerator().signum() <= 0) {
            return 0; // even the first chunk comes too late for τ1: no period works
        }
        return top.divide(BigFraction.ONE.subtract(ExactDecimal.fraction(alpha))
                .multiply(2)).doubleValue();
    }

    /** The upper bound for a task set under RM (its τ1). */
    public static double upperBound(double alpha, double overhead, List<Task> tasks) {
        Task first = firstTask(tasks);
        return upperBound(alpha, overhead, first.period(), first.wcet());
    }

    /** Normalised upper bound Tmax/T1 < 1/(2(1 − α)) (C1 → 0, X = 0). */
    public static double normalizedUpperBound(double alpha) {
        return alpha >= 1 ? Double.POSITIVE_INFINITY : 1 / (2 * (1 - alpha));
    }

    /** Left bound: the useful bandwidth must cover the load, T ≥ X / (α − U); +∞ when α ≤ U. */
    public static double leftBound(double alpha, double overhead, double utilization) {
        if (alpha <= utilization) {
            return Double.POSITIVE_INFINITY;
        }
        return overhead / (alpha - utilization);
    }

    /** The lower-bound line for max Ri/Ti at period T: (2(1 − α)·T + C1 + X) / T1. */
    public static double lowerBoundLine(double alpha, double overhead, double t1, double c1, double period) {
        return (2 * (1 - alpha) * period + c1 + overhead) / t1;
    }

    /** Where the lower-bound line reaches the limit 1: T = (T1 − C1 − X) / (2(1 − α)). */
    public static double lowerBoundCrossing(double alpha, double overhead, double t1, double c1) {
        return upperBound(alpha, overhead, t1, c1);
    }

    /**
     * max_i Ri/Ti under RM at period T with budget α·T, each ratio capped at {@code cap} (the
     * iteration stops once it passes cap·Ti; the overhead study uses cap = 10).
     */
    public static double maxResponseRatio(List<Task> tasks, double alpha, double overhead, double period, double cap) {
        Supply s = Supply.ofBandwidth(alpha, period, overhead);
        if (s.chunk() <= 0) {
            return cap;
        }
        int[] order = ResponseTimeAnalysis.rateMonotonicOrder(tasks);
        double[] c = new double[order.length];
        double[] t = new double[order.length];
        for (int p = 0; p < order.length; p++) {
            c[p] = tasks.get(order[p]).wcet();
            t[p] = tasks.get(order[p]).period();
        }
        double worst = 0;
        for (int p = 0; p < order.length; p++) {
            double r = ResponseTimeAnalysis.responseTime(s, c, t, p, cap * t[p], null);
            worst = Math.max(worst, Math.min(cap, r / t[p]));
            if (worst >= cap) {
                return cap;
            }
        }
        return worst;
    }

    /** τ1: the task with the shortest period (first in the list on ties). */
    public static Task firstTask(List<Task> tasks) {
        return tasks.get(ResponseTimeAnalysis.rateMonotonicOrder(tasks)[0]);
    }
}

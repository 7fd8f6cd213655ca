package org.vmsched.analysis;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.vmsched.model.Task;

/**
 * EDF inside a VM (THEORY.md §8): the task set meets every deadline iff dbf(t) ≤ sbf(t) at every
 * absolute deadline t. {@link #test} decides it exactly — in integer ticks, up to the horizon of
 * §8.3 (also when the useful rate ρ = (C − X)/T equals U), with the supply-aware Quick
 * Processor-demand Analysis of §8.4 — or answers "undecided" with the reason when a limit is
 * reached. The remaining methods are the floating-point demand bound used for charts and the
 * good-period region. Stateless.
 */
public final class EdfDemand {

    /** {@link #demandPoints(List, double)} returns null past this many deadlines. */
    public static final int MAX_DEADLINES = 5_000_000;

    /** QPA iterations before {@link #test} answers "undecided". */
    public static final long MAX_STEPS = EdfExact.MAX_STEPS;

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

    /**
     * The sign of α − U, exact for the decimals α and the task values (BigDecimal fractions) when
     * floating point cannot tell them apart.
     */
    static int compareToUtilization(double alpha, List<Task> tasks) {
        double u = utilization(tasks);
        if (Math.abs(alpha - u) > 1e-9 * Math.max(Math.abs(alpha), Math.abs(u))) {
            return Double.compare(alpha, u);
        }
        BigDecimal num = BigDecimal.ZERO;
        BigDecimal den = BigDecimal.ONE;
        for (Task t : tasks) {
            BigDecimal c = BigDecimal.valueOf(t.wcet());
            BigDecimal p = BigDecimal.valueOf(t.period());
            num = num.multiply(p).add(c.multiply(den));
            den = den.multiply(p);
        }
        return BigDecimal.valueOf(alpha).multiply(den).compareTo(num);
    }

    /** Σ (Ti − Di)·Ui, the slack term of the dbf's linear bound. */
    static double slackTerm(List<Task> tasks) {
        double k = 0;
        for (Task t : tasks) {
            k += (t.period() - t.deadline()) * t.utilization();
        }
        return k;
    }

    /**
     * The horizon of THEORY.md §8.3 in time units: if the set misses a deadline, it misses one at
     * or below it. L = (ρ·B + K)/(ρ − U) above U; at ρ = U, B + lcm(H, T) when the blackout is
     * an ordinary gap (B = T − c, e.g. C = T) and else the hyperperiod H, where the demand has
     * passed the supply; +∞ below U.
     */
    public static double horizon(Supply supply, List<Task> tasks) {
        double rho = supply.chunk() / supply.period();
        double u = utilization(tasks);
        if (rho > u * (1 + 1e-9)) {
            return horizonEstimate(supply, tasks);
        }
        double exact = EdfExact.exactHorizon(supply, tasks);
        return Double.isNaN(exact) ? horizonEstimate(supply, tasks) : exact;
    }

    /** L = (ρ·B + K)/(ρ − U) in floating point, +∞ when ρ ≤ U there. */
    static double horizonEstimate(Supply supply, List<Task> tasks) {
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
        // Counted in double: a long sum of saturated casts wrapped negative at a huge limit and
        // passed the check (an OutOfMemoryError from a two-task file).
        double estimate = 0;
        for (Task t : tasks) {
            if (t.deadline() <= limit) {
                estimate += Math.floor((limit - t.deadline()) / t.period()) + 1;
            }
        }
        if (!(estimate <= max)) {
            return null;
        }
        long count = (long) estimate;
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

    /** Whether {@link #test} proves the set schedulable (false when not, and when undecided). */
    public static boolean schedulable(Supply supply, List<Task> tasks) {
        return test(supply, tasks).schedulable();
    }

    /** The exact EDF test of the task set inside the server (THEORY.md §8). */
    public static EdfResult test(Supply supply, List<Task> tasks) {
        return EdfExact.test(supply, tasks, 0, MAX_STEPS);
    }

    /** As {@link #test(Supply, List)}, keeping the first {@code traceSteps} QPA steps for an explanation. */
    public static EdfResult test(Supply supply, List<Task> tasks, int traceSteps) {
        return EdfExact.test(supply, tasks, traceSteps, MAX_STEPS);
    }
}

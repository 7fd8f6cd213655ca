package org.vmsched.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.vmsched.model.Task;

/**
 * Worst-case response times under fixed priorities, on a dedicated processor or inside a VM
 * (THEORY.md §1 and §2, thesis Eq. 5): R = finv(Ci + Σ_{j<i} ⌈R/Tj⌉·Cj), iterated from
 * finv(Ci + Σ_{j<i} Cj). Arrays are in priority order, index 0 highest. Stateless.
 */
public final class ResponseTimeAnalysis {

    private ResponseTimeAnalysis() {
    }

    /** One step of the iteration: the demand w and the time finv(w) by which it is served. */
    public record Step(double demand, double time) {
    }

    /**
     * Rate monotonic order: indices of {@code tasks} by period, ties by position in the list.
     */
    public static int[] rateMonotonicOrder(List<Task> tasks) {
        return IntStream.range(0, tasks.size()).boxed()
                .sorted(Comparator.<Integer>comparingDouble(i -> tasks.get(i).period()).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * Deadline monotonic order: indices of {@code tasks} by relative deadline, ties by position in
     * the list; the same as {@link #rateMonotonicOrder} when every deadline equals its period.
     */
    public static int[] deadlineMonotonicOrder(List<Task> tasks) {
        return IntStream.range(0, tasks.size()).boxed()
                .sorted(Comparator.<Integer>comparingDouble(i -> tasks.get(i).deadline()).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * Response time of the task at priority position {@code i}, or +∞ once the iteration passes
     * {@code limit} (or the server gives no useful supply). {@code steps}, when not null,
     * receives every step including the one that passed the limit.
     */
    public static double responseTime(Supply supply, double[] wcet, double[] period, int i, double limit,
                                      List<Step> steps) {
        double demand = wcet[i];
        for (int j = 0; j < i; j++) {
            demand += wcet[j];
        }
        double r = supply.finv(demand);
        if (steps != null) {
            steps.add(new Step(demand, r));
        }
        while (true) {
            if (!Tolerance.le(r, limit)) {
                return Double.POSITIVE_INFINITY;
            }
            double next = wcet[i];
            for (int j = 0; j < i; j++) {
                next += Tolerance.ceil(r / period[j]) * wcet[j];
            }
            if (Tolerance.le(next, demand)) {
                return r;
            }
            demand = next;
            r = supply.finv(demand);
            if (steps != null) {
                steps.add(new Step(demand, r));
            }
        }
    }

    /**
     * Response times of every task (in the list's order, not priority order) under RM inside a
     * server; +∞ for a task whose response exceeds {@code limitFactor} × its deadline. Decided
     * exactly ({@link ExactResponseTimes}): no tolerance, at any time scale.
     */
    public static double[] responseTimes(Supply supply, List<Task> tasks, double limitFactor) {
        return ExactResponseTimes.of(supply, tasks, limitFactor, rateMonotonicOrder(tasks));
    }

    /** The iteration of one task (list index) under RM inside a server, for teaching. */
    public static List<Step> explain(Supply supply, List<Task> tasks, int taskIndex, double limit) {
        int[] order = rateMonotonicOrder(tasks);
        double[] c = new double[order.length];
        double[] t = new double[order.length];
        int pos = -1;
        for (int p = 0; p < order.length; p++) {
            c[p] = tasks.get(order[p]).wcet();
            t[p] = tasks.get(order[p]).period();
            if (order[p] == taskIndex) {
                pos = p;
            }
        }
        List<Step> steps = new ArrayList<>();
        responseTime(supply, c, t, pos, limit, steps);
        return steps;
    }

    /** True when every task meets its deadline under RM inside the server (decided exactly). */
    public static boolean schedulable(Supply supply, List<Task> tasks) {
        for (double r : responseTimes(supply, tasks, 1.0)) {
            if (Double.isInfinite(r)) {
                return false;
            }
        }
        return true;
    }
}

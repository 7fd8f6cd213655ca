package org.vmsched.analysis.mpr;

import java.math.BigDecimal;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;

/**
 * A sporadic (or periodic) task for the global tests: worst-case execution time C, relative
 * deadline D ≤ T and minimum inter-arrival time (period) T, all exact, in the scenario's time
 * unit. Never null; 0 &lt; C ≤ D ≤ T. {@code name} is how a test's reason names it ("task t1"),
 * or null (then "task 3", by its position). Immutable and thread-safe.
 */
public record GlobalTask(BigFraction wcet, BigFraction deadline, BigFraction period, String name) {

    public GlobalTask(BigFraction wcet, BigFraction deadline, BigFraction period) {
        this(wcet, deadline, period, null);
    }

    /** This task with the name a reason gives it. */
    public GlobalTask named(String newName) {
        return new GlobalTask(wcet, deadline, period, newName);
    }

    /** How a reason names the task at {@code index} of {@code tasks}: its name, else "task " and its position from 1. */
    static String label(List<GlobalTask> tasks, int index) {
        String n = tasks.get(index).name();
        return n != null ? n : "task " + (index + 1);
    }

    public GlobalTask {
        if (wcet == null || deadline == null || period == null) {
            throw new IllegalArgumentException("a task's wcet, deadline and period must not be null");
        }
        if (wcet.getNumerator().signum() <= 0) {
            throw new IllegalArgumentException("a task's wcet must be positive, got " + wcet);
        }
        if (deadline.compareTo(wcet) < 0) {
            throw new IllegalArgumentException("a task's deadline " + deadline + " is below its wcet " + wcet);
        }
        if (deadline.compareTo(period) > 0) {
            throw new IllegalArgumentException("a task's deadline " + deadline + " exceeds its period " + period
                    + " (only constrained deadlines are analysed)");
        }
    }

    /** A task from the decimals its values were written as. */
    public static GlobalTask of(double wcet, double deadline, double period) {
        for (double v : new double[] {wcet, deadline, period}) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("a task's wcet, deadline and period must be positive numbers, got " + v);
            }
        }
        return new GlobalTask(Exact.fraction(wcet), Exact.fraction(deadline), Exact.fraction(period));
    }

    /** A task from exact decimals. */
    public static GlobalTask of(BigDecimal wcet, BigDecimal deadline, BigDecimal period) {
        return new GlobalTask(Exact.fraction(wcet), Exact.fraction(deadline), Exact.fraction(period));
    }

    /** An implicit-deadline task (D = T). */
    public static GlobalTask implicit(double wcet, double period) {
        return of(wcet, period, period);
    }

    /** C/T. */
    public BigFraction utilization() {
        return wcet.divide(period);
    }
}

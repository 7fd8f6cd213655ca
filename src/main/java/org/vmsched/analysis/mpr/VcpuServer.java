package org.vmsched.analysis.mpr;

import org.apache.commons.math3.fraction.BigFraction;

/**
 * One virtual CPU as the host sees it: a server of budget C (overheads included) every period T,
 * deadline T, periodic or deferrable; exact, in the scenario's time unit, 0 &lt; C ≤ T. Never null.
 * {@code name} is how a test's reason names it ("vCPU control#1"), or null ("task 3", by position).
 * Immutable.
 */
public record VcpuServer(BigFraction budget, BigFraction period, boolean deferrable, String name) {

    public VcpuServer(BigFraction budget, BigFraction period, boolean deferrable) {
        this(budget, period, deferrable, null);
    }

    public VcpuServer {
        if (budget == null || period == null) {
            throw new IllegalArgumentException("a virtual CPU's budget and period must not be null");
        }
        if (budget.getNumerator().signum() <= 0 || budget.compareTo(period) > 0) {
            throw new IllegalArgumentException("a virtual CPU's budget must be in (0, period], got " + budget
                    + " with period " + period);
        }
    }

    /** A server from the decimals its values were written as. */
    public static VcpuServer of(double budget, double period, boolean deferrable) {
        if (!(budget > 0) || !(period > 0) || Double.isInfinite(period)) {
            throw new IllegalArgumentException("a virtual CPU's budget and period must be positive numbers, got "
                    + budget + " and " + period);
        }
        return new VcpuServer(Exact.fraction(budget), Exact.fraction(period), deferrable);
    }

    /** This server with the name a reason gives it. */
    public VcpuServer named(String newName) {
        return new VcpuServer(budget, period, deferrable, newName);
    }

    /** The server as an implicit-deadline task (C, T, T), of the same name. */
    GlobalTask asTask() {
        return new GlobalTask(budget, period, period, name);
    }
}

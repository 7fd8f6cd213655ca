package org.vmsched.design;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Rounding an interface to a hypervisor's unit only in the safe direction (THEORY.md §12.5): the
 * period down and the budget up. At a fixed budget a shorter period only shortens the blackout and
 * the gaps (and counts no more preemptions), and a larger budget only adds supply, so the VM's
 * tasks keep their deadlines; the bandwidth grows, so the core must be tested again. Stateless.
 */
public final class SafeRounding {

    private SafeRounding() {
    }

    /** {@code value} (in time units) as a whole number of quanta, rounded down; at least one quantum. */
    public static long periodDown(double value, double quantum) {
        long q = exact(value, quantum).setScale(0, RoundingMode.FLOOR).longValueExact();
        return Math.max(q, 1);
    }

    /** {@code value} (in time units) as a whole number of quanta, rounded up. */
    public static long budgetUp(double value, double quantum) {
        return exact(value, quantum).setScale(0, RoundingMode.CEILING).longValueExact();
    }

    private static BigDecimal exact(double value, double quantum) {
        if (!(quantum > 0) || !(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("need a finite value >= 0 and a quantum > 0, got " + value + ", " + quantum);
        }
        // The decimal the value was written as, as the exact analysis reads it (THEORY.md §6.5).
        return BigDecimal.valueOf(value).divide(BigDecimal.valueOf(quantum), 30, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
    }

    /** {@code n} quanta as a value in time units (the decimal the user would type). */
    public static double units(long n, double quantum) {
        return BigDecimal.valueOf(quantum).multiply(BigDecimal.valueOf(n)).doubleValue();
    }
}

package org.vmsched.analysis.hier;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Task;

/**
 * A periodic task in integer time units (ticks), as the hierarchical analyses of this package
 * take it: worst-case execution time, period, relative deadline (0 &lt; deadline ≤ period) and
 * release offset. All arithmetic on ticks is exact. Immutable.
 */
public record TickTask(long wcet, long period, long deadline, long offset) {

    public TickTask {
        if (wcet <= 0) {
            throw new IllegalArgumentException("wcet must be > 0, got " + wcet);
        }
        if (period <= 0) {
            throw new IllegalArgumentException("period must be > 0, got " + period);
        }
        if (deadline <= 0 || deadline > period) {
            throw new IllegalArgumentException("deadline must be in (0, period = " + period + "], got " + deadline);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0, got " + offset);
        }
    }

    /** A task with deadline = period and no offset. */
    public static TickTask of(long wcet, long period) {
        return new TickTask(wcet, period, period, 0);
    }

    /**
     * The model's tasks in ticks of {@code 10^-scale} time units: every value is taken as the
     * decimal it was written as and must be a whole number of ticks at that scale.
     *
     * @throws ArithmeticException when a value has more decimals than {@code scale}
     */
    public static List<TickTask> of(List<Task> tasks, int scale) {
        List<TickTask> out = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            out.add(new TickTask(ticks(t.wcet(), scale), ticks(t.period(), scale), ticks(t.deadline(), scale),
                    ticks(t.offset(), scale)));
        }
        return List.copyOf(out);
    }

    /** The value as ticks of 10^-scale, exactly (ArithmeticException when it is not a whole number of them). */
    public static long ticks(double value, int scale) {
        return BigDecimal.valueOf(value).scaleByPowerOfTen(scale).setScale(0, RoundingMode.UNNECESSARY)
                .longValueExact();
    }

    /** The least number of decimals that writes every value of these tasks exactly (0 for whole numbers). */
    public static int scaleOf(List<Task> tasks, double... more) {
        int s = 0;
        for (Task t : tasks) {
            for (double d : new double[] {t.wcet(), t.period(), t.deadline(), t.offset()}) {
                s = Math.max(s, BigDecimal.valueOf(d).stripTrailingZeros().scale());
            }
        }
        for (double d : more) {
            s = Math.max(s, BigDecimal.valueOf(d).stripTrailingZeros().scale());
        }
        return s;
    }

    /** Utilisation wcet / period as a double (for reports, never for verdicts). */
    public double utilization() {
        return (double) wcet / period;
    }
}

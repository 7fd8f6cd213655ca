package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.vmsched.model.Task;

/**
 * Rounds a generated task set (arbitrary double periods and wcets) to a whole number of steps of
 * 1/{@code resolution} time units so that the simulator runs it exactly, conservatively: every
 * wcet up, every period down, deadline = period, offset 0. The rounded set is never easier to
 * schedule than the original, and the analysis is run on the same rounded set when the two are
 * compared. Stateless.
 */
public final class TaskSetRounding {

    /** Smallest accepted resolution, 10^-3 steps per time unit (steps of 1000 time units). */
    public static final int MIN_EXPONENT = -3;
    /** Largest accepted resolution, 10^4 steps per time unit: the simulator still has 100 ticks per step. */
    public static final int MAX_EXPONENT = 4;

    private TaskSetRounding() {
    }

    /** The rounded set, tasks in the same order with the same names. */
    public static List<Task> round(List<Task> tasks, double resolution) {
        List<Task> out = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            double period = Math.floor(snap(t.period() * resolution)) / resolution;
            double wcet = Math.ceil(snap(t.wcet() * resolution)) / resolution;
            out.add(new Task(t.name(), wcet, period, period, 0));
        }
        return out;
    }

    /** True when some rounded wcet exceeds its rounded period or a period rounded to 0: the set cannot be simulated. */
    public static boolean infeasible(List<Task> rounded) {
        for (Task t : rounded) {
            if (!(t.period() > 0) || t.wcet() > t.period()) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code r} is 10^k for k in [{@value #MIN_EXPONENT}, {@value #MAX_EXPONENT}]. */
    public static boolean validResolution(double r) {
        for (int k = MIN_EXPONENT; k <= MAX_EXPONENT; k++) {
            if (r == Math.pow(10, k) || r == Double.parseDouble("1e" + k)) {
                return true;
            }
        }
        return false;
    }

    /** A product that is a whole number up to floating-point noise counts as that whole number. */
    private static double snap(double x) {
        double k = Math.rint(x);
        return Math.abs(x - k) <= 1e-9 * Math.max(1, Math.abs(x)) ? k : x;
    }
}

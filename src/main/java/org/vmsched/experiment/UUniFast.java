package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.vmsched.model.Task;

/**
 * UUniFast (Bini and Buttazzo 2005): utilisations drawn uniformly from the simplex
 * Σ ui = u, periods uniform or log-uniform in [periodMin, periodMax], Ci = ui·Ti. Uses
 * {@link StrictMath} so the sets are the same on every machine. Immutable and thread-safe.
 *
 * @param periodMin shortest period, > 0
 * @param periodMax longest period, ≥ periodMin
 * @param periods   how periods are spread over the range
 */
public record UUniFast(double periodMin, double periodMax, PeriodDistribution periods) implements TaskSetGenerator {

    /** How periods are drawn from [periodMin, periodMax]. */
    public enum PeriodDistribution {
        /** Uniform over the range. */
        UNIFORM,
        /** Uniform in log(T): as many periods in [10, 100] as in [100, 1000]. */
        LOG_UNIFORM;

        /** The name used in experiment files: "uniform", "log-uniform". */
        public String jsonName() {
            return this == UNIFORM ? "uniform" : "log-uniform";
        }

        /** The distribution with this file name, or null. */
        public static PeriodDistribution fromJson(String s) {
            for (PeriodDistribution d : values()) {
                if (d.jsonName().equals(s)) {
                    return d;
                }
            }
            return null;
        }
    }

    @Override
    public List<Task> generate(int n, double u, RandomGenerator rng) {
        double[] util = utilizations(n, u, rng);
        List<Task> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double t = periods == PeriodDistribution.UNIFORM
                    ? ThesisGenerator.uniform(rng, periodMin, periodMax)
                    : StrictMath.exp(ThesisGenerator.uniform(rng, StrictMath.log(periodMin), StrictMath.log(periodMax)));
            t = Math.min(periodMax, Math.max(periodMin, t));
            out.add(Task.of("t" + (i + 1), util[i] * t, t));
        }
        return List.copyOf(out);
    }

    /** The UUniFast draw: n utilisations, each ≥ 0, summing to u up to rounding. */
    public static double[] utilizations(int n, double u, RandomGenerator rng) {
        double[] out = new double[n];
        double sum = u;
        for (int i = 0; i < n - 1; i++) {
            double next = sum * StrictMath.pow(rng.nextDouble(), 1.0 / (n - 1 - i));
            out[i] = sum - next;
            sum = next;
        }
        out[n - 1] = sum;
        return out;
    }
}

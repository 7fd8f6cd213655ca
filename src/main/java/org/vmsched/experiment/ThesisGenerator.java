package org.vmsched.experiment;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.vmsched.model.Task;

/**
 * The thesis's generator (THEORY.md §5): each period uniform in [periodMin, periodMax], each
 * wcet first uniform in [wcetMin, Ti], then every wcet scaled by one factor so that
 * Σ Ci/Ti = u. Times in the scenario unit. Immutable and thread-safe.
 *
 * @param periodMin shortest period, > 0
 * @param periodMax longest period, ≥ periodMin
 * @param wcetMin   lower end of the unscaled wcet draw, in [0, periodMin]
 */
public record ThesisGenerator(double periodMin, double periodMax, double wcetMin) implements TaskSetGenerator {

    @Override
    public List<Task> generate(int n, double u, RandomGenerator rng) {
        double[] period = new double[n];
        double[] wcet = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            period[i] = uniform(rng, periodMin, periodMax);
            wcet[i] = uniform(rng, wcetMin, period[i]);
            sum += wcet[i] / period[i];
        }
        // sum is 0 only if every draw hit wcetMin = 0 exactly; then share u equally.
        List<Task> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            // min: u = 1 with one task could give a wcet one ulp above its period
            double c = Math.min(period[i], sum > 0 ? wcet[i] * (u / sum) : period[i] * u / n);
            out.add(Task.of("t" + (i + 1), c, period[i]));
        }
        return List.copyOf(out);
    }

    static double uniform(RandomGenerator rng, double lo, double hi) {
        return lo + (hi - lo) * rng.nextDouble();
    }
}

package org.vmsched.experiment;

import java.util.List;
import java.util.Objects;

/**
 * An acceptance-ratio study (THEORY.md §16): at every utilisation point, {@code sets} random
 * systems of the given shape, each judged by every named acceptance test ({@link AcceptanceTests}:
 * the tool's analyses, and simulation as the empirical upper bound "no miss seen"); the result is
 * the share each test accepts, with its Wilson score interval. Immutable; lists never null.
 * Validated by {@link ExperimentValidator}.
 *
 * @param u              the utilisation points: the systems' total task utilisation divided by
 *                       their cores, each in (0, 1]
 * @param shape          how a system is built around its tasks
 * @param tests          the names of the acceptance tests, in the order of the output
 * @param horizonPeriods how long the simulation test runs, in longest task periods
 */
public record AcceptanceStudy(List<Double> u, SystemShape shape, List<String> tests, double horizonPeriods)
        implements Study {

    /** Default simulated horizon, in longest task periods. */
    public static final double DEFAULT_HORIZON_PERIODS = 3;

    public AcceptanceStudy {
        u = List.copyOf(u);
        tests = List.copyOf(tests);
        Objects.requireNonNull(shape, "shape");
    }

    @Override
    public String kind() {
        return "acceptance";
    }

    /** Systems in the whole study: points × systems per point. */
    public long systems(int sets) {
        return (long) u.size() * sets;
    }
}

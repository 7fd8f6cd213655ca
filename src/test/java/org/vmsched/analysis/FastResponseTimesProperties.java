package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import org.vmsched.JudgedTries;
import org.vmsched.model.Task;

/**
 * The fast response-time iteration (THEORY.md §10.1: start from the previous task's R, counts
 * kept in a heap, jumps to a lower bound of the fixed point) gives exactly the least fixed point
 * of the plain iteration, for every kind of supply: to the last digit, and "passes the limit"
 * exactly when the plain one says so.
 */
class FastResponseTimesProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    @Provide
    Arbitrary<Supply> supplies() {
        Arbitrary<Integer> periodTenths = Arbitraries.integers().between(5, 400);
        return periodTenths.flatMap(pt -> {
            double period = pt / 10.0;
            Arbitrary<Double> budget = Arbitraries.integers().between(1, pt).map(b -> b / 10.0);
            Arbitrary<Double> overhead = Arbitraries.oneOf(Arbitraries.just(0.0),
                    Arbitraries.integers().between(1, 5).map(x -> x / 100.0));
            Arbitrary<Integer> preemptions = Arbitraries.integers().between(0, 3);
            Arbitrary<Supply.Kind> kind = Arbitraries.of(Supply.Kind.class);
            Arbitrary<Double> start = Arbitraries.oneOf(Arbitraries.just(0.0),
                    Arbitraries.integers().between(1, 300).map(s -> s / 10.0));
            return Combinators.combine(budget, overhead, preemptions, kind, start).as((c, x, p, k, s) ->
                    new Supply(period, c, x, k == Supply.Kind.DEFERRABLE_UNDELAYED ? 0 : p, k, s));
        });
    }

    /**
     * 1–8 tasks: periods from 0.1 to 5000 (some a thousand times apart), utilisations that add up
     * to near the supply's bandwidth or just above it, wcet written with up to four decimals.
     */
    @Provide
    Arbitrary<List<Task>> taskSets() {
        return Arbitraries.integers().between(1, 8).flatMap(n -> {
            List<Arbitrary<Task>> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Arbitrary<Double> period = Arbitraries.oneOf(
                        Arbitraries.integers().between(1, 100).map(t -> t / 10.0),
                        Arbitraries.integers().between(10, 5000).map(t -> (double) t));
                parts.add(period.flatMap(t -> Arbitraries.integers().between(1, 10_000).flatMap(share -> {
                    double wcet = Math.max(1e-4, Math.floor(t * share / (double) n) / 10_000);
                    return Arbitraries.integers().between(0, 3).map(d -> {
                        double deadline = d == 0 ? Math.max(wcet, Math.floor(t * 5) / 10) : t;
                        return new Task("t" + index, wcet, t, deadline, 0);
                    });
                })));
            }
            return Combinators.combine(parts).as(ts -> ts);
        });
    }

    @Property(tries = 1500, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void fastIterationEqualsThePlainOne(@ForAll("supplies") Supply supply, @ForAll("taskSets") List<Task> tasks,
                                        @ForAll("limits") double limitFactor) {
        double[] plain = NaiveResponseTimes.of(supply, tasks, limitFactor, 200_000);
        judged.assume(plain != null);
        double[] fast = ExactResponseTimes.of(supply, tasks, limitFactor, ResponseTimeAnalysis.rateMonotonicOrder(tasks));
        assertArrayEquals(plain, fast, 0.0, () -> supply + " " + tasks + " ×" + limitFactor);
    }

    @Provide
    Arbitrary<Double> limits() {
        return Arbitraries.of(1.0, 1.0, 10.0, 1000.0);
    }
}

package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Task;

/**
 * The multiprocessor generators keep their promises (THEORY.md §16.1): RandFixedSum and
 * UUniFast-discard give n values within their bounds with the requested sum; the task sets have
 * periods in range on the granularity, C ≤ D ≤ T on the decimals grid and the requested total
 * utilisation up to the rounding of the WCETs; and the laws are the ones named (log-uniform
 * periods, RandFixedSum's symmetric coordinates).
 */
class MultiprocessorGeneratorProperties {

    private static RandomGenerator rng(long seed) {
        return RandomStreams.forSystem(seed, 0.5, 0);
    }

    @Property(tries = 300, seed = "32")
    void randFixedSumValuesLieInTheirBoundsAndSumToS(@ForAll @IntRange(min = 1, max = 40) int n,
            @ForAll @DoubleRange(min = 0, max = 1) double fill, @ForAll @DoubleRange(min = 0, max = 0.5) double a,
            @ForAll @DoubleRange(min = 0.01, max = 1) double width, @ForAll long seed) {
        double b = a + width;
        double s = n * a + fill * n * (b - a);
        double[] v = RandFixedSum.draw(n, s, a, b, rng(seed));
        assertEquals(n, v.length);
        double sum = 0;
        for (double x : v) {
            assertTrue(x >= a && x <= b, x + " outside [" + a + ", " + b + "]");
            sum += x;
        }
        assertEquals(s, sum, 1e-9 * Math.max(1, s));
    }

    @Property(tries = 300, seed = "32")
    void uunifastDiscardValuesAreAtMostTheBoundAndSumToU(@ForAll @IntRange(min = 1, max = 16) int n,
            @ForAll @DoubleRange(min = 0.01, max = 0.35) double fill, @ForAll @DoubleRange(min = 0.2, max = 1) double max,
            @ForAll long seed) {
        double u = fill * n * max; // up to 35 % of n·max: discarding stays cheap there (it does not near n·max)
        double[] v = UUniFastDiscard.draw(n, u, max, rng(seed));
        double sum = 0;
        for (double x : v) {
            assertTrue(x >= 0 && x <= max, x + " outside [0, " + max + "]");
            sum += x;
        }
        assertEquals(u, sum, 1e-9 * Math.max(1, u));
    }

    @Property(tries = 200, seed = "32")
    void taskSetsKeepPeriodsDeadlinesAndUtilisationInRange(@ForAll @IntRange(min = 1, max = 16) int n,
            @ForAll @DoubleRange(min = 0.05, max = 0.95) double fill, @ForAll boolean randFixedSum,
            @ForAll boolean constrained, @ForAll @IntRange(min = 0, max = 3) int decimals, @ForAll long seed) {
        MultiprocessorTaskSets g = new MultiprocessorTaskSets(randFixedSum ? MultiprocessorTaskSets.Utilisations.RANDFIXEDSUM
                : MultiprocessorTaskSets.Utilisations.UUNIFAST_DISCARD, 1, 10, 1000, 10,
                constrained ? MultiprocessorTaskSets.Deadlines.CONSTRAINED : MultiprocessorTaskSets.Deadlines.IMPLICIT, decimals);
        double u = fill * n * (randFixedSum ? 1 : 0.35);
        List<Task> tasks = g.generate(n, u, rng(seed));
        double step = Math.pow(10, -decimals);
        double total = 0;
        for (Task t : tasks) {
            assertTrue(t.period() >= 10 && t.period() <= 1000, t.toString());
            assertEquals(0, Math.IEEEremainder(t.period(), 10), 1e-9, t.toString());
            assertTrue(t.wcet() >= step - 1e-12 && t.wcet() <= t.deadline() && t.deadline() <= t.period(), t.toString());
            assertTrue(new BigDecimal(Double.toString(t.wcet())).stripTrailingZeros().scale() <= decimals, t.toString());
            assertTrue(new BigDecimal(Double.toString(t.deadline())).stripTrailingZeros().scale() <= decimals, t.toString());
            if (!constrained) {
                assertEquals(t.period(), t.deadline());
            }
            total += t.wcet() / t.period();
        }
        // WCETs are rounded up to the grid (and to at least one step), each by less than a step
        assertTrue(total >= u - 1e-9, total + " < " + u);
        assertTrue(total <= u + n * step / 10 + 1e-9, total + " > " + u + " + n·step/Tmin");
    }

    @Test
    void logUniformPeriodsPutAsManyTasksInEachDecade() {
        MultiprocessorTaskSets g = new MultiprocessorTaskSets(MultiprocessorTaskSets.Utilisations.RANDFIXEDSUM, 1, 1, 1000, 1,
                MultiprocessorTaskSets.Deadlines.IMPLICIT, 3);
        int[] decade = new int[3];
        RandomGenerator r = rng(7);
        int draws = 30_000;
        for (int i = 0; i < draws; i++) {
            double t = g.period(r);
            decade[t < 10 ? 0 : t < 100 ? 1 : 2]++;
        }
        for (int d : decade) {
            // a third each (Tg = 1 moves a little mass up: ⌊e^r⌋ with r up to ln 1001); 5 % slack, many σ
            assertEquals(draws / 3.0, d, draws * 0.05, java.util.Arrays.toString(decade));
        }
    }

    @Test
    void randFixedSumCoordinatesAreExchangeableWithMeanSOverN() {
        int n = 5;
        double s = 3.5;
        double[] mean = new double[n];
        int draws = 20_000;
        RandomGenerator r = rng(11);
        for (int i = 0; i < draws; i++) {
            double[] v = RandFixedSum.draw(n, s, 0, 1, r);
            for (int k = 0; k < n; k++) {
                mean[k] += v[k] / draws;
            }
        }
        for (double m : mean) {
            assertEquals(s / n, m, 0.01, java.util.Arrays.toString(mean));
        }
    }

    @Test
    void randFixedSumAtTheTopOfItsRangeGivesEveryValueItsBound() {
        double[] v = RandFixedSum.draw(4, 4, 0, 1, rng(3));
        for (double x : v) {
            assertEquals(1, x, 1e-12);
        }
    }

    @Test
    void uunifastDiscardNamesRandFixedSumWhenItCannotKeepADraw() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UUniFastDiscard.draw(16, 15.99, 1, rng(5)));
        assertTrue(e.getMessage().contains("randfixedsum"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RandFixedSum.draw(3, 3.5, 0, 1, rng(5)));
    }

    @Test
    void theSameKeyGivesTheSameSetAndAnotherIndexAnother() {
        MultiprocessorTaskSets g = new MultiprocessorTaskSets(MultiprocessorTaskSets.Utilisations.UUNIFAST_DISCARD, 1, 10, 100, 1,
                MultiprocessorTaskSets.Deadlines.CONSTRAINED, 2);
        assertEquals(g.generate(8, 3, RandomStreams.forSystem(1, 0.75, 4)), g.generate(8, 3, RandomStreams.forSystem(1, 0.75, 4)));
        assertTrue(!g.generate(8, 3, RandomStreams.forSystem(1, 0.75, 4)).equals(g.generate(8, 3, RandomStreams.forSystem(1, 0.75, 5))));
    }
}

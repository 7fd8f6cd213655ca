package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Task;

/** The generators: utilisation, ranges, and the same set from the same key. */
class GeneratorTest {

    static final ThesisGenerator THESIS = new ThesisGenerator(1000, 10000, 1000);

    static double utilization(List<Task> tasks) {
        return tasks.stream().mapToDouble(Task::utilization).sum();
    }

    @Property(tries = 200)
    void thesisSetsHaveTheRequestedUtilizationAndPeriodsInRange(@ForAll @IntRange(min = 1, max = 40) int n,
            @ForAll @DoubleRange(min = 0.01, max = 1) double u, @ForAll long seed) {
        List<Task> tasks = THESIS.generate(n, u, RandomStreams.forTaskSet(seed, n, u, 0));
        assertEquals(n, tasks.size());
        assertEquals(u, utilization(tasks), 1e-12);
        for (Task t : tasks) {
            assertTrue(t.period() >= 1000 && t.period() <= 10000, t.toString());
            assertTrue(t.wcet() > 0 && t.wcet() <= t.period(), t.toString());
            assertEquals(t.period(), t.deadline());
        }
    }

    @Property(tries = 200)
    void uunifastSetsHaveTheRequestedUtilizationAndPeriodsInRange(@ForAll @IntRange(min = 1, max = 40) int n,
            @ForAll @DoubleRange(min = 0.01, max = 1) double u, @ForAll long seed, @ForAll boolean logUniform) {
        UUniFast g = new UUniFast(10, 1000, logUniform ? UUniFast.PeriodDistribution.LOG_UNIFORM : UUniFast.PeriodDistribution.UNIFORM);
        List<Task> tasks = g.generate(n, u, RandomStreams.forTaskSet(seed, n, u, 3));
        assertEquals(u, utilization(tasks), 1e-12);
        for (Task t : tasks) {
            assertTrue(t.period() >= 10 && t.period() <= 1000, t.toString());
            assertTrue(t.wcet() >= 0 && t.wcet() <= t.period(), t.toString());
        }
    }

    @Test
    void logUniformPeriodsPutAsManyTasksInEachDecade() {
        UUniFast g = new UUniFast(10, 1000, UUniFast.PeriodDistribution.LOG_UNIFORM);
        List<Task> tasks = g.generate(4000, 0.5, RandomStreams.forTaskSet(1, 4000, 0.5, 0));
        long low = tasks.stream().filter(t -> t.period() < 100).count();
        // Uniform periods would put about 9 % below 100; log-uniform puts about half.
        assertTrue(low > 1800 && low < 2200, "tasks below 100: " + low);
    }

    @Test
    void theSameKeyGivesTheSameSetAndAnotherKeyAnotherSet() {
        List<Task> a = THESIS.generate(10, 0.2, RandomStreams.forTaskSet(2013, 10, 0.2, 4));
        List<Task> b = THESIS.generate(10, 0.2, RandomStreams.forTaskSet(2013, 10, 0.2, 4));
        assertEquals(a, b);
        assertNotEquals(a, THESIS.generate(10, 0.2, RandomStreams.forTaskSet(2013, 10, 0.2, 5)));
        assertNotEquals(a, THESIS.generate(10, 0.2, RandomStreams.forTaskSet(2014, 10, 0.2, 4)));
        assertNotEquals(a, THESIS.generate(10, 0.2, RandomStreams.forTaskSet(2013, 10, 0.3, 4)));
    }

    @Test
    void aKnownSeedGivesTheSameFirstPeriodOnEveryMachine() {
        // Pins the stream derivation: if this changes, every published result changes too.
        List<Task> a = THESIS.generate(3, 0.3, RandomStreams.forTaskSet(2013, 3, 0.3, 0));
        assertEquals(GOLDEN_FIRST_PERIOD, a.get(0).period());
    }

    static final double GOLDEN_FIRST_PERIOD = 8431.58614226766;
}

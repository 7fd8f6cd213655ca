package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The slow cases of issue 12 (THEORY.md §10.1): answers that took the plain response-time
 * iteration up to 10^9 steps, or 10^6 terms for a thousand tasks, now take a few thousand terms;
 * each asserts the answer and a bound on the work counter (no clock).
 */
class FastResponseTimesTest {

    /** Periods 10^9 apart: a task of period 0.001 using all but 10^-8 of the processor. */
    static List<Task> ratioTasks(double slowWcet) {
        return List.of(Task.of("fast", 0.00099999999, 0.001), Task.of("slow", slowWcet, 999999.99));
    }

    private static ExactResponseTimes.Result run(Supply supply, List<Task> tasks, double limitFactor) {
        return ExactResponseTimes.compute(supply, tasks, limitFactor, ResponseTimeAnalysis.rateMonotonicOrder(tasks));
    }

    @Test
    void aBillionJobsOfTheFastTaskAreCountedInOneJump() {
        // R = 0.005 + m·0.00099999999 ≤ m·0.001 first at m = 5·10^8: R = 500000 exactly (the plain
        // iteration adds one job per step: 5·10^8 steps, past the budget: "undecided" before)
        ExactResponseTimes.Result r = run(Supply.dedicated(), ratioTasks(0.005), 1.0);
        assertEquals(0.00099999999, r.responses()[0], 0);
        assertEquals(500000, r.responses()[1], 0);
        assertTrue(r.work() < 100, "work " + r.work());
    }

    @Test
    void oneMoreHundredthOfWorkMissesByAHundredth() {
        // C = 0.01: m = 10^9, R = 1000000 > D = 999999.99
        ExactResponseTimes.Result r = run(Supply.dedicated(), ratioTasks(0.01), 1.0);
        assertEquals(Double.POSITIVE_INFINITY, r.responses()[1]);
        assertTrue(r.work() < 100, "work " + r.work());
        assertEquals(1000000, run(Supply.dedicated(), ratioTasks(0.01), 2.0).responses()[1], 0);
    }

    @Test
    void theScenarioOfTheRatioCaseIsDecidedWithItsResponseTimes() {
        VirtualMachine vm = VirtualMachine.of("VM1", 1, 1, 0, ratioTasks(0.005));
        VmVerdict v = SystemAnalysis.analyze(Scenario.of("ratio", List.of(vm))).vms().get(0);
        assertEquals(Verdict.SCHEDULABLE, v.verdict());
        assertEquals(500000, v.tasks().get(1).responseTime(), 0);
    }

    @Test
    void aFastTaskThatFillsTheSupplyHasNoFixedPointAndIsToldAtOnce() {
        // U = 1 on a dedicated processor: each plain step adds the slow task's 0.001 (10^9 steps)
        List<Task> tasks = List.of(Task.of("fast", 0.001, 0.001), Task.of("slow", 0.001, 1000000));
        ExactResponseTimes.Result r = run(Supply.dedicated(), tasks, 1.0);
        assertEquals(Double.POSITIVE_INFINITY, r.responses()[1]);
        assertTrue(r.work() < 100, "work " + r.work());
    }

    @Test
    void pastTheWorkBudgetTheAnswerIsUndecidedWithTheReason() {
        FixedPoint.Work nearlySpent = new FixedPoint.Work(FixedPoint.MAX_TERMS - 1);
        AnalysisLimitException e = assertThrows(AnalysisLimitException.class, () -> FixedPoint.responseTimes(0, 1, 1,
                new long[] {1, 1, 1}, new long[] {4, 6, 100}, new long[] {4, 6, 100}, nearlySpent));
        assertTrue(e.getMessage().contains("more than " + FixedPoint.MAX_TERMS + " steps"), e.getMessage());
        assertEquals(3, FixedPoint.responseTimes(0, 1, 1, new long[] {1, 1, 1}, new long[] {4, 6, 100},
                new long[] {4, 6, 100}, new FixedPoint.Work())[2]);
    }

    /** The thousand-task set of {@link org.vmsched.bench.ResponseTimeBenchmark#thousandTasks()}. */
    static List<Task> thousandTasks() {
        return org.vmsched.bench.ResponseTimeBenchmark.thousandTasks();
    }

    private static int misses(double[] r) {
        int missed = 0;
        for (double x : r) {
            missed += Double.isInfinite(x) ? 1 : 0;
        }
        return missed;
    }

    @Test
    void aThousandTaskVmIsAnsweredExactlyWithLittleWork() {
        List<Task> tasks = thousandTasks();
        Supply supply = new Supply(1, 0.9, 0);
        ExactResponseTimes.Result r = run(supply, tasks, 1.0);
        assertArrayEquals(NaiveResponseTimes.of(supply, tasks, 1.0, 1_000_000), r.responses(), 0.0);
        assertEquals(0, misses(r.responses()));
        assertEquals(138.608, r.responses()[0], 0);
        assertEquals(0.242, r.responses()[999], 0);
        assertTrue(NaiveResponseTimes.lastTerms > 3_000_000, "the plain iteration's terms: " + NaiveResponseTimes.lastTerms);
        assertTrue(r.work() < 150_000, "work " + r.work());
    }

    @Test
    void aThousandTaskVmJustAboveItsLoadMissesTheSameDeadlines() {
        List<Task> tasks = thousandTasks();
        Supply supply = new Supply(1, 0.72, 0);
        ExactResponseTimes.Result r = run(supply, tasks, 1.0);
        assertArrayEquals(NaiveResponseTimes.of(supply, tasks, 1.0, 1_000_000), r.responses(), 0.0);
        assertEquals(78, misses(r.responses()));
        assertEquals(221.986, r.responses()[0], 0);
        assertTrue(r.work() < 250_000, "work " + r.work());
    }
}

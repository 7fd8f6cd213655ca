package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/** The simulator's rules, one behaviour per test, on hand-checked schedules. */
class SimulatorTest {

    static final List<Task> THESIS = List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));

    static SimulationResult run(Scenario s, SimulationOptions o) {
        return Simulator.run(s, o, Progress.NONE, new Cancellation());
    }

    static SimulationOptions opts(double horizon) {
        return SimulationOptions.DEFAULT.withHorizon(horizon);
    }

    static Scenario one(VirtualMachine vm) {
        return Scenario.of("test", List.of(vm));
    }

    @ParameterizedTest(name = "T_VM={0} C={1} X={2} {3}: responses {4} {5} {6}")
    @CsvSource({
        // budget = period, no overhead: plain RM on a processor (textbook)
        "36, 36, 0, synchronous, 2, 3, 7",
        "36, 36, 0, worst-case, 2, 3, 7",
        // the thesis's VM: T=10, C=4 (THEORY.md §2 worked check)
        "10, 4, 0, worst-case, 14, 15, 36",
    })
    void largestResponseTimesOfTheThesisTaskSet(double period, double budget, double overhead, String mode,
                                                double r1, double r2, double r3) {
        Scenario s = one(VirtualMachine.of("VM1", period, budget, overhead, THESIS));
        SimulationResult r = run(s, opts(2000).withMode(SimulationMode.fromJson(mode)));
        assertEquals(r1, r.task("VM1", "t1").maxResponseTime());
        assertEquals(r2, r.task("VM1", "t2").maxResponseTime());
        assertEquals(r3, r.task("VM1", "t3").maxResponseTime());
        assertEquals(0, r.deadlineMisses());
    }

    @Test
    void edfInsideOneFullVmIsEdfOnAProcessor() {
        // (2,5),(4,7): U = 0.97; EDF meets every deadline, RM misses b at 7 (its response is 8)
        List<Task> ts = List.of(Task.of("a", 2, 5), Task.of("b", 4, 7));
        Scenario s = one(VirtualMachine.of("VM1", 35, 35, 0, ts).withScheduler(GuestScheduler.EDF));
        SimulationResult r = run(s, opts(350));
        assertEquals(0, r.deadlineMisses());
        assertEquals(70, r.task("VM1", "a").jobs());
        assertEquals(70, r.task("VM1", "a").completed());
        SimulationResult rm = run(one(VirtualMachine.of("VM1", 35, 35, 0, ts)), opts(350));
        assertEquals(8, rm.task("VM1", "b").maxResponseTime());
        assertTrue(rm.task("VM1", "b").missed() > 0);
    }

    @Test
    void worstCaseModeGivesTheThesisResponsesOfTwoTasksInAVmOfPeriodSixBudgetThree() {
        Scenario s = one(VirtualMachine.of("VM1", 6, 3, 0, List.of(Task.of("a", 1, 8), Task.of("b", 3, 15))));
        SimulationResult r = run(s, opts(600).withMode(SimulationMode.WORST_CASE));
        assertEquals(7, r.task("VM1", "a").maxResponseTime());
        assertEquals(14, r.task("VM1", "b").maxResponseTime());
    }

    @Test
    void progressIsReportedInOrderUpToOne() {
        List<Double> seen = new java.util.ArrayList<>();
        Scenario s = one(VirtualMachine.of("VM1", 10, 4, 0, THESIS));
        Simulator.run(s, opts(1e6).withTrace(false), (done, total, what) -> seen.add(Progress.ratio(done, total)),
                new Cancellation());
        assertTrue(seen.size() > 2);
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1));
        }
        assertEquals(1.0, seen.get(seen.size() - 1));
    }

    /**
     * A dedicated processor written as a VM with budget = period = 1 is replenished once (THEORY.md
     * §9.1), so the up-front work check must not count 10^8 budgets for a run to 10^8: it refused
     * the SimulationCpuRate benchmark's run although only about 2·10^6 jobs are released. In
     * worst-case mode the server is replenished every period and the check still counts them.
     */
    @Test
    void theWorkCheckCountsNoBudgetsForADedicatedProcessor() {
        List<Task> tasks = List.of(Task.of("a", 1, 100), Task.of("b", 2, 250));
        Scenario s = Scenario.of("dedicated", List.of(VirtualMachine.of("cpu", 1, 1, 0, tasks)));
        TimeBase tb = TimeBase.choose(TimeBase.values(s, SimulationOptions.DEFAULT), null);
        long h = tb.ticks(1e8);
        Simulator.checkWork(s, tb, h, SimulationMode.SYNCHRONOUS);
        org.junit.jupiter.api.Assertions.assertThrows(SimulationInputException.class,
                () -> Simulator.checkWork(s, tb, h, SimulationMode.WORST_CASE));
    }
}

package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;

/** Simulated Tmax agrees with the analytic Tmax in worst-case mode and is never below it in synchronous mode. */
class SimulatedTmaxTest {

    static final VirtualMachine THESIS = VirtualMachine.of("VM1", 10, 4, 0,
            List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));

    @ParameterizedTest
    @CsvSource({"0.3, 0", "0.4, 10", "0.5, 14", "0.6, 17.5", "0.8, 35", "0.9, 70"})
    void worstCaseSimulationFindsTheAnalyticTmaxOfTheThesisExample(double alpha, double tmax) {
        List<SimulatedTmax.Point> p = SimulatedTmax.compute(THESIS, new double[] {alpha},
                SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE));
        assertEquals(tmax, p.get(0).analyticTmax(), 1e-9);
        assertEquals(tmax, p.get(0).simulatedTmax(), 1e-9);
    }

    @Test
    void synchronousSimulatedTmaxIsNeverBelowTheAnalyticOne() {
        double[] alphas = {0.3, 0.4, 0.5, 0.6, 0.8};
        List<SimulatedTmax.Point> p = SimulatedTmax.compute(THESIS, alphas, SimulationOptions.DEFAULT);
        for (SimulatedTmax.Point x : p) {
            assertTrue(x.simulatedTmax() >= x.analyticTmax() - 1e-9, x.toString());
        }
    }

    @Test
    void worstCaseSimulatedTmaxEqualsTheAnalyticOneWithOverheadWhenItFallsOnATick() {
        VirtualMachine vm = THESIS.withServer(8, 4, 0.5);
        double[] alphas = {0.4, 0.5, 0.6, 0.7};
        for (SimulatedTmax.Point x : SimulatedTmax.compute(vm, alphas,
                SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE))) {
            assertTrue(x.simulatedTmax() <= x.analyticTmax() + 1e-9, x.toString());
            // here every analytic Tmax (13.5, 16.875, 22.5) and its budget fall on the 0.001 tick: exact agreement
            assertEquals(x.analyticTmax(), x.simulatedTmax(), 1e-9, x.toString());
        }
    }

    /** U = 2/4 + 4/12 = 0.8333: above α = 0.8, so every VM period misses sooner or later. */
    static final VirtualMachine OVERLOADED = VirtualMachine.of("VM1", 10, 8, 0,
            List.of(Task.of("t1", 2, 4), Task.of("t2", 4, 12)));

    @Test
    void aPeriodThatMissesWithinTheHorizonItNeedsIsNotCalledGood() {
        // The old horizon (task hyperperiod 12 plus two VM periods) reported 12.96 here;
        // simulating T = 12.96, C = 0.8 · 12.96 to t = 100 misses 8 deadlines.
        SimulationResult r = Simulator.run(Scenario.of("s", List.of(OVERLOADED.withServer(12.96, 0.8 * 12.96, 0))),
                SimulationOptions.DEFAULT.withHorizon(100.0).withTrace(false), null);
        assertEquals(8, r.deadlineMisses());
        SimulatedTmax.Point p = SimulatedTmax.compute(OVERLOADED, new double[] {0.8}, SimulationOptions.DEFAULT).get(0);
        assertEquals(0, p.simulatedTmax(), p.toString());
        assertTrue(p.conclusive(), p.toString());
        assertFalse(p.atSearchLimit(), p.toString());
    }

    @Test
    void synchronousPointRunsOneHyperperiodOfTasksAndVmPeriod() {
        // no overhead, no offsets: the schedule repeats after lcm(T, 16, 24, 36), in ticks of 0.01
        SimulatedTmax.Point p = SimulatedTmax.compute(THESIS, new double[] {0.5}, SimulationOptions.DEFAULT).get(0);
        assertTrue(p.conclusive(), p.toString());
        long t = Math.round(p.simulatedTmax() * 100);
        assertEquals(TimeBase.lcm(t, 14_400) / 100.0, p.horizon(), 1e-9, p.toString());
        assertTrue(p.simulatedTmax() >= 14, p.toString());
    }

    @Test
    void withOverheadAndADeferrableServerTheRunCoversTwoHyperperiods() {
        VirtualMachine vm = THESIS.withServer(8, 4, 0.5);
        SimulationOptions deferrable = SimulationOptions.DEFAULT.withServerPolicy(ServerPolicy.DEFERRABLE);
        SimulatedTmax.Point p = SimulatedTmax.compute(vm, new double[] {0.5}, deferrable, 40).get(0);
        assertTrue(p.conclusive(), p.toString());
        long t = Math.round(p.simulatedTmax() * 1000);
        assertEquals(2 * TimeBase.lcm(t, 144_000) / 1000.0, p.horizon(), 1e-9, p.toString());
    }

    @Test
    void aHyperperiodBeyondTheHorizonGivenIsReportedAsNoMissUpToIt() {
        SimulatedTmax.Point p = SimulatedTmax.compute(THESIS, new double[] {0.5},
                SimulationOptions.DEFAULT.withHorizon(100.0)).get(0);
        assertTrue(p.simulatedTmax() > 0, p.toString());
        assertFalse(p.conclusive(), p.toString());
        assertEquals(100, p.horizon(), 1e-9);
    }

    @Test
    void theLongestPeriodTriedIsABoundNotAValue() {
        // at α = 1 every period works: the search stops at its limit, twice the longest task period
        SimulatedTmax.Point p = SimulatedTmax.compute(THESIS, new double[] {1.0}, SimulationOptions.DEFAULT).get(0);
        assertTrue(p.atSearchLimit(), p.toString());
        assertEquals(72, p.searchLimit(), 1e-9);
        assertEquals(p.searchLimit(), p.simulatedTmax(), 1e-9);
        SimulatedTmax.Point below = SimulatedTmax.compute(THESIS, new double[] {0.5}, SimulationOptions.DEFAULT).get(0);
        assertFalse(below.atSearchLimit(), below.toString());
        assertTrue(below.simulatedTmax() < below.searchLimit(), below.toString());
    }

    @Test
    void withTaskOffsetsThePointIsConclusiveOnlyOnceBoundariesFindNothingPending() {
        // t1 released at 1: at the boundaries 0 + k·H its job of [1, 17) is never pending, so the
        // schedule repeats and the point is conclusive
        VirtualMachine vm = THESIS.withTasks(List.of(new Task("t1", 2, 16, 16, 1), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));
        SimulatedTmax.Point p = SimulatedTmax.compute(vm, new double[] {0.5}, SimulationOptions.DEFAULT, 40).get(0);
        assertTrue(p.simulatedTmax() > 0, p.toString());
        assertTrue(p.conclusive(), p.toString());
    }

    @Test
    void cancellingStopsTheSearch() {
        Cancellation cancel = new Cancellation();
        cancel.cancel();
        assertThrows(CancelledException.class,
                () -> SimulatedTmax.compute(THESIS, new double[] {0.5}, SimulationOptions.DEFAULT, null, cancel));
    }
}

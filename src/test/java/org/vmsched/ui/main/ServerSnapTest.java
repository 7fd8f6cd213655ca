package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

/** Where a click on the map or the Tmax curve puts the server of the thesis example's VM1. */
class ServerSnapTest {

    final Scenario thesis = MainViewModelTest.thesisExampleScenario();

    @Test
    void nearTheIsolatedPointTenAtAlphaPointFourTheClickLandsExactlyOnIt() {
        // a hand's width beside the dot: 0.0023 in α, 5 pixels of 0.01 time units in T
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, 0.4023, 10.05, 0.002, 0.01, false);
        assertEquals(0.4, s.alpha(), 0.0);
        assertEquals(10.0, s.period(), 0.0);
        assertEquals(4.0, s.budget(), 0.0);
    }

    @Test
    void theThesisExampleHasTheIsolatedPointTenAtAlphaPointFour() {
        var vm = thesis.vms().get(0);
        List<Interval> good = GoodPeriods.of(vm.tasks(), vm.scheduler()).intervals(0.4, 0, 0.001);
        assertEquals(new Interval(10, 10), good.get(good.size() - 1), good.toString());
    }

    @ParameterizedTest
    @CsvSource({
            // click α, click T, time units per pixel -> α, T (round values away from any good boundary)
            "0.6049, 14.133, 0.05, 0.6, 14.2",
            "0.6049, 14.133, 0.005, 0.6, 14.14",
            "0.6049, 14.133, 0.1, 0.6, 14",
            "0.7, 3.1234, 0.01, 0.7, 3.1",
    })
    void awayFromGoodBoundariesTheClickIsRoundedToTheChartsScale(double a, double t, double perPixel, double wantA,
                                                                 double wantT) {
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, a, t, 0.001, perPixel, false);
        assertEquals(wantA, s.alpha(), 0.0);
        assertEquals(wantT, s.period(), 0.0);
    }

    @Test
    void withinEightPixelsOfAGoodIntervalsEndTheClickLandsOnTheEnd() {
        // at 0.5 time units per pixel 14.133 is 6.7 pixels below 17.5, where a good interval of α = 0.6 has its boundary
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, 0.6049, 14.133, 0.001, 0.5, false);
        assertEquals(17.5, s.period(), 0.0);
    }

    @Test
    void onTheTmaxCurveTheClickLandsOnTmaxOfAlpha() {
        var vm = thesis.vms().get(0);
        List<Interval> good = GoodPeriods.of(vm.tasks(), vm.scheduler()).intervals(0.6, 0, 0.001);
        double tmax = GoodPeriods.tmaxOf(good);
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, 0.6012, tmax + 0.04, 0.001, 0.01, true);
        assertEquals(0.6, s.alpha(), 0.0);
        assertEquals(tmax, s.period(), 0.0);
    }

    @Test
    void aClickOutsideTheRangeSetsNothing() {
        assertNull(ServerSnap.snap(thesis, 0, -0.2, 10, 0.001, 0.01, false));
        assertNull(ServerSnap.snap(thesis, 0, 0.4, -3, 0.001, 0.01, false));
    }

    @Test
    void theRoundStepIsOneTwoOrFiveTimesAPowerOfTenOfAtLeastFourPixels() {
        assertEquals(0.05, ServerSnap.roundStep(0.01));
        assertEquals(0.1, ServerSnap.roundStep(0.02));
        assertEquals(1, ServerSnap.roundStep(0.2));
        assertEquals(2, ServerSnap.roundStep(0.3));
    }

    @ParameterizedTest
    @CsvSource({"0.52, false", "0.57, false", "0.62, false", "0.66, false", "0.52, true", "0.62, true"})
    void aClickOnTheLongestGoodPeriodSetsASchedulableDecimalThatSimulatesWithoutAMiss(double alpha, boolean onCurve) {
        // issue 18: the staircase edge set T = 18.42105263157895 (just above 350/19) and gave NOT schedulable
        var vm = thesis.vms().get(0);
        double tmax = GoodPeriods.tmaxOf(GoodPeriods.of(vm.tasks(), vm.scheduler()).intervals(alpha, 0, 0.016));
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, alpha, tmax + 0.01, 0.001, 0.01, onCurve);
        assertTrue(new java.math.BigDecimal(Double.toString(s.period())).stripTrailingZeros().precision() <= 6, "" + s);
        assertTrue(s.period() <= tmax && s.period() > tmax * (1 - 1e-5), s + " vs Tmax " + tmax);
        assertTrue(s.note().startsWith("Tmax = "), s.note());
        VirtualMachine moved = vm.withServer(s.period(), s.budget(), 0);
        Scenario after = thesis.withVms(List.of(moved));
        VmVerdict v = SystemAnalysis.analyze(after).vms().get(0);
        assertTrue(v.schedulable(), s + ": " + v);
        SimulationResult sim = Simulator.run(after, SimulationOptions.from(after.simulation()), null);
        assertEquals(0, sim.vm("VM1").tasks().stream().mapToLong(t -> t.missed()).sum(), s.toString());
    }

    @Test
    void theStatusNoteShowsTheExactEndBesideTheChosenValues() {
        ServerSnap.Server s = ServerSnap.snap(thesis, 0, 0.62, 18.43, 0.001, 0.01, true);
        assertEquals("Tmax = 350/19 ≈ 18.421053; set T = 18.4210, C = 11.4211", s.note());
        assertEquals(18.421, s.period(), 0.0);
        assertEquals(11.4211, s.budget(), 0.0);
    }
}

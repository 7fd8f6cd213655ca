package org.vmsched.ui.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.analysis.Interval;
import org.vmsched.model.Scenario;

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
}

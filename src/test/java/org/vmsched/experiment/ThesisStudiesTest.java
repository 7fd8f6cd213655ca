package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ExperimentJson;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The thesis's findings (THEORY.md §5) hold in the built-in runs of
 * scenarios/experiments/thesis-tmax.json and thesis-overhead.json with their own seed.
 */
class ThesisStudiesTest {

    static TmaxResult tmax;
    static OverheadResult overhead;

    @BeforeAll
    static void runBothStudies() throws Exception {
        ExperimentRunner runner = new ExperimentRunner(2);
        tmax = (TmaxResult) runner.run(ExperimentJson.load(Path.of("scenarios/experiments/thesis-tmax.json")),
                Progress.NONE, new Cancellation());
        overhead = (OverheadResult) runner.run(ExperimentJson.load(Path.of("scenarios/experiments/thesis-overhead.json")),
                Progress.NONE, new Cancellation());
    }

    @Test
    void tmaxStudyHasOnePointPerNUAndAlphaOverTenSets() {
        assertEquals(81, tmax.points().size());
        assertEquals(810, tmax.samples().size());
        assertTrue(tmax.points().stream().allMatch(p -> p.sets() == 10));
    }

    @Test
    void everyMeanTmaxOverT1LiesBelowTheUpperBound() {
        for (TmaxPoint p : tmax.points()) {
            assertTrue(p.meanTmaxOverT1() < p.upperBound(), p.toString());
        }
        for (TmaxSample s : tmax.samples()) {
            assertTrue(s.tmaxOverT1() < 1 / (2 * (1 - s.alpha())), s.toString());
        }
    }

    @Test
    void tmaxIsZeroWhereTheBandwidthDoesNotExceedTheUtilization() {
        int zeros = 0;
        for (TmaxPoint p : tmax.points()) {
            if (p.alpha() <= p.u() + 1e-9) {
                assertEquals(0, p.meanTmaxOverT1(), p.toString());
                zeros++;
            } else {
                assertTrue(p.meanTmaxOverT1() > 0, p.toString());
            }
        }
        assertEquals(3 * (1 + 2 + 3), zeros);
    }

    @Test
    void meanTmaxIsCloseToTheBoundOnceAlphaIsWellAboveU() {
        for (TmaxPoint p : tmax.points()) {
            if (p.alpha() >= p.u() + 0.2 - 1e-9) {
                assertTrue(p.meanTmaxOverT1() >= 0.93 * p.upperBound(), p.toString());
            }
        }
    }

    @Test
    void spreadIsLargestJustAboveU() {
        for (int n : tmax.study().n()) {
            for (double u : tmax.study().u()) {
                List<TmaxPoint> row = tmax.points().stream().filter(p -> p.n() == n && p.u() == u).toList();
                TmaxPoint first = row.stream().filter(p -> p.alpha() > u + 1e-9).findFirst().orElseThrow();
                double max = row.stream().mapToDouble(TmaxPoint::stdOverMean).max().orElseThrow();
                assertTrue(first.stdOverMean() >= max * (1 - 1e-9), "n=" + n + " u=" + u + ": " + row);
            }
        }
        // Where the spread is large at all (u = 0.2, 0.3), it is far larger just above u than anywhere else.
        for (double u : List.of(0.2, 0.3)) {
            double justAbove = Math.round(u * 10 + 1) / 10.0;
            double there = tmax.points().stream().filter(p -> p.u() == u && p.alpha() == justAbove)
                    .mapToDouble(TmaxPoint::stdOverMean).max().orElseThrow();
            double elsewhere = tmax.points().stream().filter(p -> p.u() == u && p.alpha() != justAbove)
                    .mapToDouble(TmaxPoint::stdOverMean).max().orElseThrow();
            assertTrue(there > 0.1 && there > 5 * elsewhere, "u=" + u + ": " + there + " vs " + elsewhere);
        }
    }

    @Test
    void overheadStudyHasSixtyCurvesOfFiveHundredPeriods() {
        assertEquals(12 * 5, overhead.curves().size());
        for (OverheadCurve c : overhead.curves()) {
            assertEquals(500, c.points().size());
            assertEquals(1, c.points().get(0).period());
            assertEquals(500, c.points().get(499).period());
        }
    }

    @Test
    void everyOverheadCurveIsHighAtSmallPeriodsFallsThenRisesAgain() {
        for (OverheadCurve c : overhead.curves()) {
            List<OverheadPoint> pts = c.points();
            int argMin = 0;
            for (int i = 0; i < pts.size(); i++) {
                if (pts.get(i).meanMaxResponseRatio() < pts.get(argMin).meanMaxResponseRatio()) {
                    argMin = i;
                }
            }
            double min = pts.get(argMin).meanMaxResponseRatio();
            String what = "u=" + c.u() + " alpha=" + c.alpha() + " X=" + c.overhead();
            // At T = 1 the budget α·T is at most the overhead: no useful supply, the cap.
            assertEquals(overhead.study().responseRatioCap(), pts.get(0).meanMaxResponseRatio(), what);
            assertTrue(argMin > 0 && argMin < pts.size() - 1, what + ": minimum at an end");
            // It rises again as the blackout grows, visibly so where the left bound leaves room
            // (for X = 16 at α = 0.14 the left bound is 400 and the minimum comes late).
            if (c.leftBound() <= 250) {
                assertTrue(pts.get(pts.size() - 1).meanMaxResponseRatio() > 1.5 * min, what + ": no rise at T = 500");
            }
            // The minimum lies right of the left bound (the load needs X/(α − u)).
            assertTrue(pts.get(argMin).period() >= c.leftBound(), what);
        }
    }

    @Test
    void theMeanNeverFallsBelowTheMeanLowerBoundLine() {
        for (OverheadCurve c : overhead.curves()) {
            for (OverheadPoint p : c.points()) {
                assertTrue(p.meanMaxResponseRatio() >= Math.min(overhead.study().responseRatioCap(), c.lowerBoundLine(p.period())) - 1e-9,
                        "u=" + c.u() + " alpha=" + c.alpha() + " X=" + c.overhead() + " T=" + p.period());
            }
        }
    }

    static double minimum(double u, double alpha, double x) {
        return overhead.curves().stream().filter(c -> c.u() == u && c.alpha() == alpha && c.overhead() == x)
                .flatMap(c -> c.points().stream()).mapToDouble(OverheadPoint::meanMaxResponseRatio).min().orElseThrow();
    }

    @Test
    void atUtilizationPointOneOverheadsOfEightAndSixteenNeverGetTheMeanBelowOne() {
        for (double alpha : List.of(0.14, 0.16, 0.18, 0.2)) {
            assertTrue(minimum(0.1, alpha, 8) > 1, "alpha " + alpha);
            assertTrue(minimum(0.1, alpha, 16) > 1, "alpha " + alpha);
        }
    }

    @Test
    void atUtilizationPointTwoOverheadSixteenStaysAboveOneWhileEightDipsBelowAtPointFour() {
        for (double alpha : List.of(0.28, 0.32, 0.36, 0.4)) {
            assertTrue(minimum(0.2, alpha, 16) > 1, "alpha " + alpha);
        }
        assertTrue(minimum(0.2, 0.4, 8) < 1);
    }

    @Test
    void atUtilizationPointThreeTheMeanDipsBelowOneAtPointFiftyFourAndPointSix() {
        for (double x : List.of(1.0, 2.0, 4.0)) {
            assertTrue(minimum(0.3, 0.54, x) < 1, "X " + x);
            assertTrue(minimum(0.3, 0.6, x) < 1, "X " + x);
        }
    }
}

package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.Bounds;
import org.vmsched.io.ExperimentCsv;
import org.vmsched.io.ExperimentJson;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;

/**
 * Simulated points in the studies: in worst-case mode they agree with the analysis of the same
 * rounded task sets (Tmax never above it and equal to it on the tick; response ratios equal
 * wherever the analysis says at most 1), they are reproducible, and they are only computed
 * when asked for.
 */
class SimulatedPointsTest {

    static final ThesisGenerator GEN = new ThesisGenerator(100, 1000, 100);

    static Experiment tmax(int sets, int simulatedSets) {
        return new Experiment(1, "s", "", 11, sets, GEN, new TmaxStudy(List.of(6), List.of(0.1, 0.25),
                List.of(0.2, 0.4, 0.6, 0.8, 0.9), 0, new TmaxStudy.Simulated(SimulationMode.WORST_CASE, simulatedSets, 30, 2, 1)));
    }

    static TmaxResult run(Experiment e, int threads) throws Exception {
        return (TmaxResult) new ExperimentRunner(threads).run(e, Progress.NONE, new Cancellation());
    }

    private static boolean onTick(double x) {
        double t = x * 100;
        return Math.abs(t - Math.rint(t)) < 1e-6;
    }

    @Test
    void worstCaseSimulatedTmaxIsNeverAboveTheAnalysisOfTheRoundedSetAndEqualOnTheTick() throws Exception {
        TmaxResult r = run(tmax(4, 3), 2);
        int equalOnTick = 0;
        int simulated = 0;
        for (TmaxSample s : r.samples()) {
            if (s.set() >= 3) {
                assertTrue(!s.simulated() && Double.isNaN(s.roundedTmax()), s.toString());
                continue;
            }
            simulated++;
            assertTrue(s.simulatedTmax() <= s.roundedTmax() + 1e-9, s.toString());
            // rounding the set (wcet up, period down) never makes Tmax longer
            assertTrue(s.roundedTmax() <= s.tmax() + 1e-9, s.toString());
            if (s.roundedTmax() > 0 && onTick(s.roundedTmax()) && onTick(s.alpha() * s.roundedTmax())) {
                assertEquals(s.roundedTmax(), s.simulatedTmax(), 1e-9, s.toString());
                equalOnTick++;
            }
        }
        assertEquals(2 * 5 * 3, simulated);
        assertTrue(equalOnTick >= 5, "only " + equalOnTick + " analytic Tmax values on the tick: the check checks little");
    }

    @Test
    void pointsCarryTheMeansOfTheSimulatedSets() throws Exception {
        TmaxResult r = run(tmax(4, 3), 1);
        for (TmaxPoint p : r.points()) {
            assertEquals(3, p.simulatedSets());
            double rounded = 0;
            double sim = 0;
            for (TmaxSample s : r.samples()) {
                if (s.n() == p.n() && s.u() == p.u() && s.alpha() == p.alpha() && s.simulated()) {
                    rounded += s.roundedTmax() / s.roundedT1();
                    sim += s.simulatedTmax() / s.roundedT1();
                }
            }
            assertEquals(rounded / 3, p.meanRoundedAnalyticTmaxOverT1(), 1e-12);
            assertEquals(sim / 3, p.meanSimulatedTmaxOverT1(), 1e-12);
            assertTrue(p.meanSimulatedTmaxOverT1() <= p.meanRoundedAnalyticTmaxOverT1() + 1e-12, p.toString());
        }
    }

    @Test
    void simulatedPointsGiveTheSameBytesOnOneAndThreeThreads() throws Exception {
        Experiment e = tmax(3, 2);
        TmaxResult one = run(e, 1);
        TmaxResult three = run(e, 3);
        assertEquals(ExperimentCsv.tmaxPoints(one) + ExperimentCsv.tmaxSamples(one),
                ExperimentCsv.tmaxPoints(three) + ExperimentCsv.tmaxSamples(three));
        assertTrue(ExperimentCsv.tmaxPoints(one).startsWith(
                "n,u,alpha,sets,meanTmaxOverT1,stdOverMean,upperBound,simulatedSets,meanRoundedAnalyticTmaxOverT1,meanSimulatedTmaxOverT1\n"));
    }

    @Test
    void withoutSimulatedPointsTheAnalyticNumbersAndColumnsAreUnchanged() throws Exception {
        Experiment with = tmax(2, 2);
        TmaxStudy st = (TmaxStudy) with.study();
        Experiment without = new Experiment(1, "s", "", 11, 2, GEN, new TmaxStudy(st.n(), st.u(), st.alpha(), 0));
        TmaxResult a = run(with, 2);
        TmaxResult b = run(without, 2);
        for (int i = 0; i < a.points().size(); i++) {
            assertEquals(b.points().get(i).meanTmaxOverT1(), a.points().get(i).meanTmaxOverT1());
            assertEquals(0, b.points().get(i).simulatedSets());
        }
        assertTrue(ExperimentCsv.tmaxPoints(b).startsWith("n,u,alpha,sets,meanTmaxOverT1,stdOverMean,upperBound\n"));
    }

    /**
     * Cancelled after the first unit: the other worker is then usually inside a simulation, which
     * stops with a CancellationException; either way the caller sees a cancelled run, not an error.
     */
    @Test
    void cancellingDuringSimulatedPointsGivesACancelledRun() {
        Cancellation c = new Cancellation();
        assertThrows(CancelledException.class,
                () -> new ExperimentRunner(2).run(tmax(4, 4), (done, total, what) -> c.cancel(), c));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(doubles = {1, 100})
    void simulatedResponseRatiosEqualTheAnalysisOfTheRoundedSetWhereverThatIsAtMostOne(double resolution) {
        SimulatedResponseRatios sim = new SimulatedResponseRatios(resolution);
        double cap = 10;
        int compared = 0;
        int beyond = 0;
        for (int set = 0; set < 3; set++) {
            List<Task> tasks = GEN.generate(5, 0.2, RandomStreams.forTaskSet(7, 5, 0.2, set));
            List<Task> rounded = TaskSetRounding.round(tasks, resolution);
            for (double alpha : new double[] {0.3, 0.5}) {
                for (double x : new double[] {1, 4}) {
                    for (double t = 1; t <= 200; t += 7) {
                        double a = Bounds.maxResponseRatio(rounded, alpha, x, t, cap);
                        double s = sim.maxResponseRatio(tasks, alpha, x, t, cap);
                        String what = "set " + set + " α " + alpha + " X " + x + " T " + t;
                        if (a <= 1) {
                            assertEquals(a, s, 1e-9, what);
                            compared++;
                        } else {
                            // the first job after the critical instant already takes the analysis's time
                            assertTrue(s >= a - 1e-9 && s <= cap, what + ": analysis " + a + ", simulation " + s);
                            beyond++;
                        }
                    }
                }
            }
        }
        assertTrue(compared >= 50 && beyond >= 20, compared + " schedulable points, " + beyond + " beyond");
    }

    @Test
    void overheadStudyWithTheSimulatedSourceIsNeverBelowTheAnalysisOfTheUnroundedSets() throws Exception {
        OverheadStudy analysis = new OverheadStudy(5, List.of(new OverheadStudy.Panel(0.2, List.of(0.4))), List.of(2.0),
                new PeriodGrid(1, 120, 3), 10, OverheadStudy.Source.ANALYSIS);
        OverheadStudy simulation = new OverheadStudy(5, analysis.panels(), analysis.overhead(), analysis.periods(), 10,
                OverheadStudy.Source.SIMULATION, 1);
        OverheadResult a = (OverheadResult) new ExperimentRunner(2).run(new Experiment(1, "a", "", 3, 3, GEN, analysis),
                Progress.NONE, new Cancellation());
        Experiment se = new Experiment(1, "s", "", 3, 3, GEN, simulation);
        OverheadResult s = (OverheadResult) new ExperimentRunner(2).run(se, Progress.NONE, new Cancellation());
        OverheadResult s1 = (OverheadResult) new ExperimentRunner(1).run(se, Progress.NONE, new Cancellation());
        assertEquals(ExperimentCsv.overheadPoints(s1), ExperimentCsv.overheadPoints(s));
        List<OverheadPoint> ap = a.curves().get(0).points();
        List<OverheadPoint> sp = s.curves().get(0).points();
        for (int i = 0; i < ap.size(); i++) {
            // rounding (wcet up, period down) only makes response ratios larger
            assertTrue(sp.get(i).meanMaxResponseRatio() >= ap.get(i).meanMaxResponseRatio() - 1e-9, ap.get(i) + " " + sp.get(i));
        }
    }

    @Test
    void builtInSimulatedTmaxFileLoadsWithItsSettings() throws Exception {
        Experiment e = ExperimentJson.load(Path.of("scenarios/experiments/thesis-tmax-simulated.json"));
        TmaxStudy st = (TmaxStudy) e.study();
        assertEquals(new TmaxStudy.Simulated(SimulationMode.WORST_CASE, 3, 50, 2, 1), st.simulated());
        assertEquals(List.of(10), st.n());
    }
}

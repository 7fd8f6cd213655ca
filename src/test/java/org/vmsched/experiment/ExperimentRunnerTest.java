package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.Bounds;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Progress;

/** The runner: progress, cancellation, validation, and means that match the analysis set by set. */
class ExperimentRunnerTest {

    static final ThesisGenerator GEN = new ThesisGenerator(100, 1000, 100);

    static Experiment tmax(int sets) {
        return new Experiment(1, "t", "", 7, sets, GEN, new TmaxStudy(List.of(5, 8), List.of(0.2), List.of(0.3, 0.6), 0));
    }

    static Experiment overhead(int sets) {
        return new Experiment(1, "o", "", 7, sets, GEN, new OverheadStudy(6, List.of(new OverheadStudy.Panel(0.2, List.of(0.3, 0.4))),
                List.of(1.0, 4.0), new PeriodGrid(1, 60, 0.5), 10, OverheadStudy.Source.ANALYSIS));
    }

    @Test
    void progressCountsEveryUnitUpToTheTotalWithoutGoingBack() throws Exception {
        List<long[]> calls = Collections.synchronizedList(new ArrayList<>());
        new ExperimentRunner(3).run(overhead(4), (done, total, what) -> calls.add(new long[] {done, total}), new Cancellation());
        assertTrue(calls.size() >= 1);
        long total = 2 * 2; // curves × blocks of 32 sets
        assertEquals(total, calls.get(calls.size() - 1)[0]);
        for (int i = 0; i < calls.size(); i++) {
            assertEquals(total, calls.get(i)[1]);
            assertTrue(i == 0 || calls.get(i)[0] > calls.get(i - 1)[0]);
        }
    }

    @Test
    void cancellingFromTheListenerStopsTheRun() {
        Cancellation cancel = new Cancellation();
        long[] last = {0};
        assertThrows(CancelledException.class, () -> new ExperimentRunner(2).run(tmax(50), (done, total, what) -> {
            last[0] = done;
            if (done >= 3) {
                cancel.cancel();
            }
        }, cancel));
        // Units already started finish; no new one starts (2 threads, cancel at 3).
        assertTrue(last[0] <= 5, "ran on after cancel: " + last[0]);
    }

    @Test
    void invalidExperimentIsRefusedBeforeAnyWork() {
        InvalidExperimentException e = assertThrows(InvalidExperimentException.class,
                () -> new ExperimentRunner(1).run(tmax(0), Progress.NONE, new Cancellation()));
        assertEquals("sets must be between 1 and 10000, got 0", e.getMessage());
    }

    @Test
    void tmaxPointsAreMeansOfTheAnalysisOverTheSameSets() throws Exception {
        Experiment e = tmax(3);
        TmaxResult r = (TmaxResult) new ExperimentRunner(2).run(e, Progress.NONE, new Cancellation());
        List<List<Task>> sets = ExperimentRunner.taskSets(e, 8, 0.2);
        double sum = 0;
        double[] v = new double[3];
        for (int s = 0; s < 3; s++) {
            GoodPeriods gp = GoodPeriods.of(sets.get(s), GuestScheduler.RM);
            v[s] = gp.tmax(0.6, 0, gp.defaultMinPeriod()) / Bounds.firstTask(sets.get(s)).period();
            sum += v[s];
        }
        double mean = sum / 3;
        double var = 0;
        for (double x : v) {
            var += (x - mean) * (x - mean);
        }
        TmaxPoint p = r.points().stream().filter(q -> q.n() == 8 && q.alpha() == 0.6).findFirst().orElseThrow();
        assertEquals(mean, p.meanTmaxOverT1(), 1e-12);
        assertEquals(Math.sqrt(var / 2) / mean, p.stdOverMean(), 1e-9);
        assertEquals(1 / (2 * (1 - 0.6)), p.upperBound(), 1e-12);
    }

    @Test
    void overheadPointsAreCappedMeansOfTheAnalysisOverTheSameSets() throws Exception {
        Experiment e = overhead(3);
        OverheadResult r = (OverheadResult) new ExperimentRunner(2).run(e, Progress.NONE, new Cancellation());
        List<List<Task>> sets = ExperimentRunner.taskSets(e, 6, 0.2);
        OverheadCurve c = r.panel(0.2, 0.4).get(1);
        assertEquals(4.0, c.overhead());
        for (OverheadPoint p : c.points()) {
            double sum = 0;
            for (List<Task> s : sets) {
                sum += Bounds.maxResponseRatio(s, 0.4, 4, p.period(), 10);
            }
            assertEquals(sum / 3, p.meanMaxResponseRatio(), 1e-12);
        }
        assertEquals(4 / (0.4 - 0.2), c.leftBound(), 1e-9);
        double line = 0;
        for (List<Task> s : sets) {
            Task first = Bounds.firstTask(s);
            line += Bounds.lowerBoundLine(0.4, 4, first.period(), first.wcet(), 30);
        }
        assertEquals(line / 3, c.lowerBoundLine(30), 1e-12);
    }

    @Test
    void anotherResponseRatioSourceIsUsedForTheOverheadStudy() throws Exception {
        OverheadResult r = (OverheadResult) new ExperimentRunner(2, (tasks, a, x, t, cap) -> 0.5)
                .run(overhead(2), Progress.NONE, new Cancellation());
        assertTrue(r.curves().stream().flatMap(c -> c.points().stream()).allMatch(p -> p.meanMaxResponseRatio() == 0.5));
    }
}

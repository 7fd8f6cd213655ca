package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.Problem;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.Progress;

/**
 * The acceptance study (THEORY.md §16): systems drawn from (seed, u, index) alone, valid
 * scenarios, counts independent of threads and shards (the shards' sum is the whole run), the
 * seed's hierarchy systems judged as {@code reproduce cbs-fpfp} judges them, and the validator's
 * messages naming the field.
 */
class AcceptanceStudyTest {

    /** Six systems of two one-vCPU VMs on two cores: seconds, not minutes. */
    static Experiment tiny(long seed) {
        return new Experiment(1, "tiny", "", seed, 3,
                new MultiprocessorTaskSets(MultiprocessorTaskSets.Utilisations.RANDFIXEDSUM, 1, 10, 100, 1,
                        MultiprocessorTaskSets.Deadlines.IMPLICIT, 2),
                new AcceptanceStudy(List.of(0.1, 0.3), new VcpuSystems(2, 4, 2, 1, true, 0.25, 3, 0),
                        List.of("global-edf", "partitioned-edf", "simulation"), 1));
    }

    static AcceptanceResult run(Experiment e, Shard s, int threads) throws Exception {
        return AcceptanceRunner.run(new ExperimentRunner(threads), e, s, Progress.NONE, new Cancellation());
    }

    @Test
    void theShardsOfAStudyAddUpToItsWholeRun() throws Exception {
        Experiment e = tiny(32);
        AcceptanceResult whole = (AcceptanceResult) new ExperimentRunner(2).run(e, Progress.NONE, new Cancellation());
        for (int n : new int[] {2, 4, 7}) { // 7 shards of 6 systems: one is empty
            List<AcceptanceResult> shards = new ArrayList<>();
            for (int i = n - 1; i >= 0; i--) { // any order
                shards.add(run(e, new Shard(i, n), 1));
            }
            assertEquals(whole, AcceptanceResult.merge(shards), "n = " + n);
        }
        assertEquals(3, whole.systems(0));
        assertTrue(whole.accepted(0, 2) > 0 && whole.accepted(0, 0) > 0, "not vacuous: " + whole.points());
        assertEquals(List.of("global-edf", "partitioned-edf", "simulation"),
                whole.points().subList(0, 3).stream().map(AcceptanceResult.Point::test).toList());
    }

    @Test
    void partitionedCbsJudgesRmGuestsAndLeavesEdfGuestsToTheOtherTests() throws Exception {
        // CBS/FP analyses fixed priorities inside (THEORY §11.1): with RM guests it proves systems,
        // with EDF guests it is undecided on every one, as `analyze` says
        for (boolean edf : new boolean[] {false, true}) {
            Experiment e = new Experiment(1, "cbs", "", 32, 3, tiny(32).generator(), new AcceptanceStudy(List.of(0.1),
                    new VcpuSystems(2, 4, 2, 1, edf, 0.25, 3, 0), List.of("partitioned-cbs", "partitioned-rm"), 1));
            AcceptanceResult r = run(e, Shard.WHOLE, 2);
            assertEquals(edf, r.accepted(0, 0) == 0, "EDF inside: " + edf + ", " + r.points());
            assertTrue(r.accepted(0, 1) > 0, "the systems are light enough to prove: " + r.points());
        }
    }

    @Test
    void countsDoNotDependOnTheThreads() throws Exception {
        Experiment e = tiny(5);
        assertEquals(run(e, Shard.WHOLE, 1), run(e, Shard.WHOLE, 3));
    }

    @Test
    void aSystemDependsOnlyOnSeedPointAndIndex() {
        Experiment e = tiny(32);
        SystemShape shape = ((AcceptanceStudy) e.study()).shape();
        GeneratedSystem a = shape.generate(e, 0.3, 2);
        // more systems per point, other points: the same system
        Experiment wider = new Experiment(1, "tiny", "", 32, 50, e.generator(), new AcceptanceStudy(List.of(0.05, 0.3, 0.9),
                shape, List.of("simulation"), 1));
        assertEquals(a.scenario(), shape.generate(wider, 0.3, 2).scenario());
        assertNotEquals(a.scenario(), shape.generate(e, 0.3, 1).scenario());
        assertNotEquals(a.scenario(), shape.generate(tiny(33), 0.3, 2).scenario());
    }

    @Test
    void generatedSystemsAreValidScenariosWithTheRequestedLoad() {
        Experiment e = new Experiment(1, "v", "", 1, 10,
                new MultiprocessorTaskSets(MultiprocessorTaskSets.Utilisations.UUNIFAST_DISCARD, 1, 10, 1000, 10,
                        MultiprocessorTaskSets.Deadlines.CONSTRAINED, 2),
                new AcceptanceStudy(List.of(0.4), new VcpuSystems(4, 12, 3, 2, false, 0.5, 2, 0.05), List.of("global-edf"), 1));
        assertEquals(List.of(), ExperimentValidator.problems(e));
        for (int i = 0; i < 10; i++) {
            GeneratedSystem g = ((AcceptanceStudy) e.study()).shape().generate(e, 0.4, i);
            assertEquals(List.of(), ScenarioValidator.validate(g.scenario()), g.scenario().toString());
            double load = g.scenario().vms().stream().flatMap(v -> v.tasks().stream()).mapToDouble(t -> t.wcet() / t.period()).sum();
            assertEquals(0.4 * 4, load, 12 * 0.01 / 10 + 1e-9); // WCETs rounded up to 0.01 at periods ≥ 10
            assertEquals(3, g.scenario().vms().size());
            assertTrue(g.scenario().vms().stream().allMatch(v -> v.vcpus() == 2 && v.budget() <= v.period()
                    && v.budget() > v.overhead()));
        }
    }

    @Test
    void theSeedsHierarchySystemsAreJudgedAsReproduceCbsFpFpJudgesThem() throws Exception {
        List<Double> us = List.of(0.5, 0.85, 0.95);
        Experiment e = new Experiment(1, "seed", "", 1, 12, new UUniFast(10, 200, UUniFast.PeriodDistribution.UNIFORM),
                new AcceptanceStudy(us, new HierarchySystems(2, 4, 2, 5), List.of("cbs-fp", "fp-fp-best-order", "fp-fp-by-period"), 1));
        assertEquals(List.of(), ExperimentValidator.problems(e));
        AcceptanceResult r = run(e, Shard.WHOLE, 2);
        HierarchyComparison.Result seed = HierarchyComparison.run(
                new HierarchyComparison.Params(1, 12, us, 2, 4, 2, 5, 10, 200, 4, 0), new Cancellation());
        for (int p = 0; p < us.size(); p++) {
            HierarchyComparison.Point sp = seed.points().get(p);
            assertEquals(List.of((long) sp.cbsFp(), (long) sp.fpFpOptimal(), (long) sp.fpFpByPeriod()),
                    List.of(r.accepted(p, 0), r.accepted(p, 1), r.accepted(p, 2)), "u = " + us.get(p));
        }
        assertTrue(r.accepted(2, 0) < 12, "at U = 0.95 some system fails CBS/FP: the comparison is not vacuous");
    }

    @Test
    void mergeRefusesAMissingARepeatedAndAForeignShard() throws Exception {
        Experiment e = tiny(32);
        AcceptanceResult s0 = run(e, new Shard(0, 3), 1);
        AcceptanceResult s1 = run(e, new Shard(1, 3), 1);
        AcceptanceResult s2 = run(e, new Shard(2, 3), 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AcceptanceResult.merge(List.of(s0, s2)))
                .getMessage().contains("shard 1/3 missing"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AcceptanceResult.merge(List.of(s0, s1, s1, s2)))
                .getMessage().contains("shard 1/3 is given twice"));
        AcceptanceResult other = run(tiny(33), new Shard(1, 3), 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AcceptanceResult.merge(List.of(s0, other, s2)))
                .getMessage().contains("another experiment"));
    }

    @Test
    void wilsonIntervalsMatchTheTextbookAndHoldTheShare() {
        // 0 of 20: the "rule of three"-like upper end 16.1 % (Wilson 1927; Brown, Cai and DasGupta 2001)
        WilsonInterval zero = WilsonInterval.of(0, 20);
        assertEquals(0, zero.low());
        assertEquals(0.16112515805281938, zero.high(), 1e-15);
        WilsonInterval half = WilsonInterval.of(10, 20);
        assertEquals(1 - half.high(), half.low(), 1e-15);
        assertEquals(0.2993, half.low(), 1e-4);
        for (int n = 1; n <= 40; n++) {
            for (int k = 0; k <= n; k++) {
                WilsonInterval w = WilsonInterval.of(k, n);
                double p = (double) k / n;
                assertTrue(0 <= w.low() && w.low() <= p && p <= w.high() && w.high() <= 1, k + "/" + n + ": " + w);
            }
        }
    }

    @Test
    void theValidatorNamesTheFieldOfEveryAcceptanceProblem() {
        Experiment e = new Experiment(1, "bad", "", 1, 5, new UUniFast(10, 100, UUniFast.PeriodDistribution.UNIFORM),
                new AcceptanceStudy(List.of(0.5, 1.5), new VcpuSystems(2, 3, 4, 3, true, 0.25, 3, 0),
                        List.of("global-edf", "cbs-fp", "no-such-test", "global-edf"), 0));
        List<String> paths = ExperimentValidator.problems(e).stream().map(Problem::path).toList();
        assertEquals(List.of("grid.u[1]", "generator.method", "measure.tests[1]", "measure.tests[2]", "measure.tests[3]",
                "measure.horizonPeriods"), paths);
        Experiment high = new Experiment(1, "high", "", 1, 5, tiny(1).generator(), new AcceptanceStudy(List.of(0.9),
                new VcpuSystems(8, 4, 2, 9, true, 0.25, 3, 0), List.of("simulation"), 1));
        List<Problem> p = ExperimentValidator.problems(high);
        assertEquals(List.of("grid.vcpus", "grid.u[0]"), p.stream().map(Problem::path).toList(), p.toString());
        assertTrue(p.get(1).message().contains("grid.tasks × generator.utilisationMax"), p.get(1).message());
    }
}

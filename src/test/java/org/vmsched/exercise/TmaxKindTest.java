package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.ExactInterval;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class TmaxKindTest {

    private static final TmaxKind TMAX = new TmaxKind();

    /** THEORY.md §3: (2,16), (1,24), (4,36) at α = 0.4, X = 0: (0, 7.333] ∪ [7.5, 8] ∪ [8.333, 9.1667] ∪ {10}. */
    private static Exercise thesis(String periods) {
        VirtualMachine vm = VirtualMachine.of("vm", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));
        TreeMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm");
        params.put("intervals", "3");
        params.put("periods", periods);
        return TMAX.solve(Scenario.of("thesis", List.of(vm)), params, 0, 0, "salt");
    }

    @Test
    void theThesisSetAtPointFourEndsInTheIsolatedPointTen() {
        Exercise e = thesis("9.5 10");
        List<String> values = e.answers().stream().map(ExactValue::text).toList();
        // W: t1(16) = 2; t2(16) = 3, t2(24) = 5; t3(16) = 7, t3(24) = 9, t3(32) = 10, t3(36) = 12;
        // 9.5 falls in the gap, 10 is the isolated point; ends from the top: {10}, [25/3, 55/6], [7.5, 8]
        assertEquals(List.of("2", "3", "5", "7", "9", "10", "12", "no", "yes", "10", "10", "55/6", "25/3", "8", "7.5",
                "10"), values);
        for (Worked w : e.solution()) {
            assertFalse(w.working().contains("analysis's end"), "every end is named by its formula: " + w.working());
        }
        // the isolated point: τ3 gets its 12 by t = 36 in n = 3 chunks of 4, the last ending at 36 exactly
        assertTrue(e.solution().get(9).working().contains("t3's point t = 36 with W = 12, n = 3"),
                e.solution().get(9).working());
    }

    @Test
    void aTopWorkedFromTheStudentsOwnDemandFollowsAndTheSlipIsExplained() {
        Exercise e = thesis("");
        List<ExactValue> a = new ArrayList<>(e.answers());
        a.set(6, ExactValue.of(11)); // W t3(36) with ⌈36/24⌉ taken as 1
        a.set(7, ExactValue.of(BigFraction.getReducedFraction(125, 12))); // top1 = (36 − 11)/(4·0.6) from it
        Checker.Report r = Checker.check(e, a);
        assertEquals(6, r.firstWrong());
        assertTrue(r.explanation().contains("Wt3(36) = 4 + ⌈36/16⌉·2 + ⌈36/24⌉·1 = 4 + 3·2 + 2·1 = 12"), r.explanation());
        assertTrue(r.explanation().contains("You seem to have used ⌈36/24⌉ = 1 for t2"), r.explanation());
        assertEquals(Checker.Status.FOLLOWS, r.steps().get(7).status());
        assertFalse(r.explanation().contains("55/6"), "a later step must not show: " + r.explanation());
    }

    @Test
    void tooManyIntervalsAndAStrangeParameterAreRefusedNamingTheParameter() {
        Exercise e = thesis("");
        TreeMap<String, String> p = new TreeMap<>(e.params());
        p.put("intervals", "9");
        InvalidExerciseException x = assertThrows(InvalidExerciseException.class,
                () -> TMAX.solve(e.scenario(), p, 0, 0, "s"));
        assertTrue(x.getMessage().startsWith("params.intervals must be 1 to 4"), x.getMessage());
        p.put("intervals", "1");
        p.put("periods", "8 x");
        x = assertThrows(InvalidExerciseException.class, () -> TMAX.solve(e.scenario(), p, 0, 0, "s"));
        assertTrue(x.getMessage().startsWith("params.periods must be an integer"), x.getMessage());
    }

    @Property(tries = 1000)
    void theEndsAreTheAnalysisOwnAndEveryStepIsChecked(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int level) {
        Exercise e = TMAX.generate(seed, level);
        VirtualMachine vm = e.scenario().vm(e.params().get("vm"));
        List<ExactInterval> region = TmaxKind.region(e.scenario(), vm);
        int k = Integer.parseInt(e.params().get("intervals"));
        List<ExactValue> a = e.answers();
        int n = a.size();
        // the last 2k + 1 steps: (top, bottom) of each interval from the highest, then Tmax
        for (int j = 1; j <= k; j++) {
            ExactInterval iv = region.get(region.size() - j);
            assertEquals(iv.hi(), a.get(n - 1 - 2 * (k - j + 1)).number(), "top" + j);
            assertEquals(iv.lo(), a.get(n - 2 * (k - j + 1)).number(), "bottom" + j);
        }
        assertEquals(region.get(region.size() - 1).hi(), a.get(n - 1).number(), "Tmax");
        // each candidate period's verdict is the exact response-time test's at that period
        List<Step> steps = e.steps();
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).symbol().startsWith("good(")) {
                String p = steps.get(i).symbol().substring(5, steps.get(i).symbol().length() - 1);
                BigFraction period = ExactValue.parse("p", p).number();
                boolean good = region.stream().anyMatch(iv -> iv.lo().compareTo(period) <= 0
                        && iv.hi().compareTo(period) >= 0);
                assertEquals(good ? "yes" : "no", a.get(i).word(), "T = " + p);
                VirtualMachine at = vm.withServer(period.doubleValue(),
                        period.multiply(Num.of(vm.budget()).divide(Num.of(vm.period()))).doubleValue(), vm.overhead());
                double[] r = ResponseTimeAnalysis.responseTimes(VmSupply.of(e.scenario().withVms(List.of(at)), at),
                        at.tasks(), 1.0);
                assertEquals(good, java.util.Arrays.stream(r).allMatch(Double::isFinite), "RTA at T = " + p);
            }
        }
        assertTrue(TmaxKind.fits(e, level), "the level's promise");
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }

    @Test
    void levelThreeAsksAnIsolatedGoodPeriodOftenAndTheFilterSeesTheThesisOne() {
        // the isolated point must be among the intervals asked (the highest), not among the lowest
        int asked = 0;
        for (long seed = 0; seed < 100; seed++) {
            Exercise e = TMAX.generate(seed, 3);
            List<ExactInterval> region = TmaxKind.region(e.scenario(), e.scenario().vm("vm1"));
            int k = Integer.parseInt(e.params().get("intervals"));
            asked += region.subList(region.size() - k, region.size()).stream().anyMatch(ExactInterval::isPoint) ? 1 : 0;
        }
        // 12 of these 100 do; 8 of seeds 0 to 299 did when the lowest intervals were looked at
        assertTrue(asked >= 10, asked + " of 100 level-3 exercises ask an isolated good period");
        // THEORY.md §3: {10} at α = 0.4 is U_3 = L_3 of τ3's point 36, which the cheap filter must not miss
        VirtualMachine vm = thesis("").scenario().vm("vm");
        assertTrue(TmaxKind.mayHaveIsolatedPoint(vm, 0.4, 0));
    }

    @Test
    void theSameSeedGivesTheSameExercise() {
        assertEquals(TMAX.generate(42, 2).hashes(), TMAX.generate(42, 2).hashes());
        assertEquals(TMAX.generate(42, 2).scenario(), TMAX.generate(42, 2).scenario());
    }
}

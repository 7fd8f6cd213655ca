package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class EdfKindTest {

    private static final EdfKind EDF = new EdfKind();

    /** A server (5, 3, 0) with t1 (C 1, T 5, D 5) and t2 (C c2, T 10, D 8), asked at t. */
    private static Exercise of(double c2, String t) {
        VirtualMachine vm = VirtualMachine.of("vm", 5, 3, 0, List.of(Task.of("t1", 1, 5), new Task("t2", c2, 10, 8, 0)))
                .withScheduler(GuestScheduler.EDF);
        TreeMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm");
        params.put("t", t);
        return EDF.solve(Scenario.of("s", List.of(vm)), params, 0, 0, "salt");
    }

    private static List<String> texts(Exercise e) {
        return e.answers().stream().map(ExactValue::text).toList();
    }

    @Test
    void aSchedulableSetIsCheckedAtEveryDeadlineUpToTheHorizon() {
        // Θ = 3, B = 4; L = (0.6·4 + 2·0.2)/(0.6 − 0.4) = 14: deadlines 5, 8, 10
        // dbf 1, 3, 4; sbf min(1, 3) = 1, min(4, 3) = 3, 1·3 + min(1, 3) = 4
        assertEquals(List.of("3", "4", "1", "1", "3", "3", "4", "4", "yes"), texts(of(2, "5,8,10")));
    }

    @Test
    void aMissIsFoundAtTheFirstDeadlineWhereTheDemandPassesTheSupply() {
        assertEquals(List.of("3", "4", "1", "1", "4", "3", "no"), texts(of(3, "5,8")));
    }

    @Test
    void theGeneratedPointsAreTheDeadlinesTheVerdictRestsOn() {
        VirtualMachine vm = VirtualMachine.of("vm", 5, 3, 0, List.of(Task.of("t1", 1, 5), new Task("t2", 2, 10, 8, 0)))
                .withScheduler(GuestScheduler.EDF);
        assertEquals(List.of("5", "8", "10"),
                EdfKind.pointsThatMatter(Scenario.of("s", List.of(vm)), vm).stream().map(Num::t).toList());
    }

    @Test
    void pointsThatMissTheMissAreRefused() {
        InvalidExerciseException e = assertThrows(InvalidExerciseException.class, () -> of(3, "5"));
        assertTrue(e.getMessage().startsWith("params.t"), e.getMessage());
    }

    @Test
    void aWrongDemandIsExplainedWithTheQuotientOfTheTask() {
        Exercise e = of(2, "5,8,10");
        // dbf(10) written as 6, two more than 4: as if t1 had ⌊(10 − 5)/5⌋ = 3
        Checker.Report r = Checker.check(e, List.of(ExactValue.of(3), ExactValue.of(4), ExactValue.of(1), ExactValue.of(1),
                ExactValue.of(3), ExactValue.of(3), ExactValue.of(6)));
        assertEquals(6, r.firstWrong());
        assertTrue(r.explanation().contains("dbf(10) = (⌊(10 − 5)/5⌋ + 1)·1 + (⌊(10 − 8)/10⌋ + 1)·2 = 2·1 + 1·2 = 4"),
                r.explanation());
        assertTrue(r.explanation().contains("You seem to have used ⌊(10 − 5)/5⌋ = 3 for t1"), r.explanation());
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "0", "-3", "1,2,3,4,5,6,7,8,9", "1e3", "x", "2,,3"})
    void aBadWindowLengthIsRefusedNamingParamsT(String t) {
        InvalidExerciseException e = assertThrows(InvalidExerciseException.class, () -> of(2, t));
        assertTrue(e.getMessage().startsWith("params.t"), e.getMessage());
    }

    @Test
    void aboutHalfTheExercisesEndInAMiss() {
        for (int level = 1; level <= ExerciseKind.MAX_LEVEL; level++) {
            int no = 0;
            for (long seed = 0; seed < 100; seed++) {
                List<ExactValue> a = EDF.generate(seed, level).answers();
                no += a.get(a.size() - 1).word().equals("no") ? 1 : 0;
            }
            assertTrue(no >= 25 && no <= 75, "level " + level + ": " + no + " of 100 end in a miss");
        }
    }

    @Property(tries = 1000)
    void theWorkedDemandSupplyAndVerdictAreTheAnalysisOwn(@ForAll long seed) {
        for (int level = 1; level <= ExerciseKind.MAX_LEVEL; level++) {
            Exercise e = EDF.generate(seed, level);
            VirtualMachine vm = e.scenario().vm("vm1");
            Supply s = VmSupply.of(e.scenario(), vm);
            List<ExactValue> a = e.answers();
            assertEquals(0, s.exactChunk().compareTo(new java.math.BigDecimal(a.get(0).number().bigDecimalValue(20, 0)
                    .toString())));
            assertEquals(s.blackout(), a.get(1).number().doubleValue(), 1e-9);
            String[] ts = e.params().get("t").split(",");
            assertTrue(ts.length >= 2 && ts.length <= EdfKind.MAX_POINTS, "a short list of points: " + ts.length);
            for (int i = 0; i < ts.length; i++) {
                double t = Double.parseDouble(ts[i]);
                assertEquals(EdfDemand.dbf(vm.tasks(), t), a.get(2 + 2 * i).number().doubleValue(), 1e-9, "dbf(" + t + ")");
                assertEquals(s.sbf(t), a.get(3 + 2 * i).number().doubleValue(), 1e-9, "sbf(" + t + ")");
            }
            boolean tool = SystemAnalysis.analyzeVm(e.scenario(), vm, Double.NaN).schedulable();
            assertEquals(EdfDemand.test(s, vm.tasks()).schedulable(), tool);
            assertEquals(tool ? "yes" : "no", a.get(a.size() - 1).word(), "the tool's verdict");
            assertEquals(2 + 2 * ts.length + 1, a.size());
            if (level == 1) {
                assertEquals(0, vm.overhead(), "X = 0 at level 1");
            }
            for (ExactValue v : a) {
                assertTrue(!v.isNumber() || Num.keepsPromise(level, v.number(), level == 1 ? 999 : 9999),
                        "the level's promise: " + v.text());
            }
            ExerciseChecks.checkerCatchesEveryAlteredStep(e);
        }
    }
}

package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class SbfKindTest {

    private static final SbfKind SBF = new SbfKind();

    private static Exercise of(String t) {
        VirtualMachine vm = VirtualMachine.of("vm", 10, 4, 1, List.of(Task.of("a", 1, 50)));
        TreeMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm");
        params.put("t", t);
        return SBF.solve(Scenario.of("s", List.of(vm)), params, 0, 0, "salt");
    }

    @Test
    void aPeriodicServerOfTenFourAndOneIsWorkedAsTheTheoryWritesIt() {
        // Θ = 3, B = 2·6 + 1 = 13; sbf(13) = 0, sbf(15) = 0·3 + min(2, 3) = 2, sbf(30) = 1·3 + min(7, 3) = 6
        assertEquals(List.of("3", "13", "0", "2", "6"), of("13,15,30").answers().stream().map(ExactValue::text).toList());
    }

    @Test
    void aWrongSupplyIsExplainedWithTheStudentsBlackout() {
        Exercise e = of("13,15,30");
        Checker.Report r = Checker.check(e, List.of(ExactValue.of(3), ExactValue.of(13), ExactValue.of(0), ExactValue.of(3)));
        assertEquals(3, r.firstWrong());
        assertTrue(r.explanation().contains("k = ⌊(15 − 13)/10⌋ = 0: 0·3 + min(15 − 13 − 0·10, 3) = 2"), r.explanation());
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "0", "-3", "1,2,3,4,5,6,7", "1e3", "x", "2,,3"})
    void aBadWindowLengthIsRefusedNamingParamsT(String t) {
        InvalidExerciseException e = assertThrows(InvalidExerciseException.class, () -> of(t));
        assertTrue(e.getMessage().startsWith("params.t"), e.getMessage());
    }

    @Property(tries = 2000)
    void theWorkedSupplyIsTheAnalysisOwn(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int level) {
        Exercise e = SBF.generate(seed, level);
        Supply s = VmSupply.of(e.scenario(), e.scenario().vm("vm1"));
        List<ExactValue> a = e.answers();
        assertEquals(0, s.exactChunk().compareTo(new java.math.BigDecimal(a.get(0).number().bigDecimalValue(20, 0).toString())));
        assertEquals(s.blackout(), a.get(1).number().doubleValue(), 1e-9);
        String[] ts = e.params().get("t").split(",");
        for (int i = 0; i < ts.length; i++) {
            assertEquals(s.sbf(Double.parseDouble(ts[i])), a.get(2 + i).number().doubleValue(), 1e-9, "sbf(" + ts[i] + ")");
        }
        for (ExactValue v : a) {
            assertTrue(Num.keepsPromise(level, v.number(), 9999), "the level's promise: " + v.text());
        }
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }
}

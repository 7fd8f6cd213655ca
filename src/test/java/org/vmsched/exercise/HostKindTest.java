package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.CoreVerdict;
import org.vmsched.analysis.HypervisorTest;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class HostKindTest {

    private static final HostKind HOST = new HostKind();

    @Test
    void twoThirdsAndAQuarterAreAddedAsFractionsAndPass() {
        Scenario s = Scenario.of("s", List.of(VirtualMachine.of("a", 3, 2, 0, List.of(Task.of("t", 1, 30))),
                VirtualMachine.of("b", 8, 2, 0, List.of(Task.of("t", 1, 80)))));
        TreeMap<String, String> p = new TreeMap<>();
        p.put("core", "0");
        Exercise e = HOST.solve(s, p, 0, 0, "salt");
        assertEquals(List.of("2/3", "0.25", "11/12", "yes"), e.answers().stream().map(ExactValue::text).toList());
        // 0.917 is 11/12 rounded: counted, reported as rounded
        Checker.Report r = Checker.check(e, List.of(ExactValue.parse("a", "2/3"), ExactValue.parse("b", "1/4"),
                ExactValue.parse("c", "0.917"), ExactValue.word("yes")));
        assertEquals(Checker.Status.ROUNDED, r.steps().get(2).status());
        assertTrue(r.allRight());
    }

    @Property(tries = 2000)
    void theVerdictIsTheHypervisorTestOwn(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int level) {
        Exercise e = HOST.generate(seed, level);
        CoreVerdict v = HypervisorTest.analyzeCore(e.scenario(), 0);
        List<ExactValue> a = e.answers();
        assertEquals(v.schedulable() ? "yes" : "no", a.get(a.size() - 1).word());
        assertEquals(v.utilization(), a.get(a.size() - 2).number().doubleValue(), 1e-9);
        for (ExactValue x : a) {
            assertTrue(!x.isNumber() || x.number().getDenominator().bitLength() <= 20, "simple fractions: " + x.text());
        }
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }
}

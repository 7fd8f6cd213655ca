package org.vmsched.exercise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.ResponseTimeAnalysis;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.VmSupply;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class RtaKindTest {

    private static final RtaKind RTA = new RtaKind();

    /** THEORY.md §2's second worked check: (2,16), (1,24), (4,36) at T = 10, C = 4, X = 0 give R3 = 36. */
    private static Exercise thesis() {
        VirtualMachine vm = VirtualMachine.of("vm", 10, 4, 0,
                List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));
        TreeMap<String, String> params = new TreeMap<>();
        params.put("vm", "vm");
        params.put("task", "t3");
        return RTA.solve(Scenario.of("thesis", List.of(vm)), params, 0, 0, "salt");
    }

    @Test
    void theThesisTaskThreeIsWorkedToThirtySixAndMeetsItsDeadline() {
        List<String> values = thesis().answers().stream().map(ExactValue::text).toList();
        // Θ, B, w0, R0 = finv(7) = 12 + 7 + 1·6, w1 = 4 + ⌈25/16⌉·2 + ⌈25/24⌉·1 = 10, R1 = 12 + 10 + 2·6 = 34,
        // w2 = 4 + 3·2 + 2·1 = 12, R2 = 12 + 12 + 2·6 = 36, w3 = 4 + 3·2 + 2·1 = 12: converged
        assertEquals(List.of("4", "12", "7", "25", "10", "34", "12", "36", "12", "36", "yes"), values);
    }

    @Test
    void aCeilingTakenAsZeroIsNamedWithTheStudentsNumbers() {
        Exercise e = thesis();
        List<ExactValue> a = new ArrayList<>(e.answers());
        a.set(4, ExactValue.of(8)); // w1 with ⌈25/16⌉ taken as 1: 4 + 1·2 + 2·1 = 8
        Checker.Report r = Checker.check(e, a);
        assertEquals(4, r.firstWrong());
        assertTrue(r.explanation().contains("w1 = 4 + ⌈25/16⌉·2 + ⌈25/24⌉·1 = 4 + 2·2 + 2·1 = 10"), r.explanation());
        assertTrue(r.explanation().contains("You seem to have used ⌈25/16⌉ = 1 for t1; ⌈25/16⌉ = 2."), r.explanation());
        assertEquals(10, r.score());
    }

    @Test
    void aStepWorkedFromTheStudentsOwnWrongNumberFollowsAndLaterStepsAreNotGivenAway() {
        Exercise e = thesis();
        List<ExactValue> a = new ArrayList<>(e.answers());
        a.set(1, ExactValue.of(13)); // B wrong
        a.set(3, ExactValue.of(26)); // R0 = 13 + 7 + 6, right from the wrong B
        Checker.Report r = Checker.check(e, a);
        assertEquals(1, r.firstWrong());
        assertEquals(Checker.Status.FOLLOWS, r.steps().get(3).status());
        assertFalse(r.explanation().contains("34"), "a later step's value must not show: " + r.explanation());
    }

    @Test
    void aHintWorksTheNextStepOnly() {
        Exercise e = thesis();
        String hint = Checker.hint(e, List.of(ExactValue.of(4), ExactValue.of(12)));
        assertTrue(hint.startsWith("step 3 (w0)"), hint);
        assertTrue(hint.endsWith("w0 = 4 + 2 + 1 = 7"), hint);
    }

    @Test
    void aTaskNotInTheVmIsRefusedNamingTheParameter() {
        Exercise e = thesis();
        TreeMap<String, String> params = new TreeMap<>(e.params());
        params.put("task", "t9");
        InvalidExerciseException x = assertThrows(InvalidExerciseException.class,
                () -> RTA.solve(e.scenario(), params, 0, 0, "s"));
        assertTrue(x.getMessage().startsWith("params.task: no task named \"t9\""), x.getMessage());
    }

    @Property(tries = 2000)
    void theWorkedStepsAreTheAnalysisOwn(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int level) {
        Exercise e = RTA.generate(seed, level);
        VirtualMachine vm = e.scenario().vm(e.params().get("vm"));
        Supply supply = VmSupply.of(e.scenario(), vm);
        int index = indexOf(vm, e.params().get("task"));
        List<ExactValue> answers = e.answers();
        // every (w, R) pair is the analysis's own iteration (in doubles, on short decimals: exact here)
        List<ResponseTimeAnalysis.Step> steps = ResponseTimeAnalysis.explain(supply, vm.tasks(), index,
                vm.tasks().get(index).deadline());
        List<double[]> pairs = new ArrayList<>();
        for (int i = 2; i + 1 < answers.size() - 2; i += 2) {
            pairs.add(new double[] {answers.get(i).number().doubleValue(), answers.get(i + 1).number().doubleValue()});
        }
        for (int i = 0; i < pairs.size(); i++) {
            assertEquals(steps.get(i).demand(), pairs.get(i)[0], 1e-9, "w" + i);
            assertEquals(steps.get(i).time(), pairs.get(i)[1], 1e-9, "R" + i);
        }
        double r = ResponseTimeAnalysis.responseTimes(supply, vm.tasks(), 1.0)[index];
        String verdict = answers.get(answers.size() - 1).word();
        assertEquals(Double.isFinite(r) ? "yes" : "no", verdict);
        if (Double.isFinite(r)) {
            assertEquals(r, answers.get(answers.size() - 2).number().doubleValue(), 1e-9);
        }
        assertTrue(RtaKind.fits(e, level), "the level's promise");
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }

    @Test
    void theSameSeedGivesTheSameExercise() {
        Exercise a = RTA.generate(42, 1);
        Exercise b = RTA.generate(42, 1);
        assertEquals(a.hashes(), b.hashes());
        assertEquals(a.scenario(), b.scenario());
        assertNotNull(a.question());
    }

    private static int indexOf(VirtualMachine vm, String task) {
        for (int i = 0; i < vm.tasks().size(); i++) {
            if (vm.tasks().get(i).name().equals(task)) {
                return i;
            }
        }
        throw new AssertionError(task);
    }

}

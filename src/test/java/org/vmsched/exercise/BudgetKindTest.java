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
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.EdfDemand;
import org.vmsched.analysis.Supply;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

@AddLifecycleHook(ExerciseTries.class)
class BudgetKindTest {

    private static final BudgetKind BUDGET = new BudgetKind();

    @Test
    void twoTasksByHand() {
        // T = 5, X = 0; t1 = (1, 10), t2 = (2, 20). t1 at 10: W = 1; t2 at 10: W = 3, at 20: W = 4.
        VirtualMachine vm = VirtualMachine.of("vm", 5, 5, 0,
                List.of(Task.of("t1", 1, 10), Task.of("t2", 2, 20)));
        Scenario s = Scenario.of("s", List.of(vm));
        TreeMap<String, String> p = new TreeMap<>();
        p.put("vm", "vm");
        Exercise e = BUDGET.solve(s, p, 0, 1, "salt");
        List<String> symbols = e.steps().stream().map(Step::symbol).toList();
        assertEquals(List.of("Wt1(10)", "Ct1(10)", "Ct1", "Wt2(10)", "Ct2(10)", "Wt2(20)", "Ct2(20)", "Ct2", "C"), symbols);
        List<ExactValue> a = e.answers();
        assertEquals("1", a.get(0).text());
        assertEquals("3", a.get(3).text());
        assertEquals("4", a.get(5).text());
        // t2 at 20 needs Θ = 4/3 (n = 3 chunks of 4/3 by finv(4) = 56/3 ≤ 20): the least budget is 4/3,
        // which BudgetSearch returns rounded up to its precision (here within 1e-9, never below)
        assertEquals("4/3", a.get(a.size() - 1).text());
        double tool = BudgetSearch.minBudget(vm, 5);
        assertTrue(tool >= 4.0 / 3 && tool - 4.0 / 3 < 1e-9, "BudgetSearch: " + tool);
        // a wrong demand is caught at its step, and the slip in ⌈10/10⌉ is named
        List<ExactValue> wrong = new java.util.ArrayList<>(a);
        wrong.set(5, ExactValue.of(new BigFraction(6)));
        Checker.Report r = Checker.check(e, wrong);
        assertEquals(5, r.firstWrong());
        assertTrue(r.explanation().contains("⌈20/10⌉"), r.explanation());
    }

    /** T = 5, X = 0, EDF inside; t1 = (C 1, T 10, D 8), t2 = (C 2, T 20, D 20). */
    private static Exercise edfByHand(String t) {
        VirtualMachine vm = VirtualMachine.of("vm", 5, 5, 0, List.of(new Task("t1", 1, 10, 8, 0), new Task("t2", 2, 20, 20, 0)))
                .withScheduler(GuestScheduler.EDF);
        TreeMap<String, String> p = new TreeMap<>();
        p.put("vm", "vm");
        p.put("t", t);
        return BUDGET.solve(Scenario.of("s", List.of(vm)), p, 0, 1, "salt");
    }

    @Test
    void anEdfGuestIsWorkedAtItsDeadlinesByHand() {
        // deadlines up to the EDF test's horizon at C = 1.5 (23): 8, 18, 20. At 8: dbf = 1 and with one chunk
        // Θ = max(1/1, 5 − (8 − 1 + 0)/2) = 1.5; at 18: dbf = 2, Θ = 1; at 20: dbf = 4, Θ = 4/3 (four thirds in
        // three chunks); the largest, 1.5, is BudgetSearch's
        Exercise e = edfByHand("8,18,20");
        assertEquals(List.of("dbf(8)", "C(8)", "dbf(18)", "C(18)", "dbf(20)", "C(20)", "C"),
                e.steps().stream().map(Step::symbol).toList());
        assertEquals(List.of("1", "1.5", "2", "1", "4", "4/3", "1.5"), e.answers().stream().map(ExactValue::text).toList());
        VirtualMachine vm = e.scenario().vms().get(0);
        assertEquals(1.5, BudgetSearch.minBudget(vm, 5));
        assertTrue(EdfDemand.test(new Supply(5, 1.5, 0), vm.tasks()).horizon() < 28, "28 is past the horizon");
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
        // t1's second job forgotten at 20: the quotient ⌊(20 − 8)/10⌋ is named
        List<ExactValue> wrong = new java.util.ArrayList<>(e.answers());
        wrong.set(4, ExactValue.of(new BigFraction(3)));
        Checker.Report r = Checker.check(e, wrong);
        assertEquals(4, r.firstWrong());
        assertTrue(r.explanation().contains("⌊(20 − 8)/10⌋"), r.explanation());
    }

    @Test
    void edfDeadlinesThatMissTheOneThatDecidesAreRefused() {
        InvalidExerciseException e = assertThrows(InvalidExerciseException.class, () -> edfByHand("18,20"));
        assertTrue(e.getMessage().startsWith("params.t: the least budget at t = 18,20 is 4/3, the tool's least budget of vm"
                + " is 1.5"), e.getMessage());
        InvalidExerciseException none = assertThrows(InvalidExerciseException.class, () -> edfByHand("4,8"));
        assertTrue(none.getMessage().contains("no job has its deadline by t = 4"), none.getMessage());
        InvalidExerciseException missing = assertThrows(InvalidExerciseException.class, () -> {
            TreeMap<String, String> p = new TreeMap<>();
            p.put("vm", "vm");
            BUDGET.solve(edfByHand("8,18,20").scenario(), p, 0, 1, "salt");
        });
        assertTrue(missing.getMessage().startsWith("params must name the deadlines t"), missing.getMessage());
    }

    @Test
    void aboutHalfTheGeneratedExercisesHaveEdfInside() {
        for (int level = 1; level <= ExerciseKind.MAX_LEVEL; level++) {
            int edf = 0;
            for (long seed = 0; seed < 40; seed++) {
                VirtualMachine vm = BUDGET.generate(seed, level).scenario().vms().get(0);
                edf += vm.scheduler() == GuestScheduler.EDF ? 1 : 0;
            }
            assertTrue(edf >= 10 && edf <= 30, "level " + level + ": " + edf + " of 40 with EDF inside");
        }
    }

    @Property(tries = 1000)
    void levelOneIsTheToolsLeastBudget(@ForAll long seed) {
        theWorkedAnswerIsTheToolsOwn(seed, 1);
    }

    @Property(tries = 1000)
    void levelTwoIsTheToolsLeastBudget(@ForAll long seed) {
        theWorkedAnswerIsTheToolsOwn(seed, 2);
    }

    @Property(tries = 1000)
    void levelThreeIsTheToolsLeastBudget(@ForAll long seed) {
        theWorkedAnswerIsTheToolsOwn(seed, 3);
    }

    private static void theWorkedAnswerIsTheToolsOwn(long seed, int level) {
        Exercise e = BUDGET.generate(seed, level);
        VirtualMachine vm = e.scenario().vms().get(0);
        List<ExactValue> a = e.answers();
        BigFraction c = a.get(a.size() - 1).number();
        double tool = BudgetSearch.minBudget(vm, vm.period());
        // exact: the least budget is a short decimal, which BudgetSearch returns as such
        assertEquals(0, c.compareTo(Num.of(tool)), "seed " + seed + " level " + level + ": worked " + Num.t(c)
                + ", BudgetSearch " + tool);
        assertTrue(BudgetKind.fits(e, level, vm.period(), vm.overhead()), "the level's promise");
        if (vm.scheduler() == GuestScheduler.EDF) {
            // the deadlines asked are every one up to the EDF test's horizon at the answer
            VirtualMachine at = vm.withServer(vm.period(), tool, vm.overhead());
            assertEquals(EdfKind.pointsThatMatter(Scenario.of("at C", List.of(at)), at).stream().map(Num::t).toList(),
                    List.of(e.params().get("t").split(",")), "seed " + seed + " level " + level);
        }
        assertTrue(vm.tasks().size() == (level == 1 ? 2 : vm.tasks().size()), "two tasks at level 1");
        assertTrue(level != 1 || vm.overhead() == 0 || vm.overhead() == 0.5, "X = 0 or 0.5 at level 1");
        ExerciseChecks.checkerCatchesEveryAlteredStep(e);
    }

    @Test
    void theSameSeedGivesTheSameExercise() {
        assertEquals(BUDGET.generate(3, 1).answers(), BUDGET.generate(3, 1).answers());
    }
}

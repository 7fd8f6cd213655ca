package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Edge cases of the budgets the whole analysis proves (THEORY.md §15.9, "Budgets the whole analysis proves"), found
 * in a review that tried to break {@link WholeBudgets}: budgets off its grid, budgets at the overhead, tiny and huge
 * budgets, C = T, periods of many digits.
 */
class WholeBudgetsEdgeTest {

    /** One VM of {@code k} vCPUs (T, C, X) alone on a global EDF host of 2 cores. */
    private static Scenario one(double period, double budget, double overhead, int k, List<Task> tasks) {
        GuestScheduler g = k > 1 ? GuestScheduler.GLOBAL_EDF : GuestScheduler.EDF;
        VirtualMachine vm = new VirtualMachine("a", period, budget, overhead, 0, 0, g, null, tasks, null, k);
        return new Scenario(2, "edge", "", new Platform(HypervisorPolicy.GLOBAL_EDF, 2), List.of(vm), SimulationSettings.DEFAULT);
    }

    /** The search's answer on {@code s}, checked: proved, a valid scenario, no budget raised, periods and vCPUs kept. */
    private static WholeBudgets.Result searched(Scenario s) throws Exception {
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(s).verdict(), "proved as written");
        WholeBudgets.Result r = WholeBudgets.search(s, WholeBudgets.DEFAULT_MAX_ANALYSES, null);
        assertNotNull(r);
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(r.scenario()).verdict());
        assertEquals(List.of(), ScenarioValidator.validate(r.scenario()).stream().filter(p -> ScenarioValidator.validate(s).stream()
                .noneMatch(q -> q.equals(p))).toList(), "the answer adds no problem to the scenario's");
        for (int i = 0; i < s.vms().size(); i++) {
            VirtualMachine was = s.vms().get(i);
            VirtualMachine now = r.scenario().vms().get(i);
            assertTrue(now.budget() <= was.budget(), now.budget() + " above " + was.budget());
            assertTrue(now.budget() > now.overhead(), now.budget() + " not above the overhead " + now.overhead());
            assertEquals(was.period(), now.period());
            assertEquals(was.vcpus(), now.vcpus());
            assertEquals(now.budget(), r.budgets().get(i).budget());
        }
        return r;
    }

    /** A budget of more than three significant digits is off the grid: the search starts from it, it does not fail. */
    @ParameterizedTest
    @CsvSource({"100, 99.95, 10", "10, 9.125, 5", "10, 9.0001, 5", "0.001, 0.0001234, 0.00005", "10.123456789, 10.123456789, 5"})
    void aBudgetOffTheGridIsLoweredFrom(double period, double budget, double wcet) throws Exception {
        WholeBudgets.Result r = searched(one(period, budget, 0, 1, List.of(Task.of("t", wcet, period * 10))));
        assertTrue(r.budgets().get(0).budget() < budget, "lowered from " + budget);
    }

    @Test
    void budgetEqualToThePeriodIsLowered() throws Exception {
        assertEquals(5.0, searched(one(10, 10, 0, 1, List.of(Task.of("t", 5, 10)))).budgets().get(0).budget());
        searched(one(10, 10, 0.5, 1, List.of(Task.of("t", 5, 10))));
    }

    @Test
    void aBudgetOneGridStepAboveTheOverheadStaysAboveIt() throws Exception {
        searched(one(10, 0.06, 0.05, 1, List.of(Task.of("t", 0.0001, 1000))));
        // the overhead off the budget's grid: 0.0123 under a budget of 9 (grid 0.01)
        searched(one(10, 9, 0.0123, 1, List.of(Task.of("t", 0.001, 1000))));
    }

    @Test
    void tinyAndHugeBudgetsAndPeriodsOfManyDigits() throws Exception {
        searched(one(1e-6, 1e-7, 0, 1, List.of(Task.of("t", 1e-6, 1e-4))));
        searched(one(0.001, 0.000123, 0, 1, List.of(Task.of("t", 0.00001, 1))));
        searched(one(1e7, 1e6, 0, 1, List.of(Task.of("t", 1e6, 1e8))));
        searched(one(10.123456789, 5.5, 0, 2, List.of(Task.of("t", 1, 20.987654321))));
    }

    @Test
    void aVmWithoutTasksKeepsItsBudgetAboveItsOverhead() throws Exception {
        // not a valid scenario (a VM holds a task), but the search is public: it must not answer C ≤ X
        searched(one(10, 5, 0.0123, 1, List.of()));
    }

    @ParameterizedTest
    @CsvSource({"0.000123, 0.000001", "99.95, 0.1", "100, 1", "1e-7, 1e-9", "1e6, 1e4", "999, 1", "1000, 10"})
    void theGridOfABudget(double budget, String step) {
        assertEquals(0, new BigDecimal(step).compareTo(WholeBudgets.step(budget)), () -> "step of " + budget + ": " + WholeBudgets.step(budget));
    }

    @Test
    void theNecessaryBoundWithoutLoad() {
        BigDecimal step = new BigDecimal("0.01");
        assertEquals(0, WholeBudgets.below(VirtualMachine.of("a", 10, 5, 0, List.of()), step));
        // X = 0.05 is 5 steps: the bound is X itself (a budget must exceed it), not one step below
        assertEquals(5, WholeBudgets.below(VirtualMachine.of("a", 10, 5, 0.05, List.of()), step));
        // X = 0.0123 off the grid: the grid point just below it, so the first budget tried, 0.02, exceeds it
        assertEquals(1, WholeBudgets.below(VirtualMachine.of("a", 10, 5, 0.0123, List.of()), step));
        // U = 0.5 of T = 10: C > 5, the bound one step below 5
        assertEquals(499, WholeBudgets.below(VirtualMachine.of("a", 10, 6, 0, List.of(Task.of("t", 5, 10))), step));
    }
}

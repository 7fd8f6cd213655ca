package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.progress.CancelledException;
import org.vmsched.progress.Cancellation;

/**
 * The budgets the whole analysis proves at a scenario's own periods (THEORY.md §15.9, "Budgets the whole
 * analysis proves"). The trial behind it: on {@code scenarios/rtds-global.json}, which the analysis proves
 * as written, {@code design} proposed a 3-vCPU MPR interface for control and, with the proposals set, the
 * analysis said undecided: an engineer got no proved sizing at all from {@code design}.
 */
class WholeBudgetsTest {

    private static Scenario load(String name) throws Exception {
        return ScenarioJson.load(Path.of("scenarios", name));
    }

    private static boolean proved(Scenario s) {
        return SystemAnalysis.analyze(s).verdict() == Verdict.SCHEDULABLE;
    }

    @Test
    void theRtdsExampleGetsLowerBudgetsThatTheAnalysisProvesAndNoneOneStepLower() throws Exception {
        Scenario s = load("rtds-global.json");
        assertTrue(proved(s), "the example is proved as written");
        WholeBudgets.Result r = WholeBudgets.search(s, WholeBudgets.DEFAULT_MAX_ANALYSES, null);
        assertFalse(r.stopped());
        assertEquals(List.of(8.55, 0.317), r.budgets().stream().map(WholeBudgets.Budget::budget).toList());
        assertEquals(List.of(9.0, 0.4), r.budgets().stream().map(WholeBudgets.Budget::was).toList());
        assertEquals(1.8368, r.bandwidth(), 1e-12);
        assertTrue(proved(r.scenario()), "the answer is the input of an analysis that proves it");
        for (int i = 0; i < r.budgets().size(); i++) {
            assertEquals(r.budgets().get(i).budget(), r.scenario().vms().get(i).budget());
            assertEquals(s.vms().get(i).period(), r.scenario().vms().get(i).period(), "periods stay as written");
            assertEquals(s.vms().get(i).vcpus(), r.scenario().vms().get(i).vcpus(), "vCPUs stay as written");
            // one step of the grid lower, the others as found: no longer proved (the search ended with a round
            // in which no budget moved)
            double lower = BigDecimal.valueOf(r.budgets().get(i).budget()).subtract(WholeBudgets.step(r.budgets().get(i).budget()))
                    .doubleValue();
            List<VirtualMachine> vms = new ArrayList<>(r.scenario().vms());
            VirtualMachine vm = vms.get(i);
            vms.set(i, vm.withServer(vm.period(), lower, vm.overhead()));
            assertNotEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(r.scenario().withVms(vms)).verdict(), vm.name() + " at " + lower);
        }
    }

    @Test
    void aScenarioTheAnalysisDoesNotProveHasNothingToLowerFrom() throws Exception {
        Scenario s = load("rtds-global-periodic.json");
        assertFalse(proved(s));
        assertNull(WholeBudgets.search(s, WholeBudgets.DEFAULT_MAX_ANALYSES, null));
    }

    @Test
    void theBoundStopsTheSearchAndKeepsTheBudgetsSoFar() throws Exception {
        Scenario s = load("rtds-global.json");
        WholeBudgets.Result one = WholeBudgets.search(s, 1, null);
        assertTrue(one.stopped());
        assertEquals(1, one.analyses());
        assertEquals(List.of(9.0, 0.4), one.budgets().stream().map(WholeBudgets.Budget::budget).toList());
        WholeBudgets.Result few = WholeBudgets.search(s, 5, null);
        assertTrue(few.stopped());
        assertEquals(5, few.analyses());
        assertTrue(proved(few.scenario()));
        assertThrows(IllegalArgumentException.class, () -> WholeBudgets.search(s, 0, null));
    }

    @Test
    void aCancelledSearchStops() throws Exception {
        Cancellation c = new Cancellation();
        c.cancel();
        Scenario s = load("rtds-global.json");
        assertThrows(CancelledException.class, () -> WholeBudgets.search(s, 10, c));
    }

    @Test
    void theGridIsThreeSignificantDigitsOfTheBudget() {
        assertEquals(0, new BigDecimal("0.01").compareTo(WholeBudgets.step(9)));
        assertEquals(0, new BigDecimal("0.01").compareTo(WholeBudgets.step(8.55)));
        assertEquals(0, new BigDecimal("0.001").compareTo(WholeBudgets.step(0.4)));
        assertEquals(0, new BigDecimal("1").compareTo(WholeBudgets.step(120)));
        assertEquals(0, new BigDecimal("0.0001").compareTo(WholeBudgets.step(0.05)));
    }
}

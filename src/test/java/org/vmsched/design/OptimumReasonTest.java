package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;

/**
 * Issue 30 item 7: "Design Interfaces never says why the optimum is at the period it is." Each
 * design says what binds at its period, from the engine's own numbers (THEORY.md §12.2).
 */
class OptimumReasonTest {

    private static InterfaceDesign design(String file, int vm) throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", file));
        return InterfaceDesigner.design(s, s.vms().get(vm), ReservationServer.of(s), DesignConstraints.DEFAULT, false);
    }

    @Test
    void theThesisExampleWithoutOverheadIsHeldAtTheShortEndOfTheRangeAndT3SetsTheBudget() throws Exception {
        // X = 0: the bandwidth falls as T shrinks (THEORY.md §12.7), so the 1 ms floor binds; near it
        // t3 (deadline 36, the least w/t of its demand points, 10/32) is the task whose deadline is tight
        OptimumReason why = design("thesis-example.json", 0).why();
        assertNotNull(why);
        assertEquals(OptimumReason.Kind.SHORTEST_PERIOD, why.kind());
        assertEquals("t3", why.task());
        assertTrue(why.text().contains("t3") && why.text().contains("shorter period"), why.text());
    }

    @Test
    void bothVmsOfTwoVmsAreHeldAtTheShortEndOfTheRangeEachByItsTightTask() throws Exception {
        // control (RM): actuator's least w/t is 4/40 = 0.1 (sensor's 1/20 = 0.05), near the 0.1023 found;
        // logging (EDF): the demand by t = 100 (collect's second deadline; flush's is at 80) is 6 + 5 = 11,
        // the largest dbf(t)/t (0.11), near the 0.110988 found
        OptimumReason control = design("two-vms.json", 0).why();
        assertEquals(OptimumReason.Kind.SHORTEST_PERIOD, control.kind());
        assertEquals("actuator", control.task());
        OptimumReason logging = design("two-vms.json", 1).why();
        assertEquals(OptimumReason.Kind.SHORTEST_PERIOD, logging.kind());
        assertEquals("collect", logging.task());
    }

    @Test
    void withOverheadTheOptimumIsACornerOfTheTightTaskAndTheOverheadPerPeriod() throws Exception {
        // THEORY.md §12.2's worked check: t3 at t = 32 with u = 3 chunks gives T* = 215/24
        OptimumReason why = design("overhead.json", 0).why();
        assertEquals(OptimumReason.Kind.DEADLINE_AND_OVERHEAD, why.kind());
        assertEquals("t3", why.task());
        assertTrue(why.text().contains("X = 0.5"), why.text());
    }
}

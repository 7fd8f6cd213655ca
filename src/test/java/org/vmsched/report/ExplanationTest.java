package org.vmsched.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/** The Explain text for the thesis example and for failing tasks. */
class ExplanationTest {

    static final VirtualMachine VM1 = VirtualMachine.of("VM1", 10, 4, 0,
            List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36)));

    @Test
    void thirdTaskOfTheThesisExampleIteratesToThirtySix() {
        String e = Explanation.of(VM1, 2);
        assertTrue(e.contains("Step 1: w = 7"), e);
        assertTrue(e.contains("unchanged, so it stops"), e);
        assertTrue(e.contains("R = 36 ≤ D = 36"), e);
    }

    @Test
    void aTaskThatMissesSaysWhichConditionFails() {
        VirtualMachine heavy = VM1.withTasks(List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 5, 36)));
        String e = Explanation.of(heavy, 2);
        assertTrue(e.contains("> D = 36"), e);
        assertTrue(e.contains("MISSES its deadline"), e);
    }

    @Test
    void aBudgetNotAboveTheOverheadGivesNoSupply() {
        String e = Explanation.of(VM1.withServer(10, 2, 2), 0);
        assertTrue(e.contains("condition C_VM > X fails"), e);
    }

    @Test
    void underEdfTheDemandBoundIsExplained() {
        String e = Explanation.of(VM1.withScheduler(GuestScheduler.EDF), 0);
        assertTrue(e.contains("dbf(t) ≤ sbf(t)"), e);
        assertTrue(e.contains("Verdict:"), e);
    }

    /** Issue 8 (a) on a whole core: the QPA walk from L = 20 and an exact tie at t = 20. */
    @Test
    void underEdfTheQpaWalkIsShownDownToTheVerdict() {
        VirtualMachine core = VirtualMachine.of("V", 20, 20, 0, java.util.List.of(
                org.vmsched.model.Task.of("a", 8, 20), org.vmsched.model.Task.of("b", 3, 5))).withScheduler(GuestScheduler.EDF);
        String e = Explanation.of(core, 0);
        assertTrue(e.contains("at or below L = 20"), e);
        assertTrue(e.contains("t = 20: dbf = 20 ≤ sbf = 20, safe down to finv(20) = 20"), e);
        assertTrue(e.contains("Verdict: schedulable: "), e);
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.sim.VcpuResponseTimes;

/** Δ per VM with where it comes from (THEORY.md §15.17, §15.18), as analyze --json's "mpr" gives it. */
class BudgetDeadlineTest {

    private static BudgetDeadline at(int delta, BudgetDeadline.Source source) {
        return new BudgetDeadline(new BigFraction(delta), source);
    }

    @Test
    void eachSourceOfDelta() throws Exception {
        // §15.17's worked example: the host's response-time bounds 6 and 2, its own schedule 5 and 1 (§15.18)
        var shared = GlobalAnalysisTest.scenario("periodic", 4);
        assertEquals(List.of(at(6, BudgetDeadline.Source.HOST_BOUND), at(2, BudgetDeadline.Source.HOST_BOUND)),
                GlobalAnalysis.budgetDeadlines(shared, HostSchedule.NONE));
        assertEquals(List.of(at(5, BudgetDeadline.Source.HOST_SCHEDULE), at(1, BudgetDeadline.Source.HOST_SCHEDULE)),
                GlobalAnalysis.budgetDeadlines(shared, VcpuResponseTimes.EXACT));
        assertEquals(List.of(at(4, BudgetDeadline.Source.CORE_EACH)),
                GlobalAnalysis.budgetDeadlines(EdpSupplyTest.aCoreEach("periodic"), VcpuResponseTimes.EXACT));
        // deferrable vCPUs sharing the cores: Δ = C + Ī where that is below T, else T (§15.14, EdpSupplyTest)
        assertEquals(List.of(at(6, BudgetDeadline.Source.HOST_BLOCKING), at(5, BudgetDeadline.Source.PERIOD)),
                GlobalAnalysis.budgetDeadlines(GlobalAnalysisTest.scenario("deferrable", 4), VcpuResponseTimes.EXACT));
        assertEquals("host-schedule", BudgetDeadline.Source.HOST_SCHEDULE.jsonName());
        assertEquals("host-blocking", BudgetDeadline.Source.HOST_BLOCKING.jsonName());
    }
}

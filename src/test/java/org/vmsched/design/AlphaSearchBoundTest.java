package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.BudgetSearch;
import org.vmsched.analysis.GoodPeriods;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 30 item 2, the partitioned design's part: one VM of ten small EDF tasks (U = 0.26936) on
 * an EDF host without overhead ran for minutes. Its least bandwidth lies a hair above U, where the
 * good periods at the bracket's top are thousands of slivers (2,455 at α = 0.26937, 46 s to list),
 * every one optimal within the bracket, and the search listed them all, at the top and at a
 * bandwidth 10^-8 above, and then searched each one's least budget. Counted, not timed.
 */
class AlphaSearchBoundTest {

    static Scenario reproducer() {
        List<Task> ts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ts.add(Task.of("t" + i, 1, 20 + 5 * i));
        }
        VirtualMachine vm = VirtualMachine.of("vm0", 10, 8, 0, ts).withScheduler(GuestScheduler.EDF);
        return Scenario.of("bound", List.of(vm)).withHypervisor(new Platform(HypervisorPolicy.EDF, 1));
    }

    @Test
    void theSearchJustAboveTheUtilisationListsABoundedNumberOfIntervals() throws Exception {
        Scenario s = reproducer();
        VirtualMachine vm = s.vms().get(0);
        GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
        AlphaSearch search = new AlphaSearch(s, vm, ReservationServer.of(s), gp);
        // the range the design searches with X = 0: from 1 ms (THEORY.md §12.7) to 2·Dmax
        Candidate best = search.best(1, 130, 0, "optimum", Work.none());
        assertNotNull(best);
        assertTrue(search.listed <= 4L * (AlphaSearch.MAX_LISTED + 1), "intervals listed: " + search.listed);
        double u = 0;
        for (Task t : vm.tasks()) {
            u += t.wcet() / t.period();
        }
        assertTrue(best.bandwidth() > u && best.bandwidth() < u * (1 + 1e-4), "bandwidth " + best.bandwidth() + ", U " + u);
        // the least period of the range is good there, and it is the shortest decimal
        assertEquals(1.0, best.period(), 0);
        assertTrue(BudgetSearch.schedulable(vm, ReservationServer.of(s).shape(s, vm, best.period())
                .withServer(best.period(), best.budget())), "the design passes the exact test");
    }
}

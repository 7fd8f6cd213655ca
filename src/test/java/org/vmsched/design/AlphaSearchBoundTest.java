package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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
 * bandwidth 10^-8 above, and then searched each one's least budget. Counted, not timed; the whole
 * design (16 s of CPU now) is measured in BENCHMARKS.md, not in the suite.
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
    void aListingJustAboveTheUtilisationStopsAtTheSixteenHighestIntervalsAndTheLeastPeriod() {
        Scenario s = reproducer();
        VirtualMachine vm = s.vms().get(0);
        GoodPeriods gp = GoodPeriods.of(vm.tasks(), vm.scheduler());
        AlphaSearch search = new AlphaSearch(s, vm, ReservationServer.of(s), gp);
        // the range the design searches with X = 0: from 1 ms (THEORY.md §12.7) to 2·Dmax; 2,455
        // intervals at this bandwidth, the least period 1 among them
        List<Double> candidates = search.periods(0.26937, 1, 130, 0, true);
        assertEquals(AlphaSearch.MAX_LISTED + 1, search.listed, "intervals listed");
        assertEquals(AlphaSearch.MAX_LISTED + 1, candidates.size(), "the 16 highest intervals' decimals and the least period");
        assertEquals(1.0, candidates.get(0), 0);
        ServerModel server = ReservationServer.of(s);
        for (double t : candidates) {
            assertTrue(server.anyGood(s, vm, gp, 0.26937, t, t, 0), "candidate " + t + " is good");
        }
    }

    @Test
    void onAGridTheLeastPeriodIsItsLeastMultiple() {
        Scenario s = reproducer();
        VirtualMachine vm = s.vms().get(0);
        AlphaSearch search = new AlphaSearch(s, vm, ReservationServer.of(s), GoodPeriods.of(vm.tasks(), vm.scheduler()));
        List<Double> candidates = search.periods(0.26937, 0.7, 130, 0.5, true);
        assertEquals(1.0, candidates.get(0), 0, "1 = 2 x 0.5, the least multiple of the grid in the range");
        assertTrue(search.listed <= AlphaSearch.MAX_LISTED + 1, "intervals listed: " + search.listed);
    }
}

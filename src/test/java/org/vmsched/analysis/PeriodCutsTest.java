package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * The cuts of a VM's period axis among neighbours (THEORY.md §6.5): few multiples are all kept,
 * many are chosen with work that does not grow with their number (issue 30 item 1).
 */
class PeriodCutsTest {

    @Test
    void fewMultiplesAreAllCutsAndExactMultiples() {
        PeriodCuts c = PeriodCuts.of(List.of(3.0, 0.012), 0.03, 0.05, 256);
        assertArrayEquals(new double[] {0.036, 0.048}, c.cuts());
        PeriodCuts d = PeriodCuts.of(List.of(4.0, 6.0), 1, 13, 256);
        assertArrayEquals(new double[] {4, 6, 8, 12}, d.cuts());
    }

    @Test
    void manyMultiplesAreThinnedToTheSegmentsAndStayAscendingExactMultiples() {
        List<Double> everies = List.of(1.0, 1.5);
        PeriodCuts c = PeriodCuts.of(everies, 0, 3000, 64);
        assertTrue(c.cuts().length <= 64 && c.cuts().length >= 32, c.cuts().length + " cuts");
        for (int i = 0; i < c.cuts().length; i++) {
            double cut = c.cuts()[i];
            assertTrue(cut > 0 && cut <= 3000);
            assertTrue(i == 0 || cut > c.cuts()[i - 1], "ascending");
            assertTrue(cut % 1.0 == 0 || cut % 1.5 == 0, cut + " is a multiple of a neighbour's period");
        }
    }

    /**
     * Fifteen neighbours of period about 50 beside a VM of deadline 20 at bandwidth 1 (the search
     * reaches 10^6 deadlines): 400,000 multiples each. Choosing 256 cuts among them examined a
     * million multiples, per VM and per search, which made analyze of 16 such VMs take 30 s
     * and 4 GB (issue 30 item 1).
     */
    @Test
    void theWorkOfChoosingCutsDoesNotGrowWithTheNumberOfMultiples() {
        List<Double> everies = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            everies.add(new BigDecimal("50").add(new BigDecimal("0.37").multiply(BigDecimal.valueOf(i))).doubleValue());
        }
        PeriodCuts c = PeriodCuts.of(everies, 0.02, GoodPeriods.wideCap(20), 256);
        assertTrue(c.examined() <= 100_000, c.examined() + " multiples examined");
        assertTrue(c.cuts().length >= 128 && c.cuts().length <= 256, c.cuts().length + " cuts");
        // the first cut is the least multiple: the finest segments lie where good periods are
        assertEquals(50, c.cuts()[0]);
    }

    /**
     * A hundred VMs of bandwidth 1 on one RM core (issue 30 item 1's shape): each VM's good-period
     * search walks the axis once per segment, so the core's VMs share {@link VmSupply#MAX_CORE_SEGMENTS}.
     */
    @Test
    void theVmsOfACrowdedCoreShareTheSegmentsOfTheSearch() {
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            double p = new BigDecimal("50").add(new BigDecimal("0.37").multiply(BigDecimal.valueOf(i))).doubleValue();
            vms.add(VirtualMachine.of("vm" + i, p, p, 0, List.of(Task.of("t", 2, 20))));
        }
        Scenario s = Scenario.of("crowded", vms).withHypervisor(new Platform(HypervisorPolicy.RM, 1));
        VirtualMachine vm = s.vms().get(0);
        GoodPeriods gp = GoodPeriods.of(vm.tasks(), GuestScheduler.RM);
        int n = VmSupply.segmentCount(s, vm, gp, 1, gp.defaultMinPeriod());
        assertTrue(n >= 2 && n <= VmSupply.MAX_CORE_SEGMENTS / 100 + 1, n + " segments");
        assertTrue(VmSupply.segmentCount(Scenario.of("pair", vms.subList(0, 2)).withHypervisor(new Platform(HypervisorPolicy.RM, 1)), vm, gp, 1, gp.defaultMinPeriod()) > 100);
    }
}

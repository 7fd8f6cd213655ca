package org.vmsched.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.hier.CbsFp;
import org.vmsched.analysis.hier.TickTask;
import org.vmsched.progress.Cancellation;
import org.vmsched.progress.CancelledException;

/** The two reproductions of the hierarchical-reservations seed. */
class HierarchyReproductionsTest {

    /**
     * Without overhead: VMa needs 80/3 ms = 26.667 as a CBS (27 in whole ms, the seed's figure),
     * 32 as a periodic server; VMb 50 and 75 (the seed reserves 52).
     */
    @Test
    void twoVmBudgetsWithoutOverhead() {
        TwoVmExample.Result r = TwoVmExample.run(0);
        TwoVmExample.Row a = r.rows().get(0);
        TwoVmExample.Row b = r.rows().get(1);
        assertEquals(26_667, a.cbsAligned());
        assertEquals(32_000, a.cbsAnyPhase());
        assertEquals(32_000, a.periodicServer());
        assertEquals(50_000, b.cbsAligned());
        assertEquals(75_000, b.cbsAnyPhase());
        assertEquals(75_000, b.periodicServer());
        assertFalse(r.fpFpEitherOrder());
    }

    /** Overhead only ever raises a budget, and the seed's 28 ms covers X = 100 µs for VMa. */
    @Test
    void overheadRaisesTheBudgets() {
        TwoVmExample.Result r = TwoVmExample.run(0, 100, 1000);
        for (int i = 2; i < r.rows().size(); i++) {
            TwoVmExample.Row now = r.rows().get(i);
            TwoVmExample.Row before = r.rows().get(i - 2);
            assertTrue(now.cbsAligned() > before.cbsAligned());
            assertTrue(now.periodicServer() > before.periodicServer());
        }
        assertTrue(r.rows().get(2).cbsAligned() <= TwoVmExample.SEED_A_USED);
    }

    /**
     * The periodic-server column is the periodic server's least budget (THEORY.md §6.1, the
     * supply of {@code analyze} and {@code budget}: blackout 2(P − Q) + (2N + 1)·X), as THEORY.md
     * §11.7 and the README give it: VMa alone on its grid (N = 0) needs 32.08 and 32.8 ms at
     * X = 0.1 and 1 ms ({@code budget} on VMa with X = 1 says 32.8), VMb (N = 2) 75.25 and 77.5.
     * It printed 32.1 and 33 once the CBS's any-phase supply kept X in its blackout at N = 0 (a
     * CBS wake-up may pay X again for nothing; a periodic server's chunk does not).
     */
    @Test
    void thePeriodicServerColumnIsThePeriodicServersLeastBudget() {
        TwoVmExample.Result r = TwoVmExample.run(100, 1000);
        assertEquals(0, r.rows().get(0).periodicPreemptions());
        assertEquals(32_080, r.rows().get(0).periodicServer());
        assertEquals(75_250, r.rows().get(1).periodicServer());
        assertEquals(32_800, r.rows().get(2).periodicServer());
        assertEquals(77_500, r.rows().get(3).periodicServer());
    }

    /** The comparison depends only on its seed, not on threads or order; results are counts per U. */
    @Test
    void comparisonIsReproducibleAndConsistent() throws Exception {
        HierarchyComparison.Params p = new HierarchyComparison.Params(7, 30, List.of(0.3, 0.9), 2, 3, 2, 4, 10, 100, 4, 0);
        HierarchyComparison.Result a = HierarchyComparison.run(p, new Cancellation());
        HierarchyComparison.Result b = HierarchyComparison.run(p, new Cancellation());
        assertEquals(a, b);
        for (HierarchyComparison.Point pt : a.points()) {
            assertEquals(30, pt.systems());
            assertTrue(pt.fpFpByPeriod() <= pt.fpFpOptimal(), "the best order is at least the period order");
        }
        assertTrue(a.points().get(0).cbsFp() >= a.points().get(1).cbsFp(), "fewer systems fit at U = 0.9 than at 0.3");
    }

    /** Every generated system has the stated shape and utilisation. */
    @Test
    void generatorMatchesItsDescription() {
        HierarchyComparison.Params p = HierarchyComparison.Params.defaults();
        for (int i = 0; i < 50; i++) {
            List<List<TickTask>> sys = HierarchyComparison.generate(p, 0.6, i);
            assertTrue(sys.size() >= 2 && sys.size() <= 4);
            double u = 0;
            for (List<TickTask> vm : sys) {
                assertTrue(vm.size() >= 2 && vm.size() <= 5);
                for (TickTask t : vm) {
                    assertEquals(0, t.period() % 1000);
                    assertTrue(t.period() >= 10_000 && t.period() <= 200_000);
                    u += t.utilization();
                }
            }
            assertEquals(0.6, u, 0.01, "rounding WCET up to whole µs adds little");
        }
    }

    /** The seed's pair as a system: CBS/FP schedules it, FP/FP does not in either order. */
    @Test
    void judgeTheSeedsPair() {
        HierarchyComparison.Verdicts v = HierarchyComparison.judge(List.of(TwoVmExample.VMA, TwoVmExample.VMB), 0, 4);
        assertTrue(v.cbs());
        assertFalse(v.fpOptimal());
        assertEquals(CbsFp.Phase.ALIGNED, CbsFp.phase(org.vmsched.analysis.hier.CbsReservation.of(50_000, 50_000, 0),
                TwoVmExample.VMA));
    }

    @Test
    void cancellationStopsTheRun() {
        Cancellation c = new Cancellation();
        c.cancel();
        assertThrows(CancelledException.class,
                () -> HierarchyComparison.run(HierarchyComparison.Params.defaults(), c));
    }

    @Test
    void parametersAreCheckedWithTheirNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HierarchyComparison.Params.defaults().withSystems(0));
        assertTrue(e.getMessage().startsWith("systems"));
    }
}

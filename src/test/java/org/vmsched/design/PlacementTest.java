package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

class PlacementTest {

    static List<Task> thesisTasks() {
        return List.of(Task.of("t1", 2, 16), Task.of("t2", 1, 24), Task.of("t3", 4, 36));
    }

    static Scenario copies(int n, double overhead, HypervisorPolicy policy) {
        List<VirtualMachine> vms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            vms.add(VirtualMachine.of("VM" + (i + 1), 10, 4, overhead, thesisTasks()));
        }
        return Scenario.of("copies", vms).withHypervisor(new Platform(policy, 1));
    }

    /** Random systems: VMs of 1 to 4 tasks with whole periods 10 to 100, utilisation 5 to 35 %, X in {0, 0.1, 0.2}. */
    static Scenario random(long seed, int vms) {
        Random r = new Random(seed);
        List<VirtualMachine> out = new ArrayList<>();
        for (int i = 0; i < vms; i++) {
            int n = 1 + r.nextInt(4);
            double u = 0.05 + 0.3 * r.nextDouble();
            List<Task> ts = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                int p = 10 + r.nextInt(91);
                ts.add(Task.of("t" + (j + 1), Math.max(0.01, Math.ceil(p * u / n * 100) / 100), p));
            }
            out.add(VirtualMachine.of("VM" + (i + 1), 10, 5, 0.1 * r.nextInt(3), ts));
        }
        return Scenario.of("random " + seed, out);
    }

    @Test
    void fourThesisVmsWithOverheadTakeTwoCoresAndPassTheAnalysis() {
        Scenario s = copies(4, 0.5, HypervisorPolicy.EDF);
        Placement.Result r = Placement.place(s, 4, ReservationServer.PERIODIC, DesignConstraints.DEFAULT);
        assertTrue(r.fits(), String.join("\n", r.explanation()));
        assertEquals(2, r.lowerBound(), "4 x 0.4279 = 1.71");
        assertTrue(r.coresUsed() >= r.lowerBound());
        assertTrue(SystemAnalysis.analyze(r.scenario()).schedulable());
        for (Placement.PlacedVm v : r.vms()) {
            assertTrue(v.bandwidth() >= v.aloneBandwidth() * (1 - 1e-9), v.toString());
        }
    }

    @Test
    void tooFewCoresIsExplainedByTheLowerBound() {
        Placement.Result r = Placement.place(copies(4, 0.5, HypervisorPolicy.EDF), 1, ReservationServer.PERIODIC,
                DesignConstraints.DEFAULT);
        assertFalse(r.fits());
        assertTrue(r.explanation().get(0).contains("at least 2 cores"), r.explanation().toString());
    }

    @Test
    void aVmThatFitsNowhereIsNamedWithEachCoresReason() {
        // Seven VMs of bandwidth 0.4279 on three cores: two per core, and the seventh joins no pair
        // (the lower bound, ⌈2.995⌉ = 3, does not see it).
        Placement.Result r = Placement.place(copies(7, 0.5, HypervisorPolicy.EDF), 3, ReservationServer.PERIODIC,
                DesignConstraints.DEFAULT);
        assertFalse(r.fits());
        String all = String.join("\n", r.explanation());
        assertTrue(all.contains("fits on none of the 3 cores"), all);
        assertTrue(all.contains("core 0:") && all.contains("core 2:"), all);
        assertEquals(3, r.lowerBound());
    }

    @Test
    void randomSystemsUnderEveryPolicyAreSoundAndAtOrAboveTheLowerBound() {
        for (HypervisorPolicy policy : List.of(HypervisorPolicy.EDF, HypervisorPolicy.RM)) {
            // Two seeds per policy (the suite's time); the design benchmarks place 100 VMs.
            for (long seed = 1; seed <= 2; seed++) {
                Scenario s = random(seed, 8).withHypervisor(new Platform(policy, 1));
                Placement.Result r = Placement.place(s, 8, ReservationServer.PERIODIC, DesignConstraints.DEFAULT);
                assertTrue(r.fits(), String.join("\n", r.explanation()));
                assertTrue(r.coresUsed() >= r.lowerBound());
                assertTrue(SystemAnalysis.analyze(r.scenario()).schedulable(), r.scenario().toString());
            }
        }
    }

    /**
     * Issue 18: a placement proposed budgets such as 0.8516666666667 (the exact least budget among
     * new core mates, 13 digits): every value proposed is now a decimal of at most six significant
     * digits (rounded up, so still enough), and the placement still passes the analysis.
     */
    @Test
    void placedBudgetsAndPeriodsHaveAtMostSixSignificantDigits() {
        for (HypervisorPolicy policy : List.of(HypervisorPolicy.EDF, HypervisorPolicy.RM)) {
            Scenario s = random(3, 8).withHypervisor(new Platform(policy, 1));
            Placement.Result r = Placement.place(s, 8, ReservationServer.PERIODIC, DesignConstraints.DEFAULT);
            assertTrue(r.fits(), String.join("\n", r.explanation()));
            for (Placement.PlacedVm v : r.vms()) {
                assertTrue(digits(v.period()) <= 6 && digits(v.budget()) <= 6, policy + ": " + v);
            }
            assertTrue(SystemAnalysis.analyze(r.scenario()).schedulable(), r.scenario().toString());
        }
    }

    /**
     * The common period of a core (the fallback when a VM does not join as designed) charged each
     * VM the preemptions of mates still at their old periods, although at one period T none preempts
     * another: four VMs that fit one core at T = 7.21388 (the lower bound) took two, with budgets
     * above their least ones at T. Each budget is now the least at T with P = 0, rounded up to six
     * significant digits (the numbers as the placement had them before short numbers, which
     * PlacementShortNumbersTest has: 7.2 here).
     */
    @Test
    void aCommonPeriodChargesNoPreemptionsAmongVmsThatShareIt() throws Exception {
        Scenario s = random(14, 4).withHypervisor(new Platform(HypervisorPolicy.EDF, 1));
        Placement.Result r = Placement.place(s, 4, ReservationServer.PERIODIC, DesignConstraints.DEFAULT, null, null,
                Placement.Numbers.SIX_DIGITS);
        assertTrue(r.fits(), String.join("\n", r.explanation()));
        assertEquals(1, r.lowerBound());
        assertEquals(1, r.coresUsed(), r.vms().toString());
        for (VirtualMachine v : r.scenario().vms()) {
            assertEquals(7.21388, v.period(), r.vms().toString());
            double least = org.vmsched.analysis.BudgetSearch.minBudget(v, new org.vmsched.analysis.Supply(v.period(),
                    v.period(), v.overhead()));
            double rounded = SafeRounding.up(SafeRounding.fraction(least), SafeRounding.Precision.DEFAULT).doubleValue();
            assertEquals(rounded, v.budget(), v.name());
        }
        assertTrue(SystemAnalysis.analyze(r.scenario()).schedulable(), r.scenario().toString());
    }

    private static int digits(double x) {
        return java.math.BigDecimal.valueOf(x).stripTrailingZeros().precision();
    }
}

package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;

class InterfaceDesignerTest {

    static Scenario load(String name) throws Exception {
        return ScenarioJson.load(Path.of("scenarios", name));
    }

    static InterfaceDesign design(Scenario s, VirtualMachine vm, DesignConstraints k) {
        return InterfaceDesigner.design(s, vm, ReservationServer.PERIODIC, k);
    }

    /**
     * No period on the grid of step T1/10^4 around the design (within its range) has a least budget
     * the analysis accepts with a smaller bandwidth.
     */
    static void noBetterPeriodOnFineGrid(Scenario s, VirtualMachine vm, InterfaceDesign d, int steps) {
        double t1 = vm.tasks().stream().mapToDouble(Task::period).min().orElseThrow();
        double step = t1 / 1e4;
        double bw = d.exactOptimum().bandwidth();
        for (int i = -steps; i <= steps; i++) {
            double t = d.exactOptimum().period() + i * step;
            if (t < d.minPeriod() || t > d.maxPeriod()) {
                continue;
            }
            double c = InterfaceDesigner.minBudget(s, vm, ReservationServer.PERIODIC, t);
            if (!Double.isNaN(c)) {
                assertTrue(c / t >= bw * (1 - 1e-9), "period " + t + " needs only bandwidth " + c / t
                        + " below the designed " + bw + " at " + d.exactOptimum().period());
            }
        }
    }

    /** The design rounded safely to 10^-4, analysed and simulated in worst-case mode: no deadline missed. */
    static void schedulableByAnalysisAndWorstCaseSimulation(Scenario s, VirtualMachine vm, Candidate c) {
        double q = 1e-4;
        double t = SafeRounding.units(SafeRounding.periodDown(c.period(), q), q);
        double b = Math.min(t, SafeRounding.units(SafeRounding.budgetUp(c.budget(), q), q));
        VirtualMachine v = vm.withServer(t, b, vm.overhead());
        Scenario sc = s.withVms(List.of(v));
        assertTrue(SystemAnalysis.analyze(sc).schedulable(), () -> "analysis rejects " + v);
        double longest = v.tasks().stream().mapToDouble(Task::period).max().orElseThrow();
        SimulationResult sim = Simulator.run(sc, SimulationOptions.DEFAULT.withMode(SimulationMode.WORST_CASE)
                .withHorizon(b + 3 * longest + 2 * t).withTrace(false), null);
        assertEquals(0, sim.deadlineMisses(), () -> "worst-case simulation misses with " + v + ": " + sim.misses());
    }

    @Test
    void thesisExampleWithOverheadHalfHasItsOptimumAtACorner() throws Exception {
        Scenario s = load("overhead.json");
        VirtualMachine vm = s.vms().get(0);
        InterfaceDesign d = design(s, vm, DesignConstraints.DEFAULT);
        assertTrue(d.found(), d.note());
        // The corner of THEORY.md §12.3: C = X + w/u = 0.5 + 10/3 with τ3's demand w = 10 in u = 3
        // chunks, T = 215/24 where τ3's last chunk arrives just in time.
        assertEquals(23.0 / 6, d.exactOptimum().budget(), 1e-9);
        assertEquals(215.0 / 24, d.exactOptimum().period(), 1e-7);
        assertEquals(0.4279069767, d.exactOptimum().bandwidth(), 1e-9);
        // what a person types (issue 18): 8.95833 (period down), 3.83334 (its least budget up), six digits each
        assertEquals(8.95833, d.best().period(), 0.0);
        assertEquals(3.83334, d.best().budget(), 0.0);
        assertTrue(d.best().bandwidth() < 0.4279069767 * (1 + 1e-5), d.best().toString());
        noBetterPeriodOnFineGrid(s, vm, d, 400);
        schedulableByAnalysisAndWorstCaseSimulation(s, vm, d.best());
        Candidate whole = d.runnerUps().stream().filter(c -> c.label().equals("whole milliseconds")).findFirst()
                .orElseThrow();
        assertEquals(7, whole.period());
        assertEquals(3, whole.budget());
        assertTrue(whole.bandwidth() > d.best().bandwidth());
        schedulableByAnalysisAndWorstCaseSimulation(s, vm, whole);
        assertFalse(d.curve().isEmpty());
    }

    @Test
    void thesisExampleWithoutOverheadStopsAtTheStatedLeastPeriodAndSaysWhy() throws Exception {
        // issue 18: with X = 0 a shorter period always costs less, and the search's own lower end
        // (T1/1000 = 0.016) is no period a hypervisor runs: stop at 1 ms and say so
        Scenario s = load("thesis-example.json");
        VirtualMachine vm = s.vms().get(0);
        InterfaceDesign d = design(s, vm, DesignConstraints.DEFAULT);
        assertTrue(d.found(), d.note());
        assertEquals(1, d.minPeriod(), 0.0);
        assertTrue(d.best().period() >= 1 && d.best().period() < 2, d.best().toString());
        assertTrue(d.note().contains("the bandwidth falls as the period shrinks"), d.note());
        assertTrue(java.math.BigDecimal.valueOf(d.best().period()).stripTrailingZeros().precision() <= 6, d.best().toString());
        assertTrue(java.math.BigDecimal.valueOf(d.best().budget()).stripTrailingZeros().precision() <= 6, d.best().toString());
        noBetterPeriodOnFineGrid(s, vm, d, 400);
        schedulableByAnalysisAndWorstCaseSimulation(s, vm, d.best());
        InterfaceDesign ranged = design(s, vm, DesignConstraints.DEFAULT.withRange(2, 20));
        noBetterPeriodOnFineGrid(s, vm, ranged, 400);
        schedulableByAnalysisAndWorstCaseSimulation(s, vm, ranged.best());
    }

    @Test
    void theIsolatedPeriodTenIsFoundWhereAGridStepsOverIt() throws Exception {
        Scenario s = load("thesis-example.json");
        VirtualMachine vm = s.vms().get(0);
        // At α = 0.4 the good periods near 10 are {10} alone (THEORY.md §3).
        InterfaceDesign d = design(s, vm, DesignConstraints.DEFAULT.withRange(9.5, 10.5));
        assertEquals(10, d.best().period());
        assertEquals(4, d.best().budget());
        for (double t = 9.5; t <= 10.5; t += 0.3) { // 9.5, 9.8, 10.1, 10.4: all worse
            assertTrue(InterfaceDesigner.minBudget(s, vm, ReservationServer.PERIODIC, t) / t > 0.4 + 1e-6);
        }
        noBetterPeriodOnFineGrid(s, vm, d, 2000);
    }

    @Test
    void twoVmExampleOfTheHierarchicalReservationsPaper() {
        // Ta = {(30, 150), (50, 200)}, Tb = {(30, 120), (40, 240)} in ms, RM inside each VM, and the
        // paper's 1 ms of virtualisation overhead as X. (Its CBS reservations (28, 50) and (52, 120)
        // rest on the CBS's shorter first gap; a periodic server needs more, so they are not compared.)
        VirtualMachine a = VirtualMachine.of("VMa", 50, 28, 1, List.of(Task.of("a1", 30, 150), Task.of("a2", 50, 200)));
        VirtualMachine b = VirtualMachine.of("VMb", 120, 52, 1, List.of(Task.of("b1", 30, 120), Task.of("b2", 40, 240)))
                .withCore(1);
        Scenario s = Scenario.of("seed", List.of(a, b)).withHypervisor(new org.vmsched.model.Platform(
                org.vmsched.model.HypervisorPolicy.EDF, 2));
        for (VirtualMachine vm : s.vms()) {
            InterfaceDesign d = design(s, vm, DesignConstraints.DEFAULT);
            assertTrue(d.found(), d.note());
            noBetterPeriodOnFineGrid(s, vm, d, 300);
            schedulableByAnalysisAndWorstCaseSimulation(s.withVms(List.of(vm.withCore(0))), vm.withCore(0), d.best());
        }
    }

    @Test
    void aCoreMateWithAShortPeriodDoesNotHideEveryInterface() throws Exception {
        // Both VMs of rtds-example.json sit on core 0. The good periods at bandwidth 1 used to be
        // searched up to 10^6 times the longest deadline: too many multiples of the mate's period to
        // cut the axis there, so one segment with the supply at its top (P in the millions) made
        // every period bad and the design reported no interface at all.
        Scenario s = load("rtds-example.json");
        for (VirtualMachine vm : s.vms()) {
            InterfaceDesign d = InterfaceDesigner.design(s, vm, ReservationServer.of(s), DesignConstraints.DEFAULT, false);
            assertTrue(d.found(), vm.name() + ": " + d.note());
            VirtualMachine v = vm.withServer(d.best().period(), d.best().budget(), vm.overhead());
            List<VirtualMachine> vms = new java.util.ArrayList<>(s.vms());
            vms.set(s.vms().indexOf(vm), v);
            assertTrue(org.vmsched.analysis.BudgetSearch.schedulable(v,
                    org.vmsched.analysis.VmSupply.of(s.withVms(vms), v)), d.best().toString());
        }
    }

    @Test
    void neverAboveShinAndLeeWithoutOverhead() throws Exception {
        Scenario s = load("thesis-example.json");
        VirtualMachine vm = s.vms().get(0);
        for (double[] range : new double[][] {{1, 16}, {2, 12}, {5, 9}}) {
            InterfaceDesign d = design(s, vm, DesignConstraints.DEFAULT.withRange(range[0], range[1]));
            double[] sl = ShinLeeInterface.bestWholePeriod(vm.tasks(), range[0], range[1]);
            assertNotNull(sl);
            assertTrue(d.best().bandwidth() <= sl[2] * (1 + 1e-9), d.best() + " above Shin and Lee's " + sl[2]);
        }
    }

    @Test
    void constraintsAreHonoured() throws Exception {
        Scenario s = load("overhead.json");
        VirtualMachine vm = s.vms().get(0);
        InterfaceDesign g = design(s, vm, DesignConstraints.DEFAULT.withGranularity(0.5));
        double q = g.best().period() / 0.5;
        assertEquals(Math.rint(q), q, 1e-9);
        // At most 100 switches per second with a millisecond unit: T >= 10.
        InterfaceDesign sw = design(s, vm, DesignConstraints.DEFAULT.withMaxSwitchesPerSecond(100));
        assertTrue(sw.best().period() >= 10, sw.best().toString());
        InterfaceDesign hyp = design(s, vm, DesignConstraints.DEFAULT.withHypervisorMinPeriod(10));
        assertTrue(hyp.runnerUps().stream().anyMatch(c -> c.period() >= 10 && c.label().contains("hypervisor")));
        InterfaceDesign none = design(s, vm, DesignConstraints.DEFAULT.withMaxSwitchesPerSecond(10));
        assertFalse(none.found());
        assertTrue(none.note().contains("switches per second"), none.note());
        assertNull(none.best());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DesignConstraints.DEFAULT.withRange(10, 5));
        assertTrue(e.getMessage().contains("minPeriod"), e.getMessage());
    }
}

package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.global.GlobalSoundnessAgainstSimulationProperties;
import org.vmsched.sim.global.GlobalSystems;

/**
 * The budgets the whole analysis proves (THEORY.md §15.9, "Budgets the whole analysis proves"), held to their claim on
 * random small global EDF scenarios ({@link GlobalSystems}: 2–8 cores, 1–4 VMs of 1–4 vCPUs, RM and EDF guests,
 * overheads X = 0 and X &gt; 0, offsets, a migration cost in a third), each also with deferrable servers, and with its
 * first VM doubled (VMs equal but for their names): every answer is proved by {@code analyze} with all its budgets
 * set and is a valid scenario; no budget rises, no period or vCPU count changes, equal VMs stay equal; the same input
 * gives the same answer; and no simulation of the answer (from offsets 0 where the analysis proves that, at the
 * offsets as written, and in worst-case mode) misses a deadline. Seeded, so a failure names its try.
 */
class WholeBudgetsProperties {

    private static final int TRIES = 10;
    /** Analyses per search: below design's bound, to keep the property within seconds; a stopped search must hold too. */
    private static final int MAX_ANALYSES = 40;

    @Test
    void everyAnswerIsProvedValidLowerAndMissesNoDeadlineInSimulation() throws Exception {
        Random rnd = new Random(159);
        int judged = 0;
        int lowered = 0;
        int tries = 0;
        for (int i = 0; i < TRIES; i++) {
            Scenario base = GlobalSystems.system(rnd);
            for (Scenario s : List.of(base, GlobalSoundnessAgainstSimulationProperties.deferrable(base), doubled(base))) {
                tries++;
                WholeBudgets.Result r = WholeBudgets.search(s, MAX_ANALYSES, null);
                boolean proved = SystemAnalysis.analyze(s).verdict() == Verdict.SCHEDULABLE;
                assertEquals(proved, r != null, () -> "a search from a proved scenario, and only from one: " + s);
                if (r == null) {
                    continue;
                }
                judged++;
                if (r.bandwidth() < r.asWritten()) {
                    lowered++;
                }
                check(s, r, "try " + tries);
                if (tries % 3 == 0) {
                    assertEquals(r, WholeBudgets.search(s, MAX_ANALYSES, null), "the same input, the same answer: " + s);
                }
            }
        }
        // not vacuous: most scenarios are proved as written, and the search lowers most of those
        assertTrue(2 * judged >= tries, "only " + judged + " of " + tries + " scenarios proved as written");
        assertTrue(2 * lowered >= judged, "only " + lowered + " of " + judged + " proved scenarios lowered");
        System.err.printf("WholeBudgetsProperties: %d scenarios, %d proved as written, %d lowered, every answer proved and"
                + " simulated without a miss%n", tries, judged, lowered);
    }

    private static void check(Scenario s, WholeBudgets.Result r, String what) {
        Scenario a = r.scenario();
        String at = what + ": " + r.budgets() + " of " + s;
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(a).verdict(), () -> "not proved: " + at);
        assertEquals(List.of(), ScenarioValidator.validate(a), () -> "not valid: " + at);
        assertTrue(r.analyses() <= MAX_ANALYSES, at);
        for (int v = 0; v < s.vms().size(); v++) {
            VirtualMachine was = s.vms().get(v);
            VirtualMachine now = a.vms().get(v);
            assertTrue(now.budget() <= was.budget(), () -> "a budget rose: " + at);
            assertEquals(was.withServer(was.period(), now.budget(), was.overhead()), now, () -> "only the budget changes: " + at);
            assertEquals(now.budget(), r.budgets().get(v).budget(), at);
            for (int w = 0; w < v; w++) {
                if (was.withName("").equals(s.vms().get(w).withName(""))) {
                    assertEquals(a.vms().get(w).budget(), now.budget(), () -> "equal VMs parted: " + at);
                }
            }
        }
        SimulationOptions o = SimulationOptions.DEFAULT.withHorizon(150.0);
        if (s.simulation().serverPolicy() == ServerPolicy.DEFERRABLE) {
            o = o.withServerPolicy(ServerPolicy.DEFERRABLE);
        }
        List<SimulationOptions> runs = List.of(o, o.withMode(SimulationMode.WORST_CASE));
        for (SimulationOptions opt : runs) {
            SimulationResult run = Simulator.run(a, opt);
            assertEquals(0, run.deadlineMisses(), () -> opt.mode() + " run misses " + run.misses() + ": " + at);
        }
        // the analysis reads the host's schedule at the VMs' offsets: the run from 0 is judged by the analysis from 0
        Scenario zero = GlobalSoundnessAgainstSimulationProperties.zeroOffsets(a);
        if (SystemAnalysis.analyze(zero).verdict() == Verdict.SCHEDULABLE) {
            SimulationResult run = Simulator.run(zero, o);
            assertEquals(0, run.deadlineMisses(), () -> "synchronous run misses " + run.misses() + ": " + at);
        }
    }

    /** {@code s} with its first VM doubled under another name, when the host has room for its vCPUs. */
    private static Scenario doubled(Scenario s) {
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.add(s.vms().get(0).withName("twin"));
        return s.withVms(vms);
    }
}

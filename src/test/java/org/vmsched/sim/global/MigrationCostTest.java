package org.vmsched.sim.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.SliceKind;
import org.vmsched.sim.StepRecorder;
import org.vmsched.sim.TraceSlice;

/**
 * The migration cost of global EDF (THEORY.md §15.12), on a schedule worked out by hand: a
 * dispatch of a vCPU on another core than its last pays X plus {@code migrationOverhead}; its first
 * dispatch and a resumption on its own core pay X only.
 */
class MigrationCostTest {

    /**
     * Two cores; a (period 20, budget 10, X = 1) and q, p (period 10, budget 3, no overhead; p from 1).
     * 0: q (deadline 10) takes core 0, a (20) core 1, its first dispatch: X = 1 over [0, 1).
     * 1: p (11) preempts a on core 1. 3: q's budget is spent; a's core 1 is p's, so a resumes on
     * core 0: one migration, X + M over [3, 4 + M), then w runs 5 to 9 + M. Horizon 10: nothing more.
     */
    private static final SimulationOptions TEN = SimulationOptions.DEFAULT.withHorizon(10.0);

    static String scenario(String migration) {
        return """
                { "schemaVersion": 2, "name": "mig",
                  "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 %s},
                  "vms": [
                    { "name": "a", "period": 20, "budget": 10, "overhead": 1,
                      "tasks": [ { "name": "w", "wcet": 5, "period": 20 } ] },
                    { "name": "q", "period": 10, "budget": 3,
                      "tasks": [ { "name": "u", "wcet": 3, "period": 10 } ] },
                    { "name": "p", "period": 10, "budget": 3, "offset": 1,
                      "tasks": [ { "name": "v", "wcet": 3, "period": 10, "offset": 1 } ] } ],
                  "simulation": { "horizon": 10 } }
                """.formatted(migration == null ? "" : ", \"params\": { \"migrationOverhead\": " + migration + " } ");
    }

    static SimulationResult run(String migration) throws Exception {
        return Simulator.run(ScenarioJson.parse("mig.json", scenario(migration)), TEN);
    }

    @Test
    void theOneMigrationPaysXPlusItsCostExactlyOnce() throws Exception {
        SimulationResult r = run("0.5");
        assertEquals(1, r.vm("a").vcpuMigrations());
        assertEquals(2, r.vm("a").overheadCount(), "the first dispatch and the migration");
        assertEquals(1 + 1.5, r.vm("a").overheadTime(), 1e-12, "X at 0, X + M at 3");
        assertEquals(9.5, r.task("a", "w").maxResponseTime(), 1e-12);
        assertEquals(0, r.vm("q").overheadTime() + r.vm("p").overheadTime(), 1e-12, "q and p never migrate");
        TraceSlice moved = r.trace().asList().stream().filter(TraceSlice::migrated).findFirst().orElseThrow();
        assertEquals("a", moved.vm());
        assertEquals(0, moved.core());
        assertEquals(SliceKind.OVERHEAD, moved.kind());
        assertEquals(3.0, moved.start(), 1e-12);
        assertEquals(4.5, moved.end(), 1e-12);
        Invariants.check(ScenarioJson.parse("mig.json", scenario("0.5")), r);
    }

    @Test
    void withoutAMigrationCostTheMigrationCostsXAsAnyDispatch() throws Exception {
        // what every global run paid before migrationOverhead existed (a file naming it was refused)
        for (String m : new String[] {null, "0"}) {
            SimulationResult r = run(m);
            assertEquals(1, r.vm("a").vcpuMigrations());
            assertEquals(2.0, r.vm("a").overheadTime(), 1e-12);
            assertEquals(9.0, r.task("a", "w").maxResponseTime(), 1e-12);
        }
    }

    @Test
    void aMigrationCostAloneChargesOnlyTheMigration() throws Exception {
        Scenario s = ScenarioJson.parse("mig.json", scenario("0.25").replace("\"overhead\": 1", "\"overhead\": 0"));
        SimulationResult r = Simulator.run(s, TEN);
        assertEquals(1, r.vm("a").overheadCount(), "the migration's charge counts as a switch paid, the first dispatch is free");
        assertEquals(0.25, r.vm("a").overheadTime(), 1e-12);
        // w runs 1 unit in [0, 1), pays M over [3, 3.25) and its last 4 units by 7.25
        assertEquals(7.25, r.task("a", "w").maxResponseTime(), 1e-12);
    }

    @Test
    void stepThroughNamesTheMigrationCost() throws Exception {
        Scenario s = ScenarioJson.parse("mig.json", scenario("0.5"));
        List<StepRecorder.Step> steps = StepRecorder.record(s, TEN, 1000).steps();
        String at3 = steps.stream().filter(x -> x.time() == 3).findFirst().orElseThrow().narration();
        assertTrue(at3.contains("vCPU a#0 moves from core 1 to core 0") && at3.contains("1.5 overhead, of which 0.5 the"
                + " migration cost"), at3);
        String at0 = steps.stream().filter(x -> x.time() == 0).findFirst().orElseThrow().narration();
        assertTrue(at0.contains("vCPU a#0 starts on core 1") && !at0.contains("migration cost"), at0);
    }
}

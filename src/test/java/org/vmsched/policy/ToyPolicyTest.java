package org.vmsched.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.VmParams;
import org.vmsched.policy.spi.PolicyModule;
import org.vmsched.sim.HypervisorScheduler;
import org.vmsched.sim.Narrator;
import org.vmsched.sim.RoundRobinScheduler;
import org.vmsched.sim.SimulationOptions;
import org.vmsched.sim.SimulationResult;
import org.vmsched.sim.Simulator;
import org.vmsched.sim.TraceSlice;

/**
 * Issue 17's "a policy is one module": a hypervisor policy written here, in a test, as one module
 * (a strict round robin with a hypervisor-wide {@code slice} and a per-VM {@code turns}), with no
 * main file changed, loads from JSON, is validated from its schema, is analysed (undecided: it has
 * no analysis) and is simulated. It is registered in a registry of the test's own, passed to the
 * reader, so no other test sees it.
 */
class ToyPolicyTest {

    /** Strict round robin: each VM runs {@code turns} slices in its turn, in scenario order. */
    static final class RoundRobinPolicy implements PolicyModule {

        private final HypervisorPolicy policy = new HypervisorPolicy(this);

        @Override
        public HypervisorPolicy policy() {
            return policy;
        }

        @Override
        public String id() {
            return "TOY_ROUND_ROBIN";
        }

        @Override
        public String title() {
            return "Toy round robin";
        }

        @Override
        public String description() {
            return "Toy round robin: fixed slices in turn";
        }

        @Override
        public boolean usesBudget() {
            return false;
        }

        @Override
        public boolean usesPriority() {
            return false;
        }

        @Override
        public String noAnalysisReason() {
            return "the toy round robin has no analysis";
        }

        @Override
        public ParamSchema hypervisorSchema() {
            return new ParamSchema(List.of(ParamSpec.time("slice", "Slice", "how long a VM runs in its turn")));
        }

        @Override
        public ParamSchema vmSchema() {
            return new ParamSchema(List.of(ParamSpec.integer("turns", "Turns", "slices in a row", 1, 10)));
        }

        @Override
        public HypervisorParams hypervisorDefaults(Map<String, Object> given) {
            return hypervisorSchema().hypervisor(policy, Map.of("slice", 5.0));
        }

        @Override
        public VmParams vmDefaults(HypervisorParams hp) {
            return vmSchema().vm(policy, Map.of("turns", 1));
        }

        @Override
        public HypervisorScheduler newScheduler() {
            return scheduler();
        }

        @Override
        public Narrator.Rank rank() {
            return Narrator.Rank.OWN_STATE;
        }
    }

    /** The tests' round robin, reading its parameters from the scenario through the schema's generic values. */
    private static HypervisorScheduler scheduler() {
        return new RoundRobinScheduler(
                c -> ((Number) ((HypervisorParams.Values) c.scenario().hypervisor().effectiveParams()).values()
                        .get("slice")).doubleValue(),
                (c, v) -> ((Number) ((VmParams.Values) c.vm(v).paramsFor(c.scenario().hypervisor().policy(),
                        c.scenario().hypervisor().effectiveParams())).values().get("turns")).intValue());
    }

    private static final RoundRobinPolicy TOY = new RoundRobinPolicy();
    private static final PolicyRegistry REGISTRY = PolicyRegistry.BUILT_IN.with(TOY);

    private static String file(String slice, String turnsOfB) {
        return """
                {"schemaVersion": 2, "name": "toy",
                 "hypervisor": {"policy": "TOY_ROUND_ROBIN", "params": {"slice": %s}},
                 "vms": [
                  {"name": "A", "tasks": [{"name": "a", "wcet": 10, "period": 40}]},
                  {"name": "B", "params": {"turns": %s}, "tasks": [{"name": "b", "wcet": 10, "period": 40}]}
                 ]}
                """.formatted(slice, turnsOfB);
    }

    @Test
    void aPolicyWrittenInATestLoadsValidatesAnalysesAndSimulates() throws Exception {
        Scenario s = ScenarioJson.parse("toy.json", file("5", "2"), REGISTRY);
        assertEquals(TOY.policy(), s.hypervisor().policy());
        assertEquals("Toy round robin", s.hypervisor().policy().title());
        assertEquals(List.of(), ScenarioValidator.validate(s));

        AnalysisResult a = SystemAnalysis.analyze(s);
        assertEquals(Verdict.UNDECIDED, a.verdict());

        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(40.0));
        List<String> got = new ArrayList<>();
        for (TraceSlice sl : r.trace().asList()) {
            got.add(sl.vm() + "@" + (long) sl.start() + "-" + (long) sl.end());
        }
        assertEquals(List.of("A@0-5", "B@5-15", "A@15-20", "null@20-40"), got, "B runs its two slices in a row");
        assertEquals(10, r.vm("B").execution(), 1e-9);

        Scenario again = ScenarioJson.parse("toy.json", ScenarioJson.toJson(s), REGISTRY);
        assertEquals(s, again, "a save and a load give the same scenario");
    }

    @Test
    void theToysParametersAreCheckedFromItsSchema() {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class,
                () -> ScenarioJson.parse("toy.json", file("-1", "11"), REGISTRY));
        assertTrue(e.getMessage().contains("hypervisor.params.slice must be positive, got -1"), e.getMessage());
        assertTrue(e.getMessage().contains("vms[1].params.turns must be between 1 and 10, got 11"), e.getMessage());
        InvalidScenarioException unknown = assertThrows(InvalidScenarioException.class,
                () -> ScenarioJson.parse("toy.json", file("5", "1").replace("\"turns\"", "\"turn\""), REGISTRY));
        assertTrue(unknown.getMessage().contains("vms[1].params.turn is an unknown field (expected one of turns)"),
                unknown.getMessage());
    }

    @Test
    void withoutTheTestsRegistryTheToyIsAnUnknownPolicy() {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class,
                () -> ScenarioJson.parse("toy.json", file("5", "1")));
        assertTrue(e.getMessage().contains("hypervisor.policy must be one of"), e.getMessage());
    }
}

package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.vmsched.JudgedTries;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.ParamSchema;
import org.vmsched.model.ParamSpec;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ScenarioValidator;
import org.vmsched.model.SimulationSettings;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;

/**
 * Issue 20, row 18: a save and a load give back an equal scenario, for every built-in policy and
 * any of its parameters (absent, defaults, all values absent such as CBS's {@code "params": {}}),
 * generated from each policy's schema. Was: a CBS VM with {@code "params": {}} was saved with no
 * params and came back as another scenario.
 */
class PolicyParamsRoundTripProperties {
    /** Counts the tries each property judged: a property that judged fewer than half of them fails. */
    private final JudgedTries judged = new JudgedTries();

    @AfterProperty
    void atLeastHalfTheTriesWereJudged() {
        judged.assertAtLeastHalfJudged();
    }

    record Case(Scenario scenario) {
    }

    @Provide
    Arbitrary<Case> scenarios() {
        return Arbitraries.of(HypervisorPolicy.values()).flatMap(policy -> {
            ParamSchema hv = policy.definition().hypervisorSchema();
            ParamSchema vm = policy.definition().vmSchema();
            Arbitrary<Map<String, Object>> hvValues = values(hv);
            Arbitrary<List<Map<String, Object>>> vmValues = values(vm).list().ofMinSize(1).ofMaxSize(3);
            return Combinators.combine(hvValues, vmValues, Arbitraries.integers().between(0, 2),
                    Arbitraries.integers().between(0, 2)).as((h, vs, hvMode, vmMode) -> {
                        HypervisorParams hp = hv.isEmpty() || hvMode == 0 ? null : hv.hypervisor(policy, h);
                        List<VirtualMachine> vms = new ArrayList<>();
                        for (int i = 0; i < vs.size(); i++) {
                            VmParams p = vm.isEmpty() || (vmMode + i) % 3 == 0 ? null : vm.vm(policy, vs.get(i));
                            vms.add(new VirtualMachine("vm" + i, 10, 2, 0, 0, 0, GuestScheduler.RM,
                                    policy.usesPriority() ? i + 1 : null, List.of(Task.of("t", 1, 40)), p));
                        }
                        return new Case(new Scenario(Math.max(2, policy.schemaVersion()), "rt", "",
                                new Platform(policy, 1, hp), vms, SimulationSettings.DEFAULT));
                    });
        });
    }

    /** Values within each parameter's bounds, or absent for an optional one. */
    private static Arbitrary<Map<String, Object>> values(ParamSchema schema) {
        Arbitrary<Map<String, Object>> out = Arbitraries.just(new LinkedHashMap<>());
        for (ParamSpec p : schema.params()) {
            Arbitrary<Object> one = switch (p.kind()) {
                case TIME -> Arbitraries.integers().between(1, 400).map(k -> (Object) (k / 4.0));
                case TIME_OR_ZERO -> Arbitraries.integers().between(0, 8).map(k -> (Object) (k / 4.0));
                case PERCENT -> Arbitraries.integers().between(0, 40).map(k -> (Object) (k / 2.0));
                case PERCENT_ABOVE_ZERO -> Arbitraries.integers().between(40, 200).map(k -> (Object) (k / 2.0));
                case INTEGER -> Arbitraries.longs().between(p.min(), Math.min(p.max(), p.min() + 5000))
                        .map(k -> (Object) (int) (long) k);
                case BOOLEAN -> Arbitraries.of(true, false).map(b -> (Object) b);
                case CHOICE -> Arbitraries.of(p.choices()).map(c -> (Object) c);
            };
            if (p.optional()) {
                one = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, Arbitraries.just(null)), net.jqwik.api.Tuple.of(2, one));
            }
            Arbitrary<Object> fixed = one;
            out = Combinators.combine(out, fixed).as((m, x) -> {
                Map<String, Object> n = new LinkedHashMap<>(m);
                n.put(p.name(), x);
                return n;
            });
        }
        return out;
    }

    @Property(tries = 400)
    void aSaveAndALoadGiveAnEqualScenario(@ForAll("scenarios") Case c) throws Exception {
        Scenario s = c.scenario();
        boolean valid = ScenarioValidator.validate(s).isEmpty();
        Statistics.label("valid").collect(valid);
        judged.assume(valid);
        Scenario again = ScenarioJson.parse("rt.json", ScenarioJson.toJson(s));
        assertEquals(s, again, ScenarioJson.toJson(s));
    }
}

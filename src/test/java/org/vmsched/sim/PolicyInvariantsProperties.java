package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vmsched.policy.ParamValues.integer;
import static org.vmsched.policy.ParamValues.number;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorParams;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;
import org.vmsched.policy.share.ProportionalShareScheduler;

/**
 * What must hold under every version-2 policy, for any scenario: each core's slices tile the
 * horizon, supply splits into overhead, execution and idle burn (none burnt idle: these policies
 * are work conserving), counts stay consistent; and the policies' own promises — a CBS VM never
 * receives more than its bandwidth (Q/P of any prefix of the run, plus one Q), a capped Credit VM
 * no more than its cap (plus one slice and one accounting period's worth), a VM of a
 * proportional-share core no more than its limit per window.
 */
class PolicyInvariantsProperties {

    record Case(Scenario scenario) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Task> task = Combinators.combine(Arbitraries.integers().between(10, 60),
                        Arbitraries.integers().between(1, 60), Arbitraries.integers().between(0, 5))
                .as((p, w, o) -> new Task("t", Math.max(1, p * w / 100), p, p, o));
        Arbitrary<VirtualMachine> vm = Combinators.combine(Arbitraries.integers().between(5, 30),
                        Arbitraries.integers().between(10, 70), Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, 1), Arbitraries.integers().between(1, 3),
                        Arbitraries.integers().between(1, 1000), Arbitraries.integers().between(0, 100),
                        task.list().ofMinSize(1).ofMaxSize(3))
                .as((p, bPct, x, core, prio, weight, capOrLimit, ts) -> {
                    double budget = Math.max(1, p * bPct / 100);
                    List<Task> named = new ArrayList<>();
                    for (int i = 0; i < ts.size(); i++) {
                        named.add(ts.get(i).withName("t" + i));
                    }
                    return new VirtualMachine("v", p, budget, Math.min(x, budget - 1), core, 0, GuestScheduler.RM, prio,
                            named, CreditPolicy.vm(weight, capOrLimit < 20 ? 0 : capOrLimit));
                });
        return Combinators.combine(vm.list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(1, 2),
                        Arbitraries.of(HypervisorPolicy.CBS, HypervisorPolicy.FP_NO_BUDGET, HypervisorPolicy.CREDIT,
                                HypervisorPolicy.PROPORTIONAL_SHARE),
                        Arbitraries.integers().between(1, 30))
                .as((vms, cores, policy, quantum) -> {
                    List<VirtualMachine> named = new ArrayList<>();
                    for (int i = 0; i < vms.size(); i++) {
                        VirtualMachine v = vms.get(i).withName("vm" + i);
                        v = v.withCore(Math.min(v.core(), cores - 1));
                        VmParams c = v.params();
                        VmParams p = switch (policy.id()) {
                            case "CREDIT" -> c;
                            case "PROPORTIONAL_SHARE" -> ProportionalSharePolicy.vm(integer(c, "weight"), 0, number(c, "cap") == 0 ? 100 : number(c, "cap"));
                            default -> null;
                        };
                        named.add(v.withParams(p));
                    }
                    HypervisorParams hp = switch (policy.id()) {
                        case "CREDIT" -> CreditPolicy.hypervisor(10, 30, quantum, Math.min(quantum, 1), quantum % 2 == 0);
                        case "PROPORTIONAL_SHARE" -> ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.CUSTOM, quantum);
                        default -> null;
                    };
                    return new Case(Scenario.of("inv", named).withHypervisor(new Platform(policy, cores, hp)));
                });
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void bookkeepingAndEachPolicysPromiseHold(@ForAll("cases") Case c) {
        Scenario s = c.scenario();
        SimulationResult r = Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(400.0), null);
        double h = r.horizon();
        for (CoreStats cs : r.cores()) {
            assertEquals(h, cs.busy() + cs.idle(), 1e-9, "core " + cs.core());
        }
        List<TraceSlice> slices = new ArrayList<>(r.trace().asList());
        for (int core = 0; core < s.hypervisor().cores(); core++) {
            final int k = core;
            long at = 0;
            for (TraceSlice sl : slices.stream().filter(x -> x.core() == k)
                    .sorted(Comparator.comparingLong(TraceSlice::startTick)).toList()) {
                assertEquals(at, sl.startTick(), "gap or overlap on core " + k);
                at = sl.endTick();
            }
            assertEquals(Math.round(h * r.resolution()), at);
        }
        for (VirtualMachine vm : s.vms()) {
            VmStats st = r.vm(vm.name());
            assertEquals(st.supply(), st.overheadTime() + st.execution() + st.idleBurn(), 1e-9);
            assertEquals(0, st.idleBurn(), 1e-9, vm.name() + " burnt idle time");
            for (TaskStats ts : st.tasks()) {
                assertTrue(ts.completed() <= ts.jobs());
                assertEquals(ts.completed(), ts.responseTimes().total());
            }
            switch (s.hypervisor().policy().id()) {
                case "CBS" -> assertTrue(st.supply() <= vm.bandwidth() * h + vm.budget() + 1e-9,
                        vm.name() + " got " + st.supply() + " with Q/P = " + vm.bandwidth());
                case "CREDIT" -> {
                    VmParams p = vm.params();
                    HypervisorParams hp = s.hypervisor().params();
                    if (number(p, "cap") > 0) {
                        // credit given up to h (one period more, since it is given at the start),
                        // plus what it can overrun in the last period before it is parked
                        assertTrue(st.supply() <= number(p, "cap") / 100 * (h + number(hp, "accountingPeriod")) + number(hp, "accountingPeriod")
                                + number(hp, "timeSlice") + 1e-9,
                                vm.name() + " got " + st.supply() + " with cap " + number(p, "cap"));
                    }
                }
                case "PROPORTIONAL_SHARE" -> {
                    VmParams p = vm.params();
                    HypervisorParams hp = s.hypervisor().params();
                    double window = number(hp, "quantum") * ProportionalShareScheduler.WINDOW_QUANTA;
                    double limit = Math.floor(window * number(p, "limit") / 100);
                    assertTrue(st.supply() <= limit * Math.ceil(h / window) + 1e-9,
                            vm.name() + " got " + st.supply() + " with limit " + number(p, "limit"));
                }
                default -> {
                }
            }
        }
    }
}

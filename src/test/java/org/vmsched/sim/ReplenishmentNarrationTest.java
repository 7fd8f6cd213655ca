package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.policy.cbs.CbsPolicy;

/**
 * "Its budget is spent until …": the narration names the instant the budget really comes back,
 * and why when that is not the end of the period (issue 19: the thesis example in worst-case mode
 * said "until its next period at 10" and the budget came back at 16).
 */
class ReplenishmentNarrationTest {

    private static String at(List<StepRecorder.Step> steps, double t) {
        return steps.stream().filter(s -> s.time() == t).findFirst().orElseThrow().narration();
    }

    private static List<StepRecorder.Step> steps(Scenario s, SimulationOptions o) {
        return StepRecorder.record(s, o, StepRecorder.DEFAULT_MAX_STEPS).steps();
    }

    @Test
    void worstCaseSaysTheBudgetComesBackAtSixteenAsLateAsTheNextPeriodAllows() throws Exception {
        Scenario thesis = ScenarioJson.load(Path.of("scenarios", "thesis-example.json"));
        List<StepRecorder.Step> s = steps(thesis, SimulationOptions.DEFAULT.withHorizon(40.0).withMode(SimulationMode.WORST_CASE));
        // T = 10, C = 4: the first chunk [0, 4], then the latest 4 of [10, 20) (THEORY.md §2)
        String t4 = at(s, 4);
        assertTrue(t4.startsWith("t = 4: VM1's budget is spent until 16, not 10: in the worst case (THEORY.md §2) the period "
                + "[10, 20) gives its 4 as late as it can, in [16, 20], so its periods count from 16 on;"), t4);
        assertTrue(at(s, 16).startsWith("t = 16: VM1 begins a period: 4 of budget until 26;"), at(s, 16));
        // from there on the grid is the shifted one, and the narration says so plainly
        assertTrue(at(s, 20).contains("VM1's budget is spent (until its next period at 26)"), at(s, 20));
    }

    @Test
    void cbsWithADeadlineShorterThanItsPeriodIsThrottledUntilThePeriodEnds() {
        // Q = 2, D = 4, P = 10: a1 (3) at 0 spends the budget at 2; SCHED_DEADLINE throttles the VM
        // until d − D + P = 10 (THEORY.md §9.2), not until its deadline 4
        VirtualMachine a = new VirtualMachine("A", 10, 2, 0, 0, 0, GuestScheduler.RM, null,
                List.of(new Task("a1", 3, 100, 100, 0)), CbsPolicy.vm(4.0));
        Scenario s = Scenario.of("cbs", List.of(a)).withHypervisor(new Platform(HypervisorPolicy.CBS, 1));
        List<StepRecorder.Step> steps = steps(s, SimulationOptions.DEFAULT.withHorizon(20.0));
        assertEquals("t = 2: A's budget is spent: throttled until its next period at 10 (its server deadline 4 falls D = 4 "
                + "into a period of P = 10, and the CBS (SCHED_DEADLINE) scheduler gives the budget back only when the "
                + "period ends); the core idles: no VM has budget.", at(steps, 2));
        assertTrue(at(steps, 10).startsWith("t = 10: A begins a period: 2 of budget until 14;"), at(steps, 10));
    }

    @Test
    void aPolicyWithoutPeriodsSaysTheSliceEndsNotAPeriodAtZero() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "hier", "cbs-two-vm.json"))
                .withHypervisor(new Platform(HypervisorPolicy.CREDIT, 1));
        String t30 = at(steps(s, SimulationOptions.DEFAULT.withHorizon(80.0)), 30);
        assertTrue(t30.contains("VMa's time slice ends (the Credit scheduler decides when it runs again)"), t30);
        assertFalse(t30.contains("period at 0"), t30);
    }

    /** Every bundled scenario under every per-core policy, both modes and both server policies. */
    static Stream<Object[]> runs() throws Exception {
        List<Object[]> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> w = Files.walk(Path.of("scenarios"))) {
            files = w.filter(p -> p.toString().endsWith(".json") && !p.toString().contains("experiments")).sorted().toList();
        }
        for (Path f : files) {
            Scenario base = ScenarioJson.load(f);
            for (HypervisorPolicy p : HypervisorPolicy.values()) {
                if (p.global() || base.vms().stream().anyMatch(v -> v.vcpus() > 1)) {
                    continue; // step-through refuses global scenarios
                }
                for (SimulationMode m : SimulationMode.values()) {
                    if (m == SimulationMode.WORST_CASE && !p.periodicServers()) {
                        continue;
                    }
                    // the server policy is a trait of the budgeted servers only
                    for (ServerPolicy sp : p.periodicServers() ? ServerPolicy.values() : new ServerPolicy[] {ServerPolicy.PERIODIC}) {
                        out.add(new Object[] {f.toString(), p, m, sp});
                    }
                }
            }
        }
        return out.stream();
    }

    private static final Pattern SPENT = Pattern.compile("(\\S+)'s budget is spent([^;]*?)(?:until|at) ([0-9.]+)");

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("runs")
    void theTimeABudgetIsSaidToComeBackIsTheTimeItDoes(String file, HypervisorPolicy policy, SimulationMode mode,
                                                        ServerPolicy server) throws Exception {
        Scenario s = ScenarioJson.load(Path.of(file));
        s = s.withHypervisor(new Platform(policy, s.hypervisor().cores()));
        if (policy.usesPriority()) {
            List<VirtualMachine> vms = new ArrayList<>();
            for (VirtualMachine v : s.vms()) {
                vms.add(v.priority() != null ? v : v.withPriority(vms.size() + 1)); // in list order
            }
            s = s.withVms(vms);
        }
        List<StepRecorder.Step> steps = steps(s, SimulationOptions.DEFAULT.withHorizon(80.0).withMode(mode).withServerPolicy(server));
        for (int i = 0; i < steps.size(); i++) {
            Matcher m = SPENT.matcher(steps.get(i).narration());
            while (m.find()) {
                if (m.group(2).contains("begins at once")) {
                    continue;
                }
                String vm = m.group(1);
                double back = Double.parseDouble(m.group(3));
                assertTrue(back > steps.get(i).time(), steps.get(i).narration());
                for (int j = i + 1; j < steps.size(); j++) {
                    String n = steps.get(j).narration();
                    if (n.contains(vm + " begins a period") || n.contains(vm + "'s budget is spent and its next period begins at once")) {
                        assertEquals(back, steps.get(j).time(), steps.get(i).narration() + " but: " + n);
                        break;
                    }
                }
            }
        }
    }
}

package org.vmsched.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.SimulationMode;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;
import org.vmsched.model.VmParams;
import org.vmsched.policy.cbs.CbsPolicy;
import org.vmsched.policy.credit.CreditPolicy;
import org.vmsched.policy.share.ProportionalSharePolicy;

/**
 * The rules of the version-2 hypervisor policies (issue 10), each on a schedule worked out by
 * hand (the comments give the working), as SchedulingRulesTest does for the budgeted servers.
 */
class HypervisorPoliciesTest {

    private static SimulationResult run(Scenario s, double horizon) {
        return Simulator.run(s, SimulationOptions.DEFAULT.withHorizon(horizon), null);
    }

    private static VirtualMachine vm(String name, double period, double budget, Integer priority, VmParams params,
                                     Task... tasks) {
        return new VirtualMachine(name, period, budget, 0, 0, 0, GuestScheduler.RM, priority, List.of(tasks), params);
    }

    /** A task that wants the processor all the time. */
    private static Task busy(String name, double period) {
        return new Task(name, period, period, period, 0);
    }

    private static Scenario scenario(Platform p, VirtualMachine... vms) {
        return Scenario.of("policies", List.of(vms)).withHypervisor(p);
    }

    private static List<String> slices(SimulationResult r) {
        List<String> out = new ArrayList<>();
        for (TraceSlice s : r.trace().asList()) {
            out.add(s.vm() + "/" + s.task() + "/" + s.kind() + "@" + fmt(s.start()) + "-" + fmt(s.end()));
        }
        return out;
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    // FP/FP: fixed priorities, no budgets

    @Test
    void fpWithoutBudgetsRunsTheReadyVmOfBestPriorityAndNeverBurnsIdleTime() {
        // L's job (5) starts at 0; H's (2) arrives at 1 and preempts it; L resumes at 3, ends at 7;
        // nobody runs with nothing ready (no idle burn), H's second job runs 11-13
        VirtualMachine h = vm("H", 1, 1, 1, null, new Task("h", 2, 10, 10, 1));
        VirtualMachine l = vm("L", 1, 1, 2, null, new Task("l", 5, 20, 20, 0));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.FP_NO_BUDGET, 1), l, h), 20);
        assertEquals(List.of(
                "L/l/EXECUTION@0-1",
                "H/h/EXECUTION@1-3",
                "L/l/EXECUTION@3-7",
                "null/null/IDLE@7-11",
                "H/h/EXECUTION@11-13",
                "null/null/IDLE@13-20"), slices(r));
        assertEquals(0, r.vm("L").idleBurn());
    }

    // CBS: SCHED_DEADLINE rules

    @Test
    void cbsReplenishesRelativeToTheWakeUpAndThrottlesAtAnEmptyBudget() {
        // Q = 2, P = 10. The job (3) arrives at 1: d = 0 is past, so a new period starts at the
        // wake-up: d = 11, q = 2. It runs 1-3, the budget is gone: throttled until d - D + P = 11,
        // then d = 21, q = 2, and the last unit runs 11-12. (A deferrable server on the grid 0, 10,
        // 20 would run it 1-3 and 10-11: its replenishments do not move with the wake-up.)
        VirtualMachine a = vm("A", 10, 2, null, null, new Task("a", 3, 100, 100, 1));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CBS, 1), a), 20);
        assertEquals(List.of(
                "null/null/IDLE@0-1",
                "A/a/EXECUTION@1-3",
                "null/null/IDLE@3-11",
                "A/a/EXECUTION@11-12",
                "null/null/IDLE@12-20"), slices(r));
        assertEquals(11, r.task("A", "a").maxResponseTime());
    }

    @Test
    void cbsWakeUpRuleStartsANewPeriodOnlyWhenTheBudgetLeftWouldExceedTheBandwidth() {
        // A: Q = 4, P = 10. a1 (1) at 0: d = 10, runs 0-1, q = 3 left.
        // At 8, a2 wakes A: q·P = 30 > Q·(d - t) = 8, so d = 18, q = 4. B (Q = 2, P = 5) wakes at
        // 8 too: d = 13 < 18, so B runs first, 8-10, then A 10-11. Had A kept d = 10, it would
        // have run first.
        VirtualMachine a = vm("A", 10, 4, null, null, new Task("a1", 1, 100, 100, 0), new Task("a2", 1, 100, 100, 8));
        VirtualMachine b = vm("B", 5, 2, null, null, new Task("b", 2, 100, 100, 8));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CBS, 1), a, b), 20);
        assertEquals(List.of(
                "A/a1/EXECUTION@0-1",
                "null/null/IDLE@1-8",
                "B/b/EXECUTION@8-10",
                "A/a2/EXECUTION@10-11",
                "null/null/IDLE@11-20"), slices(r));
        // woken early (at 2, q = 3, d = 10: 30 <= 4·8 = 32) A keeps d = 10 and runs before B (d = 14)
        VirtualMachine a2 = vm("A", 10, 4, null, null, new Task("a1", 1, 100, 100, 0), new Task("a2", 1, 100, 100, 2));
        VirtualMachine b2 = vm("B", 12, 2, null, null, new Task("b", 2, 100, 100, 2));
        SimulationResult r2 = run(scenario(new Platform(HypervisorPolicy.CBS, 1), a2, b2), 20);
        assertEquals(List.of(
                "A/a1/EXECUTION@0-1",
                "null/null/IDLE@1-2",
                "A/a2/EXECUTION@2-3",
                "B/b/EXECUTION@3-5",
                "null/null/IDLE@5-20"), slices(r2));
    }

    @Test
    void cbsWhoseRevisedWakeUpBudgetRoundsToZeroIsThrottledUntilItsNextPeriodNotStuck() {
        // Q = 4, D = 6, P = 7 (found by HierarchySoundnessProperties). a1 and a2 (1 each) at 1:
        // d = 7, run 1-3, q = 2. a1 at 11: d = 7 is past and 11 >= d - D + P = 8, so d = 17, q = 4;
        // runs 11-12, q = 3. a2 at 16: q·D = 18 > Q·(d - t) = 4, revised rule q = ⌊4·1/6⌋ = 0: no
        // budget, so (as SCHED_DEADLINE throttles an entity whose runtime is not positive) throttled
        // until d - D + P = 18, then d = 24, q = 4: a2 runs 18-19. Before, A kept q = 0 with no
        // timer and never ran again.
        VirtualMachine a = new VirtualMachine("A", 7, 4, 0, 0, 0, GuestScheduler.RM, null,
                List.of(new Task("a1", 1, 10, 6, 1), new Task("a2", 1, 15, 9, 1)), CbsPolicy.vm(6.0));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CBS, 1), a), 20);
        assertEquals(List.of(
                "null/null/IDLE@0-1",
                "A/a1/EXECUTION@1-2",
                "A/a2/EXECUTION@2-3",
                "null/null/IDLE@3-11",
                "A/a1/EXECUTION@11-12",
                "null/null/IDLE@12-18",
                "A/a2/EXECUTION@18-19",
                "null/null/IDLE@19-20"), slices(r));
        assertEquals(0, run(scenario(new Platform(HypervisorPolicy.CBS, 1), a), 600).vm("A").tasks().stream()
                .mapToLong(TaskStats::missed).sum());
    }

    @Test
    void cbsWithAConstrainedDeadlineWokenAfterItsDeadlineWaitsForTheNextPeriod() {
        // Q = 2, D = 4, P = 10. a1 (1) at 0 starts a period: d = 4. a2 (1) wakes A at 5: d = 4 is
        // past but the next period starts at d - D + P = 10, so A stays throttled until 10
        // (SCHED_DEADLINE's rule against running at Q/D instead of Q/P); then d = 14
        VirtualMachine a = new VirtualMachine("A", 10, 2, 0, 0, 0, GuestScheduler.RM, null,
                List.of(new Task("a1", 1, 100, 100, 0), new Task("a2", 1, 100, 100, 5)), CbsPolicy.vm(4.0));
        assertEquals(List.of(
                "A/a1/EXECUTION@0-1",
                "null/null/IDLE@1-10",
                "A/a2/EXECUTION@10-11",
                "null/null/IDLE@11-20"), slices(run(scenario(new Platform(HypervisorPolicy.CBS, 1), a), 20)));
    }

    @Test
    void cbsIsolatesAnOverrunningVm() {
        // A hogs (busy) with Q = 3, P = 10; B (Q = 5, P = 10) needs 5 every 10: it gets them
        // whatever A asks for, and A gets exactly its 3 per period
        VirtualMachine a = vm("A", 10, 3, null, null, busy("a", 100));
        VirtualMachine b = vm("B", 10, 5, null, null, new Task("b", 5, 10, 10, 0));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CBS, 1), a, b), 100);
        assertEquals(0, r.task("B", "b").missed());
        assertEquals(30, r.vm("A").supply(), 1e-9);
    }

    // Credit: Xen's defaults (tick 10, accounting 30, slice 30, ratelimit 1)

    @Test
    void creditRotatesTwoBusyVmsOneTimeSliceEach() {
        // both get 15 of credit at 0 and are boosted by their first job; A (listed first) runs its
        // 30 slice (credit 15 - 30 = -15: OVER; B is UNDER), then B runs 30-60 (credit 30 - 30 =
        // 0), then A (UNDER again at 60) ...
        VirtualMachine a = vm("A", 1, 1, null, null, busy("a", 120));
        VirtualMachine b = vm("B", 1, 1, null, null, busy("b", 120));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CREDIT, 1), a, b), 120);
        assertEquals(List.of(
                "A/a/EXECUTION@0-30",
                "B/b/EXECUTION@30-60",
                "A/a/EXECUTION@60-90",
                "B/b/EXECUTION@90-120"), slices(r));
    }

    @Test
    void creditLetsAWokenVmOfBetterPriorityPreemptOnlyAfterTheRatelimit() {
        // A's weight 1 against B's 65535 leaves A no credit: OVER from the start. B (UNDER) wakes
        // at 2; A has run 2 < ratelimit 5, so it keeps the core until 5; B runs 5-6; A resumes
        Platform p = new Platform(HypervisorPolicy.CREDIT, 1, CreditPolicy.hypervisor(10, 30, 30, 5, false));
        VirtualMachine a = vm("A", 1, 1, null, CreditPolicy.vm(1, 0), busy("a", 20));
        VirtualMachine b = vm("B", 1, 1, null, CreditPolicy.vm(65535, 0), new Task("b", 1, 100, 100, 2));
        assertEquals(List.of(
                "A/a/EXECUTION@0-5",
                "B/b/EXECUTION@5-6",
                "A/a/EXECUTION@6-20"), slices(run(scenario(p, a, b), 20)));
        // with no ratelimit B preempts at once
        Platform p0 = new Platform(HypervisorPolicy.CREDIT, 1, CreditPolicy.hypervisor(10, 30, 30, 0, false));
        assertEquals(List.of(
                "A/a/EXECUTION@0-2",
                "B/b/EXECUTION@2-3",
                "A/a/EXECUTION@3-20"), slices(run(scenario(p0, a, b), 20)));
    }

    @Test
    void creditCapParksAVmWithoutCreditEvenOnAnIdleCore() {
        // alone and busy with cap 50: 15 of credit per 30; it runs its slice 0-30 (credit -15),
        // is parked at 30 (-15 + 15 = 0), unparked at 60 (15), runs 60-90 ...
        VirtualMachine a = vm("A", 1, 1, null, CreditPolicy.vm(256, 50), busy("a", 120));
        SimulationResult r = run(scenario(new Platform(HypervisorPolicy.CREDIT, 1), a), 120);
        assertEquals(List.of(
                "A/a/EXECUTION@0-30",
                "null/null/IDLE@30-60",
                "A/a/EXECUTION@60-90",
                "null/null/IDLE@90-120"), slices(r));
    }

    // proportional share

    @Test
    void proportionalShareGivesBusyVmsTimeInProportionToTheirShares() {
        // quantum 10; virtual time = received / shares. A (2000) and B (1000): A 0-10 (0.005),
        // B 10-20 (0.01), A 20-40 (0.015; at 30 a tie keeps A), B 40-50 (0.02), A 50-70, B 70-80,
        // A 80-90: 60 against 30
        Platform p = new Platform(HypervisorPolicy.PROPORTIONAL_SHARE, 1,
                ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.CUSTOM, 10));
        VirtualMachine a = vm("A", 1, 1, null, ProportionalSharePolicy.vm(2000, 0, 100), busy("a", 90));
        VirtualMachine b = vm("B", 1, 1, null, ProportionalSharePolicy.vm(1000, 0, 100), busy("b", 90));
        SimulationResult r = run(scenario(p, a, b), 90);
        assertEquals(List.of(
                "A/a/EXECUTION@0-10",
                "B/b/EXECUTION@10-20",
                "A/a/EXECUTION@20-40",
                "B/b/EXECUTION@40-50",
                "A/a/EXECUTION@50-70",
                "B/b/EXECUTION@70-80",
                "A/a/EXECUTION@80-90"), slices(r));
    }

    @Test
    void proportionalShareLimitCapsAVmAloneAndReservationComesFirst() {
        Platform p = new Platform(HypervisorPolicy.PROPORTIONAL_SHARE, 1,
                ProportionalSharePolicy.hypervisor(ProportionalSharePolicy.Preset.CUSTOM, 10));
        // limit 50 % over the window of 10 quanta (100): 50 then nothing until 100
        VirtualMachine a = vm("A", 1, 1, null, ProportionalSharePolicy.vm(1000, 0, 50), busy("a", 150));
        assertEquals(List.of(
                "A/a/EXECUTION@0-50",
                "null/null/IDLE@50-100",
                "A/a/EXECUTION@100-150"), slices(run(scenario(p, a), 150)));
        // B reserves 30 %: it runs its 30 first, then virtual times share the rest
        // (A 30-70: from 0 to 0.04; B 70-90; A 90-100)
        VirtualMachine a2 = vm("A", 1, 1, null, ProportionalSharePolicy.vm(1000, 0, 100), busy("a", 100));
        VirtualMachine b2 = vm("B", 1, 1, null, ProportionalSharePolicy.vm(1000, 30, 100), busy("b", 100));
        assertEquals(List.of(
                "B/b/EXECUTION@0-30",
                "A/a/EXECUTION@30-70",
                "B/b/EXECUTION@70-90",
                "A/a/EXECUTION@90-100"), slices(run(scenario(p, a2, b2), 100)));
    }

    @Test
    void theNewPoliciesRefuseWorstCaseModeWithAMessage() {
        VirtualMachine a = vm("A", 10, 2, null, null, new Task("a", 1, 10, 10, 0));
        SimulationInputException e = assertThrows(SimulationInputException.class, () -> Simulator.run(
                scenario(new Platform(HypervisorPolicy.CBS, 1), a),
                SimulationOptions.DEFAULT.withHorizon(10.0).withMode(SimulationMode.WORST_CASE), null));
        assertTrue(e.getMessage().contains("synchronous"), e.getMessage());
    }
}

package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;
import org.vmsched.sim.VcpuResponseTimes;

/**
 * The EDP supply of periodic vCPUs whose budget the host delivers within Δ of its release (THEORY.md
 * §15.17): blackout (T − C) + (Δ − C) + (2P + 1)·X′, Δ = C with a core each, the host's response-time
 * bound otherwise, T without one; deferrable vCPUs keep Δ = T.
 */
public class EdpSupplyTest {

    /** 2 cores, VM a of 2 vCPUs (T = 10, C = 4, X = 0.1), tasks (2, 12, 12) twice. */
    public static Scenario aCoreEach(String serverPolicy) throws Exception {
        return ScenarioJson.parse("edp.json", """
                { "schemaVersion": 2, "name": "edp", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": 4, "vcpus": 2, "scheduler": "GLOBAL_EDF", "overhead": 0.1,
                      "tasks": [ { "name": "t1", "wcet": 2, "period": 12 }, { "name": "t2", "wcet": 2, "period": 12 } ] } ],
                  "simulation": { "serverPolicy": "%s" } }
                """.formatted(serverPolicy));
    }

    @Test
    void aCoreEachGivesTheGapOfAServerRunningFromItsReplenishment() throws Exception {
        Scenario s = aCoreEach("periodic");
        VirtualMachine a = s.vms().get(0);
        assertEquals(new BigFraction(4), GlobalAnalysis.vcpuDeadline(s, a, HostSchedule.NONE));
        MprSupply edp = GlobalAnalysis.mprSupply(s, a, HostSchedule.NONE);
        assertEquals(new BigFraction(61, 10), edp.blackout(), "T − C + X = 6.1");
        assertEquals(new BigFraction(78, 10), edp.budget());
        MprSupply periodic = GlobalAnalysis.mprSupply(s, a, new BigFraction(10));
        assertEquals(new BigFraction(121, 10), periodic.blackout(), "2(T − C) + X = 12.1, §15.2");
        List<GlobalTask> tasks = List.of(GlobalTask.of(2, 12, 12), GlobalTask.of(2, 12, 12));
        // BCL: 2 < sbf(12) − 2·2 = 7.8 − 4 on the EDP supply; sbf(12) = 0 on the periodic one
        assertEquals(new BigFraction(78, 10), edp.sbf(new BigFraction(12)));
        assertTrue(GlobalEdfOnMpr.bertognaCirineiLipari(edp, tasks).schedulable());
        assertFalse(GlobalEdfOnMpr.bertognaCirineiLipari(periodic, tasks).schedulable());
        assertFalse(GlobalEdfOnMpr.shinEaswaranLee(periodic, tasks).schedulable());
        AnalysisResult r = SystemAnalysis.analyze(s);
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.toString());
        String h = r.vms().get(0).hierarchy();
        assertTrue(h.contains("each vCPU's budget within Δ = 4 of its release (EDP, THEORY.md §15.17): blackout 6.1"), h);
    }

    @Test
    void theHostsResponseTimeBoundsShortenTheBlackoutWhereVcpusShareCores() throws Exception {
        // GlobalAnalysisTest's scenario: a (T 10, C 4, 2 vCPUs, X 0.1) and b (T 5, C 1) on 2 cores
        Scenario s = GlobalAnalysisTest.scenario("periodic", 4);
        VirtualMachine a = s.vms().get(0);
        VirtualMachine b = s.vms().get(1);
        assertEquals(new BigFraction(6), GlobalAnalysis.vcpuDeadline(s, a, HostSchedule.NONE));
        assertEquals(new BigFraction(2), GlobalAnalysis.vcpuDeadline(s, b, HostSchedule.NONE));
        assertEquals(new BigFraction(83, 10), GlobalAnalysis.mprSupply(s, a, HostSchedule.NONE).blackout(), "6 + 2 + 3·0.1 with P = 1");
        assertEquals(new BigFraction(5), GlobalAnalysis.mprSupply(s, b, HostSchedule.NONE).blackout(), "4 + 1, b has no overhead");
        List<VcpuServer> servers = List.of(VcpuServer.of(4, 10, false), VcpuServer.of(4, 10, false), VcpuServer.of(1, 5, false));
        GlobalEdfResponseTimes.Bounds host = GlobalEdfResponseTimes.host(2, servers);
        assertEquals(new BigFraction(6), host.responseTimes().get(0), "the host test's own bound, not a rounding");
    }

    @Test
    void theHostsOwnScheduleGivesTheExactTimeToTheBudget() throws Exception {
        // the same scenario: at 0, b (deadline 5) and a#0 take the cores; a#1 waits for b's budget,
        // runs [1, 5]; b's second budget [5, 6]. So a's vCPUs hold C by 4 and 5, b's by 1: Δ = 5 and 1
        // (the host test's bound: 6 and 2), blackout a (10 − 4) + (5 − 4) + 3·0.1 = 7.3, b (5 − 1) + 0 = 4
        Scenario s = GlobalAnalysisTest.scenario("periodic", 4);
        VirtualMachine a = s.vms().get(0);
        VirtualMachine b = s.vms().get(1);
        assertEquals(List.of(new BigFraction(5), new BigFraction(1)), VcpuResponseTimes.of(s).perVm());
        assertEquals(new BigFraction(5), GlobalAnalysis.vcpuDeadline(s, a, VcpuResponseTimes.EXACT));
        assertEquals(new BigFraction(1), GlobalAnalysis.vcpuDeadline(s, b, VcpuResponseTimes.EXACT));
        assertEquals(new BigFraction(73, 10), GlobalAnalysis.mprSupply(s, a, VcpuResponseTimes.EXACT).blackout());
        assertEquals(new BigFraction(4), GlobalAnalysis.mprSupply(s, b, VcpuResponseTimes.EXACT).blackout());
        String h = SystemAnalysis.analyze(s).vms().get(0).hierarchy();
        assertTrue(h.contains("within Δ = 5 of its release (EDP, THEORY.md §15.17; the host's exact schedule at the VMs'"
                + " offsets, §15.18): blackout 7.3"), h);
    }

    @Test
    void withoutAHostBoundTheSupplyIsThePeriodicServersOne() throws Exception {
        // a's budget 8: the host test bounds no vCPU (undecided), so Δ = T and B = 2(T − C) + 3X
        Scenario s = GlobalAnalysisTest.scenario("periodic", 8);
        VirtualMachine a = s.vms().get(0);
        assertEquals(new BigFraction(10), GlobalAnalysis.vcpuDeadline(s, a, HostSchedule.NONE));
        assertEquals(new BigFraction(43, 10), GlobalAnalysis.mprSupply(s, a, HostSchedule.NONE).blackout());
    }

    @Test
    void deferrableVcpusSharingTheCoresReadTheMostTheyAreBlocked() throws Exception {
        Scenario s = GlobalAnalysisTest.scenario("deferrable", 4); // 3 vCPUs on 2 cores
        // §15.14's addendum: a's vCPU is blocked at most Ī = 2 in a period (beside a's other vCPU, 4, and b's, 2 in
        // a window of 10), so Δ = C + Ī = 6; b's (1, 5) beside a's two (4 each in a window of 5) gets Ī = 4, Δ = T
        assertEquals(new BigFraction(6), GlobalAnalysis.vcpuDeadline(s, s.vms().get(0), VcpuResponseTimes.EXACT));
        assertEquals(new BigFraction(5), GlobalAnalysis.vcpuDeadline(s, s.vms().get(1), VcpuResponseTimes.EXACT));
    }

    @Test
    void deferrableVcpusWithACoreEachRunAWaitingJobsBudgetFromTheirReplenishment() throws Exception {
        // §15.14's addendum: Δ = C, blackout T − C = 6 instead of 2(T − C) = 12 (X = 0, the scope)
        Scenario s = ScenarioJson.parse("edp.json", """
                { "schemaVersion": 2, "name": "edp", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": 4, "vcpus": 2, "scheduler": "GLOBAL_EDF",
                      "tasks": [ { "name": "t1", "wcet": 2, "period": 12 }, { "name": "t2", "wcet": 2, "period": 12 } ] } ],
                  "simulation": { "serverPolicy": "deferrable" } }
                """);
        MprSupply supply = GlobalAnalysis.mprSupply(s, s.vms().get(0), VcpuResponseTimes.EXACT);
        assertEquals(new BigFraction(6), supply.blackout());
        // BCL: 2 < sbf(12) − 2·2 = 2·min(12 − 6, 4) − 4 = 4; on the blackout 12, sbf(12) = 0
        AnalysisResult r = SystemAnalysis.analyze(s);
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.toString());
        String h = r.vms().get(0).hierarchy();
        assertTrue(h.contains("within Δ = 4 of its release (EDP, THEORY.md §15.17; deferrable vCPUs with a core each: a waiting"
                + " job's vCPU runs its budget from its replenishment, §15.14): blackout 6"), h);
    }

    @Test
    void aDeadlineOutsideItsBudgetAndPeriodIsRefused() throws Exception {
        Scenario s = aCoreEach("periodic");
        VirtualMachine a = s.vms().get(0);
        assertThrowsIllegal(() -> GlobalAnalysis.mprSupply(s, a, new BigFraction(3)));
        assertThrowsIllegal(() -> GlobalAnalysis.mprSupply(s, a, new BigFraction(11)));
    }

    private static void assertThrowsIllegal(org.junit.jupiter.api.function.Executable e) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, e);
    }
}

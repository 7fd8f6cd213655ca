package org.vmsched.analysis.mpr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vmsched.analysis.AnalysisResult;
import org.vmsched.analysis.Supply;
import org.vmsched.analysis.SystemAnalysis;
import org.vmsched.analysis.Verdict;
import org.vmsched.analysis.VmVerdict;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/** The analysis of a scenario under global EDF (THEORY.md §15.11): host test, MPR supply per VM, sufficient words. */
public class GlobalAnalysisTest {

    public static Scenario scenario(String serverPolicy, double budgetA) throws Exception {
        return ScenarioJson.parse("x.json", """
                { "schemaVersion": 2, "name": "g", "hypervisor": { "policy": "GLOBAL_EDF", "cores": 2 },
                  "vms": [
                    { "name": "a", "period": 10, "budget": %s, "vcpus": 2, "scheduler": "GLOBAL_EDF", "overhead": 0.1,
                      "tasks": [ { "name": "t1", "wcet": 1, "period": 20 }, { "name": "t2", "wcet": 1, "period": 20 } ] },
                    { "name": "b", "period": 5, "budget": 1, "scheduler": "RM",
                      "tasks": [ { "name": "u", "wcet": 0.5, "period": 40 } ] } ],
                  "simulation": { "serverPolicy": "%s" } }
                """.formatted(budgetA, serverPolicy));
    }

    @Test
    void lightVcpusAndLightTasksAreProvedSchedulableWithTheMprInterfaceNamed() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(scenario("periodic", 4));
        assertEquals(Verdict.SCHEDULABLE, r.verdict(), r.toString());
        VmVerdict a = r.vms().get(0);
        // b's vCPU (period 5 < 10) is released once in a's period with a deadline inside it: P = 1,
        // Θ = 2·(4 − 2·0.1) = 7.6
        assertTrue(a.hierarchy().contains("Θ = 2·(C − (1 + P)·X) = 7.6 with P = 1 preemptions per period, m′ = 2"), a.hierarchy());
        assertTrue(a.hierarchy().contains("(sufficient)"), a.hierarchy());
        assertTrue(r.cores().get(1).note().contains("3 virtual CPUs on 2 cores"), r.cores().get(1).note());
    }

    @Test
    void deferrableVcpusLeaveTheGuestUndecidedWithTheReason() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(scenario("deferrable", 4));
        VmVerdict a = r.vms().get(0);
        assertEquals(Verdict.UNDECIDED, a.verdict());
        assertTrue(a.hierarchy().contains("deferrable virtual CPUs"), a.hierarchy());
    }

    @Test
    void vcpusAboveTheCoresAreNotSchedulableAndAFailedSufficientTestIsOnlyUndecided() throws Exception {
        assertEquals(Verdict.NOT_SCHEDULABLE, SystemAnalysis.analyze(scenario("periodic", 10)).cores().get(0).verdict());
        // the host tests alone (no schedule of the host): undecided
        AnalysisResult tight = GlobalAnalysis.analyze(scenario("periodic", 8), HostSchedule.NONE);
        assertEquals(Verdict.UNDECIDED, tight.cores().get(0).verdict());
        assertTrue(tight.cores().get(0).note().contains("no proof of a miss"), tight.cores().get(0).note());
    }

    @Test
    void theHostsOwnScheduleProvesWhatItsTestsLeaveUndecided() throws Exception {
        // a (T 10, C 8, 2 vCPUs) and b (T 5, C 1) on 2 cores, U = 1.8: a#0 runs [0, 8], b [0, 1], a#1 [1, 9],
        // b again [8, 9] (its deadline 10 ties with a's, a listed first): every budget within its period (§15.18)
        Scenario s = scenario("periodic", 8);
        assertEquals(java.util.List.of(new org.apache.commons.math3.fraction.BigFraction(9),
                new org.apache.commons.math3.fraction.BigFraction(4)), org.vmsched.sim.VcpuResponseTimes.of(s).perVm());
        AnalysisResult r = SystemAnalysis.analyze(s);
        assertEquals(Verdict.SCHEDULABLE, r.cores().get(0).verdict(), r.cores().get(0).note());
        assertTrue(r.cores().get(0).note().contains("the host's own schedule of the periodic vCPUs at the VMs' offsets"
                + " (THEORY.md §15.18) gives every vCPU its budget within its period; longest time to the budget per VM: a 9, b 4"),
                r.cores().get(0).note());
    }

    /** {@link #scenario} with the migration cost {@code m} on top of X = 0.1. */
    public static Scenario withMigrationCost(double budgetA, String m) throws Exception {
        Scenario s = scenario("periodic", budgetA);
        return s.withHypervisor(new org.vmsched.model.Platform(s.hypervisor().policy(), s.hypervisor().cores(),
                org.vmsched.policy.globaledf.GlobalEdfPolicy.hypervisor(Double.parseDouble(m))));
    }

    @Test
    void aMigrationCostIsPaidAtEveryDispatchOfTheMprSupply() throws Exception {
        Scenario s = withMigrationCost(4, "0.2");
        VirtualMachine a = s.vms().get(0);
        // X + M = 0.1 + 0.2, exactly 0.3: Θ = 2·(4 − (1 + 1)·0.3) = 6.8 (7.6 without M);
        // B = 2·(10 − 4) + 3·0.3 = 12.9 (12.3 without M)
        assertEquals(0.3, GlobalAnalysis.dispatchOverhead(s, a));
        Supply one = GlobalAnalysis.vcpuSupply(s, a);
        assertEquals(0.3, one.overhead());
        assertEquals(0, new java.math.BigDecimal("12.9").compareTo(one.exactBlackout()), one.exactBlackout().toString());
        VmVerdict v = SystemAnalysis.analyze(s).vms().get(0);
        // the formula's bracket closes before its value (it read "(X + M), M = 0.2 the migration cost per dispatch) = 6.8")
        assertTrue(v.hierarchy().contains("Θ = 2·(C − (1 + P)·(X + M)) = 6.8 with P = 1 preemptions per period, M = 0.2 the migration cost per"
                + " dispatch, m′ = 2"), v.hierarchy());
        assertEquals(0.1, GlobalAnalysis.dispatchOverhead(scenario("periodic", 4), a), "no migration cost: X alone");
    }

    @Test
    void aMigrationCostThatEatsTheCountedBudgetLeavesTheGuestUndecided() throws Exception {
        // 1.9 + 0.1 = 2 per dispatch, two dispatches per period: Θ = 2·(4 − 4) = 0 < the tasks' load;
        // but Θ charges every dispatch as a migration: with the whole budget 2·4/10 = 0.8 above the
        // load 0.1, a run with fewer migrations may meet every deadline (it was "not schedulable")
        assertEquals(Verdict.SCHEDULABLE, SystemAnalysis.analyze(withMigrationCost(4, "0")).vms().get(0).verdict());
        Scenario s = withMigrationCost(4, "1.9");
        VmVerdict a = GlobalAnalysis.analyze(s, HostSchedule.NONE).vms().get(0);
        assertEquals(Verdict.UNDECIDED, a.verdict());
        assertTrue(a.hierarchy().contains("k·C/T = 0.8") && a.hierarchy().contains("no proof of a miss"), a.hierarchy());
        // the host's own schedule charges M only where a vCPU does migrate: its least supply (THEORY.md §15.19) proves it
        VmVerdict exact = SystemAnalysis.analyze(s).vms().get(0);
        assertEquals(Verdict.SCHEDULABLE, exact.verdict(), exact.hierarchy());
        assertTrue(exact.hierarchy().contains("on the least supply of the host's own schedule"), exact.hierarchy());
    }
}

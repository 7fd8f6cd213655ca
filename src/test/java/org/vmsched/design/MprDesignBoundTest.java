package org.vmsched.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.analysis.mpr.GlobalAnalysis;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 30 item 2: the global design had no bound on its work. One VM of 2 vCPUs on 2 cores with
 * ten small tasks and no overhead took 386 s of CPU, most of it in the partitioned alternative's
 * exact search, whose bandwidth bisection ended just above U. The bound counts tests (each
 * sufficient test of the MPR search, each exact question of the partitioned alternative), never
 * time: these tests assert counts.
 */
class MprDesignBoundTest {

    /** The reproducer: ten tasks of wcet 1, periods 20, 25, … 65 (U = 0.269), one VM of 2 vCPUs, X = 0. */
    static Scenario reproducer() {
        List<Task> ts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ts.add(Task.of("t" + i, 1, 20 + 5 * i));
        }
        VirtualMachine vm = VirtualMachine.of("vm0", 10, 8, 0, ts).withVcpus(2).withScheduler(GuestScheduler.GLOBAL_EDF);
        return Scenario.of("bound", List.of(vm)).withHypervisor(new Platform(HypervisorPolicy.GLOBAL_EDF, 2));
    }

    private static MprDesign design(Scenario s, long maxTests) throws Exception {
        VirtualMachine vm = s.vms().get(0);
        return MprDesigner.design(s, vm, MprDesigner.Policy.GLOBAL_EDF, -1, s.hypervisor().cores(), DesignConstraints.DEFAULT,
                maxTests, null, null);
    }

    @Test
    void theReproducerIsDesignedToItsEndWellWithinTheDefaultBound() throws Exception {
        MprDesign d = design(reproducer(), MprDesigner.DEFAULT_MAX_TESTS);
        assertNull(d.stopped(), d.stopped());
        assertTrue(d.found(), d.note());
        assertNotNull(d.partitioned(), "the partitioned alternative is complete");
        // 43 before the search capped its Shin-Easwaran-Lee tests at SEL_MAX_POINTS, 113 since: more
        // questions, each cheap (a test past the cap is refused at its estimate); 9.2 s became 2.4 s
        assertTrue(d.testsRun() <= 200, "tests run (113 when written): " + d.testsRun());
        assertEquals(MprDesigner.DEFAULT_MAX_TESTS, d.maxTests());
    }

    @Test
    void theParititionedAlternativeWithoutOverheadIsDesignedAtTheLeastPeriod() throws Exception {
        MprDesign d = design(reproducer(), MprDesigner.DEFAULT_MAX_TESTS);
        assertEquals(1, d.partitioned().vcpus().size());
        assertEquals(1.0, d.partitioned().vcpus().get(0).period(), 0, "1 ms, the least period searched (THEORY.md §12.7)");
    }

    @Test
    void aDesignStoppedByTheBoundSaysSoAndKeepsTheBestFoundSoFar() throws Exception {
        Scenario s = reproducer();
        MprDesign full = design(s, MprDesigner.DEFAULT_MAX_TESTS);
        // one test short of the design's end: past the first passing interface, before the last question
        long bound = full.testsRun() - 1;
        MprDesign d = design(s, bound);
        assertEquals(bound, d.testsRun(), "every test up to the bound, none after it");
        assertEquals(bound, d.maxTests());
        assertNotNull(d.stopped());
        assertTrue(d.stopped().contains("bound of " + bound + " tests"), d.stopped());
        assertTrue(d.found(), "found so far: " + d.stopped());
        assertTrue(d.stopped().contains("best found so far"), d.stopped());
        assertNull(d.partitioned(), "the partitioned alternative was not reached");
        assertTrue(d.stopped().contains("partitioned alternative was not completed"), d.stopped());
        assertTrue(d.proposal().bandwidth() >= full.proposal().bandwidth(), "the search's end is at least as good");
        // the proposal so far is as sound as any: the analysis the tool uses accepts it
        VirtualMachine vm = s.vms().get(0).withVcpus(d.proposal().vcpus())
                .withServer(d.proposal().period(), d.proposal().budget(), 0);
        assertTrue(GlobalAnalysis.analyze(s.withVms(List.of(vm)), org.vmsched.sim.VcpuResponseTimes.EXACT).vms().get(0).verdict() == org.vmsched.analysis.Verdict.SCHEDULABLE,
                "the best so far passes the analysis");
    }

    @Test
    void aBoundSpentBeforeAnyPassingTestSaysNoneWasFoundSoFar() throws Exception {
        MprDesign d = design(reproducer(), 1);
        assertEquals(1, d.testsRun());
        assertTrue(!d.found() && d.wasStopped(), String.valueOf(d.proposal()));
        assertTrue(d.stopped().contains("no global proposal found so far"), d.stopped());
        assertTrue(d.note().contains("no interface found in the"), d.note());
    }

    /**
     * Issue 30 item 2, 100 VMs of 64 vCPUs: jstack put the design's time in Shin-Easwaran-Lee tests
     * of budgets just above U, each checking up to the analysis's 2,000,000 interval lengths. The
     * search caps its tests lower ({@link MprInterfaceSearch#SEL_MAX_POINTS}): a test past the cap
     * counts as failing before any point is checked, and a pass is still a full pass.
     */
    @Test
    void theSearchsShinEaswaranLeeTestStopsAtItsLowerCapWhereTheAnalysisChecksEveryPoint() {
        List<org.vmsched.analysis.mpr.GlobalTask> tasks = new ArrayList<>();
        for (Task t : reproducer().vms().get(0).tasks()) {
            tasks.add(org.vmsched.analysis.mpr.GlobalTask.of(t.wcet(), t.deadline(), t.period()));
        }
        // Θ/Π = 0.2695, just above U = 0.26936: the bound of Theorem 2 on A_k is thousands of time units
        org.vmsched.analysis.mpr.MprSupply supply = MprDesigner.supply(new org.apache.commons.math3.fraction.BigFraction(1),
                new org.apache.commons.math3.fraction.BigFraction(2695, 10000), 1,
                org.apache.commons.math3.fraction.BigFraction.ZERO, 0);
        org.vmsched.analysis.mpr.MprResult full = org.vmsched.analysis.mpr.GlobalEdfOnMpr.shinEaswaranLee(supply, tasks);
        assertTrue(full.schedulable(), full.reason());
        assertTrue(full.points() > MprInterfaceSearch.SEL_MAX_POINTS, "interval lengths checked: " + full.points());
        org.vmsched.analysis.mpr.MprResult capped = org.vmsched.analysis.mpr.GlobalEdfOnMpr.shinEaswaranLee(supply, tasks,
                MprInterfaceSearch.SEL_MAX_POINTS);
        assertTrue(!capped.schedulable() && capped.limitReached(), capped.reason());
        assertEquals(0, capped.points(), "refused at its estimate, before any point");
    }
}

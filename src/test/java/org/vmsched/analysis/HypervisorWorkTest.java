package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.ServerPolicy;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Issue 12 at the hypervisor level (THEORY.md §6.2, §10): VMs as tasks (C, T) under RM/FP on one
 * core, periods 10^9 apart. A VM of period 0.001 and budget 0.000999999998 (all but 2·10^-9 of
 * the core) above one of period 999999 and budget 0.001: the plain iteration adds one job of the
 * fast VM per step, 5·10^8 steps (62 s of CPU from the command line before); the fixed point is
 * reached in a few terms, exactly. Each test asserts the answer and a bound on the work counter.
 */
class HypervisorWorkTest {

    static Scenario ratio(HypervisorPolicy policy, double slowBudget) {
        VirtualMachine fast = VirtualMachine.of("fast", 0.001, 0.000999999998, 0, List.of(Task.of("f", 0.001, 1)))
                .withPriority(1);
        VirtualMachine slow = VirtualMachine.of("slow", 999999, slowBudget, 0, List.of(Task.of("s", 0.001, 999999)))
                .withPriority(2);
        return Scenario.of("ratio", List.of(fast, slow)).withHypervisor(new Platform(policy, 1));
    }

    @Test
    void half_a_billion_jobs_of_the_fast_vm_are_counted_in_a_few_terms() {
        // R = 0.001 + m·0.000999999998 ≤ m·0.001 first at m = 5·10^8: R = 500000 exactly
        for (HypervisorPolicy p : List.of(HypervisorPolicy.RM, HypervisorPolicy.FP)) {
            FixedPoint.Work work = new FixedPoint.Work();
            CoreVerdict cv = HypervisorTest.analyzeCore(ratio(p, 0.001), 0, work);
            assertEquals(Verdict.SCHEDULABLE, cv.verdict(), p.name());
            assertEquals(0.000999999998, cv.vmResponseTimes().get(0), 0);
            assertEquals(500000, cv.vmResponseTimes().get(1), 0);
            assertTrue(work.terms() < 200, p + ": work " + work.terms());
        }
    }

    @Test
    void twice_the_budget_misses_and_is_told_at_once() {
        // C = 0.002: m = 10^9 jobs, R = 10^6 > T = 999999 (the plain iteration: 10^9 steps to see it)
        FixedPoint.Work work = new FixedPoint.Work();
        CoreVerdict cv = HypervisorTest.analyzeCore(ratio(HypervisorPolicy.RM, 0.002), 0, work);
        assertEquals(Verdict.NOT_SCHEDULABLE, cv.verdict());
        assertNull(cv.vmResponseTimes().get(1));
        assertTrue(work.terms() < 200, "work " + work.terms());
    }

    @Test
    void a_deferrable_fast_vm_adds_its_jitter_exactly() {
        // J = T − C = 2·10^-12: R = 0.001 + ⌈(R + J)/0.001⌉·0.000999999998 = 500000.000999999998
        Scenario s = ratio(HypervisorPolicy.RM, 0.001);
        s = s.withSimulation(s.simulation().withServerPolicy(ServerPolicy.DEFERRABLE));
        FixedPoint.Work work = new FixedPoint.Work();
        CoreVerdict cv = HypervisorTest.analyzeCore(s, 0, work);
        assertEquals(Verdict.SCHEDULABLE, cv.verdict());
        assertEquals(500000.000999999998, cv.vmResponseTimes().get(1), 0);
        assertTrue(work.terms() < 200, "work " + work.terms());
    }

    @Test
    void past_the_work_budget_the_core_is_undecided_with_the_reason() {
        FixedPoint.Work spent = new FixedPoint.Work(FixedPoint.MAX_TERMS - 1);
        CoreVerdict cv = HypervisorTest.analyzeCore(ratio(HypervisorPolicy.RM, 0.001), 0, spent);
        assertEquals(Verdict.UNDECIDED, cv.verdict());
        assertFalse(cv.schedulable());
        assertTrue(cv.note().startsWith("undecided: "), cv.note());
    }

    @Test
    void the_whole_analysis_reads_the_core_from_the_fast_iteration() {
        AnalysisResult r = SystemAnalysis.analyze(ratio(HypervisorPolicy.RM, 0.001));
        assertEquals(Verdict.SCHEDULABLE, r.cores().get(0).verdict());
        assertEquals(500000, r.cores().get(0).vmResponseTimes().get(1), 0);
    }
}

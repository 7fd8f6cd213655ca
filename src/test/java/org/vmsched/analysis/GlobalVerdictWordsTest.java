package org.vmsched.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * A user trial of global scenarios (issue 21): the MPR supply's Θ charges X + M at every dispatch
 * and P preemptions, a lower bound on what the VM gets, so a load above Θ/Π is no proof of a miss
 * (scenarios/rtds-global-periodic.json with a migration cost of 1.5 was "NOT SCHEDULABLE", every task MISS,
 * and simulates without a miss); a host whose vCPUs' bandwidth exceeds the cores left every task
 * MISS (the partitioned analysis says "not guaranteed" for a core over 1); a VM proved schedulable
 * by the MPR tests showed "> D" as its tasks' response time.
 */
class GlobalVerdictWordsTest {

    private static Scenario rtdsGlobal() throws Exception {
        return ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
    }

    private static Scenario withMigrationCost(Scenario s, double m) {
        return s.withHypervisor(new Platform(s.hypervisor().policy(), s.hypervisor().cores(),
                org.vmsched.policy.globaledf.GlobalEdfPolicy.hypervisor(m)));
    }

    @Test
    void aLoadAboveTheCountedSupplyButWithinTheWholeBudgetIsUndecided() throws Exception {
        // control: 2 vCPUs of (T 10, C 6.5), tasks' load 1.2; Θ = 2·(6.5 − 1.5) = 10: Θ/Π = 1 < 1.2 ≤ 2·6.5/10 = 1.3
        VmVerdict control = SystemAnalysis.analyze(withMigrationCost(rtdsGlobal(), 1.5)).vms().get(0);
        assertEquals(Verdict.UNDECIDED, control.verdict(), control.hierarchy());
        assertTrue(control.hierarchy().contains("no proof of a miss"), control.hierarchy());
        assertTrue(control.hierarchy().contains("1.3"), "names the whole budget's rate 2·6.5/10: " + control.hierarchy());
        control.tasks().forEach(t -> assertEquals(Verdict.UNDECIDED, t.verdict(), t.name()));
    }

    @Test
    void aLoadAboveTheWholeBudgetIsNotSchedulable() throws Exception {
        Scenario s = rtdsGlobal();
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.set(0, vms.get(0).withServer(10, 5.5, 0)); // 2·5.5/10 = 1.1 < 1.2
        VmVerdict control = SystemAnalysis.analyze(withMigrationCost(s.withVms(vms), 0.5)).vms().get(0);
        assertEquals(Verdict.NOT_SCHEDULABLE, control.verdict(), control.hierarchy());
        assertTrue(control.hierarchy().contains("1.1"), control.hierarchy());
    }

    @Test
    void vcpusAboveTheCoresLeaveTasksNotGuaranteedOrUndecidedNotMissed() throws Exception {
        Scenario s = rtdsGlobal();
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        VirtualMachine c = vms.get(0);
        vms.set(0, new VirtualMachine(c.name(), c.period(), c.budget(), c.overhead(), c.core(), c.offset(), c.scheduler(),
                c.priority(), c.tasks(), c.params(), 3)); // 5 vCPUs of bandwidth 2.55 on 2 cores
        AnalysisResult r = SystemAnalysis.analyze(s.withVms(vms));
        assertEquals(Verdict.NOT_SCHEDULABLE, r.cores().get(0).verdict());
        for (VmVerdict v : r.vms()) {
            assertEquals(Verdict.NOT_SCHEDULABLE, v.verdict(), v.name() + ": its budget is not guaranteed");
            for (TaskVerdict t : v.tasks()) {
                assertTrue(t.verdict() == Verdict.UNDECIDED || t.notGuaranteed(),
                        v.name() + "/" + t.name() + " is " + t + ": a host over its cores proves no task's miss");
            }
        }
    }

    @Test
    void theMprTestsGiveNoResponseTime() throws Exception {
        Scenario s = rtdsGlobal();
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        vms.set(1, vms.get(1).withServer(10, 5, 0)); // batch: enough for the sufficient tests
        AnalysisResult r = SystemAnalysis.analyze(s.withVms(vms));
        VmVerdict batch = r.vms().get(1);
        assertEquals(VmVerdict.Response.NO_RESPONSE_TIME, batch.response(batch.tasks().get(0)),
                "the MPR tests prove deadlines, not response times");
        VmVerdict control = r.vms().get(0);
        assertEquals(VmVerdict.Response.NO_RESPONSE_TIME, control.response(control.tasks().get(0)));
        VmVerdict rm = SystemAnalysis.analyze(ScenarioJson.load(Path.of("scenarios/two-vms.json"))).vms().get(0);
        assertEquals(VmVerdict.Response.VALUE, rm.response(rm.tasks().get(0)), "RM's iteration gives each task its R");
    }

    /** The reasons said "task 1" for a vCPU (host) and for a task (VM): a student had to count. */
    @Test
    void reasonsNameTheVcpuAndTheTask() throws Exception {
        AnalysisResult r = SystemAnalysis.analyze(rtdsGlobal());
        assertTrue(r.cores().get(0).note().contains("fails for vCPU control#0"), r.cores().get(0).note());
        assertTrue(r.vms().get(0).hierarchy().contains("fails for task t1"), r.vms().get(0).hierarchy());
        assertFalse(r.vms().get(0).hierarchy().contains("19 / 2") || r.cores().get(0).note().contains("19 / 2"));
        assertTrue(r.cores().get(0).note().contains("interference 9.5"), r.cores().get(0).note());
    }

    /** Dedicated vCPUs (C = T), one per core, were "undecided": GFB and BCL fail at Umax = 1. */
    @Test
    void atMostOneVcpuPerCoreIsSchedulableAtTheHost() throws Exception {
        Scenario s = rtdsGlobal();
        List<VirtualMachine> vms = new ArrayList<>();
        for (VirtualMachine v : s.vms()) {
            vms.add(v.withServer(10, 10, 0));
        }
        AnalysisResult r = SystemAnalysis.analyze(s.withVms(vms).withHypervisor(new Platform(s.hypervisor().policy(), 4)));
        assertEquals(Verdict.SCHEDULABLE, r.cores().get(0).verdict(), r.cores().get(0).note());
        assertTrue(r.cores().get(0).note().contains("has a core of its own"), r.cores().get(0).note());
        AnalysisResult three = SystemAnalysis.analyze(s.withVms(vms).withHypervisor(new Platform(s.hypervisor().policy(), 3)));
        assertEquals(Verdict.NOT_SCHEDULABLE, three.cores().get(0).verdict(), "bandwidth 4 on 3 cores");
    }

    /** A VM of one vCPU under EDF was said to run "global EDF inside". */
    @Test
    void aOneVcpuGuestIsNotCalledGlobal() throws Exception {
        Scenario s = rtdsGlobal();
        List<VirtualMachine> vms = new ArrayList<>(s.vms());
        VirtualMachine b = vms.get(1);
        vms.set(1, new VirtualMachine(b.name(), b.period(), b.budget(), b.overhead(), b.core(), b.offset(),
                org.vmsched.model.GuestScheduler.RM, b.priority(), b.tasks(), b.params(), 1));
        VmVerdict batch = SystemAnalysis.analyze(s.withVms(vms)).vms().get(1);
        assertTrue(batch.hierarchy().contains("), RM inside"), batch.hierarchy());
    }
}

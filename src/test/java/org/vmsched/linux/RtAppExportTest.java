package org.vmsched.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Platform;
import org.vmsched.model.Scenario;

/** export-config --target rt-app's files for the worked example, and what it refuses or flags. */
class RtAppExportTest {

    static Scenario example() throws Exception {
        return ScenarioJson.load(Path.of("scenarios", "linux-rt-groups.json"));
    }

    @Test
    void vmsGetDisjointPriorityBandsInTheHostsOrderAndTasksRateMonotonicInside() throws Exception {
        RtAppExport.Output o = RtAppExport.export(example(), 1000);
        RtAppExport.Group ctl = o.groups().get(0);
        RtAppExport.Group batch = o.groups().get(1);
        assertEquals(List.of(90, 89), ctl.threads().stream().map(RtAppExport.Thread::priority).toList());
        assertEquals(List.of(88, 87), batch.threads().stream().map(RtAppExport.Thread::priority).toList());
        assertEquals(10000, ctl.periodUs());
        assertEquals(4000, ctl.runtimeUs());
        assertEquals(1000, ctl.threads().get(0).runUs());
        assertEquals(8000, ctl.threads().get(0).periodUs());
        assertTrue(o.files().get("ctl.json").contains("\"cpus\": [1]"), o.files().get("ctl.json"));
        assertTrue(o.verdict().schedulable());
    }

    @Test
    void runShAlwaysCleansUpAndChecksWhatItNeeds() throws Exception {
        String sh = RtAppExport.export(example(), 1000).files().get("run.sh");
        assertTrue(sh.contains("trap cleanup EXIT") && sh.contains("trap 'exit 130' INT"), sh);
        assertTrue(sh.contains("make_group vmsched_ctl 10000 4000"), sh);
        assertTrue(sh.contains("sched_rt_runtime_us") && sh.contains("rt-app is not installed"), sh);
        assertTrue(sh.contains("umount"), "a tracefs it mounted is unmounted again");
    }

    // A Ctrl-C reaches the whole process group: run.sh's INT trap started the cleanup, and the TERM
    // that vmsched measure's shutdown hook sends a moment later killed it, since the cleanup had
    // put the signals back to their defaults: both RT groups and the trace events stayed behind
    @Test
    void runShsCleanupIsNotCutShortByASecondSignal() throws Exception {
        String sh = RtAppExport.export(example(), 1000).files().get("run.sh");
        String cleanup = sh.substring(sh.indexOf("cleanup() {"), sh.indexOf("\n}\n", sh.indexOf("cleanup() {")));
        assertTrue(cleanup.contains("trap '' INT TERM HUP"), cleanup);
        assertFalse(cleanup.contains("trap - EXIT INT TERM HUP"), cleanup);
    }

    @Test
    void anEdfHostIsRefusedAndPointedAtSchedDeadline() throws Exception {
        Scenario edf = example().withHypervisor(new Platform(HypervisorPolicy.EDF, 2));
        String m = assertThrows(RtAppExport.Unmappable.class, () -> RtAppExport.export(edf, 1000)).getMessage();
        assertTrue(m.contains("EDF") && m.contains("sched-deadline"), m);
    }

    @Test
    void bandwidthAboveTheRootsIsRefusedWhateverTheCores() throws Exception {
        Scenario s = example();
        Scenario heavy = s.withVms(List.of(s.vms().get(0).withServer(10, 6, 0), s.vms().get(1).withServer(20, 8, 0)
                .withCore(0)));
        String m = assertThrows(RtAppExport.Unmappable.class, () -> RtAppExport.export(heavy, 1000)).getMessage();
        assertTrue(m.contains("1") && m.contains("0.95"), m);
    }

    @Test
    void anOverheadIsFlaggedNotApproximated() throws Exception {
        Scenario s = example();
        Scenario x = s.withVms(List.of(s.vms().get(0).withServer(10, 4, 0.1), s.vms().get(1)));
        RtAppExport.Output o = RtAppExport.export(x, 1000);
        assertTrue(o.warnings().stream().anyMatch(w -> w.contains("overhead X")), o.warnings().toString());
        assertTrue(o.files().get("run.sh").contains("WARNING: ctl has overhead X"), "in the header too");
    }

    @Test
    void clashingThreadNamesGetIndexedNamesWithinFifteenCharacters() {
        Scenario s = Scenario.of("two", List.of(
                org.vmsched.model.VirtualMachine.of("a", 10, 2, 0, List.of(org.vmsched.model.Task.of("tau1", 1, 10))),
                org.vmsched.model.VirtualMachine.of("b", 10, 2, 0, List.of(org.vmsched.model.Task.of("tau1", 1, 10)))));
        assertEquals(List.of("v0t0_tau1", "v1t0_tau1"), List.copyOf(ThreadNames.of(s).values()));
        assertEquals("abcdefghijklmno", ThreadNames.cut("abcdefghijklmnopq"));
    }
}

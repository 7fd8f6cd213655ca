package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vmsched.io.ScenarioJson;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.Scenario;
import org.vmsched.model.VirtualMachine;

/**
 * A user's trials of export-config --target carts and import on partitioned scenarios. CARTS
 * names fixed priorities DM (its inputs say EDF or DM; none says RM), which our import reads back
 * as RM: an RM VM comes back RM. Where a VM's deadlines order its tasks otherwise than its periods,
 * CARTS's DM is another priority order than the VM's RM, and the export says so instead of handing
 * CARTS another schedule silently. A CARTS file whose global components need more than the 64
 * cores a scenario holds was refused whole; it is read with 64 cores, and the description says so.
 */
class CartsRoundTripTest {

    @TempDir
    Path dir;

    private static final String PARTITIONED = """
            {"schemaVersion": 1, "name": "rm", "hypervisor": {"policy": "RM", "cores": 1},
             "vms": [
               {"name": "byDeadline", "period": 2, "budget": 1, "scheduler": "RM",
                "tasks": [{"name": "t1", "wcet": 1, "period": 10}, {"name": "t2", "wcet": 1, "period": 20, "deadline": 8}]},
               {"name": "implicit", "period": 5, "budget": 1, "scheduler": "RM",
                "tasks": [{"name": "u1", "wcet": 1, "period": 10}, {"name": "u2", "wcet": 1, "period": 20}]},
               {"name": "edf", "period": 5, "budget": 1, "scheduler": "EDF",
                "tasks": [{"name": "e1", "wcet": 1, "period": 10, "deadline": 5}]}
             ]}""";

    @Test
    void anRmVmIsWrittenAsCartsDmAndComesBackRm() throws Exception {
        Path s = dir.resolve("rm.json");
        Files.writeString(s, PARTITIONED);
        MainTest.Run e = MainTest.run("export-config", s.toString(), "--target", "carts");
        assertEquals(0, e.status(), e.err());
        String xml = e.out();
        assertTrue(xml.contains("<system os_scheduler=\"DM\""), xml);
        assertTrue(xml.contains("<component name=\"implicit\" scheduler=\"DM\""), xml);
        assertTrue(xml.contains("<component name=\"edf\" scheduler=\"EDF\""), xml);
        // byDeadline: t2's deadline 8 comes before t1's 10, its period 20 after t1's 10
        assertTrue(xml.contains("byDeadline is RM (priority by period) in VMSched, and CARTS's DM gives priority by"
                + " deadline: another order for its tasks"), xml);
        assertFalse(xml.contains("implicit is RM"), "with implicit deadlines DM is RM: " + xml);
        Path carts = dir.resolve("rm.xml");
        Files.writeString(carts, xml);
        Path back = dir.resolve("back.json");
        MainTest.Run i = MainTest.run("import", carts.toString(), "--out", back.toString());
        assertEquals(0, i.status(), i.err());
        Scenario b = ScenarioJson.load(back);
        assertEquals(HypervisorPolicy.RM, b.hypervisor().policy());
        assertEquals(List.of(GuestScheduler.RM, GuestScheduler.RM, GuestScheduler.EDF),
                b.vms().stream().map(VirtualMachine::scheduler).toList());
    }

    @Test
    void globalComponentsNeedingMoreThan64CoresAreReadWith64AndTheNoteSaysSo() throws Exception {
        StringBuilder x = new StringBuilder("<system os_scheduler=\"gEDF\" min_period=\"1\" max_period=\"100\">");
        for (int c = 0; c < 33; c++) { // U = 1.8 each: 2 vCPUs each, 66 in all
            x.append("<component name=\"c").append(c).append("\" scheduler=\"gEDF\"><task name=\"a\" p=\"10\" e=\"9\"/>")
                    .append("<task name=\"b\" p=\"10\" e=\"9\"/></component>");
        }
        Path xml = dir.resolve("many.xml");
        Files.writeString(xml, x.append("</system>").toString());
        Path out = dir.resolve("many.json");
        MainTest.Run i = MainTest.run("import", xml.toString(), "--out", out.toString());
        assertEquals(0, i.status(), i.err());
        Scenario s = ScenarioJson.load(out);
        assertEquals(64, s.hypervisor().cores());
        assertEquals(33, s.vms().size());
        assertTrue(s.vms().stream().allMatch(v -> v.vcpus() == 2));
        assertTrue(s.description().contains("the global components' 66 vCPUs would take 66 cores, more than the 64 a"
                + " scenario holds: 64 cores"), s.description());
    }

    @Test
    void aGlobalComponentNeedingMoreThan64VcpusIsReadWith64AndTheNoteSaysSo() throws Exception {
        StringBuilder x = new StringBuilder("<system os_scheduler=\"gEDF\"><component name=\"big\" scheduler=\"gEDF\">");
        for (int t = 0; t < 70; t++) { // U = 70 · 0.95 = 66.5: ⌈U⌉ = 67 vCPUs
            x.append("<task name=\"t").append(t).append("\" p=\"20\" e=\"19\"/>");
        }
        Path xml = dir.resolve("big.xml");
        Files.writeString(xml, x.append("</component></system>").toString());
        Path out = dir.resolve("big.json");
        MainTest.Run i = MainTest.run("import", xml.toString(), "--out", out.toString());
        assertEquals(0, i.status(), i.err());
        Scenario s = ScenarioJson.load(out);
        assertEquals(64, s.vms().get(0).vcpus());
        assertTrue(s.description().contains("big: ⌈U⌉ = 67 vCPUs, more than the 64 a VM holds: 64 vCPUs"), s.description());
    }
}

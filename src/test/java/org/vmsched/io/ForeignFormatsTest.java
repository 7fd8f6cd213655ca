package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vmsched.model.GuestScheduler;
import org.vmsched.model.HypervisorPolicy;
import org.vmsched.model.InvalidScenarioException;
import org.vmsched.model.Scenario;
import org.vmsched.model.Task;
import org.vmsched.model.VirtualMachine;

/**
 * Files written the way the tools write them: the CARTS input of its documentation's form
 * ({@code <system os_scheduler min_period max_period>}, {@code <component name scheduler ...>},
 * {@code <task name p d e>}), and a SimSo configuration as its GenerateConfiguration writes one.
 */
class ForeignFormatsTest {

    static final Path DIR = Path.of("src", "test", "resources", "foreign");

    @Test
    void cartsComponentsBecomeVms() throws Exception {
        Scenario s = ForeignFormats.importFile(DIR.resolve("carts-input.xml"));
        assertEquals(HypervisorPolicy.RM, s.hypervisor().policy(), "DM at the top with implicit deadlines is RM");
        assertEquals(2, s.vms().size());
        VirtualMachine c1 = s.vm("c1");
        assertEquals(GuestScheduler.RM, c1.scheduler());
        assertEquals(new Task("t1", 5, 30, 30, 0), c1.tasks().get(0));
        assertEquals(new Task("t2", 2, 50, 50, 0), c1.tasks().get(1));
        assertEquals(30, c1.period());
        assertEquals(30, c1.budget(), "a placeholder: the whole period");
        assertEquals(GuestScheduler.EDF, s.vm("c2").scheduler());
        assertTrue(s.description().contains("[1, 50]"), s.description());
    }

    @Test
    void simsoFlatTaskSetBecomesOneVm() throws Exception {
        Scenario s = ForeignFormats.importFile(DIR.resolve("simso-config.xml"));
        assertEquals(1, s.vms().size());
        VirtualMachine vm = s.vms().get(0);
        assertEquals(GuestScheduler.RM, vm.scheduler());
        assertEquals(3, vm.tasks().size());
        assertEquals(new Task("T3", 4, 36, 36, 0), vm.tasks().get(2));
        assertEquals(1, s.hypervisor().cores());
    }

    @Test
    void exportedCartsReadsBackTheSameTasks() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        String xml = CartsExport.write(s, 1, 200);
        assertTrue(xml.contains("<system os_scheduler=\"EDF\" min_period=\"1\" max_period=\"200\">"), xml);
        assertTrue(xml.contains("<task name=\"a1\" p=\"150\" d=\"150\" e=\"30\"></task>"), xml);
        Scenario back = ForeignFormats.importXml("export", "back", xml);
        for (VirtualMachine vm : s.vms()) {
            assertEquals(vm.tasks(), back.vm(vm.name()).tasks());
            assertEquals(vm.scheduler(), back.vm(vm.name()).scheduler());
        }
    }

    /**
     * A CARTS input has no offsets and knows EDF and DM only: the export dropped a scenario's
     * offsets and wrote Credit's or FP's host as DM without a word. A comment now names both.
     */
    @Test
    void exportSaysWhatCartsCannotCarry() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios", "rtds-example.json"));
        VirtualMachine a = s.vms().get(0);
        Scenario offsets = s.withVms(List.of(a.withOffset(5).withTasks(List.of(new Task("a1", 30, 150, 150, 7))), s.vms().get(1)));
        String xml = CartsExport.write(offsets, 1, 200);
        assertTrue(xml.contains("<!-- CARTS inputs have no offsets: dropped here are those of VM VMa (5) and of task VMa/a1 (7)"), xml);
        assertFalse(CartsExport.write(s, 1, 200).contains("offsets"), "no offsets, no word of them");
        String fp = CartsExport.write(s.withHypervisor(new org.vmsched.model.Platform(HypervisorPolicy.FP, 1)), 1, 200);
        assertTrue(fp.contains("<!-- The host policy FP has no CARTS name: written DM"), fp);
        assertTrue(fp.contains("<system os_scheduler=\"DM\""), fp);
        assertFalse(CartsExport.write(s.withHypervisor(new org.vmsched.model.Platform(HypervisorPolicy.RM, 1)), 1, 200)
                .contains("has no CARTS name"), "RM orders the VMs by period, as DM does with their deadlines");
    }

    @Test
    void globalComponentsBecomeVmsWithSeveralVcpusOnAGlobalHost() throws Exception {
        Scenario s = ForeignFormats.importFile(DIR.resolve("carts-mpr.xml"));
        assertEquals(HypervisorPolicy.GLOBAL_EDF, s.hypervisor().policy());
        VirtualMachine video = s.vm("video");
        // U = 18/40 + 7/20 + 30/50 = 1.4: two vCPUs
        assertEquals(2, video.vcpus());
        assertEquals(GuestScheduler.GLOBAL_EDF, video.scheduler());
        assertEquals(15, video.tasks().get(1).deadline());
        VirtualMachine control = s.vm("control");
        assertEquals(2, control.vcpus(), "at least two for a global component");
        assertEquals(GuestScheduler.GLOBAL_RM, control.scheduler());
        VirtualMachine legacy = s.vm("legacy");
        assertEquals(1, legacy.vcpus());
        assertEquals(GuestScheduler.EDF, legacy.scheduler());
        assertEquals(5, s.hypervisor().cores(), "the sum of the vCPUs");
        assertTrue(s.description().contains("vcpus are placeholders"), s.description());
    }

    @Test
    void aGlobalComponentOfOneTaskIsOneVcpu() throws Exception {
        Scenario s = ForeignFormats.importXml("x", "x", "<system os_scheduler=\"EDF\"><component name=\"c\""
                + " scheduler=\"gEDF\"><task p=\"10\" e=\"1\"/></component></system>");
        assertEquals(1, s.vm("c").vcpus());
        assertEquals(GuestScheduler.EDF, s.vm("c").scheduler());
        assertEquals(HypervisorPolicy.GLOBAL_EDF, s.hypervisor().policy());
        assertTrue(s.description().contains("os_scheduler EDF read as GLOBAL_EDF"), s.description());
    }

    @Test
    void badFilesNameTheElementAndAttribute() {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<system os_scheduler=\"EDF\"><component name=\"c\" scheduler=\"EDF\"><task name=\"t\" p=\"ten\" e=\"1\"/>"
                + "</component></system>"));
        assertTrue(e.getMessage().contains("<component> 1 (c), <task> 1 (t): attribute p = \"ten\" is not a number"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x", "<rss/>"));
        assertTrue(e.getMessage().contains("expected <system>"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x", "<system"));
        assertTrue(e.getMessage().contains("not well-formed"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<!DOCTYPE system [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><system os_scheduler=\"EDF\">&x;</system>"));
        assertTrue(e.getMessage().contains("not well-formed") || e.getMessage().contains("DOCTYPE"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<system os_scheduler=\"pfair\"><component name=\"c\" scheduler=\"EDF\"><task p=\"1\" e=\"1\"/></component></system>"));
        assertTrue(e.getMessage().contains("<system>: attribute os_scheduler = \"pfair\" is not one VMSched models"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<system><component name=\"c\" scheduler=\"EDF\"><task p=\"1\" e=\"1\"/></component></system>"));
        assertTrue(e.getMessage().contains("<system>: attribute os_scheduler is missing"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<system os_scheduler=\"EDF\"><component name=\"c\"><task p=\"1\" e=\"1\"/></component></system>"));
        assertTrue(e.getMessage().contains("<component> 1 (c): attribute scheduler is missing"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<simulation><tasks><task name=\"T1\" WCET=\"1\"/></tasks></simulation>"));
        assertTrue(e.getMessage().contains("<task> 1 (T1): attribute period is missing"), e.getMessage());
        e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("x", "x",
                "<system os_scheduler=\"EDF\"><component name=\"c\" scheduler=\"EDF\"><task p=\"1\" e=\"2\"/></component></system>"));
        assertTrue(e.getMessage().contains("<component> 1 (c), <task> 1 (t1): attribute e (the wcet) must not exceed the"
                + " deadline 1, got 2"), e.getMessage());
    }
}

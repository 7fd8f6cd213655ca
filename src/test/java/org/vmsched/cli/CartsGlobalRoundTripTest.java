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
 * export-config --target carts on a global scenario wrote os_scheduler="DM" and every VM
 * scheduler="DM" (a user's trial): import gave back RM on one core, no vCPUs. The export now
 * writes what the import reads (gEDF host, gEDF/gRM components), and says in a comment what a
 * CARTS input cannot carry (the vCPUs and cores: CARTS designs m′ itself).
 */
class CartsGlobalRoundTripTest {

    @TempDir
    Path dir;

    private Scenario roundTrip(Path scenario, Path xml) throws Exception {
        MainTest.Run e = MainTest.run("export-config", scenario.toString(), "--target", "carts");
        assertEquals(0, e.status(), e.err());
        Files.writeString(xml, e.out());
        Path back = dir.resolve("back.json");
        MainTest.Run i = MainTest.run("import", xml.toString(), "--out", back.toString());
        assertEquals(0, i.status(), i.err());
        return ScenarioJson.load(back);
    }

    @Test
    void aGlobalScenarioComesBackGlobalWithItsSchedulers() throws Exception {
        Path s2 = dir.resolve("s2.json");
        Files.writeString(s2, org.vmsched.TestScenarios.GLOBAL_THREE_VMS);
        Path xml = dir.resolve("s2.xml");
        Scenario back = roundTrip(s2, xml);
        assertEquals(HypervisorPolicy.GLOBAL_EDF, back.hypervisor().policy());
        assertEquals(List.of(GuestScheduler.GLOBAL_EDF, GuestScheduler.GLOBAL_RM, GuestScheduler.EDF),
                back.vms().stream().map(VirtualMachine::scheduler).toList());
        String text = Files.readString(xml);
        assertTrue(text.contains("os_scheduler=\"gEDF\""), text);
        // what CARTS cannot carry is said, not silently lost
        assertTrue(text.contains("web 3, db 2, ctl 1") && text.contains("4 cores"), text);
        assertFalse(back.vms().get(0).vcpus() < 2, "a gEDF component is a VM of several vCPUs again");
    }

    /** Its vCPUs come back too, since ⌈U⌉ (at least 2), the import's placeholder, is 2 for both VMs. */
    @Test
    void rtdsGlobalComesBackGlobalWithItsSchedulers() throws Exception {
        Scenario back = roundTrip(Path.of("scenarios/rtds-global-periodic.json"), dir.resolve("g.xml"));
        assertEquals(HypervisorPolicy.GLOBAL_EDF, back.hypervisor().policy());
        assertEquals(List.of(GuestScheduler.GLOBAL_EDF, GuestScheduler.GLOBAL_RM),
                back.vms().stream().map(VirtualMachine::scheduler).toList());
        assertEquals(List.of(2, 2), back.vms().stream().map(VirtualMachine::vcpus).toList());
    }

    /** The import's description ran one note into the next: "…differ from its periods CARTS period range…". */
    @Test
    void eachImportNoteEndsWithAFullStopAndIsSaidOnce() throws Exception {
        Path xml = dir.resolve("dm.xml");
        Files.writeString(xml, "<system os_scheduler=\"DM\" min_period=\"1\" max_period=\"100\">"
                + "<component name=\"web\" scheduler=\"DM\"><task name=\"a\" p=\"40\" d=\"30\" e=\"2\"/>"
                + "<task name=\"b\" p=\"60\" d=\"50\" e=\"3\"/></component></system>");
        Path back = dir.resolve("dm.json");
        MainTest.Run i = MainTest.run("import", xml.toString(), "--out", back.toString());
        assertEquals(0, i.status(), i.err());
        String d = ScenarioJson.load(back).description();
        assertTrue(d.contains("differ from its periods. CARTS period range of web"), d);
        assertEquals(d.indexOf("differ from its periods"), d.lastIndexOf("differ from its periods"), d);
    }

    /**
     * The period range was always [1, 100]: for scenarios/rtds-example.json (VM periods to 150) the
     * import then clamped the placeholders to 100 and suggested a range that excludes the README's
     * own optimum (a user trial). By default the range now covers the scenario's VM periods and
     * design's default search (up to twice the longest deadline).
     */
    @Test
    void theDefaultPeriodRangeCoversTheScenariosPeriods() throws Exception {
        MainTest.Run e = MainTest.run("export-config", "scenarios/rtds-example.json", "--target", "carts");
        assertEquals(0, e.status(), e.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<system [^>]*min_period=\"([^\"]+)\" max_period=\"([^\"]+)\"")
                .matcher(e.out());
        assertTrue(m.find(), e.out());
        double lo = Double.parseDouble(m.group(1));
        double hi = Double.parseDouble(m.group(2));
        for (VirtualMachine vm : ScenarioJson.load(Path.of("scenarios/rtds-example.json")).vms()) {
            assertTrue(lo <= vm.period() && vm.period() <= hi, vm.name() + "'s period " + vm.period() + " outside [" + lo + ", " + hi + "]");
        }
        MainTest.Run given = MainTest.run("export-config", "scenarios/rtds-example.json", "--target", "carts",
                "--min-period", "2", "--max-period", "50");
        assertTrue(given.out().contains("min_period=\"2\" max_period=\"50\""), given.out());
    }

    /** A VM named with dashes ("a--->b") left "--" in the export's comment ("--" became "- -" pairwise): an XML error on import. */
    @Test
    void aVmNameWithDashesKeepsTheCommentWellFormed() throws Exception {
        Scenario s = ScenarioJson.load(Path.of("scenarios/rtds-global-periodic.json"));
        java.util.List<VirtualMachine> vms = new java.util.ArrayList<>(s.vms());
        VirtualMachine c = vms.get(0);
        vms.set(0, new VirtualMachine("a--->b", c.period(), c.budget(), c.overhead(), c.core(), c.offset(), c.scheduler(),
                c.priority(), c.tasks(), c.params(), c.vcpus()));
        Path file = dir.resolve("dashes.json");
        ScenarioJson.save(s.withVms(vms), file);
        Scenario back = roundTrip(file, dir.resolve("dashes.xml"));
        assertEquals("a--->b", back.vms().get(0).name());
    }
}

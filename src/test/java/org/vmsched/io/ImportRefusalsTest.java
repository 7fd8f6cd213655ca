package org.vmsched.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vmsched.model.InvalidScenarioException;

/**
 * A value of an imported CARTS or SimSo file that the scenario's rules refuse is reported where
 * the user wrote it: the XML element ({@code <component> N (name), <task> M (name)}) and the
 * attribute as spelled in the file, with the problem in the scenario validator's words; never the
 * JSON path of the scenario the import generates (a new user's trial got {@code vms[0].tasks[0].wcet}).
 */
class ImportRefusalsTest {

    private static String carts(String system, String component, String tasks) {
        return "<system" + system + "><component name=\"a\"" + component + ">" + tasks + "</component></system>";
    }

    private static String simso(String tasks) {
        return "<simulation><sched class=\"simso.schedulers.EDF\"/><processors><processor id=\"1\"/></processors>"
                + "<tasks>" + tasks + "</tasks></simulation>";
    }

    private static String components(int n, String scheduler, String attrs, int tasksEach) {
        StringBuilder b = new StringBuilder("<system os_scheduler=\"EDF\">");
        for (int c = 1; c <= n; c++) {
            b.append("<component name=\"c").append(c).append("\" scheduler=\"").append(scheduler).append('"').append(attrs)
                    .append('>');
            for (int t = 1; t <= tasksEach; t++) {
                b.append("<task name=\"t").append(t).append("\" p=\"10\" e=\"1\"/>");
            }
            b.append("</component>");
        }
        return b.append("</system>").toString();
    }

    static Stream<Arguments> refusals() {
        String gedf = " os_scheduler=\"EDF\"";
        return Stream.of(
            // the trial's cases
            Arguments.of(carts(gedf, " scheduler=\"gEDF\"", "<task name=\"t\" p=\"10\" d=\"5\" e=\"6\"/><task name=\"u\" p=\"10\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute e (the wcet) must not exceed the deadline 5, got 6"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" p=\"10\" d=\"20\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute d (the deadline) must not exceed the period 10, got 20"),
            Arguments.of(carts(gedf, " scheduler=\"RM\"", "<task name=\"t\" p=\"10\" e=\"0\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute e (the wcet) must be positive, got 0"),
            Arguments.of(carts("", " scheduler=\"EDF\"", "<task name=\"t\" p=\"10\" e=\"1\"/>"),
                "<system>: attribute os_scheduler is missing"),
            Arguments.of(carts(" os_scheduler=\"pfair\"", " scheduler=\"EDF\"", "<task name=\"t\" p=\"10\" e=\"1\"/>"),
                "<system>: attribute os_scheduler = \"pfair\" is not one VMSched models"),
            Arguments.of(carts(gedf, "", "<task name=\"t\" p=\"10\" e=\"1\"/>"),
                "<component> 1 (a): attribute scheduler is missing"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" p=\"ten\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute p = \"ten\" is not a number"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute p is missing"),
            // the SimSo side
            Arguments.of(simso("<task name=\"T1\" task_type=\"Periodic\" period=\"10\" deadline=\"5\" WCET=\"6\"/>"),
                "<task> 1 (T1): attribute WCET must not exceed the deadline 5, got 6"),
            Arguments.of(simso("<task name=\"T1\" task_type=\"Periodic\" period=\"10\" deadline=\"20\" WCET=\"1\"/>"),
                "<task> 1 (T1): attribute deadline must not exceed the period 10, got 20"),
            Arguments.of(simso("<task name=\"T1\" task_type=\"Periodic\" deadline=\"5\" WCET=\"1\"/>"),
                "<task> 1 (T1): attribute period is missing"),
            Arguments.of(simso("<task name=\"T1\" task_type=\"Periodic\" period=\"10\"/>"),
                "<task> 1 (T1): attribute WCET is missing"),
            Arguments.of(simso("<task name=\"T1\" task_type=\"Periodic\" period=\"10\" WCET=\"1\" activationDate=\"-1\"/>"),
                "<task> 1 (T1): attribute activationDate (the offset) must not be negative, got -1"),
            // more of the scenario's rules, each back on the element and attribute
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" p=\"10\" e=\"1\"/><task name=\"t\" p=\"20\" e=\"1\"/>"),
                "<component> 1 (a), <task> 2 (t): attribute name duplicates the task name \"t\""),
            Arguments.of("<system os_scheduler=\"EDF\"><component name=\"a\" scheduler=\"EDF\"><task p=\"10\" e=\"1\"/></component>"
                    + "<component name=\"a\" scheduler=\"RM\"><task p=\"10\" e=\"1\"/></component></system>",
                "<component> 2 (a): attribute name duplicates the VM name \"a\""),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" p=\"2000000000\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute p (the period) must be at most 1e9, got 2000000000"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\" p=\"1000000000\" e=\"0.000000001\"/>"),
                "<component> 1 (a), <task> 1 (t): attribute e (the wcet) is 1e-9, more than 1e9 times smaller than the VM's"
                    + " placeholder period (the shortest task period, within any period range) of <component> 1 (a) = 1000000000"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t\u202e\" p=\"10\" e=\"1\"/>"),
                "<component> 1 (a), <task> 1 (t\\u202e): attribute name must not contain control or format characters"),
            Arguments.of(carts(gedf, " scheduler=\"EDF\"", "<task name=\"t2\" p=\"10\" e=\"1\"/><task p=\"20\" e=\"1\"/>"),
                "<component> 1 (a), <task> 2 (t2): the default name (attribute name is not given) duplicates the task name \"t2\""),
            Arguments.of(carts(gedf, " scheduler=\"EDF\" min_period=\"2000000000\" max_period=\"3000000000\"",
                    "<task name=\"t\" p=\"10\" e=\"1\"/>"),
                "<component> 1 (a): the VM's placeholder period (the shortest task period, within any period range) must be"
                    + " at most 1e9, got 2000000000"),
            Arguments.of(components(101, "EDF", "", 1), "<system> (one VM per <component>) must hold at most 100 VMs, got 101"),
            // 33 gEDF components of 2 vCPUs (66 placeholder cores) are read with 64 cores now: CartsRoundTripTest
            Arguments.of(components(1, "EDF", "", 1001), "<component> 1 (c1) must hold at most 1000 tasks, got 1001"),
            Arguments.of("<simulation><processors>" + "<processor/>".repeat(65) + "</processors><tasks>"
                    + "<task name=\"T1\" period=\"10\" WCET=\"1\"/></tasks></simulation>",
                "<processors>: the host's cores (one per <processor>) must be at most 64, got 65"));
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void aRefusedValueIsNamedByItsElementAndAttributeNeverByAGeneratedPath(String xml, String expected) {
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class,
                () -> ForeignFormats.importXml("y1.xml", "y1", xml));
        String m = e.getMessage();
        assertTrue(m.startsWith("y1.xml: "), m);
        assertTrue(m.contains(expected), m);
        assertFalse(m.contains("vms[") || m.contains("tasks[") || m.contains("vms "), "a generated path: " + m);
    }

    @Test
    void aValueRefusedOnceIsReportedOnceNotAgainThroughTheValuesDerivedFromIt() {
        // p = 2e9 is also the deadline (d not given) and the VM's placeholder period and budget
        InvalidScenarioException e = assertThrows(InvalidScenarioException.class, () -> ForeignFormats.importXml("y1.xml",
                "y1", carts(" os_scheduler=\"EDF\"", " scheduler=\"EDF\"", "<task name=\"t\" p=\"2000000000\" e=\"1\"/>")));
        assertEquals("y1.xml: <component> 1 (a), <task> 1 (t): attribute p (the period) must be at most 1e9, got 2000000000",
                e.getMessage());
    }

    /**
     * The import writes the description itself (a note per component's period range); with many
     * components of long names it passed the description's 10,000 characters and the file was refused
     * for text the user never wrote. The notes that do not fit are left out, and it says so.
     */
    @org.junit.jupiter.api.Test
    void manyComponentsNotesAreCutToTheDescriptionsLimitNotRefused() throws Exception {
        StringBuilder b = new StringBuilder("<system os_scheduler=\"EDF\">");
        for (int c = 1; c <= 30; c++) {
            b.append("<component name=\"").append("c".repeat(150)).append(c)
                    .append("\" scheduler=\"RM\" min_period=\"1\" max_period=\"50\"><task name=\"t\" p=\"10\" e=\"1\"/></component>");
        }
        b.append("</system>");
        org.vmsched.model.Scenario s = ForeignFormats.importXml("many.xml", "many", b.toString());
        org.junit.jupiter.api.Assertions.assertEquals(30, s.vms().size());
        org.junit.jupiter.api.Assertions.assertTrue(s.description().length() <= org.vmsched.model.Limits.MAX_DESCRIPTION,
                "description of " + s.description().length() + " characters");
        org.junit.jupiter.api.Assertions.assertTrue(s.description().contains("more notes left out"), s.description());
    }

    /** The "left out" tail is kept room for only while notes remain after the one added: a last note that fits is kept. */
    @org.junit.jupiter.api.Test
    void aLastNoteThatFitsIsKept() {
        int max = org.vmsched.model.Limits.MAX_DESCRIPTION;
        String head = "h".repeat(100);
        String first = "a".repeat(max - 70 - 101); // leaves 70 characters, room for the tail of one more note
        String d = ForeignFormats.withNotes(head, List.of(first, "n".repeat(69)));
        org.junit.jupiter.api.Assertions.assertEquals(max, d.length(), "the last note fills the description exactly");
        org.junit.jupiter.api.Assertions.assertTrue(d.endsWith(" " + "n".repeat(69)), "the last note kept");
        d = ForeignFormats.withNotes(head, List.of(first, "n".repeat(70)));
        org.junit.jupiter.api.Assertions.assertTrue(d.length() <= max && d.endsWith("(1 more note left out: a description"
                + " holds at most 10000 characters)"), "one note too long: the tail instead, within the limit");
    }
}

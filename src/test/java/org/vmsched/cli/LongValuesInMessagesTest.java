package org.vmsched.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, item 16: a message quotes a value cut at 40 characters (as the JSON loader's messages
 * do), so a long XML attribute or component name cannot push what is wrong past the line's
 * 1,000-character cut, and an option's long value is not echoed whole.
 */
class LongValuesInMessagesTest {

    static final String LONG = "n".repeat(5_000);

    @TempDir
    Path tmp;

    private String importRefused(String xml) throws Exception {
        Path f = tmp.resolve("in.xml");
        Files.writeString(f, xml);
        String m = NewerCommandsBadInputTest.refused("import", f.toString());
        assertTrue(m.length() < 400, m.length() + " characters: " + m.substring(0, Math.min(200, m.length())));
        return m;
    }

    @Test
    void aLongComponentNameIsCutSoTheProblemIsSaid() throws Exception {
        String m = importRefused("<system os_scheduler=\"EDF\"><component name=\"" + LONG + "\" scheduler=\"EDF\">"
                + "<task name=\"" + LONG + "\" p=\"abc\" e=\"1\"/></component></system>");
        assertTrue(m.endsWith("attribute p = \"abc\" is not a number"), m);
    }

    @Test
    void aLongAttributeValueIsCutSoTheProblemIsSaid() throws Exception {
        String m = importRefused("<system os_scheduler=\"EDF\"><component name=\"a\" scheduler=\"" + LONG + "\">"
                + "<task p=\"10\" e=\"1\"/></component></system>");
        assertTrue(m.contains("is not one VMSched models"), m);
        m = importRefused("<system os_scheduler=\"EDF\"><component name=\"a\" scheduler=\"EDF\">"
                + "<task p=\"" + LONG + "\" e=\"1\"/></component></system>");
        assertTrue(m.endsWith("is not a number"), m);
    }

    @Test
    void aLongGlobalComponentNameOrSchedulerIsCut() throws Exception {
        String m = importRefused("<system os_scheduler=\"gEDF\"><component name=\"" + LONG + "\" scheduler=\"" + LONG
                + "\"><task p=\"10\" e=\"1\"/></component></system>");
        assertTrue(m.contains("attribute scheduler = \"" + "n".repeat(39) + "…\" is not"), m);
        String name = "n".repeat(200); // the longest a name may be: refused for its wcet, not its name
        m = importRefused("<system os_scheduler=\"gEDF\"><component name=\"" + name + "\" scheduler=\"gEDF\">"
                + "<task name=\"" + name + "\" p=\"10\" e=\"20\"/></component></system>");
        assertTrue(m.endsWith("(the wcet) must not exceed the deadline 10, got 20"), m);
    }

    @Test
    void aLongSimsoTaskTypeOrNameIsCut() throws Exception {
        String m = importRefused("<simulation><tasks><task name=\"" + LONG + "\" task_type=\"" + LONG
                + "\" period=\"10\" WCET=\"1\"/></tasks></simulation>");
        assertTrue(m.endsWith("only Periodic tasks can be imported"), m);
    }

    @ParameterizedTest
    @CsvSource({"export-config,--target", "design,--server", "gui,--snapshot-tab"})
    void aLongOptionValueIsCut(String command, String option) {
        String value = "x".repeat(100_000);
        String[] args = command.equals("gui")
                ? new String[] {"gui", "--snapshot", tmp.resolve("s.png").toString(), option, value}
                : new String[] {command, "scenarios/two-vms.json", option, value};
        String m = NewerCommandsBadInputTest.refused(args);
        assertTrue(m.contains(option) && m.contains("\"" + "x".repeat(39) + "…\""), m.substring(0, Math.min(300, m.length())));
        assertTrue(m.length() < 300, m.length() + " characters");
    }
}
